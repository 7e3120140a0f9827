import CHarfBuzz
import Fonts
import Foundation

/// The PDF objects of one font of `PDFEmbeddedFonts`, made from what was drawn in it: the
/// Type 0 font, its CIDFont with the widths of the glyphs drawn, the font descriptor, the
/// subset font program and the ToUnicode CMap (ISO 32000-1, 9.7.4, 9.7.6, 9.8, 9.10.3).
///
/// The streams are deflated as they are written (`PDFStreamingWriter`).
struct EmbeddedFontObjects {
    let glyphs: EmbeddedFontGlyphs
    let subset: FontSubset
    /// The subset's name: its tag, a plus and the font's PostScript name ("ABCDEF+Name").
    let fontName: String
    /// The glyphs drawn, in increasing order: their IDs are their codes and their CIDs.
    private let drawn: [UInt32]

    init(glyphs: EmbeddedFontGlyphs) throws {
        self.glyphs = glyphs
        let font = glyphs.font
        let face = hb_font_get_face(font.harfBuzzFont)!
        guard hb_face_get_glyph_count(face) > 0 else {
            throw FinishingError("cannot read the font \(font.displayName) in \(font.path)")
        }
        drawn = glyphs.drawnGlyphs
        let postScriptName = Self.pdfName(font.postScriptName)
        subset = try FontSubset(face: face, glyphs: drawn, fontName: "\(font.displayName) (\(font.path))")
        fontName = FontSubset.tag(fontName: postScriptName, glyphs: drawn) + "+" + postScriptName
    }

    /// Writes the objects into `writer`; returns the number of the Type 0 font dictionary.
    func write(into writer: PDFStreamingWriter) throws -> Int {
        // Each dictionary made as text, read back as a value to be given its references.
        func indirect(_ text: PDFObjectText, _ references: [(String, Int)]) throws -> Int {
            var parser = PDFValueParser(text.bytes)
            guard var dictionary = try? parser.value().dictionary else {
                throw FinishingError("the font dictionary made for \(fontName) cannot be read")
            }
            for (key, number) in references { dictionary[key] = .reference(number) }
            let number = writer.reserve()
            try writer.add(number, .dictionary(dictionary))
            return number
        }
        func stream(_ bytes: [UInt8], entries: [(String, PDFValue)]) throws -> Int {
            let number = writer.reserve()
            try writer.addStream(number, dictionary: PDFDictionary(entries), bytes: bytes)
            return number
        }

        let isTrueType = subset.outlines == .trueType
        // FontFile2 states the program's length before any filter (Table 127).
        let fontFile = try stream(subset.bytes, entries: isTrueType ? [("/Length1", .integer(subset.bytes.count))] : [("/Subtype", .name("/OpenType"))])
        let descriptor = try indirect(EmbeddedFontDescriptor(font: glyphs.font).text(fontName: fontName),
                                      [(isTrueType ? "/FontFile2" : "/FontFile3", fontFile)])
        let toUnicode = try stream(toUnicodeMap().bytes, entries: [])

        var cidFont = PDFObjectText()
        cidFont.raw(isTrueType ? "<< /Type /Font /Subtype /CIDFontType2 /BaseFont " : "<< /Type /Font /Subtype /CIDFontType0 /BaseFont ")
        cidFont.name("/" + fontName)
        cidFont.raw(" /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>")
        cidFont.append(widths())
        // A CIDFontType2's CIDs are glyph IDs; a CIDFontType0 whose CFF is not CID-keyed
        // (hb-subset keeps the font's own, name-keyed for most fonts) reads CIDs as glyph
        // indices without being told, and so does a CID-keyed one whose CIDs are its glyph
        // IDs (Noto CJK's, Adobe-Identity-0). One of another ordering (Adobe-Japan1) would
        // map them through its charset to other glyphs: `canEmbed` leaves it to Cairo.
        if isTrueType { cidFont.raw(" /CIDToGIDMap /Identity") }
        cidFont.raw(" >>")
        let descendant = try indirect(cidFont, [("/FontDescriptor", descriptor)])

        var type0 = PDFObjectText()
        type0.raw("<< /Type /Font /Subtype /Type0 /BaseFont ")
        // 9.7.6.1: the CIDFont's name, and for a CIDFontType0 its CMap's after a hyphen.
        type0.name("/" + fontName + (isTrueType ? "" : "-Identity-H"))
        type0.raw(" /DescendantFonts [")
        type0.reference(descendant)
        type0.raw("]")
        // Identity-H, the one encoding of a composite font every reader decodes: pdfminer.six
        // reads only predefined CMaps, and read no word of a font with an embedded one.
        type0.raw(" /Encoding /Identity-H >>")
        return try indirect(type0, [("/ToUnicode", toUnicode)])
    }

    /// `/DW` and `/W` (9.7.4.3): the most common whole width of the glyphs drawn as the
    /// default, and the others in groups of consecutive glyph IDs, `first [w1 w2 …]`, each
    /// width written as `EmbeddedFontGlyphs.width(of:)` gives it. `/DW` is an integer: poppler
    /// reads no other (and draws every glyph 1000 wide when it is not), so in a font of 2048
    /// units per em, whose widths are mostly fractions, it may be 1000 with every glyph listed.
    private func widths() -> PDFObjectText {
        let thousandths = drawn.map { Int((glyphs.widths[Int($0)] * 1000).rounded()) }
        var counts: [Int: Int] = [:]
        for value in thousandths where value % 1000 == 0 { counts[value, default: 0] += 1 }
        // Ties go to the narrower width, so that the choice does not depend on hashing.
        let common = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1_000_000
        var text = PDFObjectText()
        text.raw(" /DW")
        Self.number(common, into: &text)
        text.raw(" /W [")
        var previous: UInt32?
        for (glyph, value) in zip(drawn, thousandths) where value != common {
            if let previous, previous + 1 == glyph {
                Self.number(value, into: &text)
            } else {
                if previous != nil { text.raw("]") }
                text.integer(Int(glyph))
                text.raw(" [")
                Self.number(value, into: &text)
            }
            previous = glyph
        }
        if previous != nil { text.raw("]") }
        text.raw("]")
        return text
    }

    /// A width in thousandths of a unit: an integer when it is one (most fonts of 1000 or
    /// 2000 units per em), else to three decimals.
    private static func number(_ thousandths: Int, into text: inout PDFObjectText) {
        if thousandths % 1000 == 0 { text.integer(thousandths / 1000) } else { text.real(Double(thousandths) / 1000) }
    }

    /// Every glyph drawn with its text: the text it was mapped to, else the character the
    /// font's cmap gives it, else none.
    private func toUnicodeMap() -> ToUnicodeCMap {
        var map = ToUnicodeCMap()
        var characters: [UInt32]?
        for glyph in drawn {
            if let text = glyphs.text(of: glyph) {
                map.add(code: UInt16(glyph), text: text.utf16)
                continue
            }
            if characters == nil { characters = Self.characters(of: glyphs.font, glyphCount: glyphs.glyphCount) }
            if let scalar = characters.flatMap({ Unicode.Scalar($0[Int(glyph)]) }), scalar.value != 0 {
                map.add(code: UInt16(glyph), text: String(Character(scalar)).utf16)
            }
        }
        return map
    }

    /// Per glyph, the lowest character the font's cmap gives it, 0 for none: the reverse of
    /// the cmap, in the order FreeType's `FT_Get_First_Char`/`FT_Get_Next_Char` walk it
    /// (read through HarfBuzz, whose faces any thread may read).
    private static func characters(of font: Font, glyphCount: Int) -> [UInt32] {
        var characters = [UInt32](repeating: 0, count: glyphCount)
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hb_font_get_face(font.harfBuzzFont), set)
        var character = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &character) != 0 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font.harfBuzzFont, character, &glyph) != 0, glyph != 0,
                  Int(glyph) < glyphCount, characters[Int(glyph)] == 0 else { continue }
            characters[Int(glyph)] = character
        }
        return characters
    }

    /// `name` as the regular characters of a PDF name (7.3.5), without `#` escapes: a
    /// PostScript name is printable ASCII without delimiters already, so this only guards
    /// against a font that breaks that rule.
    static func pdfName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { scalar in
            (0x21 ... 0x7E).contains(scalar.value) && !"[](){}<>/%#".unicodeScalars.contains(scalar)
        }
        return kept.isEmpty ? "Font" : String(String.UnicodeScalarView(kept))
    }
}
