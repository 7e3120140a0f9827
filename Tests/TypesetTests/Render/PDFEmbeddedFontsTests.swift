import CHarfBuzz
import Fonts
import Foundation
@testable import Render
import Shaping
import XCTest

/// The fonts typeset's own text writer draws in, embedded by `PDFEmbeddedFonts` into a PDF
/// made with qpdf, then read back by real readers: qpdf's check, poppler's pdffonts,
/// pdftotext and pdftoppm, and MuPDF's mutool where installed.
final class PDFEmbeddedFontsTests: XCTestCase {
    private var library: FontLibrary!
    private var liberation: Font!
    private var pagella: Font!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
        liberation = try library.resolve(family: "Liberation Serif").font
        pagella = try library.resolve(family: "TeX Gyre Pagella").font
        XCTAssertTrue(liberation.path.hasSuffix("LiberationSerif-Regular.ttf"))
        XCTAssertTrue(pagella.path.hasSuffix("texgyrepagella-regular.otf"))
    }

    /// One line of text: its glyphs as HarfBuzz shapes them, each with its cluster's text.
    private struct ShapedLine {
        var glyphs: [UInt32]
        var texts: [String]
    }

    private func shape(_ text: String, in font: Font) -> ShapedLine {
        let units = Array(text.utf16)
        let shaped = Shaper().shape(units, font: font)
        var texts: [String] = []
        for index in 0 ..< shaped.count {
            let start = Int(shaped.clusters[index])
            let end = index + 1 < shaped.count ? Int(shaped.clusters[index + 1]) : units.count
            texts.append(String(decoding: units[start ..< end], as: UTF16.self))
        }
        return ShapedLine(glyphs: shaped.glyphIDs, texts: texts)
    }

    private func glyph(of character: Character, in font: Font) -> UInt32 {
        shape(String(character), in: font).glyphs[0]
    }

    @discardableResult
    private func map(_ glyph: UInt32, in slot: Int, to text: String, of fonts: PDFEmbeddedFonts) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { fonts.map(glyph, in: slot, to: UnsafeBufferPointer($0)) }
    }

    /// `<002B0048…>`: each glyph's code as the text writer writes it: its ID as two bytes
    /// (`/Identity-H`).
    private func hexCodes(_ glyphs: [UInt32]) -> String {
        "<" + glyphs.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// A one-page PDF whose content stream is `content`, its `/Font` resources the fonts
    /// `fonts` embeds, written at `path` as the finishing step writes (`PDFStreamingWriter`).
    private func writePDF(_ fonts: PDFEmbeddedFonts, content: String, to path: String) throws {
        let temporary = path + ".tmp"
        let sink = try FileSink(temporary: temporary)
        _ = try fonts.subsets()
        let writer = PDFStreamingWriter(into: sink, version: fonts.minimumPDFVersion ?? "1.5", firstFreeNumber: 1)
        let numbers = try fonts.embed(into: writer)
        var fontResources = PDFDictionary()
        for (slot, number) in numbers.enumerated() {
            if let number { fontResources[fonts.resourceName(of: slot)] = .reference(number) }
        }
        let contents = writer.reserve(), page = writer.reserve(), tree = writer.reserve(), catalog = writer.reserve()
        try writer.addStream(contents, dictionary: PDFDictionary(), bytes: Array(content.utf8))
        try writer.add(page, .dictionary(PDFDictionary([
            ("/Type", .name("/Page")), ("/Parent", .reference(tree)), ("/MediaBox", .array([0, 0, 612, 792].map(PDFValue.integer))),
            ("/Resources", .dictionary(PDFDictionary([("/Font", .dictionary(fontResources))]))), ("/Contents", .reference(contents)),
        ])))
        try writer.add(tree, .dictionary(PDFDictionary([("/Type", .name("/Pages")), ("/Kids", .array([.reference(page)])), ("/Count", .integer(1))])))
        try writer.add(catalog, .dictionary(PDFDictionary([("/Type", .name("/Catalog")), ("/Pages", .reference(tree))])))
        try writer.finish(root: catalog, info: nil)
        try sink.close()
        try TemporaryFiles.shared.rename(temporary, to: path)
    }

    /// The test document: a line in Liberation Serif (TrueType) and one in TeX Gyre Pagella
    /// (CFF), each with a ligature, a glyph drawn for two texts and one drawn without text.
    private func writeSample(to path: String) throws -> PDFEmbeddedFonts {
        let fonts = PDFEmbeddedFonts()
        var content = ""
        for (index, (font, text)) in [(liberation!, "Hello fine ferns"), (pagella!, "Office fish waffle")].enumerated() {
            XCTAssertTrue(fonts.canEmbed(font), "\(font.displayName) can be embedded")
            let slot = fonts.slot(for: font)
            XCTAssertEqual(slot, index)
            let line = shape(text, in: font)
            for (glyph, text) in zip(line.glyphs, line.texts) { map(glyph, in: slot, to: text, of: fonts) }
            // "Z", drawn without a text of its own: its text comes from the font's cmap.
            let z = glyph(of: "Z", in: font)
            fonts.use(z, in: slot)
            let y = 700 - 40 * index
            content += "BT \(fonts.resourceName(of: slot)) 24 Tf 72 \(y) Td \(hexCodes(line.glyphs + [glyph(of: " ", in: font), z])) Tj ET\n"
        }
        try writePDF(fonts, content: content, to: path)
        return fonts
    }

    func testTheEmbeddedFontsAreReadBackByRealReaders() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("fonts.pdf").path
        let fonts = try writeSample(to: path)
        PDFCheck.assertClean(pdfAt: path)

        let fontList = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdffonts", [path]), "pdffonts is installed and reads the file")
        let rows = fontList.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        XCTAssertEqual(rows.count, 2, fontList)
        for row in rows {
            XCTAssertTrue(row[0].range(of: "^[A-Z]{6}\\+", options: .regularExpression) != nil, "a subset tag: \(row[0])")
            XCTAssertEqual(Array(row.suffix(5).prefix(3)), ["yes", "yes", "yes"], "embedded, subset, unicode: \(fontList)")
        }
        XCTAssertTrue(fontList.contains("LiberationSerif"), fontList)
        XCTAssertTrue(fontList.contains("CID TrueType"), fontList)
        XCTAssertTrue(fontList.contains("TeXGyrePagella-Regular"), fontList)
        XCTAssertTrue(fontList.contains("CID Type 0C (OT)"), fontList)

        // Each word as wide as its glyphs' widths say: poppler reads /W and /DW as written.
        let boxes = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", path, "-"]))
        for (font, word) in [(liberation!, "Hello"), (liberation!, "fine"), (pagella!, "Office"), (pagella!, "waffle")] {
            let slot = fonts.slot(for: font)
            let expected = shape(word, in: font).glyphs.reduce(0) { $0 + fonts.width(of: $1, in: slot) } * 24 / 1000
            let pattern = "xMin=\"([0-9.]+)\" yMin=\"[0-9.]+\" xMax=\"([0-9.]+)\" yMax=\"[0-9.]+\">\(word)<"
            let match = try XCTUnwrap(boxes.range(of: pattern, options: .regularExpression).map { String(boxes[$0]) }, boxes)
            let numbers = match.split(separator: "\"").compactMap { Double($0) }
            XCTAssertEqual(numbers[2] - numbers[0], expected, accuracy: 0.05, "the width of \(word)")
        }

        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-layout", path, "-"]))
        XCTAssertTrue(text.contains("Hello fine ferns Z"), text)
        XCTAssertTrue(text.contains("Office fish waffle Z"), text)

        // Ink where each line is drawn: poppler renders the subsets' outlines.
        let image = directory.appendingPathComponent("page").path
        XCTAssertNotNil(TestSupport.runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", path, image]))
        let pixels = try Pixels(pngAt: image + ".png")
        for baseline in [700, 660] {
            let top = 792 - baseline - 18
            let dark = (top ..< top + 22).reduce(0) { sum, y in sum + (72 ..< 300).filter { pixels.luminance(x: $0, y: y) < 0.5 }.count }
            XCTAssertGreaterThan(dark, 300, "ink on the line at \(baseline)")
        }
        XCTAssertEqual(pixels.meanLuminance(x: 0 ..< 612, y: 200 ..< 792), 1, accuracy: 0.0001, "nothing drawn below the text")

        // MuPDF, a second reader, where installed: the same text from the same glyph IDs.
        if let mupdf = TestSupport.runTool("/usr/bin/mutool", ["draw", "-F", "txt", "-o", "-", path]) {
            XCTAssertTrue(mupdf.contains("Hello fine ferns Z"), mupdf)
            XCTAssertTrue(mupdf.contains("Office fish waffle Z"), mupdf)
        }
    }

    func testTheLigaturesAreMappedToTheirCharacters() throws {
        // The sample's texts depend on ligature glyphs: "fi", "ffi" and "ffl" in Pagella (Liberation
        // Serif has none), each one glyph with a text of two or three characters.
        let fine = shape("fine", in: pagella)
        XCTAssertEqual(fine.texts.first, "fi", "Pagella sets fi as one glyph")
        let office = shape("Office", in: pagella)
        XCTAssertEqual(office.texts.dropFirst().first, "ffi", "Pagella sets ffi as one glyph")
        let fonts = PDFEmbeddedFonts()
        let slot = fonts.slot(for: pagella)
        XCTAssertTrue(map(fine.glyphs[0], in: slot, to: "fi", of: fonts))
        XCTAssertTrue(map(fine.glyphs[0], in: slot, to: "fi", of: fonts), "the same text again")
    }

    func testTheFirstTextAGlyphIsDrawnWithIsItsText() throws {
        let fonts = PDFEmbeddedFonts()
        let slot = fonts.slot(for: liberation)
        let a = glyph(of: "A", in: liberation)
        XCTAssertTrue(map(a, in: slot, to: "A", of: fonts))
        XCTAssertTrue(map(a, in: slot, to: "A", of: fonts))
        XCTAssertFalse(map(a, in: slot, to: "\u{391}", of: fonts), "Greek Alpha drawn with the same glyph: ActualText")
        XCTAssertFalse(map(a, in: slot, to: "AA", of: fonts))
        XCTAssertFalse(map(a, in: slot, to: "", of: fonts), "an empty text maps nothing")
        let b = glyph(of: "B", in: liberation)
        XCTAssertFalse(map(b, in: slot, to: "", of: fonts))
        XCTAssertTrue(map(b, in: slot, to: "B", of: fonts), "the empty text did not take the glyph")
        fonts.use(glyph(of: "C", in: liberation), in: slot)
        XCTAssertTrue(map(glyph(of: "C", in: liberation), in: slot, to: "C", of: fonts), "a glyph used without text can be mapped later")

        // A glyph drawn as two texts: the second is left to ActualText, so the file's text is the first.
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("twice.pdf").path
        try writePDF(fonts, content: "BT /TS0 24 Tf 72 700 Td \(hexCodes([a, b, glyph(of: "C", in: liberation)])) Tj ET", to: path)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [path, "-"]))
        XCTAssertTrue(text.contains("ABC"), text)
    }

    func testWidthsAreTheAdvancesInThousandthsOfAnEm() throws {
        let fonts = PDFEmbeddedFonts()
        for font in [liberation!, pagella!] {
            let slot = fonts.slot(for: font)
            XCTAssertEqual(fonts.slot(for: font), slot, "the same slot when asked again")
            for character in "Hmiy ,W" {
                let glyph = glyph(of: character, in: font)
                let advance = Double(font.horizontalAdvance(of: glyph))
                let expected = (advance * 1000 / Double(font.unitsPerEm) * 1000).rounded() / 1000
                XCTAssertEqual(fonts.width(of: glyph, in: slot), expected, "\(character) in \(font.displayName)")
            }
        }
        // Liberation has 2048 units per em: "H" is 1479 units, 722.168 thousandths (rounded).
        XCTAssertEqual(liberation.unitsPerEm, 2048)
        XCTAssertEqual(fonts.width(of: glyph(of: "H", in: liberation), in: fonts.slot(for: liberation)), 722.168)
        XCTAssertEqual(fonts.resourceName(of: 1), "/TS1")
    }

    func testTheWidthsWrittenAreTheWidthsAnswered() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("fonts.pdf").path
        let fonts = try writeSample(to: path)
        let json = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--json=1", "--json-key=objects", path]))
        // Every /W entry of each CIDFont, read back from the file, against `width(of:in:)`.
        let objects = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["objects"] as? [String: Any])
        var checked = 0
        for case let dictionary as [String: Any] in objects.values where dictionary["/Subtype"] as? String == "/CIDFontType2" || dictionary["/Subtype"] as? String == "/CIDFontType0" {
            let slot = dictionary["/Subtype"] as? String == "/CIDFontType2" ? 0 : 1
            let widths = try XCTUnwrap(dictionary["/W"] as? [Any])
            var index = 0
            while index + 1 < widths.count {
                let first = try XCTUnwrap(widths[index] as? Int)
                for (offset, value) in try XCTUnwrap(widths[index + 1] as? [Any]).enumerated() {
                    let written = try XCTUnwrap(value as? Double)
                    // A CID is the glyph's ID (`/Identity-H`, and `/CIDToGIDMap /Identity` in a TrueType font).
                    let glyph = UInt32(first + offset)
                    XCTAssertEqual(written, fonts.width(of: glyph, in: slot))
                    checked += 1
                }
                index += 2
            }
            let defaultWidth = try XCTUnwrap(dictionary["/DW"] as? Double)
            XCTAssertGreaterThan(defaultWidth, 0, "the most common width of the glyphs drawn")
        }
        XCTAssertGreaterThan(checked, 10)
    }

    func testTheSubsetsAreMuchSmallerThanTheFonts() throws {
        for font in [liberation!, pagella!] {
            let glyphs = [0] + shape("Hello fine ferns Office fish waffle Z", in: font).glyphs
            let subset = try FontSubset(face: hb_font_get_face(font.harfBuzzFont), glyphs: glyphs, fontName: font.displayName)
            let fileSize = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: font.path)[.size] as? Int)
            XCTAssertLessThan(subset.bytes.count * 8, fileSize, "\(font.displayName): \(subset.bytes.count) of \(fileSize) bytes")
            XCTAssertEqual(subset.outlines, font === liberation ? .trueType : .cff)
        }
    }

    func testTheSameInputMakesTheSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        let first = directory.appendingPathComponent("first.pdf").path, second = directory.appendingPathComponent("second.pdf").path
        _ = try writeSample(to: first)
        _ = try writeSample(to: second)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
    }

    func testOnlyOutlineFontsCanBeEmbedded() throws {
        let fonts = PDFEmbeddedFonts()
        XCTAssertTrue(fonts.canEmbed(liberation))
        XCTAssertTrue(fonts.canEmbed(pagella))
        XCTAssertTrue(fonts.canEmbed(liberation), "the cached answer")
        // A colour emoji font, bitmaps only, where the machine has one (make deps installs it).
        let emoji = try library.resolve(family: "Noto Color Emoji").font
        if emoji.hasColorBitmaps { XCTAssertFalse(fonts.canEmbed(emoji)) }
    }

    func testASlotThatDrewNothingIsNotEmbedded() throws {
        let fonts = PDFEmbeddedFonts()
        _ = fonts.slot(for: liberation)
        let pagellaSlot = fonts.slot(for: pagella)
        fonts.use(glyph(of: "x", in: pagella), in: pagellaSlot)
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("one.pdf").path
        try writePDF(fonts, content: "BT /TS1 24 Tf 72 700 Td \(hexCodes([glyph(of: "x", in: pagella)])) Tj ET", to: path)
        let fontList = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdffonts", [path]))
        XCTAssertEqual(fontList.split(separator: "\n").count, 3, fontList)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [path, "-"]))
        XCTAssertTrue(text.contains("x"), "the cmap's character for a glyph drawn without text")
    }

    func testTheToUnicodeMapHasAtMostAHundredEntriesABlock() {
        var map = ToUnicodeCMap()
        for code in 0 ..< 250 { map.add(code: UInt16(code), text: "\u{1D400}".utf16) }
        map.add(code: 0xFB01, text: "fi".utf16)
        let text = String(decoding: map.bytes, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "100 beginbfchar").count - 1, 2)
        XCTAssertTrue(text.contains("51 beginbfchar"), text)
        XCTAssertTrue(text.contains("<00F9> <D835DC00>"), "a character outside the BMP as a surrogate pair")
        XCTAssertTrue(text.contains("<FB01> <00660069>"), "a ligature's two characters")
        XCTAssertTrue(text.contains("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange"))
    }

    /// A name-keyed CFF (TeX Gyre's) is embedded, and so is a CID-keyed one whose charset gives
    /// each glyph its own ID as its CID (Noto CJK's, issue 35: its text then comes in the layer,
    /// in reading order with the Latin words around it); a CID-keyed one with another charset
    /// is left to Cairo, since the layer writes glyph IDs as CIDs.
    func testACIDKeyedCFFIsEmbeddedOnlyWhenItsCharsetIsTheIdentity() throws {
        func cff(_ path: String, index: UInt32 = 0) -> (table: [UInt8], glyphs: Int) {
            let blob = hb_blob_create_from_file(path)
            let face = hb_face_create(blob, index)
            defer { hb_face_destroy(face); hb_blob_destroy(blob) }
            return (OpenTypeTables(face: face!).table("CFF "), Int(hb_face_get_glyph_count(face)))
        }
        XCTAssertEqual(CFFTopDict.isCIDKeyed(cff(pagella.path).table), false)
        XCTAssertEqual(CFFTopDict.readsGlyphIDsAsCIDs(cff(pagella.path).table, glyphCount: cff(pagella.path).glyphs), true)
        XCTAssertTrue(PDFEmbeddedFonts().canEmbed(pagella))
        XCTAssertNil(CFFTopDict.isCIDKeyed([1, 0, 4]), "too short to read")
        // A CIDFont of four glyphs: header, a Name INDEX ("A"), a Top DICT INDEX holding
        // `0 0 0 ROS` and `<charset offset> charset`, then the charset.
        func cidFont(charset: [UInt8]) -> [UInt8] {
            let dict: [UInt8] = [139, 139, 139, 12, 30, 28, 0, 24, 15]
            return [1, 0, 4, 1] + [0, 1, 1, 1, 2, 0x41] + [0, 1, 1, 1, UInt8(dict.count + 1)] + dict + charset
        }
        XCTAssertEqual(cidFont(charset: []).count, 24, "the charset's offset")
        XCTAssertEqual(CFFTopDict.isCIDKeyed(cidFont(charset: [0])), true)
        XCTAssertEqual(CFFTopDict.readsGlyphIDsAsCIDs(cidFont(charset: [0, 0, 1, 0, 2, 0, 3]), glyphCount: 4), true, "format 0, CID = GID")
        XCTAssertEqual(CFFTopDict.readsGlyphIDsAsCIDs(cidFont(charset: [2, 0, 1, 0, 2]), glyphCount: 4), true, "format 2, one range from 1")
        XCTAssertEqual(CFFTopDict.readsGlyphIDsAsCIDs(cidFont(charset: [0, 0, 1, 0, 5, 0, 3]), glyphCount: 4), false, "glyph 2 is CID 5")
        XCTAssertEqual(CFFTopDict.readsGlyphIDsAsCIDs(cidFont(charset: [1, 0, 7, 2]), glyphCount: 4), false, "format 1 from CID 7")
        XCTAssertNil(CFFTopDict.readsGlyphIDsAsCIDs(cidFont(charset: [0, 0, 1]), glyphCount: 4), "cut short")
        let cjk = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
        guard FileManager.default.fileExists(atPath: cjk) else { throw XCTSkip("Noto Serif CJK is not installed") }
        XCTAssertEqual(CFFTopDict.isCIDKeyed(cff(cjk).table), true)
        XCTAssertEqual(CFFTopDict.readsGlyphIDsAsCIDs(cff(cjk).table, glyphCount: cff(cjk).glyphs), true, "Adobe-Identity-0")
    }
}
