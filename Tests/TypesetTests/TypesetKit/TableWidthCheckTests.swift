import Diagnostics
import Layout
import Pages
import TypesetKit
import XCTest

/// A table whose widest words need more than its column is set as wide as the column, its words
/// broken in their cells, with a warning at the table found from the page (`TableWidthCheck`).
final class TableWidthCheckTests: XCTestCase {
    private func tableWarnings(_ markup: String) throws -> [Diagnostic] {
        let report = try typesetToPDF(markup) { options in
            options.page = PageTemplate(size: Size(width: 420, height: 595), margins: Margins(all: 56), columns: 3)
        }.report
        return report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("table is set") }
    }

    func testATableInAnAsidesNarrowColumnIsWarnedOfOnceAtItsFirstRow() throws {
        let found = try tableWarnings("""
            <aside columns="2" padding="6">
            <table widths="auto 1*" header-rows="1">
            <tr><th>Departure</th><th>From</th></tr>
            <tr><td>Dawn</td><td>South slip, weather allowing</td></tr>
            <tr><td>Noon</td><td>North quay</td></tr>
            <tr><td>Dusk</td><td>South slip</td></tr>
            </table>
            </aside>
            """)
        try assertOneWarningAtTheFirstRow(found, saying: "pt wide, as its column, and its widest words need",
                                          endingWith: "they are broken inside their cells; widen the column, or shorten the words")
    }

    func testATableWhoseFiguresAreWiderThanItsColumnIsWarnedOfAsRunningPastIt() throws {
        let found = try tableWarnings("""
            <aside columns="2" padding="6">
            <table header-rows="1">
            <tr><th>Line</th><th align="right">Cost (£)</th></tr>
            <tr><td>Ferries</td><td align="right">1,148,950,000</td></tr>
            </table>
            </aside>
            """)
        try assertOneWarningAtTheFirstRow(found, saying: "past its column's",
                                          endingWith: "a figure is never broken; widen the column, or shorten the figures")
    }

    /// `found` is one warning, at the table's first row (line 3 of the markup), whose message
    /// holds `words` and ends with `end`.
    private func assertOneWarningAtTheFirstRow(_ found: [Diagnostic], saying words: String, endingWith end: String,
                                               file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: line)
        let message = try XCTUnwrap(found.first?.message, file: file, line: line)
        XCTAssertTrue(message.contains(words), message, file: file, line: line)
        XCTAssertTrue(message.hasSuffix(end), message, file: file, line: line)
        XCTAssertEqual(found.first?.location?.line, 3, "at the table's first row", file: file, line: line)
    }

    func testATableItsColumnHoldsIsNotWarnedOf() throws {
        XCTAssertEqual(try tableWarnings("""
            <table widths="auto 1*">
            <tr><td>07:10</td><td>South slip</td></tr>
            </table>
            """), [])
    }
}
