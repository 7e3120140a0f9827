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

    /// A table whose columns need more than its column a glyph and its padding each is set past
    /// it, overfull: one warning, at its `<table>` tag, names both widths.
    func testAnOverfullTableIsWarnedOfAtItsTagWithTheWidths() throws {
        let report = try typesetToPDF("Dates\n  <table>\n<tr>" + String(repeating: "<td>c</td>", count: 60) + "</tr>\n</table>\n") { options in
            // A 240 pt column, and room beside it for the table run past it.
            options.page = PageTemplate(size: Size(width: 600, height: 595), margins: Margins(top: 90, right: 270, bottom: 90, left: 90),
                                        columns: 1)
        }.report
        let found = report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("table is") }
        XCTAssertEqual(found.count, 1, "\(found)")
        let warning = try XCTUnwrap(found.first)
        XCTAssertEqual(warning.location?.line, 2, "at the <table> tag")
        XCTAssertEqual(warning.location?.column, 3, "at the <table> tag")
        XCTAssertTrue(warning.message.hasPrefix("table is overfull: its columns need "), warning.message)
        XCTAssertTrue(warning.message.contains("pt at the least (each its widest glyph and padding) and it has 240 pt; it is set "),
                      warning.message)
        XCTAssertTrue(warning.message.contains("pt past its column"), warning.message)
    }

    func testATableItsColumnHoldsIsNotWarnedOf() throws {
        XCTAssertEqual(try tableWarnings("""
            <table widths="auto 1*">
            <tr><td>07:10</td><td>South slip</td></tr>
            </table>
            """), [])
    }
}
