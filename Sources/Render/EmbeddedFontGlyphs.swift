import CHarfBuzz
import Fonts
import Foundation

/// What the text writer drew in one font of `PDFEmbeddedFonts`, by glyph ID: the glyph's
/// width in the font's `/W` array, the text its ToUnicode entry gives, and whether it was
/// drawn at all. Arrays indexed by glyph ID rather than dictionaries: the writer asks about
/// every glyph of the book (the King James Bible draws 3 million), so an answer must cost an
/// index, not a hash, a String or an allocation.
final class EmbeddedFontGlyphs {
    /// The longest text, in UTF-8 bytes, a glyph's ToUnicode entry is given: a CMap's
    /// destination string holds at most 512 bytes (Adobe's CMap specification, TN 5014), and
    /// 256 UTF-8 bytes are at most 256 UTF-16 units. A longer cluster is left to ActualText.
    static let longestText = 256

    let font: Font
    let glyphCount: Int
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

    init(font: Font) {
        self.font = font
        glyphCount = Int(hb_face_get_glyph_count(hb_font_get_face(font.harfBuzzFont)))
        widths = Self.widths(of: font, glyphCount: glyphCount)
        isDrawn = [Bool](repeating: false, count: glyphCount)
        textStarts = [UInt32](repeating: 0, count: glyphCount)
        textLengths = [UInt16](repeating: 0, count: glyphCount)
        asciiTexts = .allocate(capacity: max(glyphCount, 1))
        asciiTexts.initialize(repeating: 0, count: max(glyphCount, 1))
    }

    deinit {
        asciiTexts.deallocate()
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

    /// See `PDFEmbeddedFonts.map`: the first text a glyph is drawn with is its text. Once a
    /// glyph has its text, which is nearly every time it is drawn, nothing is written: a glyph
    /// with a text is a glyph drawn (`drawnGlyphs`).
    @inline(__always) func map(_ glyph: UInt32, to utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(glyph)
        if index < glyphCount, utf8.count == 1, utf8[0] != 0, asciiTexts[index] == utf8[0] { return true }
        guard index < glyphCount, let text = utf8.baseAddress, utf8.count > 0 else {
            use(glyph)
            return false
        }
        let length = Int(textLengths[index])
        if length == 0 {
            guard utf8.count <= Self.longestText else {
                use(glyph)
                return false
            }
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

    @inline(__always) func use(_ glyph: UInt32) {
        if Int(glyph) < glyphCount, !isDrawn[Int(glyph)] { isDrawn[Int(glyph)] = true }
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
