import CHarfBuzz
import Fonts

/// What the font descriptor of an embedded font states (ISO 32000-1, 9.8): its flags, box,
/// slant and vertical metrics, in thousandths of an em (the glyph space of a Type 0 font).
/// A reader uses them to stand in for a font it cannot read, and for text selection boxes;
/// the outlines come from the embedded program.
struct EmbeddedFontDescriptor {
    var flags: Int
    var boundingBox: [Int]
    var italicAngle: Double
    var ascent: Int
    var descent: Int
    var capHeight: Int
    var stemV: Int

    /// ISO 32000-1, Table 123.
    private enum Flag {
        static let fixedPitch = 1 << 0
        static let serif = 1 << 1
        /// Glyphs outside the standard Latin set: always so for a font reached by glyph ID.
        static let symbolic = 1 << 2
        static let script = 1 << 3
        static let italic = 1 << 6
    }

    init(font: Font) {
        let tables = OpenTypeTables(face: hb_font_get_face(font.harfBuzzFont))
        let unitsPerEm = Double(font.unitsPerEm)
        func thousandths(_ units: Int) -> Double { Double(units) * 1000 / unitsPerEm }

        // post: italicAngle (16.16 fixed) at 4, isFixedPitch at 12.
        italicAngle = tables.uint32("post", at: 4).map { Double(Int32(bitPattern: $0)) / 65536 } ?? 0
        var flags = Flag.symbolic
        if font.design == .monospace || (tables.uint32("post", at: 12) ?? 0) != 0 { flags |= Flag.fixedPitch }
        if font.design == .serif { flags |= Flag.serif }
        // OS/2 sFamilyClass (at 30): class 10 is the scripts (TeX Gyre Chorus's).
        if (tables.uint16("OS/2", at: 30) ?? 0) >> 8 == 10 { flags |= Flag.script }
        if font.isItalic || italicAngle != 0 { flags |= Flag.italic }
        self.flags = flags

        // head: xMin, yMin, xMax, yMax at 36 to 42; rounded outwards, so that the box holds
        // every glyph.
        let box = [36, 38, 40, 42].map { Int(tables.int16("head", at: $0) ?? 0) }
        boundingBox = [thousandths(box[0]).rounded(.down), thousandths(box[1]).rounded(.down),
                       thousandths(box[2]).rounded(.up), thousandths(box[3]).rounded(.up)].map { Int($0) }
        ascent = Int(thousandths(font.ascender).rounded())
        descent = Int(thousandths(font.descender).rounded())
        capHeight = Int(thousandths(font.capHeight).rounded())
        // No table states the dominant stem width, and reading it off the outlines would be
        // guesswork too: an estimate from the OS/2 weight class (88 at 400, 166 at 700), as
        // other PDF writers make it; a reader needs it only to stand in for a missing font.
        stemV = Int((50 + pow2(Double(font.weight) / 65)).rounded())
    }

    /// The descriptor's dictionary, but for its font program (a reference to an object the
    /// caller writes: the caller sets it).
    func text(fontName: String) -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("<< /Type /FontDescriptor /FontName ")
        text.name("/" + fontName)
        text.raw(" /Flags")
        text.integer(flags)
        text.raw(" /FontBBox [")
        for value in boundingBox { text.integer(value) }
        text.raw("] /ItalicAngle")
        if italicAngle == italicAngle.rounded() { text.integer(Int(italicAngle)) } else { text.real(italicAngle) }
        text.raw(" /Ascent")
        text.integer(ascent)
        text.raw(" /Descent")
        text.integer(descent)
        text.raw(" /CapHeight")
        text.integer(capHeight)
        text.raw(" /StemV")
        text.integer(stemV)
        text.raw(" >>")
        return text
    }
}

private func pow2(_ value: Double) -> Double { value * value }
