import CCairo
import Fonts
import Foundation
import Shaping
import Text
import XCTest

/// Fallback faces for characters the chosen face lacks, found with the machine's real
/// fontconfig and fonts (`make deps` installs Noto CJK, Noto core and Noto Color Emoji).
final class FontFallbackTests: XCTestCase {
    private var library: FontLibrary!
    private var pagella: Font!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
        pagella = try library.resolve(family: TestSupport.bodyFamily).font
    }

    override func tearDown() {
        library = nil
        pagella = nil
    }

    private func fallback(_ scalar: Unicode.Scalar, primary: Font? = nil, weight: Int = 400, italic: Bool = false,
                          language: String = "en") -> Font? {
        library.fallbackFont(for: scalar, primary: primary ?? pagella, weight: weight, italic: italic, language: language)
    }

    // MARK: Design and language hints

    func testTheDesignOfABodyFaceIsMeasuredWhenPanoseDoesNotSayIt() throws {
        // Pagella's PANOSE serif style is 0 ("any"): the measured capital I decides.
        XCTAssertEqual(pagella.design, .serif)
        XCTAssertEqual(try library.resolve(family: "TeX Gyre Pagella", weight: 700).font.design, .serif)
        XCTAssertEqual(try library.resolve(family: "TeX Gyre Pagella", italic: true).font.design, .serif)
        XCTAssertEqual(try library.resolve(family: "TeX Gyre Pagella", weight: 700, italic: true).font.design, .serif)
        XCTAssertEqual(try library.resolve(family: "Liberation Serif").font.design, .serif)
        XCTAssertEqual(try library.resolve(family: "Liberation Sans").font.design, .sansSerif)
        XCTAssertEqual(try library.resolve(family: "Liberation Sans", weight: 700, italic: true).font.design, .sansSerif)
    }

    func testFacesKnowTheirWeightSlantAndASCIICoverage() throws {
        let boldItalic = try library.resolve(family: "TeX Gyre Pagella", weight: 700, italic: true).font
        XCTAssertEqual(boldItalic.weight, 700)
        XCTAssertTrue(boldItalic.isItalic)
        XCTAssertEqual(pagella.weight, 400)
        XCTAssertFalse(pagella.isItalic)
        XCTAssertTrue(pagella.coversPrintableASCII)
    }

    func testTheLanguageHintFollowsTheTextWhenItIsWrittenInTheCharactersScript() {
        let han: Unicode.Scalar = "\u{4E2D}"
        XCTAssertEqual(FallbackLanguage.hint(for: han, language: "en"), "zh-cn")
        XCTAssertEqual(FallbackLanguage.hint(for: han, language: "ja-JP"), "ja")
        XCTAssertEqual(FallbackLanguage.hint(for: han, language: "ko"), "ko")
        XCTAssertEqual(FallbackLanguage.hint(for: han, language: "zh-Hant"), "zh-tw")
        XCTAssertEqual(FallbackLanguage.hint(for: han, language: "zh_HK"), "zh-hk")
        XCTAssertEqual(FallbackLanguage.hint(for: han, language: "zh"), "zh-cn")
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{3042}", language: "zh"), "ja")       // hiragana
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{D55C}", language: "en"), "ko")       // hangul
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{0628}", language: "ur"), "ur")       // Arabic in Urdu
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{0628}", language: "de"), "ar")
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{05D0}", language: "en"), "he")
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{0915}", language: "mr"), "mr")       // Devanagari in Marathi
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{0915}", language: "en"), "hi")
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{0E01}", language: "en"), "th")
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{0416}", language: "ru"), "")         // Cyrillic: none
        XCTAssertEqual(FallbackLanguage.hint(for: "\u{1F600}", language: "ja"), "")
    }

    // MARK: Finding faces

    func testHanBesideTheSerifBodyFaceIsTheSerifCJKFace() throws {
        let font = try XCTUnwrap(fallback("\u{4E2D}"))
        XCTAssertTrue(font.hasGlyph(for: "\u{4E2D}"))
        XCTAssertEqual(font.familyName, "Noto Serif CJK SC")
        XCTAssertEqual(font.design, .serif)
        XCTAssertLessThan(font.weight, 600)
    }

    func testTheTextsLanguagePicksTheCJKFaceOfItsLocaleFromTheCollection() throws {
        // Noto CJK holds JP, KR, SC, TC and HK as faces of one .ttc: each must load its own.
        let expected = [("ja", "Noto Serif CJK JP"), ("ko", "Noto Serif CJK KR"), ("zh-Hans", "Noto Serif CJK SC"),
                        ("zh-TW", "Noto Serif CJK TC"), ("zh-HK", "Noto Serif CJK HK")]
        var indices: Set<Int> = []
        for (language, family) in expected {
            let font = try XCTUnwrap(fallback("\u{4E2D}", language: language), language)
            XCTAssertEqual(font.familyName, family, language)
            XCTAssertTrue(font.hasGlyph(for: "\u{4E2D}"), language)
            indices.insert(font.faceIndex)
        }
        XCTAssertEqual(indices.count, expected.count, "one face index per locale")
    }

    func testBoldTextFallsBackToABoldFace() throws {
        let bold = try XCTUnwrap(fallback("\u{4E2D}", primary: try library.resolve(family: TestSupport.bodyFamily, weight: 700).font,
                                          weight: 700))
        XCTAssertGreaterThanOrEqual(bold.weight, 700)
        XCTAssertEqual(bold.familyName, "Noto Serif CJK SC")
        XCTAssertFalse(bold === fallback("\u{4E2D}"))
    }

    func testHanBesideASansFaceIsTheSansCJKFace() throws {
        let sans = try library.resolve(family: "Liberation Sans").font
        let font = try XCTUnwrap(fallback("\u{4E2D}", primary: sans))
        XCTAssertEqual(font.familyName, "Noto Sans CJK SC")
        XCTAssertEqual(font.design, .sansSerif)
    }

    func testArabicHebrewAndDevanagariFindFacesThatHaveThem() throws {
        for scalar: Unicode.Scalar in ["\u{0628}", "\u{05D0}", "\u{0915}", "\u{0E01}", "\u{D55C}", "\u{3042}"] {
            let font = try XCTUnwrap(fallback(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true))")
            XCTAssertTrue(font.hasGlyph(for: scalar), "\(scalar) in \(font.displayName)")
            XCTAssertFalse(font === pagella)
        }
    }

    func testScriptsBesideASerifFaceFindSerifFaces() throws {
        // The bundled configuration knows no generic families: Liberation Serif, not
        // Liberation Sans, is the bundled face for Hebrew and Cyrillic beside Pagella.
        for scalar: Unicode.Scalar in ["\u{05D0}", "\u{0416}"] {
            let font = try XCTUnwrap(fallback(scalar))
            XCTAssertEqual(font.familyName, "Liberation Serif", "\(scalar)")
            XCTAssertTrue(font.path.hasPrefix(TestSupport.fontsDirectory), font.path)
        }
        let sans = try library.resolve(family: "Liberation Sans").font
        for scalar: Unicode.Scalar in ["\u{0915}", "\u{0E01}"] {
            XCTAssertEqual(try XCTUnwrap(fallback(scalar)).design, .serif, "\(scalar)")
            XCTAssertEqual(try XCTUnwrap(fallback(scalar, primary: sans)).design, .sansSerif, "\(scalar)")
        }
    }

    func testTheColourEmojiFaceHasMetricsThoughItHasNoOutlines() throws {
        // FreeType gives a bitmap-only face 0 units per em; the head and hhea tables have them.
        let emoji = try XCTUnwrap(fallback("\u{1F600}"))
        XCTAssertEqual(emoji.unitsPerEm, 2048)
        let metrics = emoji.metrics(at: 10)
        XCTAssertEqual(metrics.ascent + metrics.descent, 11.7, accuracy: 1)
        XCTAssertGreaterThan(metrics.descent, 1)
    }

    func testEmojiFallBackToTheColourEmojiFace() throws {
        for primary in [pagella!, try library.resolve(family: "Liberation Sans").font] {
            let font = try XCTUnwrap(fallback("\u{1F600}", primary: primary))
            XCTAssertEqual(font.familyName, "Noto Color Emoji")
            XCTAssertTrue(font.hasGlyph(for: "\u{1F600}"))
        }
    }

    func testPrivateUseAndUnassignedCharactersHaveNoFallback() {
        // Some installed faces (TeX Gyre's) put glyphs at U+E000, but a private-use character
        // means whatever the chosen face says, so no other face stands in for it.
        XCTAssertNil(fallback("\u{E000}"))
        XCTAssertNil(fallback("\u{10FFFD}"))
        XCTAssertNil(fallback("\u{0378}"))   // unassigned
    }

    func testACharacterTheFaceHasIsItsOwn() {
        XCTAssertTrue(fallback("A") === pagella)
    }

    func testRepeatedQueriesReturnTheSameFace() throws {
        let first = try XCTUnwrap(fallback("\u{4E2D}"))
        XCTAssertTrue(fallback("\u{4E2D}") === first)
        XCTAssertTrue(fallback("\u{6587}") === first)    // another Han character, same face
        let emoji = try XCTUnwrap(fallback("\u{1F600}"))
        XCTAssertTrue(fallback("\u{1F389}") === emoji)
    }

    // MARK: The preflight

    private func attributes(_ family: String = TestSupport.bodyFamily, language: String = "en") -> TextAttributes {
        var attributes = TextAttributes(fontFamily: family, fontSize: 11)
        attributes.language = language
        return attributes
    }

    private func table() throws -> FontTable {
        var table = FontTable(fallback: pagella)
        table.add(pagella, for: TestSupport.bodyFamily)
        table.add(try library.resolve(family: "Liberation Sans").font, for: "Liberation Sans")
        return table
    }

    func testThePreflightRecordsFallbacksAndReportsWhatNothingCovers() throws {
        var text = AttributedText()
        text.append("Tea 中文 \u{E000} and ب", attributes: attributes())
        text.append(" 日本語 \u{10FFFD}\u{E000} 😀\n", attributes: attributes(language: "ja"))
        var table = try table()
        let uncovered = FontCoverage.resolveFallbacks(in: text, table: &table, library: library)

        let units = Array(text.string.utf16)
        let firstE000 = try XCTUnwrap(units.firstIndex(of: 0xE000))
        let first10FFFD = try XCTUnwrap(units.firstIndex(of: 0xDBFF))
        XCTAssertEqual(uncovered, [UncoveredCharacter(scalar: "\u{E000}", firstOffset: firstE000, count: 2),
                                   UncoveredCharacter(scalar: "\u{10FFFD}", firstOffset: first10FFFD, count: 1)])

        XCTAssertEqual(table.fallbackFont(for: "\u{4E2D}", primary: pagella, language: "en")?.familyName, "Noto Serif CJK SC")
        XCTAssertEqual(table.fallbackFont(for: "\u{65E5}", primary: pagella, language: "ja")?.familyName, "Noto Serif CJK JP")
        XCTAssertTrue(table.fallbackFont(for: "\u{0628}", primary: pagella, language: "en")?.hasGlyph(for: "\u{0628}") ?? false)
        XCTAssertEqual(table.fallbackFont(for: "\u{1F600}", primary: pagella, language: "ja")?.familyName, "Noto Color Emoji")
        // The table holds exactly the faces the library found.
        XCTAssertTrue(table.fallbackFont(for: "\u{4E2D}", primary: pagella, language: "en") === fallback("\u{4E2D}"))
        // Keyed by the language hint: German text shares English text's fallbacks.
        XCTAssertTrue(table.fallbackFont(for: "\u{4E2D}", primary: pagella, language: "de") === fallback("\u{4E2D}"))
        XCTAssertNil(table.fallbackFont(for: "T", primary: pagella, language: "en"))
    }

    func testThePreflightIsRepeatable() throws {
        var text = AttributedText()
        text.append("\u{E00F} x \u{E001}\u{E00F}\u{E002} 中 \u{E001}", attributes: attributes())
        text.append("\u{E003}\u{E001}", attributes: attributes("Liberation Sans"))
        var table = try table()
        let first = FontCoverage.resolveFallbacks(in: text, table: &table, library: library)
        XCTAssertEqual(first.map(\.scalar), ["\u{E00F}", "\u{E001}", "\u{E002}", "\u{E003}"])
        XCTAssertEqual(first.map(\.count), [2, 3, 1, 1])
        XCTAssertEqual(first.map(\.firstOffset), [0, 4, 6, 11])
        XCTAssertEqual(FontCoverage.resolveFallbacks(in: text, table: &table, library: library), first)
        var fresh = try self.table()
        XCTAssertEqual(FontCoverage.resolveFallbacks(in: text, table: &fresh, library: try TestSupport.makeFontLibrary()), first)
    }

    func testThePreflightSkipsWhatNeedsNoGlyphAndPictures() throws {
        for scalar: Unicode.Scalar in ["\t", "\n", "\r", "\u{2028}", "\u{2029}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{FE0E}",
                                       "\u{200F}", "\u{202E}", "\u{2066}", "\u{00AD}", "\u{FFFC}", "\u{E0100}"] {
            XCTAssertFalse(FontCoverage.needsGlyph(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        XCTAssertTrue(FontCoverage.needsGlyph("a"))
        XCTAssertTrue(FontCoverage.needsGlyph("\u{00A0}"))

        var text = AttributedText()
        text.append("a\tb\u{00AD}c\u{200D}d\u{2028}e\u{FE0F}\n", attributes: attributes())
        text.appendAttachment(ImageAttachment(path: "/nonexistent.png"), delegate: RunDelegate(ascent: 10, width: 10),
                              attributes: attributes())
        var table = try table()
        XCTAssertEqual(FontCoverage.resolveFallbacks(in: text, table: &table, library: library), [])
    }

    /// ASCII and line feeds are passed over eight units at a time: a character nothing has is
    /// still found at every place of a block, and one after it too.
    func testThePreflightFindsACharacterAtEveryPlaceAmongASCII() throws {
        var table = try table()
        for place in 0 ..< 40 {
            var units = Array(String(repeating: "plain text\n", count: 5).utf16)
            units.insert(0xE000, at: place)
            units.insert(0xE001, at: units.count - place % 9)
            var text = AttributedText()
            text.append(utf16: units, attributes: attributes())
            let uncovered = FontCoverage.resolveFallbacks(in: text, table: &table, library: library)
            XCTAssertEqual(uncovered, [UncoveredCharacter(scalar: "\u{E000}", firstOffset: place, count: 1),
                                       UncoveredCharacter(scalar: "\u{E001}", firstOffset: units.count - 1 - place % 9, count: 1)],
                           "at \(place)")
        }
    }

    func testAClusterStaysInOneFace() throws {
        var text = AttributedText()
        text.append("क्षत्रिय 中 é", attributes: attributes())
        var table = try table()
        _ = FontCoverage.resolveFallbacks(in: text, table: &table, library: library)
        let devanagari = table.font(forCluster: "क्ष".unicodeScalars, primary: pagella, language: "en")
        XCTAssertFalse(devanagari === pagella)
        XCTAssertTrue("क्ष".unicodeScalars.allSatisfy(devanagari.hasGlyph))
        XCTAssertTrue(table.font(forCluster: "e\u{301}".unicodeScalars, primary: pagella, language: "en") === pagella)
        XCTAssertTrue(table.font(forCluster: "\u{1F600}\u{FE0F}".unicodeScalars, primary: pagella, language: "en") === pagella,
                      "never looked up: the table has no fallback for it")
    }

    /// A 4 MB book, mostly ASCII with some curly quotes and dashes, and a few CJK words: the
    /// preflight must not be what a long book waits for.
    /// The preflight's time follows the book's length: a doubling test on the thread's CPU
    /// time (a limit on the clock failed on a loaded machine: 2.26 s against 2 s, 0.45 s alone).
    func testThePreflightTakesTimeInProportionToTheBook() throws {
        let paragraph = "“It is a truth universally acknowledged,” she said — and smiled; 中文 was not on the menu. "
        var table = try table()
        _ = FontCoverage.resolveFallbacks(in: AttributedText("中", attributes: attributes()), table: &table, library: library)
        let times = [250_000, 1_000_000].map { length in
            var text = AttributedText()
            text.append(String(repeating: paragraph, count: length / paragraph.utf16.count + 1), attributes: attributes())
            var uncovered = -1
            let time = ThreadCPUTime.least(of: 3) {
                uncovered = FontCoverage.resolveFallbacks(in: text, table: &table, library: library).count
            }
            XCTAssertEqual(uncovered, 0, "every character has a face")
            return time
        }
        let perDoubling = (times[1] / times[0]).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "times \(times)")
    }

    // MARK: Drawing

    /// Fallback faces must not only be found but drawn: Cairo 1.16 draws each of them, the
    /// colour emoji (a CBDT bitmap font, one strike of 109 pixels) too, at any size, in PNG and
    /// in PDF. The files are kept in the temporary folder to be looked at.
    func testCairoDrawsEveryFallbackFaceInPNGAndPDF() throws {
        let samples: [(text: String, language: String, size: Double)] = [
            ("中文字体", "zh", 28), ("日本語の本", "ja", 28), ("한국어", "ko", 28), ("العربية", "ar", 28),
            ("עברית", "he", 28), ("हिन्दी", "hi", 28), ("ภาษาไทย", "th", 28),
            ("😀🎉", "en", 12), ("😀🎉", "en", 28), ("😀🎉", "en", 64),
        ]
        let shaper = Shaper()
        var rows: [(glyphs: [cairo_glyph_t], font: Font, size: Double, baseline: Double)] = []
        var baseline = 10.0
        for sample in samples {
            let scalar = try XCTUnwrap(sample.text.unicodeScalars.first)
            let font = try XCTUnwrap(fallback(scalar, language: sample.language), sample.text)
            let shaped = shaper.shape(Array(sample.text.utf16), font: font, language: sample.language)
            XCTAssertFalse(shaped.glyphIDs.contains(0), "\(sample.text) in \(font.displayName) has missing glyphs")
            baseline += sample.size * 1.2 + 12
            var x = 20.0
            var glyphs: [cairo_glyph_t] = []
            let scale = font.scale(for: sample.size)
            for index in 0 ..< shaped.count {
                glyphs.append(cairo_glyph_t(index: UInt(shaped.glyphIDs[index]), x: x + Double(shaped.xOffsets[index]) * scale,
                                            y: baseline - Double(shaped.yOffsets[index]) * scale))
                x += Double(shaped.advances[index]) * scale
            }
            rows.append((glyphs, font, sample.size, baseline))
        }
        let width = 360.0, height = baseline + 30

        func draw(_ context: OpaquePointer) {
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_set_source_rgb(context, 0, 0, 0)
            for row in rows {
                let face = cairo_ft_font_face_create_for_ft_face(row.font.freeTypeFace.assumingMemoryBound(to: FT_FaceRec_.self), 0)!
                cairo_set_font_face(context, face)
                cairo_set_font_size(context, row.size)
                cairo_show_glyphs(context, row.glyphs, Int32(row.glyphs.count))
                cairo_font_face_destroy(face)
            }
        }

        let folder = FileManager.default.temporaryDirectory
        let pngPath = folder.appendingPathComponent("typeset-font-fallback.png").path
        let pdfPath = folder.appendingPathComponent("typeset-font-fallback.pdf").path
        let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width * 2), Int32(height * 2))!
        let imageContext = cairo_create(image)!
        cairo_scale(imageContext, 2, 2)
        draw(imageContext)
        XCTAssertEqual(cairo_status(imageContext), CAIRO_STATUS_SUCCESS)
        cairo_destroy(imageContext)
        XCTAssertEqual(cairo_surface_write_to_png(image, pngPath), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(image)
        let pdf = cairo_pdf_surface_create(pdfPath, width, height)!
        let pdfContext = cairo_create(pdf)!
        draw(pdfContext)
        XCTAssertEqual(cairo_status(pdfContext), CAIRO_STATUS_SUCCESS)
        cairo_destroy(pdfContext)
        cairo_surface_finish(pdf)
        cairo_surface_destroy(pdf)
        PDFCheck.assertClean(pdfAt: pdfPath)
        print("drawn: \(pngPath) \(pdfPath)")

        // Every row has ink; the emoji rows are in colour, and as wide as their size says.
        let pixels = try Pixels(pngAt: pngPath)
        for row in rows {
            let top = Int(2 * (row.baseline - row.size)), bottom = Int(2 * (row.baseline + row.size * 0.3))
            var ink = 0, colour = 0, left = Int.max, right = 0
            for y in max(0, top) ..< min(pixels.height, bottom) {
                for x in 0 ..< pixels.width {
                    let (r, g, b) = pixels.rgb(x: x, y: y)
                    guard max(r, g, b) - min(r, g, b) > 0.3 || max(r, g, b) < 0.5 else { continue }
                    ink += 1
                    if max(r, g, b) - min(r, g, b) > 0.3 { colour += 1 }
                    left = min(left, x)
                    right = max(right, x)
                }
            }
            XCTAssertGreaterThan(ink, Int(row.size), row.font.displayName)
            if row.font.familyName == "Noto Color Emoji" {
                XCTAssertGreaterThan(colour, ink / 2, "emoji at \(row.size) pt drawn without colour")
                // Two emoji, each about 1.2 em wide (in pixels at 2 per point).
                let drawnWidth = Double(right - left) / 2
                XCTAssertEqual(drawnWidth / row.size, 2.2, accuracy: 0.4, "emoji at \(row.size) pt drawn \(drawnWidth) pt wide")
            } else {
                XCTAssertEqual(colour, 0, row.font.displayName)
            }
        }

        // The PDF embeds the outline faces; Cairo 1.16 puts colour glyphs in as pictures, at
        // one pixel a point, so the emoji are checked by rasterising the page.
        if let fonts = TestSupport.runTool("/usr/bin/pdffonts", [pdfPath]) {
            for family in ["NotoSerifCJKsc", "NotoSerifCJKjp", "NotoSerifCJKkr"] {
                XCTAssertTrue(fonts.contains(family), "\(family) not in the PDF:\n\(fonts)")
            }
        }
        let raster = folder.appendingPathComponent("typeset-font-fallback-pdf").path
        if TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "144", "-png", "-singlefile", pdfPath, raster]) != nil {
            let rasterised = try Pixels(pngAt: raster + ".png")
            let colour = rasterised.count { r, g, b in max(r, g, b) - min(r, g, b) > 0.3 }
            XCTAssertGreaterThan(colour, 1000, "the PDF's emoji are not in colour")
        }
    }
}
