/// The codes a TrueType font of the text layer's writes its glyphs with: one byte for each of
/// the first 122 glyphs a document draws in it, two bytes for the others (0x8000 upwards), in
/// the order they are first drawn, where `/Identity-H` takes two bytes for every glyph. A Latin
/// text draws fewer than 122 glyphs of a font, so its glyphs are a byte each, as in the simple
/// fonts Cairo and pdfTeX write: the content streams are shorter to deflate and to store.
///
/// Code 32 is kept for the font's word space (the glyph of U+0020), because it is the one code
/// a PDF's word spacing (`Tw`) applies to (ISO 32000-1, 9.3.3): a justified line then says its
/// word spaces' stretch once, where each space would otherwise need a `TJ` number. The codes a
/// literal string must escape (`(`, `)`, `\`, and a carriage return, which a reader takes for a
/// line end) are given to no glyph, so a glyph's byte is written as it is.
///
/// A code is its glyph's CID (the encoding, `/TypesetGlyphCodes`, an identity over the two
/// code spaces), and the CIDFont's `/CIDToGIDMap` gives each CID its glyph ID. CIDs equal to
/// their codes matter: MuPDF maps a ToUnicode entry through the encoding to its CID and keeps
/// only CIDs that are codes of the code space (glyph IDs as CIDs lost the text of every glyph
/// from 128 up). A CFF font has no `/CIDToGIDMap` (its CIDs are its glyph IDs) and keeps
/// `/Identity-H`.
final class GlyphCodes {
    /// Per glyph ID, its code; 0 for a glyph not drawn yet.
    private let codes: UnsafeMutablePointer<UInt16>
    private let glyphCount: Int
    /// The glyph code 32 is kept for: the font's word space; nil when the font has none.
    let wordSpace: UInt32?
    /// The glyphs given a code other than the word space's, in the order given: the n-th has
    /// `Self.code(n)`.
    private var glyphsInOrder: [UInt32] = []

    /// The code the word space has, the only one `Tw` applies to.
    static let wordSpaceCode: UInt16 = 32

    /// The one-byte codes other glyphs are given, in order: 1–127 but the word space's and the
    /// four a literal string escapes.
    private static let oneByteCodes: [UInt16] = (1 ... 127).filter { code in
        code != wordSpaceCode && ![0x0D, 0x28, 0x29, 0x5C].contains(code)
    }

    /// The most glyphs the codes can tell apart: the word space, 122 of one byte, 32,768 of two.
    static let capacity = 1 + oneByteCodes.count + 0x8000

    /// `wordSpace`: the glyph the font's cmap gives U+0020, if any.
    init(glyphCount: Int, wordSpace: UInt32?) {
        self.glyphCount = glyphCount
        self.wordSpace = wordSpace.flatMap { Int($0) < glyphCount && $0 != 0 ? $0 : nil }
        codes = .allocate(capacity: max(glyphCount, 1))
        codes.initialize(repeating: 0, count: max(glyphCount, 1))
    }

    deinit {
        codes.deallocate()
    }

    /// Whether a font of `glyphCount` glyphs can have every glyph a code.
    static func fit(glyphCount: Int) -> Bool {
        glyphCount <= capacity
    }

    /// The code of `glyph`, given it when it is first drawn.
    @inline(__always)
    func code(of glyph: UInt32) -> UInt16 {
        let index = Int(glyph)
        guard index < glyphCount else { return 0 }
        if codes[index] != 0 { return codes[index] }
        return giveCode(to: glyph)
    }

    private func giveCode(to glyph: UInt32) -> UInt16 {
        guard glyph != wordSpace else {
            codes[Int(glyph)] = Self.wordSpaceCode
            return Self.wordSpaceCode
        }
        let code = Self.code(glyphsInOrder.count)
        codes[Int(glyph)] = code
        glyphsInOrder.append(glyph)
        return code
    }

    /// The code of the n-th glyph given one.
    static func code(_ order: Int) -> UInt16 {
        order < oneByteCodes.count ? oneByteCodes[order] : UInt16(0x8000 + order - oneByteCodes.count)
    }

    /// The codes drawn so far and their glyphs, in increasing order of code: the word space's
    /// among them when it was drawn.
    var drawnCodes: [(code: UInt16, glyph: UInt32)] {
        var drawn = glyphsInOrder.enumerated().map { (code: Self.code($0.offset), glyph: $0.element) }
        if let space = wordSpace, codes[Int(space)] == Self.wordSpaceCode {
            let place = drawn.firstIndex { $0.code > Self.wordSpaceCode } ?? drawn.count
            drawn.insert((Self.wordSpaceCode, space), at: place)
        }
        return drawn
    }

    /// The glyph whose code is `code`, nil when no glyph has it.
    func glyph(ofCode code: UInt16) -> UInt32? {
        drawnCodes.first { $0.code == code }?.glyph
    }

    /// Whether `code` is written as one byte.
    @inline(__always)
    static func isOneByte(_ code: UInt16) -> Bool {
        code < 0x80
    }

    /// The `/CIDToGIDMap` stream's bytes: for each CID from 0 to the last code given, its glyph
    /// ID in two bytes (0 for a CID no code has).
    var cidToGIDMap: [UInt8] {
        let drawn = drawnCodes
        guard let last = drawn.last else { return [] }
        var bytes = [UInt8](repeating: 0, count: 2 * (Int(last.code) + 1))
        for (cid, glyph) in drawn {
            bytes[2 * Int(cid)] = UInt8(truncatingIfNeeded: glyph >> 8)
            bytes[2 * Int(cid) + 1] = UInt8(truncatingIfNeeded: glyph)
        }
        return bytes
    }

    /// The code spaces, which the encoding and the ToUnicode map both declare.
    static let codeSpaces = "2 begincodespacerange\n<00> <7F>\n<8000> <FFFF>\nendcodespacerange\n"

    /// The encoding's name: the Type 0 font's `/Encoding` stream's `/CMapName`.
    static let cmapName = "TypesetGlyphCodes"

    /// A CMap's `begincidrange` block holds at most 100 ranges (Adobe TN 5014).
    private static let rangesPerBlock = 100

    /// The encoding's program: each code is the CID of its own value, in ranges whose bytes
    /// but the last are fixed.
    static let encodingCMap: String = {
        var ranges = ["<00> <7F> 0"]
        for high in 0x80 ... 0xFF {
            let hex = String(high, radix: 16, uppercase: true)
            ranges.append("<\(hex)00> <\(hex)FF> \(high * 256)")
        }
        var text = """
        %!PS-Adobe-3.0 Resource-CMap
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> def
        /CMapName /\(cmapName) def
        /CMapType 1 def

        """ + codeSpaces
        var start = 0
        while start < ranges.count {
            let block = ranges[start ..< min(start + rangesPerBlock, ranges.count)]
            text += "\(block.count) begincidrange\n" + block.joined(separator: "\n") + "\nendcidrange\n"
            start += rangesPerBlock
        }
        return text + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    }()
}
