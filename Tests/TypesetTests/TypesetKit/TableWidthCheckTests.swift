import Diagnostics
import Layout
import Pages
import TypesetKit
import XCTest

/// A table whose widest words need more than its column is set as wide as the column, its words
/// hyphenated in their cells, or cut where they cannot be, with a warning naming the words cut,
/// found from the page (`TableWidthCheck`).
final class TableWidthCheckTests: XCTestCase {
    private func tableWarnings(_ markup: String) throws -> [Diagnostic] {
        let report = try typesetToPDF(markup) { options in
            options.page = PageTemplate(size: Size(width: 420, height: 595), margins: Margins(all: 56), columns: 3)
        }.report
        return report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("table is set") }
    }

    /// The one warning of a table narrower than its words, which says what to do.
    private func theTableWarning(_ markup: String) throws -> Diagnostic {
        let found = try tableWarnings(markup)
        XCTAssertEqual(found.count, 1, "\(found)")
        let warning = try XCTUnwrap(found.first)
        XCTAssertTrue(warning.message.hasSuffix("with no hyphen; widen the column, or shorten the words"), warning.message)
        return warning
    }

    func testATableInAnAsidesNarrowColumnIsWarnedOfOnceAtItsFirstWordCut() throws {
        let warning = try theTableWarning("""
            <aside columns="2" padding="6">
            <table widths="auto 1*" header-rows="1">
            <tr><th>Departure</th><th>From</th></tr>
            <tr><td>07:10</td><td>South slip, weather allowing</td></tr>
            <tr><td>08:10</td><td>North quay</td></tr>
            <tr><td>09:10</td><td>South slip</td></tr>
            </table>
            </aside>
            """)
        XCTAssertTrue(warning.message.contains("pt wide, as its column, and its widest words need"), warning.message)
        XCTAssertTrue(warning.message.contains("\"Departure\""), warning.message)
        XCTAssertEqual(warning.location?.line, 3, "at the first word cut, in the header row")
    }

    /// Only the words cut at a letter, with no hyphen, are named: "strengths" has no syllable to
    /// break at; "Photographer" and "Observatory" break at theirs, with a hyphen, as any column
    /// breaks a long word (the warning named none, and said every word was broken).
    func testTheWarningNamesOnlyTheWordsCutWithoutAHyphen() throws {
        let message = try theTableWarning("""
            <table>
            <tr><td>Departure strengths</td><td>Photographer of the Observatory</td></tr>
            </table>
            """).message
        XCTAssertTrue(message.contains("\"strengths\""), message)
        XCTAssertFalse(message.contains("Photographer"), message)
        XCTAssertFalse(message.contains("Observatory"), message)
    }

    /// A table narrower than its words whose words all break at a syllable with a hyphen ("Ob-" /
    /// "servatory", "Clock-" / "makers": Fixtures/designer-pages-7/titles-in-cells.txt) is
    /// hyphenated as a column of text is, which is no fault: no warning.
    func testATableWhoseWordsAreOnlyHyphenatedIsNotWarnedOf() throws {
        let report = try typesetToPDF("""
            <section columns="3">
            <table widths="18 * 40 60" header-rows="1">
            <tr><th>No.</th><th>Title</th><th>Date</th><th>Lender</th></tr>
            <tr><td>2</td><td>The Observatory Photographer</td><td>1890</td><td>Worshipful Company of Clockmakers</td></tr>
            </table>
            </section>
            """).report
        XCTAssertEqual(report.diagnostics.filter { $0.message.hasPrefix("table is") }, [])
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
