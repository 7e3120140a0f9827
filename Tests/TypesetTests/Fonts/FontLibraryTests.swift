import Fonts
import Foundation
import XCTest

final class FontLibraryTests: XCTestCase {
    private var library: FontLibrary!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
    }

    override func tearDown() {
        library = nil
    }

    private func fileName(_ font: Font) -> String {
        URL(fileURLWithPath: font.path).lastPathComponent
    }

    func testTheBodyFamilyIsTheBundledPagella() throws {
        let body = try library.resolve(family: "TeX Gyre Pagella")
        XCTAssertFalse(body.isFallback)
        XCTAssertEqual(body.font.familyName, "TeX Gyre Pagella")
        XCTAssertEqual(fileName(body.font), "texgyrepagella-regular.otf")
        XCTAssertTrue(body.font.path.hasPrefix(TestSupport.fontsDirectory), body.font.path)
    }

    func testTutorialFacesResolveToBundledSubstitutes() throws {
        let expected: [(String, String, String)] = [
            ("Zapfino", "TeX Gyre Chorus", "texgyrechorus-mediumitalic.otf"),
            ("Arial", "Liberation Sans", "LiberationSans-Regular.ttf"),
            ("Helvetica", "Liberation Sans", "LiberationSans-Regular.ttf"),
            ("Palatino", "TeX Gyre Pagella", "texgyrepagella-regular.otf"),
            ("Times New Roman", "Liberation Serif", "LiberationSerif-Regular.ttf"),
            ("Liberation Sans", "Liberation Sans", "LiberationSans-Regular.ttf"),
        ]
        for (requested, family, file) in expected {
            let resolution = try library.resolve(family: requested)
            XCTAssertFalse(resolution.isFallback, requested)
            XCTAssertEqual(resolution.font.familyName, family, requested)
            XCTAssertEqual(fileName(resolution.font), file, requested)
            // Bundled faces win over whatever the machine has installed.
            XCTAssertTrue(resolution.font.path.hasPrefix(TestSupport.fontsDirectory), "\(requested): \(resolution.font.path)")
        }
    }

    func testAnUnknownFaceFallsBackToTheBodyFace() throws {
        let body = try library.resolve(family: TestSupport.bodyFamily)
        XCTAssertFalse(body.isFallback)
        for name in ["No Such Face", "Qwertyuiop Grotesk"] {
            let missing = try library.resolve(family: name)
            if !missing.isFallback {
                return XCTFail("""
                    "\(name)" resolves to \(missing.font.familyName) (\(missing.font.path)) with isFallback == false; \
                    fontconfig's system configuration puts its preferred sans-serif faces ahead of the generic \
                    family, and FontconfigConfiguration.match accepts every family listed before the first generic one
                    """)
            }
            XCTAssertTrue(missing.isFallback, name)
            XCTAssertTrue(missing.font === body.font, name)
        }
    }

    func testLookupIgnoresCaseAndLoadsEachFaceOnce() throws {
        let a = try library.resolve(family: "Arial")
        let b = try library.resolve(family: "ARIAL")
        let c = try library.resolve(family: "Liberation Sans")
        XCTAssertTrue(a.font === b.font)
        XCTAssertTrue(a.font === c.font)
        let pagella = try library.resolve(family: "Palatino")
        XCTAssertNotEqual(a.font.id, pagella.font.id)
    }

    func testBoldAndItalicPickTheirFaces() throws {
        XCTAssertEqual(fileName(try library.resolve(family: "TeX Gyre Pagella", weight: 700).font), "texgyrepagella-bold.otf")
        XCTAssertEqual(fileName(try library.resolve(family: "TeX Gyre Pagella", italic: true).font), "texgyrepagella-italic.otf")
        XCTAssertEqual(fileName(try library.resolve(family: "Arial", weight: 700, italic: true).font), "LiberationSans-BoldItalic.ttf")
        XCTAssertFalse(try library.resolve(family: "Arial", weight: 700, italic: true).lacksStyle)
    }

    func testAFamilyWithoutTheStyleAskedForSaysSoInsteadOfFakingIt() throws {
        // TeX Gyre Chorus has a single face, medium italic: bold is not there to be had.
        let bold = try library.resolve(family: "Zapfino", weight: 700)
        XCTAssertEqual(fileName(bold.font), "texgyrechorus-mediumitalic.otf")
        XCTAssertFalse(bold.isFallback)
        XCTAssertTrue(bold.lacksStyle)
    }

    func testMetricsArePositiveAndSane() throws {
        for family in ["TeX Gyre Pagella", "Arial", "Zapfino", "Times New Roman"] {
            let font = try library.resolve(family: family).font
            XCTAssertGreaterThan(font.unitsPerEm, 0, family)
            XCTAssertGreaterThan(font.ascender, 0, family)
            XCTAssertLessThan(font.descender, 0, family)
            XCTAssertGreaterThanOrEqual(font.lineGap, 0, family)
            let metrics = font.metrics(at: 10)
            XCTAssertGreaterThan(metrics.ascent, 5, family)
            XCTAssertLessThan(metrics.ascent, 15, family)
            XCTAssertGreaterThan(metrics.descent, 1, family)
            XCTAssertLessThan(metrics.descent, 6, family)
            XCTAssertGreaterThanOrEqual(metrics.leading, 0, family)
            // Metrics scale linearly with the size.
            let double = font.metrics(at: 20)
            XCTAssertEqual(double.ascent, 2 * metrics.ascent, accuracy: 1e-9, family)
            XCTAssertEqual(double.descent, 2 * metrics.descent, accuracy: 1e-9, family)
            XCTAssertEqual(font.scale(for: 12), 12 / Double(font.unitsPerEm), accuracy: 1e-12)
            XCTAssertFalse(font.postScriptName.isEmpty)
        }
        XCTAssertEqual(try library.resolve(family: "TeX Gyre Pagella").font.unitsPerEm, 1000)
        XCTAssertEqual(try library.resolve(family: "Arial").font.unitsPerEm, 2048)
    }

    func testGlyphCoverage() throws {
        let pagella = try library.resolve(family: "TeX Gyre Pagella").font
        XCTAssertTrue(pagella.hasGlyph(for: "A"))
        XCTAssertTrue(pagella.hasGlyph(for: "é"))
        XCTAssertTrue(pagella.hasGlyph(for: "’"))
        XCTAssertFalse(pagella.hasGlyph(for: "😀"))
        XCTAssertFalse(pagella.hasGlyph(for: "\u{4E2D}"))
    }

    func testFontTableLooksUpResolvedFamiliesAndFallsBack() throws {
        let body = try library.resolve(family: TestSupport.bodyFamily).font
        let arial = try library.resolve(family: "Arial").font
        var table = FontTable(fallback: body)
        table.add(arial, for: "Arial")
        XCTAssertTrue(table.font(for: "arial") === arial)
        XCTAssertTrue(table.font(for: "ARIAL") === arial)
        XCTAssertTrue(table.font(for: "Unknown") === body)
        XCTAssertTrue(table.fallback === body)
    }

    func testLocatesTheBundledFontsFromABuildFolderInsideTheRepository() throws {
        if let explicit = ProcessInfo.processInfo.environment["TYPESET_FONTS"], !explicit.isEmpty {
            throw XCTSkip("TYPESET_FONTS is set; it takes precedence")
        }
        let executable = TestSupport.repositoryRoot.appendingPathComponent(".build-tests/debug/typeset").path
        let found = FontLibrary.locateBundledFonts(executablePath: executable)
        XCTAssertEqual(found.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
                       URL(fileURLWithPath: TestSupport.fontsDirectory).standardizedFileURL.path)
        XCTAssertNil(FontLibrary.locateBundledFonts(executablePath: "/nonexistent/a/b/c/d/e/f/g/typeset"))
    }
}
