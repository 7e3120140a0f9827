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

    /// The code `glyph` is written with, drawn as `text` (nil: without a text of its own).
    @discardableResult
    private func code(_ glyph: UInt32, in slot: Int, as text: String?, of fonts: PDFEmbeddedFonts) -> GlyphCode {
        guard let text else { return fonts.code(of: glyph, in: slot, as: nil) }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { fonts.code(of: glyph, in: slot, as: UnsafeBufferPointer($0)) }
    }

    /// `/TS0 24 Tf <2B48…> Tj`: codes of one font of the slot's face, as the text writer writes
    /// them: a byte each in a simple font, a glyph ID's two bytes in an `/Identity-H` one.
    private func show(_ codes: [GlyphCode], in slot: Int, of fonts: PDFEmbeddedFonts) -> String {
        let font = codes.first { $0.font >= 0 }?.font ?? 0
        XCTAssertTrue(codes.allSatisfy { $0.font == font || $0.font == -1 }, "one font's codes")
        let format = fonts.glyphs(in: slot).simpleCodes == nil ? "%04X" : "%02X"
        let hex = codes.map { String(format: format, $0.value) }.joined()
        return "\(fonts.resourceName(of: fonts.resource(slot: slot, font: font))) 24 Tf <\(hex)> Tj"
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
            var codes = zip(line.glyphs, line.texts).map { code($0, in: slot, as: $1, of: fonts) }
            codes.append(code(glyph(of: " ", in: font), in: slot, as: " ", of: fonts))
            // "Z", drawn without a text of its own: its text comes from the font's cmap.
            codes.append(code(glyph(of: "Z", in: font), in: slot, as: nil, of: fonts))
            let y = 700 - 40 * index
            content += "BT 72 \(y) Td \(show(codes, in: slot, of: fonts)) ET\n"
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
        XCTAssertTrue(fontList.contains(" TrueType "), "a simple TrueType font: \(fontList)")
        XCTAssertTrue(fontList.contains("TeXGyrePagella-Regular"), fontList)
        XCTAssertTrue(fontList.contains(" Type 1C "), "a simple Type 1 font, its CFF program bare: \(fontList)")

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
        XCTAssertTrue(code(fine.glyphs[0], in: slot, as: "fi", of: fonts).readsAsText)
        XCTAssertTrue(code(fine.glyphs[0], in: slot, as: "fi", of: fonts).readsAsText, "the same text again")
    }

    /// In a simple font (a TrueType face) each text a glyph is drawn for has a code of its own,
    /// so that a reader of the ToUnicode map alone reads it (issue 35): Greek Alpha drawn with
    /// Latin A's glyph, a hyphen added at a line break read as a soft hyphen.
    func testEachTextOfAGlyphHasACodeOfItsOwnInASimpleFont() throws {
        let fonts = PDFEmbeddedFonts()
        let slot = fonts.slot(for: liberation)
        let a = glyph(of: "A", in: liberation), hyphen = glyph(of: "-", in: liberation)
        let latin = code(a, in: slot, as: "A", of: fonts)
        XCTAssertTrue(latin.readsAsText)
        XCTAssertEqual(latin.value, 0x41, "a one-letter ASCII text takes its own byte")
        XCTAssertEqual(code(a, in: slot, as: "A", of: fonts).value, latin.value, "the same pair, the same code")
        let alpha = code(a, in: slot, as: "\u{391}", of: fonts)
        XCTAssertTrue(alpha.readsAsText)
        XCTAssertNotEqual(alpha.value, latin.value)
        XCTAssertEqual(code(a, in: slot, as: "\u{391}", of: fonts).value, alpha.value)
        let none = code(a, in: slot, as: "", of: fonts)
        XCTAssertTrue(none.readsAsText, "an empty text has a code too, read as nothing (a drop cap's initial, read with its line)")
        XCTAssertNotEqual(none.value, latin.value)
        let softHyphen = code(hyphen, in: slot, as: "\u{AD}", of: fonts)
        let space = code(glyph(of: " ", in: liberation), in: slot, as: " ", of: fonts)
        XCTAssertEqual(space.value, 32, "the word space is code 32, which Tw applies to")
        XCTAssertEqual(space.font, -1, "in every font of the face")
        let narrowSpace = code(glyph(of: " ", in: liberation), in: slot, as: "\u{202F}", of: fonts)
        XCTAssertNotEqual(narrowSpace.value, 32, "a narrow no-break space drawn with the space's glyph")
        let b = code(glyph(of: "B", in: liberation), in: slot, as: "B", of: fonts)

        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("twice.pdf").path
        try writePDF(fonts, content: "BT 72 700 Td \(show([latin, alpha, b, softHyphen, space, latin, narrowSpace, b], in: slot, of: fonts)) ET",
                     to: path)
        PDFCheck.assertClean(pdfAt: path)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [path, "-"]))
        XCTAssertTrue(text.contains("A\u{391}B"), text)
        if let mupdf = TestSupport.runTool("/usr/bin/mutool", ["draw", "-F", "txt", "-o", "-", path]) {
            XCTAssertTrue(mupdf.contains("A\u{391}B\u{AD}"), "the soft hyphen from the ToUnicode map alone: \(mupdf)")
        }
    }

    /// A one-character text WinAnsiEncoding has takes its byte there, whatever was met before
    /// it: a reflow that draws a hyphen added at a line's end before the first no-break space
    /// gives neither another code (else every later page's stream would name other codes and
    /// `typeset watch` could take none of them). A pair without such a byte takes a byte no
    /// character has.
    func testACharacterOfWinAnsiTakesItsByteInWhateverOrderThePairsAreMet() throws {
        let hyphen = glyph(of: "-", in: liberation), space = glyph(of: " ", in: liberation)
        let quote = glyph(of: "\u{2019}", in: liberation), a = glyph(of: "A", in: liberation)
        // Greek Alpha drawn with Latin A's glyph: a text WinAnsi lacks.
        let pairs: [(glyph: UInt32, text: String)] = [(hyphen, "\u{AD}"), (space, "\u{A0}"), (quote, "\u{2019}"), (a, "\u{391}")]
        var codesByOrder: [[UInt16]] = []
        for order in [pairs, pairs.reversed()] {
            let fonts = PDFEmbeddedFonts()
            let slot = fonts.slot(for: liberation)
            var codes = [String: UInt16]()
            for pair in order { codes[pair.text] = code(pair.glyph, in: slot, as: pair.text, of: fonts).value }
            codesByOrder.append(pairs.map { codes[$0.text]! })
        }
        XCTAssertEqual(codesByOrder[0], codesByOrder[1], "the same codes in either order")
        XCTAssertEqual(codesByOrder[0].prefix(3), [0xAD, 0xA0, 0x92], "the soft hyphen's, the no-break space's and the quote's WinAnsi bytes")
        XCTAssertEqual(codesByOrder[0][3], 0x81, "Alpha the first byte no character has")
    }

    /// A face's pairs past the 254 a simple font holds besides its word space open another
    /// font, a resource of its own, with code 32 its word space too; each reads back as its texts.
    func testAFaceWithMorePairsThanAFontHoldsIsWrittenInSeveralFonts() throws {
        let fonts = PDFEmbeddedFonts()
        let slot = fonts.slot(for: pagella)
        let x = glyph(of: "x", in: pagella)
        // 300 texts drawn with one glyph: 300 pairs.
        let codes = (0 ..< 300).map { code(x, in: slot, as: "x\($0)", of: fonts) }
        XCTAssertEqual(Set(codes.prefix(254).map(\.font)), [0])
        XCTAssertEqual(Set(codes.suffix(46).map(\.font)), [1])
        XCTAssertEqual(Set(codes.prefix(254).map(\.value)).count, 254, "the codes of one byte but 0 and the word space's 32")
        XCTAssertFalse(codes.contains { $0.value == 32 || $0.value == 0 })
        let space = code(glyph(of: " ", in: pagella), in: slot, as: " ", of: fonts)
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("two.pdf").path
        try writePDF(fonts, content: "BT 72 700 Td \(show([codes[0], space, codes[1]], in: slot, of: fonts)) "
                                    + "0 -30 Td \(show([codes[299], space, codes[298]], in: slot, of: fonts)) ET", to: path)
        PDFCheck.assertClean(pdfAt: path)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [path, "-"]))
        XCTAssertTrue(text.contains("x0 x1"), text)
        XCTAssertTrue(text.contains("x299 x298"), text)
    }

    /// In an `/Identity-H` font (a CID-keyed CFF face, Noto CJK's) a code is a glyph: the first
    /// text a glyph is drawn with is its text, and another is left to ActualText.
    func testTheFirstTextAGlyphIsDrawnWithIsItsTextInAnIdentityFont() throws {
        let cjk = try library.resolve(family: "Noto Sans CJK SC").font
        guard cjk.path.contains("CJK") else { throw XCTSkip("Noto Sans CJK is not installed") }
        let fonts = PDFEmbeddedFonts()
        XCTAssertTrue(fonts.canEmbed(cjk))
        let slot = fonts.slot(for: cjk)
        XCTAssertNil(fonts.glyphs(in: slot).simpleCodes, "a CID-keyed CFF is one /Identity-H font")
        let a = glyph(of: "A", in: cjk)
        XCTAssertTrue(code(a, in: slot, as: "A", of: fonts).readsAsText)
        XCTAssertTrue(code(a, in: slot, as: "A", of: fonts).readsAsText)
        XCTAssertFalse(code(a, in: slot, as: "\u{391}", of: fonts).readsAsText, "Greek Alpha drawn with the same glyph: ActualText")
        XCTAssertFalse(code(a, in: slot, as: "AA", of: fonts).readsAsText)
        XCTAssertFalse(code(a, in: slot, as: "", of: fonts).readsAsText, "an empty text maps nothing")
        let b = glyph(of: "B", in: cjk)
        XCTAssertFalse(code(b, in: slot, as: "", of: fonts).readsAsText)
        XCTAssertTrue(code(b, in: slot, as: "B", of: fonts).readsAsText, "the empty text did not take the glyph")
        let c = glyph(of: "C", in: cjk)
        code(c, in: slot, as: nil, of: fonts)
        XCTAssertTrue(code(c, in: slot, as: "C", of: fonts).readsAsText, "a glyph used without text can be mapped later")
        XCTAssertEqual(code(c, in: slot, as: "C", of: fonts).value, UInt16(c), "its code is its glyph ID")

        // A glyph drawn as two texts: the second is left to ActualText, so the file's text is the first.
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("twice.pdf").path
        let codes = [a, b, c].map { code($0, in: slot, as: nil, of: fonts) }
        try writePDF(fonts, content: "BT 72 700 Td \(show(codes, in: slot, of: fonts)) ET", to: path)
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
        XCTAssertEqual(fonts.resource(slot: 1, font: 0), 0, "resources numbered as first asked for")
        XCTAssertEqual(fonts.resource(slot: 0, font: 0), 1)
    }

    func testTheWidthsWrittenAreTheWidthsAnswered() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("fonts.pdf").path
        let fonts = try writeSample(to: path)
        let json = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--json=1", "--json-key=objects", path]))
        // Every /W entry of each CIDFont, and every /Widths entry of the simple font, read back
        // from the file, against `width(of:in:)`.
        let objects = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["objects"] as? [String: Any])
        var checked = 0
        for case let dictionary as [String: Any] in objects.values where dictionary["/Subtype"] as? String == "/TrueType" {
            let first = try XCTUnwrap(dictionary["/FirstChar"] as? Int)
            let codes = try XCTUnwrap(fonts.glyphs(in: 0).simpleCodes).fonts[0]
            for (offset, value) in try XCTUnwrap(dictionary["/Widths"] as? [Any]).enumerated() {
                let written = try XCTUnwrap((value as? Double) ?? (value as? Int).map(Double.init))
                XCTAssertEqual(written, codes[first + offset].map { fonts.width(of: $0.glyph, in: 0) } ?? 0)
                checked += 1
            }
        }
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

    /// A simple TrueType font's program reaches each code's glyph through its own cmap
    /// (`CodeCmap`): the (3,0) subtable at 0xF000 plus the code, as poppler, MuPDF and pdfium
    /// read a symbolic font without `/Encoding`; glyph IDs kept, above 255 too.
    func testASimpleTrueTypeProgramMapsEachCodeToItsGlyph() throws {
        let face = hb_font_get_face(liberation.harfBuzzFont)!
        let codes: [(code: UInt8, glyph: UInt32)] = [(0x20, glyph(of: " ", in: liberation)), (0x41, glyph(of: "A", in: liberation)),
                                                     (0x80, glyph(of: "ŵ", in: liberation)), (0xFF, glyph(of: "€", in: liberation))]
        XCTAssertGreaterThan(codes[2].glyph, 255, "a glyph ID past one byte")
        let subset = try FontSubset(face: face, glyphs: codes.map(\.glyph), fontName: "Liberation Serif", codes: codes)
        let blob = subset.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { hb_blob_create($0.baseAddress!, UInt32($0.count), HB_MEMORY_MODE_DUPLICATE, nil, nil) }
        }
        let program = hb_face_create(blob, 0), font = hb_font_create(program)
        defer { hb_font_destroy(font); hb_face_destroy(program); hb_blob_destroy(blob) }
        XCTAssertEqual(hb_face_get_glyph_count(program), (codes.map(\.glyph).max() ?? 0) + 1, "glyph IDs kept, to the highest")
        for (code, glyph) in codes {
            var found: hb_codepoint_t = 0
            XCTAssertNotEqual(hb_font_get_nominal_glyph(font, 0xF000 + UInt32(code), &found), 0, "code \(code)")
            XCTAssertEqual(found, glyph, "code \(code)")
        }
        var none: hb_codepoint_t = 0
        XCTAssertTrue(hb_font_get_nominal_glyph(font, 0xF042, &none) == 0 || none == 0, "a code not given has no glyph")
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
        let x = code(glyph(of: "x", in: pagella), in: pagellaSlot, as: nil, of: fonts)
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("one.pdf").path
        try writePDF(fonts, content: "BT 72 700 Td \(show([x], in: pagellaSlot, of: fonts)) ET", to: path)
        let fontList = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdffonts", [path]))
        XCTAssertEqual(fontList.split(separator: "\n").count, 3, fontList)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [path, "-"]))
        XCTAssertTrue(text.contains("x"), "the cmap's character for a glyph drawn without text")
    }

    func testTheToUnicodeMapHasAtMostAHundredEntriesABlock() {
        var map = ToUnicodeCMap(codeBytes: 2)
        for code in 0 ..< 250 { map.add(code: UInt16(code), text: "\u{1D400}".utf16) }
        map.add(code: 0xFB01, text: "fi".utf16)
        let text = String(decoding: map.bytes, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "100 beginbfchar").count - 1, 2)
        XCTAssertTrue(text.contains("51 beginbfchar"), text)
        XCTAssertTrue(text.contains("<00F9> <D835DC00>"), "a character outside the BMP as a surrogate pair")
        XCTAssertTrue(text.contains("<FB01> <00660069>"), "a ligature's two characters")
        XCTAssertTrue(text.contains("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange"))

        var simple = ToUnicodeCMap(codeBytes: 1)
        simple.add(code: 0x80, text: "\u{AD}".utf16)
        let simpleText = String(decoding: simple.bytes, as: UTF8.self)
        XCTAssertTrue(simpleText.contains("1 begincodespacerange\n<00> <FF>\nendcodespacerange"), simpleText)
        XCTAssertTrue(simpleText.contains("<80> <00AD>"), "a simple font's code is one byte: \(simpleText)")
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
