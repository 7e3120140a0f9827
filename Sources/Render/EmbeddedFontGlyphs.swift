import CHarfBuzz
import Fonts
import Foundation

/// What the text writer drew in one face of `PDFEmbeddedFonts`, by glyph ID: the glyph's
/// width, its own text (the first it was drawn with), whether it was drawn at all, and the code
/// it is written with (`code(of:as:)`). Arrays indexed by glyph ID rather than dictionaries:
/// the writer asks about every glyph of the book (the King James Bible draws 3 million), so an
/// answer must cost an index, not a hash, a String or an allocation.
///
/// A TrueType face is written in simple fonts of one-byte codes, a code a (glyph, text) pair
/// (`SimpleFontCodes`); a CFF face as one Type 0 font, `/Identity-H`, a code its glyph ID, and
/// a glyph drawn for another text than its own is wrapped in `/ActualText` by the writer.
final class EmbeddedFontGlyphs {
    let font: Font
    /// Its slot in `PDFEmbeddedFonts`, and where the calls that change what it holds are
    /// recorded (`TextLayerHistory`); `changes` counts them.
    let slot: Int
    private let history: TextLayerHistory?
    private var changes = 0
    let glyphCount: Int
    /// The face's simple fonts' codes; nil: the face is one `/Identity-H` font.
    let simpleCodes: SimpleFontCodes?
    /// Whether `simpleCodes` is there: asked per glyph without binding the reference, whose
    /// retain and release would cost more than the answer.
    let isWrittenInSimpleFonts: Bool
    /// Whether the face's fonts are Type 3 fonts of empty glyphs (`InvisibleFontObjects`).
    let isInvisible: Bool
    /// Each glyph's width in thousandths of an em, rounded to thousandths: made once, when the
    /// font is first asked for, with one call to HarfBuzz for every glyph of the font.
    let widths: [Double]
    /// The glyphs drawn, in or out of an ActualText span: the glyphs the subset keeps.
    private(set) var isDrawn: [Bool]
    /// Where each glyph's text lies in `pool`, as UTF-8; a length of 0 is no text yet.
    private var textStarts: [UInt32]
    private var textLengths: [UInt16]
    /// The texts of every glyph mapped, one after another: one array grows for all of them.
    private var pool: [UInt8] = []
    /// Per glyph, its text when that is one byte (an ASCII character), else 0: the answer for
    /// nearly every glyph of a Latin text, read through a pointer, without the checks Swift
    /// makes of a class's arrays at every access.
    private let asciiTexts: UnsafeMutablePointer<UInt8>
    /// Per glyph, the simple font's code of the glyph read as its own text, packed
    /// (`packed(_:)`), or `noCode`.
    private let ownCodes: UnsafeMutablePointer<UInt32>
    /// The codes of glyphs read as another text than their own: few (an added hyphen, a space
    /// drawn for a narrow no-break space), so hashed.
    private var otherCodes: [SimpleFontCodes.Pair: SimpleFontCodes.Code] = [:]
    private static let noCode = UInt32.max

    /// `simple`: whether the face is written in simple fonts (see the type's comment);
    /// `invisible`: whether they are Type 3 fonts of empty glyphs, each half an em wide
    /// (`InvisibleFontObjects`), a colour face's.
    init(font: Font, simple: Bool, invisible: Bool = false, slot: Int = 0, history: TextLayerHistory? = nil) {
        self.font = font
        self.slot = slot
        self.history = history
        glyphCount = Int(hb_face_get_glyph_count(hb_font_get_face(font.harfBuzzFont)))
        var space: hb_codepoint_t = 0
        let hasSpace = hb_font_get_nominal_glyph(font.harfBuzzFont, 0x20, &space) != 0 && space != 0 && Int(space) < glyphCount
        simpleCodes = simple ? SimpleFontCodes(wordSpace: hasSpace ? space : nil) : nil
        isWrittenInSimpleFonts = simple
        ownCodes = .allocate(capacity: max(glyphCount, 1))
        ownCodes.initialize(repeating: Self.noCode, count: max(glyphCount, 1))
        isInvisible = invisible
        widths = invisible ? Array(repeating: Double(InvisibleFontObjects.width) / 1000, count: glyphCount)
                           : Self.widths(of: font, glyphCount: glyphCount)
        isDrawn = [Bool](repeating: false, count: glyphCount)
        textStarts = [UInt32](repeating: 0, count: glyphCount)
        textLengths = [UInt16](repeating: 0, count: glyphCount)
        asciiTexts = .allocate(capacity: max(glyphCount, 1))
        asciiTexts.initialize(repeating: 0, count: max(glyphCount, 1))
    }

    deinit {
        asciiTexts.deallocate()
        ownCodes.deallocate()
    }

    /// `advance × 1000 / unitsPerEm` rounded to thousandths: the number `/W` is written with
    /// (`PDFObjectText.real`'s rounding) and read back as, so that the writer's `TJ`
    /// adjustments computed from it leave no drift between the two.
    static func width(advance: Int32, unitsPerEm: Int) -> Double {
        Double(thousandths(advance: advance, unitsPerEm: unitsPerEm)) / 1000
    }

    /// The width in thousandths of a `/W` unit, the integer `/W` is written from.
    static func thousandths(advance: Int32, unitsPerEm: Int) -> Int {
        Int((Double(advance) * 1_000_000 / Double(unitsPerEm)).rounded())
    }

    private static func widths(of font: Font, glyphCount: Int) -> [Double] {
        guard glyphCount > 0 else { return [] }
        let glyphs = (0 ..< UInt32(glyphCount)).map { $0 }
        var advances = [Int32](repeating: 0, count: glyphCount)
        // The font's scale is its units-per-em (`Font`), so these are font units, as shaped.
        glyphs.withUnsafeBufferPointer { glyphs in
            advances.withUnsafeMutableBufferPointer { advances in
                hb_font_get_glyph_h_advances(font.harfBuzzFont, UInt32(glyphCount), glyphs.baseAddress, 4,
                                             advances.baseAddress, 4)
            }
        }
        return advances.map { width(advance: $0, unitsPerEm: font.unitsPerEm) }
    }

    @inline(__always) func width(of glyph: UInt32) -> Double {
        Int(glyph) < glyphCount ? widths[Int(glyph)] : 0
    }

    /// Records that `glyph` is drawn as the text `utf8` (a cluster of one glyph). True when
    /// `utf8` is the glyph's own text — made so now when it has none yet (the first text a
    /// glyph is drawn with is its text: Cairo's rule) — false for another text, an empty one,
    /// or one that a ToUnicode entry holds for some readers only (`ToUnicodePieces`). Once a
    /// glyph has its text, which is nearly every time it is drawn, nothing is written: a glyph
    /// with a text is a glyph drawn (`drawnGlyphs`).
    @inline(__always) private func map(_ glyph: UInt32, to utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(glyph)
        if index < glyphCount, utf8.count == 1, utf8[0] != 0, asciiTexts[index] == utf8[0] { return true }
        guard index < glyphCount, let text = utf8.baseAddress, utf8.count > 0 else {
            use(glyph)
            return false
        }
        let length = Int(textLengths[index])
        if length == 0 {
            guard ToUnicodePieces.isOnePiece(utf8) else {
                use(glyph)
                return false
            }
            changes += 1
            textStarts[index] = UInt32(pool.count)
            textLengths[index] = UInt16(utf8.count)
            pool.append(contentsOf: utf8)
            if utf8.count == 1, text[0] < 0x80 { asciiTexts[index] = text[0] }
            return true
        }
        guard length == utf8.count else { return false }
        let start = Int(textStarts[index])
        // Most texts are one letter: compared as a byte, without a call.
        if length == 1 { return pool[start] == text[0] }
        return pool.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, text, length) == 0 }
    }

    /// The code `glyph` is written with when drawn as `utf8` (nil: inside an ActualText span,
    /// read as its own text), and whether a reader of the font's ToUnicode map reads it so
    /// (`readsAsText`; when false, the writer wraps it in `/ActualText`). In a simple font every
    /// text of a lone glyph has a code of its own (a drop cap's initial's glyphs one read as a
    /// space, `GlyphWriter.showReadAsASpace`), but one that is not one entry for every reader
    /// (`ToUnicodePieces`); in an `/Identity-H` font only the glyph's own text (`map`).
    /// `mayBeItsOwnText`: false for a text that must not become the glyph's own (a drop cap's
    /// letters read with the letter after it, an added hyphen read as a soft hyphen).
    @inline(__always) func code(of glyph: UInt32, as utf8: UnsafeBufferPointer<UInt8>?, mayBeItsOwnText: Bool = true) -> GlyphCode {
        let before = changes
        let code = givenCode(of: glyph, as: utf8, mayBeItsOwnText: mayBeItsOwnText)
        if changes != before {
            history?.note(.code(slot: slot, glyph: glyph, text: utf8.map { Array($0) }, mayBeItsOwnText: mayBeItsOwnText, given: code))
        }
        return code
    }

    @inline(__always) private func givenCode(of glyph: UInt32, as utf8: UnsafeBufferPointer<UInt8>?, mayBeItsOwnText: Bool) -> GlyphCode {
        let readsAsOwnText: Bool
        if let utf8, mayBeItsOwnText { readsAsOwnText = map(glyph, to: utf8) } else { use(glyph); readsAsOwnText = false }
        guard isWrittenInSimpleFonts else { return GlyphCode(font: 0, value: UInt16(truncatingIfNeeded: glyph), readsAsText: readsAsOwnText) }
        let index = Int(glyph)
        guard index < glyphCount else { return GlyphCode(font: 0, value: 0, readsAsText: false) }
        guard !readsAsOwnText, let utf8, ToUnicodePieces.isOnePiece(utf8) else {
            if ownCodes[index] == Self.noCode {
                changes += 1
                ownCodes[index] = Self.packed(giveOwnCode(glyph, in: simpleCodes!))
            }
            return Self.unpacked(ownCodes[index], readsAsText: readsAsOwnText)
        }
        let code = otherCode(of: glyph, as: Array(utf8), in: simpleCodes!)
        return GlyphCode(font: code.font, value: UInt16(code.byte), readsAsText: true)
    }

    /// The code of a piece of a lone glyph's text after its first (`ToUnicodePieces`), read as
    /// `utf8`: `ToUnicodePieces.laterPieceWidth` wide, of a glyph that draws nothing — the word
    /// space's, or in an invisible face any glyph. nil where the face has no such code: an `/Identity-H` font (a
    /// code is a glyph), an outline face without a space.
    func continuationCode(as utf8: UnsafeBufferPointer<UInt8>) -> GlyphCode? {
        let before = changes
        let code = givenContinuationCode(as: utf8)
        if changes != before { history?.note(.continuation(slot: slot, text: Array(utf8), given: code)) }
        return code
    }

    private func givenContinuationCode(as utf8: UnsafeBufferPointer<UInt8>) -> GlyphCode? {
        guard let codes = simpleCodes, let glyph = codes.wordSpace ?? (isInvisible ? 0 : nil) else { return nil }
        use(glyph)
        let pair = SimpleFontCodes.Pair(glyph: glyph, text: Array(utf8), isLaterPiece: true)
        let code: SimpleFontCodes.Code
        if let given = otherCodes[pair] {
            code = given
        } else {
            // Never a letter's own byte: those stay for the letters ("(Hello)").
            changes += 1
            code = codes.give(pair, readAs: nil)
            otherCodes[pair] = code
        }
        return GlyphCode(font: code.font, value: UInt16(code.byte), readsAsText: true)
    }

    /// The glyph read as its own text: the word space's code 32 when it is the word space (its
    /// own text then is a space: a face's first use of its space glyph is a word space).
    private func giveOwnCode(_ glyph: UInt32, in codes: SimpleFontCodes) -> SimpleFontCodes.Code {
        let ownText = text(of: glyph)
        if glyph == codes.wordSpace, ownText == " " { return SimpleFontCodes.wordSpaceCode }
        return codes.give(SimpleFontCodes.Pair(glyph: glyph, text: nil), readAs: ownText.map { Array($0.utf8) })
    }

    private func otherCode(of glyph: UInt32, as text: [UInt8], in codes: SimpleFontCodes) -> SimpleFontCodes.Code {
        if glyph == codes.wordSpace, text == [SimpleFontCodes.wordSpaceByte] { return SimpleFontCodes.wordSpaceCode }
        let pair = SimpleFontCodes.Pair(glyph: glyph, text: text)
        if let code = otherCodes[pair] { return code }
        changes += 1
        let code = codes.give(pair, readAs: text)
        otherCodes[pair] = code
        return code
    }

    /// A code in 32 bits: its font above its byte. The word space's font, -1 (whichever font
    /// is in use: each has it), is kept as 0xFFFFFF.
    private static func packed(_ code: SimpleFontCodes.Code) -> UInt32 {
        UInt32(truncatingIfNeeded: code.font) << 8 | UInt32(code.byte)
    }

    @inline(__always) private static func unpacked(_ packed: UInt32, readsAsText: Bool) -> GlyphCode {
        let font = packed >> 8
        return GlyphCode(font: font == 0xFFFFFF ? -1 : Int(font), value: UInt16(packed & 0xFF), readsAsText: readsAsText)
    }

    @inline(__always) private func use(_ glyph: UInt32) {
        if Int(glyph) < glyphCount, !isDrawn[Int(glyph)] {
            changes += 1
            isDrawn[Int(glyph)] = true
        }
    }

    /// Whether `glyph` was drawn: with a text of its own, or inside an ActualText span.
    private func wasDrawn(_ index: Int) -> Bool {
        isDrawn[index] || textLengths[index] > 0
    }

    var drewAnything: Bool { isDrawn.indices.contains(where: wasDrawn) }

    /// The glyphs drawn, in increasing order.
    var drawnGlyphs: [UInt32] {
        isDrawn.indices.compactMap { wasDrawn($0) ? UInt32($0) : nil }
    }

    /// The text `glyph` was mapped to, nil when it has none.
    func text(of glyph: UInt32) -> String? {
        let length = Int(textLengths[Int(glyph)])
        guard length > 0 else { return nil }
        let start = Int(textStarts[Int(glyph)])
        return String(decoding: pool[start ..< start + length], as: UTF8.self)
    }
}

/// A glyph's code as the text writer writes it: a byte of simple font `font` of the face (-1:
/// the word space, code 32 of whichever of the face's fonts is in use), or, in an
/// `/Identity-H` font (`font` 0), the glyph ID as two bytes; `readsAsText`: whether the
/// font's ToUnicode map reads it as the text it is drawn for.
struct GlyphCode: Equatable {
    var font: Int
    var value: UInt16
    var readsAsText: Bool
}
