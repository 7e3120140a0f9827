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
            <tr><td>07:10</td><td>South slip, weather allowing</td></tr>
            <tr><td>08:10</td><td>North quay</td></tr>
            <tr><td>09:10</td><td>South slip</td></tr>
            </table>
            </aside>
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertTrue(message.contains("pt wide, as its column, and its widest words need"), message)
        XCTAssertTrue(message.hasSuffix("they are broken inside their cells; widen the column, or shorten the words"), message)
        XCTAssertEqual(found.first?.location?.line, 3, "at the table's first row")
    }

    func testATableItsColumnHoldsIsNotWarnedOf() throws {
        XCTAssertEqual(try tableWarnings("""
            <table widths="auto 1*">
            <tr><td>07:10</td><td>South slip</td></tr>
            </table>
            """), [])
    }
}
