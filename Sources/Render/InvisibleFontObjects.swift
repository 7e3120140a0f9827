/// What the finishing step writes for each font of `PDFEmbeddedFonts`: a font of outlines
/// (`EmbeddedFontObjects`) or a colour face's invisible one (`InvisibleFontObjects`).
protocol PDFFontObjects {
    /// Whether the font program is OpenType (`/FontFile3 /Subtype /OpenType`, PDF 1.6).
    var isOpenTypeProgram: Bool { get }
    /// Writes the font's objects into `writer`; returns the number of its font dictionary.
    func write(into writer: PDFStreamingWriter) throws -> Int
}

/// A colour face's text in the text layer: a Type 3 font (ISO 32000-1, 9.6.5) whose glyphs
/// draw nothing, one-byte codes a (glyph, text) pair (`SimpleFontCodes`) with a ToUnicode map,
/// so that an emoji's characters come back out of the PDF where it stands in its line, from
/// under the picture Cairo paints for it (`ColorGlyphDrawer`).
///
/// Every glyph is half an em wide (`EmbeddedFontGlyphs`), as Cairo wrote its own stand-ins:
/// poppler (pdftotext, Evince) guesses a Type 3 font's scale from its first glyph's width,
/// taking half an em as usual, and with an emoji's 1.25 em it would put emoji on lines of
/// their own; the writer places every glyph where layout put it all the same. The bounding box
/// is the face's ascender and descender, by which pdfminer.six gives its characters a height,
/// and each glyph's box its cell, without which pdfium gives it no character.
struct InvisibleFontObjects: PDFFontObjects {
    let glyphs: EmbeddedFontGlyphs
    /// The codes written in this font, as in `EmbeddedFontObjects`.
    private let codes: [SimpleFontCodes.Entry]

    var isOpenTypeProgram: Bool { false }

    /// The objects of the face's simple font `font` (see `PDFEmbeddedFonts.resource(slot:font:)`).
    init(glyphs: EmbeddedFontGlyphs, font index: Int) {
        self.glyphs = glyphs
        codes = glyphs.simpleCodes?.codes(ofFont: index) ?? []
    }

    func write(into writer: PDFStreamingWriter) throws -> Int {
        let font = glyphs.font
        let emUnits = { (units: Int) in units * 1000 / max(font.unitsPerEm, 1) }
        let descender = emUnits(font.descender), ascender = emUnits(font.ascender)
        // One glyph procedure for all: its width, its cell (the width by the face's ascender and
        // descender) as its box, and no ink (9.6.5, `d1`). pdfium gives no character for a
        // glyph whose box is empty: with "0 0 0 0" it read none of international's emoji.
        let empty = try writer.addStream(Array("\(Self.width) 0 0 \(descender) \(Self.width) \(ascender) d1\n".utf8))
        let toUnicode = writer.reserve()
        try writer.addStream(toUnicode, dictionary: PDFDictionary(), bytes: EmbeddedFontObjects.toUnicodeMap(of: codes, in: glyphs, codeBytes: 1).bytes)
        var procedures = PDFDictionary(), differences: [PDFValue] = []
        // A later piece of a glyph's text (`ToUnicodePieces`) has a procedure of its own, as
        // narrow as its code.
        let piece = ToUnicodePieces.laterPieceWidth
        if codes.contains(where: \.isLaterPiece) {
            procedures[Self.pieceName] = .reference(try writer.addStream(Array("\(piece) 0 0 \(descender) \(piece) \(ascender) d1\n".utf8)))
        }
        var previous = -2
        for code in codes {
            let name = code.isLaterPiece ? Self.pieceName : "/g\(code.glyph)"
            if !code.isLaterPiece { procedures[name] = .reference(empty) }
            if Int(code.code) != previous + 1 { differences.append(.integer(Int(code.code))) }
            differences.append(.name(name))
            previous = Int(code.code)
        }
        let first = Int(codes.first?.code ?? 0), last = Int(codes.last?.code ?? 0)
        let number = writer.reserve()
        try writer.add(number, .dictionary(PDFDictionary([
            ("/Type", .name("/Font")), ("/Subtype", .name("/Type3")),
            ("/FontBBox", .array([.integer(0), .integer(descender), .integer(1000), .integer(ascender)])),
            ("/FontMatrix", .array([.real(0.001), .integer(0), .integer(0), .real(0.001), .integer(0), .integer(0)])),
            ("/CharProcs", .dictionary(procedures)),
            ("/Encoding", .dictionary(PDFDictionary([("/Type", .name("/Encoding")), ("/Differences", .array(differences))]))),
            ("/FirstChar", .integer(first)), ("/LastChar", .integer(last)),
            ("/Widths", .array(widths(first: first, last: last))),
            ("/Resources", .dictionary(PDFDictionary())),
            ("/ToUnicode", .reference(toUnicode)),
        ])))
        return number
    }

    /// Every glyph's width, in thousandths of an em.
    static let width = 500
    /// The glyph name of every later piece of a glyph's text.
    private static let pieceName = "/piece"

    /// `/Widths` from code `first` to `last`: every glyph's width, a later piece of a glyph's
    /// text's its own (`ToUnicodePieces.laterPieceWidth`).
    private func widths(first: Int, last: Int) -> [PDFValue] {
        var widths = [PDFValue](repeating: .integer(Self.width), count: last - first + 1)
        for code in codes where code.isLaterPiece { widths[Int(code.code) - first] = .integer(ToUnicodePieces.laterPieceWidth) }
        return widths
    }
}
