import Foundation
import Golden
import Pages
import TypesetKit
import XCTest

/// Renders each fixture and compares every page with the approved images in
/// `Fixtures/NAME/golden/`. Set TYPESET_UPDATE_GOLDENS=1 to approve the pages as they render
/// now (goldens that differ are rewritten, missing ones written, stale ones removed; look at
/// them before committing).
final class GoldenPageTests: XCTestCase {
    private var repository: URL { TestSupport.repositoryRoot }

    func testZombieMagazineMatchesGoldenPages() throws {
        // Every picture is shown at 150 ppi or more (issue 34: `make demo` passes --strict).
        // The cat's figure does not fit at the foot of page 3 and waits for page 4's top while
        // the text fills the column; the warning tells the author where it went.
        let pageCount = try assertPagesMatchGoldens(of: "zombies", layoutWarnings: ["<figure> moved to page 4"])
        XCTAssertGreaterThanOrEqual(pageCount, 3, "the fixture must fill at least three pages")
    }

    /// Every valid example of docs/markup.md, as one document.
    func testMarkupShowcaseMatchesGoldenPages() throws {
        try assertPagesMatchGoldens(of: "showcase")
    }

    /// The string-rendering seed's three examples: justified text with an ornament, a number table, hanging lists.
    func testStringRenderingSeedExamplesMatchGoldenPages() throws {
        try assertPagesMatchGoldens(of: "string-rendering")
    }

    /// Chinese prose with no font named, a paragraph mixing seven scripts and emoji, Hebrew and
    /// Arabic paragraphs: fallback faces, CJK justification, right-to-left lines.
    func testInternationalTextMatchesGoldenPages() throws {
        try assertPagesMatchGoldens(of: "international")
    }

    /// A magazine whose title, three-part header and "{page} of {pages}" footer come from its
    /// `<meta>`, on facing pages (`typeset --facing`: page geometry is the command line's, not
    /// the markup's): no header on the title page, header and footer mirrored on the even page.
    func testRunningHeadsOnFacingPagesMatchGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "running-heads") { options in
            options.page.margins = Margins.facing(margin: options.page.margins.top)
            options.page.facing = true
        }
        XCTAssertGreaterThanOrEqual(pageCount, 3, "a title page, a left-hand and a right-hand page")
    }

    /// Master pages from a house style sheet (`master-pages/house.tss`), on facing pages: an
    /// opener with a tint band and no heads, then a feature page with the title by the spine, the
    /// folio and a logo at the outer corners and a rule under the head, mirrored on page 2; and
    /// a letters page whose master sets three columns and narrower margins.
    func testMasterPagesOnFacingPagesMatchGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "master-pages") { options in
            options.page.margins = Margins.facing(margin: options.page.margins.top)
            options.page.facing = true
        }
        XCTAssertEqual(pageCount, 3, "an opener, a left-hand feature page and the letters page")
    }

    /// An issue of three included articles (`issue/articles/*/`), each by its own writer with
    /// its own picture, in the house sheet's style: a contents page with page references, a
    /// blank page 2 putting the first opener on a right-hand page, each feature page headed
    /// with its article's title.
    func testAnIssueOfIncludedArticlesMatchesGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "issue") { options in
            options.page.margins = Margins.facing(margin: options.page.margins.top)
            options.page.facing = true
        }
        XCTAssertGreaterThanOrEqual(pageCount, 6, "contents, a blank page, and three articles")
    }

    /// A feature article in sections: a one-column headline section across the top of page 1,
    /// the article in three columns beneath it (with a column break) running over to page 2,
    /// where its columns are balanced and a one-column box follows below them.
    func testFeatureArticleInSectionsMatchesGoldenPages() throws {
        // The pull quote is kept whole: it goes on to the next column, and the warning says so.
        let pageCount = try assertPagesMatchGoldens(of: "feature-article",
                                                    layoutWarnings: ["column 2 of page 1 ends 3 lines early: a kept block"])
        XCTAssertEqual(pageCount, 2, "the article ends on its second page")
    }

    /// A two-column article round an empty circle (`<exclusion>`) in the middle of page 1,
    /// over the gutter: both columns' lines stop short of it and go on beyond it.
    func testTextRoundAnExclusionMatchesGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "exclusions")
        XCTAssertEqual(pageCount, 2, "the article runs over to a second page")
    }

    /// An introduction set inside a circle and a pull quote inside an ellipse, each a band of
    /// its own height between two-column sections.
    func testTextInACircleMatchesGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "text-in-a-circle")
        XCTAssertEqual(pageCount, 1)
    }

    /// Issue 37's vector pictures: an SVG logo in its line and floated with contour wrap, an SVG
    /// chart across two columns at the top, a PDF advertisement across two at the foot.
    func testVectorPicturesMatchGoldenPages() throws {
        try assertPagesMatchGoldens(of: "vector-pictures")
    }

    /// Issue 37's acceptance, written from docs/markup.md: a full-page advertisement in the
    /// house's CMYK swatches and a spot gold (an SVG logo; a tint band and a rule in the spot on
    /// its master) and a three-column feature with an SVG chart, the PDF advertisement across two
    /// columns and a photo cut to a tall slot on its focal point (`PrintFeatureTests` reads its PDF).
    func testPrintFeatureMatchesGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "print-feature")
        XCTAssertEqual(pageCount, 2, "the advertisement and the feature")
    }

    /// Three columns with a picture across two of them at the top and one across all at the foot.
    func testSpanningPicturesMatchGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "spanning-pictures", coarsePictures: ["2: 122 ppi", "6: 89 ppi"])
        XCTAssertEqual(pageCount, 2)
    }

    /// Issue 6's whole page: a one-column headline section over a three-column article, a
    /// picture floated right, a round one floated left with contour wrap, one spanning all
    /// columns at the top of a later page, running heads, and the last page's columns balanced.
    func testMagazineFeatureMatchesGoldenPages() throws {
        try assertPagesMatchGoldens(of: "magazine-feature", coarsePictures: ["26: 89 ppi"],
                                    layoutWarnings: ["picture \"rocket.jpg\" moved to page 3"])
    }

    /// Issue 14's spread, written from docs/markup.md alone: a balanced two-line headline over a
    /// ruled three-column feature with a drop cap, a figure floated right, a boxed sidebar, a
    /// pull quote over a gutter, a kept-together schedule and a figure across the top of page 2.
    func testMagazineSpreadMatchesGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "magazine-spread", coarsePictures: ["34: 89 ppi"])
        XCTAssertEqual(pageCount, 2, "a spread")
    }

    /// Issue 36's feature with nine footnotes in three columns, 11 on 13 on a 13 pt grid, with a
    /// figure and a pull quote: each note at the foot of its marker's column, under a short rule.
    func testFeatureWithFootnotesMatchesGoldenPages() throws {
        let pageCount = try assertPagesMatchGoldens(of: "footnotes") { $0.page.baselineGrid = 13 }
        XCTAssertEqual(pageCount, 1)
    }

    /// Checks `Fixtures/NAME/NAME.txt` (with the default options, as `configure` changes them)
    /// against `Fixtures/NAME/golden/NAME-NNN.png` with `GoldenCheck`, as `typeset compare` does;
    /// a failing page's diff and actual images go to a temporary folder whose paths it prints.
    /// The fixture gives no diagnostics but a warning for each of `coarsePictures`, the
    /// pictures printed below 150 ppi, as "LINE: N ppi".
    @discardableResult
    private func assertPagesMatchGoldens(of name: String, coarsePictures: [String] = [], layoutWarnings: [String] = [],
                                         file: StaticString = #filePath, line: UInt = #line,
                                         configure: (inout TypesetOptions) -> Void = { _ in }) throws -> Int {
        let fixture = repository.appendingPathComponent("Fixtures/\(name)/\(name).txt").path
        var options = TypesetOptions()
        configure(&options)
        options.fontsDirectory = repository.appendingPathComponent("fonts").path
        let check = GoldenCheck(name: name, goldenDirectory: repository.appendingPathComponent("Fixtures/\(name)/golden").path,
                                diffDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("typeset-golden-diffs").path)

        if ProcessInfo.processInfo.environment["TYPESET_UPDATE_GOLDENS"] == "1" {
            let report = try check.update(inputPath: fixture, options: options)
            report.changes.forEach { print("\(name): \($0)") }
            return report.pageCount
        }
        let report = try check.check(inputPath: fixture, options: options)
        let expected = coarsePictures.map { "warning at \($0.split(separator: ":")[0]): shown at\($0.split(separator: ":")[1])" }
        // Warnings about the layout the fixture is meant to show (a pull quote kept whole, a
        // picture moved on), each named by a part of its message, must each be there once.
        let warnings = report.diagnostics.filter { $0.severity != .note }
        for part in layoutWarnings {
            XCTAssertEqual(warnings.filter { $0.message.contains(part) }.count, 1, "one warning \"\(part)\"", file: file, line: line)
        }
        let others = warnings.filter { warning in !layoutWarnings.contains { warning.message.contains($0) } }
        XCTAssertEqual(others.map(\.pictureResolutionSummary), expected,
                       "the fixture is clean but for pictures printed coarsely", file: file, line: line)
        for failure in report.failures {
            XCTFail("\(name) \(failure); run the tests with TYPESET_UPDATE_GOLDENS=1 to approve the change", file: file, line: line)
        }
        return report.pageCount
    }

    func testComparisonCatchesASingleChangedPixelAndWritesADiff() throws {
        let white = RasterImage(width: 4, height: 3, rgba: [UInt8](repeating: 255, count: 4 * 3 * 4))
        var changed = white
        changed.rgba[5 * 4] = 0
        let strict = GoldenTolerance(maxChannelDelta: 0, maxDiffPixels: 0, maxDiffRatio: 1)
        let diffPath = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-single-pixel-diff.png").path
        try? FileManager.default.removeItem(atPath: diffPath)
        let result = try GoldenComparison.compare(actual: changed, golden: white, tolerance: strict, diffPath: diffPath)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.differingPixels, 1)
        let diff = try RasterImage.readPNG(diffPath)
        XCTAssertEqual(Array(diff.rgba[20 ..< 23]), [255, 0, 0], "the changed pixel is marked red")
        XCTAssertTrue(try GoldenComparison.compare(actual: white, golden: white, tolerance: strict).passed)
        let otherSize = RasterImage(width: 3, height: 3, rgba: [UInt8](repeating: 255, count: 36))
        XCTAssertFalse(try GoldenComparison.compare(actual: otherSize, golden: white).passed)
    }
}

private extension Diagnostic {
    /// "warning at 44: shown at 130 ppi" for a picture printed coarsely, so that a golden test
    /// can say which of its pictures are; any other diagnostic in full.
    var pictureResolutionSummary: String {
        guard severity == .warning, message.hasPrefix("picture of"), let shown = message.range(of: "shown at "),
              let ppi = message.range(of: " ppi", range: shown.upperBound ..< message.endIndex) else { return description }
        return "warning at \(location?.line ?? 0): shown at \(message[shown.upperBound ..< ppi.upperBound])"
    }
}
