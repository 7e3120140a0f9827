/// The codes a TrueType font of the text layer's writes its glyphs with: one byte for each of
/// the first 127 glyphs a document draws in it (codes 1–127), two bytes for the others (0x8000
/// upwards), in the order they are first drawn, where `/Identity-H` takes two bytes for every
/// glyph. A Latin text draws fewer than 127 glyphs of a font, so its glyphs are a byte each, as
/// in the simple fonts Cairo and pdfTeX write: the content streams are shorter to deflate and
/// to store.
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
    /// The glyphs in the order their codes were given: the n-th has `Self.code(n)`.
    private(set) var glyphs: [UInt32] = []

    /// The most glyphs the codes can tell apart: 127 of one byte, 32,768 of two.
    static let capacity = 127 + 0x8000

    init(glyphCount: Int) {
        self.glyphCount = glyphCount
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
        let code = Self.code(glyphs.count)
        codes[index] = code
        glyphs.append(glyph)
        return code
    }

    /// The code of the n-th glyph given one.
    static func code(_ order: Int) -> UInt16 {
        order < 127 ? UInt16(order + 1) : UInt16(0x8000 + order - 127)
    }

    /// The glyph whose code is `code`, nil when no glyph has it.
    func glyph(ofCode code: UInt16) -> UInt32? {
        let order = code < 0x80 ? Int(code) - 1 : Int(code) - 0x8000 + 127
        return glyphs.indices.contains(order) ? glyphs[order] : nil
    }

    /// Whether `code` is written as one byte.
    @inline(__always)
    static func isOneByte(_ code: UInt16) -> Bool {
        code < 0x80
    }

    /// The `/CIDToGIDMap` stream's bytes: for each CID from 0 to the last code given, its glyph
    /// ID in two bytes (0 for a CID no code has).
    var cidToGIDMap: [UInt8] {
        guard let last = glyphs.indices.last else { return [] }
        var bytes = [UInt8](repeating: 0, count: 2 * (Int(Self.code(last)) + 1))
        for (order, glyph) in glyphs.enumerated() {
            let cid = Int(Self.code(order))
            bytes[2 * cid] = UInt8(truncatingIfNeeded: glyph >> 8)
            bytes[2 * cid + 1] = UInt8(truncatingIfNeeded: glyph)
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
