import Diagnostics
import TypesetKit
import XCTest

/// Lines a little farther apart than the baseline grid's step take two grid lines each: a
/// warning at the first such paragraph of each pitch, with the line height that fits the grid.
final class GridPitchCheckTests: XCTestCase {
    private func warnings(_ markup: String, grid: Double = 13) throws -> [Diagnostic] {
        let (document, _) = try SectionTesting.layOut(markup) { $0.page.baselineGrid = grid }
        return document.diagnostics.filter { $0.severity == .warning && $0.message.contains("baseline grid") }
    }

    func testBodyTextOnAutomaticLeadingJustOverTheGridIsWarnedAboutOnceAPitch() throws {
        let found = try warnings("""
        Eleven on its automatic leading, 13.2 points.
        <li>A list item at the same size and pitch.
        <p line-height="13pt">Set on the grid: no warning.</p>
        <font size="10">Ten on twelve fits a thirteen grid.</font>
        """)
        XCTAssertEqual(found.map(\.message), ["lines 13.2 pt apart do not fit the 13 pt baseline grid, so each takes two grid lines "
                                              + "(26 pt) (2 paragraphs); line-height=\"13pt\" sets them on every grid line"])
        XCTAssertEqual(found.first?.location, SourceLocation(file: "doc.txt", line: 1, column: 1), "at the first such paragraph")
    }

    func testTheLinesReallyTakeTwoGridLines() throws {
        let (_, pages) = try SectionTesting.layOut("""
        Eleven on its automatic leading, in a paragraph long enough to take several lines of the column, so that the distance between its baselines can be seen on the grid.
        """) { $0.page.baselineGrid = 13 }
        let baselines = pages[0].frames.flatMap(\.lines).map(\.origin.y)
        XCTAssertGreaterThan(baselines.count, 1)
        XCTAssertEqual(baselines[1] - baselines[0], 26, accuracy: 0.01, "the warning says what the layout does")
    }

    func testHeadingsLeadingChosenLooseAndNoGridGiveNoWarning() throws {
        XCTAssertEqual(try warnings("""
        <p style="headline">A headline takes whole grid lines by design</p>
        <p line-height="1.6">Loose leading chosen: 21 points take two grid lines as asked.</p>
        """), [])
        let (document, _) = try SectionTesting.layOut("Eleven on its automatic leading, and no grid.")
        XCTAssertFalse(document.diagnostics.contains { $0.message.contains("baseline grid") })
    }
}
