import CHarfBuzz
import Fonts
import Foundation

/// The PDF objects of one font of `PDFEmbeddedFonts`, made from what was drawn in it: a simple
/// TrueType or Type 1 font with its widths (ISO 32000-1, 9.6.2, 9.6.3), or a Type 0 font and its CIDFont with
/// the widths of the glyphs drawn (9.7.4, 9.7.6); the font descriptor, the subset font program
/// and the ToUnicode CMap (9.8, 9.10.3).
///
/// The streams are deflated as they are written (`PDFStreamingWriter`).
struct EmbeddedFontObjects: PDFFontObjects {
    let glyphs: EmbeddedFontGlyphs
    let subset: FontSubset
    /// The subset's name: its tag, a plus and the font's PostScript name ("ABCDEF+Name").
    let fontName: String
    /// Which of the face's simple fonts this is; nil: its one `/Identity-H` font.
    private let simpleFont: Int?
    /// The codes written in this font, in increasing order: a simple font's bytes, or an
    /// `/Identity-H` font's glyph IDs.
    private let codes: [SimpleFontCodes.Entry]

    /// Whether the program is written as OpenType (`/FontFile3 /Subtype /OpenType`, PDF 1.6):
    /// an `/Identity-H` font's CFF. A simple font's CFF is a bare Type 1C program (PDF 1.2).
    var isOpenTypeProgram: Bool { simpleFont == nil && subset.outlines == .cff }

    /// The objects of the face's font `font` (see `PDFEmbeddedFonts.resource(slot:font:)`).
    init(glyphs: EmbeddedFontGlyphs, font index: Int) throws {
        self.glyphs = glyphs
        let font = glyphs.font
        let face = hb_font_get_face(font.harfBuzzFont)!
        guard hb_face_get_glyph_count(face) > 0 else {
            throw FinishingError("cannot read the font \(font.displayName) in \(font.path)")
        }
        let postScriptName = Self.pdfName(font.postScriptName)
        let described = "\(font.displayName) (\(font.path))"
        if let simpleCodes = glyphs.simpleCodes {
            simpleFont = index
            codes = simpleCodes.codes(ofFont: index)
            let glyphIDs = codes.map(\.glyph)
            subset = try FontSubset(face: face, glyphs: glyphIDs, fontName: described,
                                    codes: codes.map { (UInt8($0.code), $0.glyph) })
            fontName = FontSubset.tag(fontName: postScriptName, glyphs: glyphIDs) + "+" + postScriptName
        } else {
            simpleFont = nil
            let drawn = glyphs.drawnGlyphs
            codes = drawn.map { (UInt16(truncatingIfNeeded: $0), $0, nil, false) }
            subset = try FontSubset(face: face, glyphs: drawn, fontName: described)
            fontName = FontSubset.tag(fontName: postScriptName, glyphs: drawn) + "+" + postScriptName
        }
    }

    /// Writes the objects into `writer`; returns the number of the font dictionary.
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
        let fontFile = try stream(subset.bytes, entries: isTrueType ? [("/Length1", .integer(subset.bytes.count))]
                                                                    : [("/Subtype", .name(simpleFont == nil ? "/OpenType" : "/Type1C"))])
        let descriptor = try indirect(EmbeddedFontDescriptor(font: glyphs.font).text(fontName: fontName),
                                      [(isTrueType ? "/FontFile2" : "/FontFile3", fontFile)])
        let toUnicode = try stream(Self.toUnicodeMap(of: codes, in: glyphs, codeBytes: simpleFont == nil ? 2 : 1).bytes, entries: [])
        if simpleFont != nil {
            return try indirect(simpleFontDictionary(isTrueType: isTrueType), [("/FontDescriptor", descriptor), ("/ToUnicode", toUnicode)])
        }

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

    /// A simple font, as Cairo and pdfTeX write them: symbolic (`EmbeddedFontDescriptor`); a
    /// TrueType one without `/Encoding`, so that a reader finds a code's glyph through the
    /// program's own cmap, made for its codes (`FontSubset`); a Type 1 one (9.6.2) with a
    /// `/Differences` encoding naming each code's glyph, as its CFF charset names it (9.6.6.1).
    /// `/Widths` from the first code to the last, each as `EmbeddedFontGlyphs.width(of:)`
    /// gives it (a later piece of a text `ToUnicodePieces.laterPieceWidth`), 0 for a code not given.
    private func simpleFontDictionary(isTrueType: Bool) throws -> PDFObjectText {
        var text = PDFObjectText()
        text.raw(isTrueType ? "<< /Type /Font /Subtype /TrueType /BaseFont " : "<< /Type /Font /Subtype /Type1 /BaseFont ")
        text.name("/" + fontName)
        if !isTrueType {
            text.raw(" /Encoding << /Type /Encoding /Differences [")
            var previous = -2
            for code in codes {
                if Int(code.code) != previous + 1 { text.integer(Int(code.code)) }
                guard let name = Self.glyphName(of: code.glyph, in: glyphs.font) else {
                    throw FinishingError("glyph \(code.glyph) of \(glyphs.font.displayName) (\(glyphs.font.path)) has no name")
                }
                text.name(" /" + name)
                previous = Int(code.code)
            }
            text.raw("] >>")
        }
        let first = Int(codes.first?.code ?? 0), last = Int(codes.last?.code ?? 0)
        text.raw(" /FirstChar")
        text.integer(first)
        text.raw(" /LastChar")
        text.integer(last)
        text.raw(" /Widths [")
        var widths = [Int](repeating: 0, count: last - first + 1)
        for code in codes {
            widths[Int(code.code) - first] = code.isLaterPiece ? ToUnicodePieces.laterPieceWidth * 1000
                                                               : Int((glyphs.widths[Int(code.glyph)] * 1000).rounded())
        }
        for width in widths { Self.number(width, into: &text) }
        text.raw("] >>")
        return text
    }

    /// `/DW` and `/W` (9.7.4.3): the most common whole width of the glyphs drawn as the
    /// default, and the others in groups of consecutive glyph IDs, `first [w1 w2 …]`, each
    /// width written as `EmbeddedFontGlyphs.width(of:)` gives it. `/DW` is an integer: poppler
    /// reads no other (and draws every glyph 1000 wide when it is not), so in a font of 2048
    /// units per em, whose widths are mostly fractions, it may be 1000 with every glyph listed.
    private func widths() -> PDFObjectText {
        let drawn = codes.map(\.glyph)
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

    /// Every code of `codes`, codes of `glyphs`' face `codeBytes` long, with its text: the
    /// pair's, else its glyph's own text (the first it was drawn with), else the character the
    /// font's cmap gives the glyph, else none.
    static func toUnicodeMap(of codes: [SimpleFontCodes.Entry], in glyphs: EmbeddedFontGlyphs,
                             codeBytes: Int) -> ToUnicodeCMap {
        var map = ToUnicodeCMap(codeBytes: codeBytes)
        var characters: [UInt32]?
        for (code, glyph, pairText, _) in codes {
            if let text = pairText.map({ String(decoding: $0, as: UTF8.self) }) ?? glyphs.text(of: glyph) {
                map.add(code: code, text: text.utf16)
                continue
            }
            if characters == nil { characters = Self.characters(of: glyphs.font, glyphCount: glyphs.glyphCount) }
            if let scalar = characters.flatMap({ Unicode.Scalar($0[Int(glyph)]) }), scalar.value != 0 {
                map.add(code: code, text: String(Character(scalar)).utf16)
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

    /// The name a CFF's charset gives `glyph` (as HarfBuzz reads it), if it is a PDF name's
    /// regular characters; nil for none, or one that is not.
    private static func glyphName(of glyph: UInt32, in font: Font) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard hb_font_get_glyph_name(font.harfBuzzFont, glyph, &buffer, UInt32(buffer.count)) != 0 else { return nil }
        let name = String(cString: buffer)
        return !name.isEmpty && pdfName(name) == name ? name : nil
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
