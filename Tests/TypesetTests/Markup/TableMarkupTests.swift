import Diagnostics
import Layout
import Markup
import Text
import XCTest

/// `<table>`, `<tr>`, `<td>`, `<th>`: every attribute of issue 36's example read, cells placed on
/// the grid round the spans above them, and each mistake a located diagnostic with the
/// document still coming out.
final class TableMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup, baseDirectory: TestSupport.zombiesDirectory.path)
    }

    private func table(_ markup: String) throws -> (TableRange, MarkupDocument) {
        let document = parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(markup): \(document.diagnostics)")
        return (try XCTUnwrap(TextTables(text: document.text).all.first), document)
    }

    private func onlyDiagnostic(_ markup: String, _ severity: Diagnostic.Severity, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        TestSupport.onlyDiagnostic(markup, severity, baseDirectory: TestSupport.zombiesDirectory.path, file: file, line: line)
    }

    static let issueExample = """
        Before.
        <table widths="2* 1* 1* 48" header-rows="1" rules="rows" stripes="#f2efe8" border="0.5 gray" padding="3">
        <tr><th>Period</th><th align="right">Freezes</th><th align="decimal">Days of ice</th><th>Winters</th></tr>
        <tr><td>1871–1920</td><td align="right">9 Dec</td><td align="decimal">108.5</td><td>0</td></tr>
        <tr><td colspan="2">A cell across two columns, whose text wraps onto as many lines as it needs</td><td rowspan="2" align="decimal">61</td><td>9</td></tr>
        <tr><td>2021–2024</td><td>—</td><td>3</td></tr>
        </table>
        After.

        """

    func testTheIssuesExampleReadsEveryAttributeAndPlacesCellsRoundTheSpans() throws {
        let (table, document) = try table(Self.issueExample)
        XCTAssertEqual(table.style.widths, [.proportion(2), .proportion(1), .proportion(1), .points(48)])
        XCTAssertEqual(table.style.headerRows, 1)
        XCTAssertEqual(table.style.rules, .rows)
        XCTAssertEqual(table.style.stripes, ColorParser.parse("#f2efe8"))
        XCTAssertEqual(table.style.border?.width, 0.5)
        XCTAssertEqual(table.style.padding, 3)
        XCTAssertEqual(table.rowCount, 4)
        XCTAssertEqual(table.columnCount, 4)
        XCTAssertEqual(table.cells.count, 14)
        // Row 4's cells go round the rowspan from row 3 in column 3.
        let lastRow = table.cells.filter { $0.cell.row == 3 }.map(\.cell.column)
        XCTAssertEqual(lastRow, [0, 1, 3])
        XCTAssertEqual(table.rowGroups, [0 ..< 1, 1 ..< 2, 2 ..< 4], "the rowspan binds rows 3 and 4")
        let spanning = try XCTUnwrap(table.cells.first { $0.cell.columnSpan == 2 })
        XCTAssertEqual(document.text.substring(spanning.range),
                       "A cell across two columns, whose text wraps onto as many lines as it needs\n")
        XCTAssertTrue(table.cells[2].cell.alignsOnDecimal)
        XCTAssertEqual(document.text.paragraphStyle(at: table.cells[1].range.lowerBound).alignment, .right)
        // Header rows bold, body not; cell text in the `table` style (sans, 0.9 of the body).
        XCTAssertEqual(document.text.attributes(at: table.cells[0].range.lowerBound).attributes.fontWeight, 700)
        XCTAssertEqual(document.text.attributes(at: table.cells[4].range.lowerBound).attributes.fontWeight, 400)
        XCTAssertEqual(document.text.attributes(at: table.cells[4].range.lowerBound).attributes.fontSize, 11 * 0.9, accuracy: 1e-9)
        XCTAssertEqual(document.text.substring(0 ..< table.range.lowerBound), "Before.\n", "the tag lines print nothing")
        XCTAssertEqual(document.text.substring(table.range.upperBound ..< document.text.length), "After.\n")
        XCTAssertNil(document.text.paragraphStyle(at: table.range.upperBound).tableCell)
    }

    func testCellAttributesAndAnEmptyCell() throws {
        let (table, document) = try table("""
            <table><tr><td valign="middle" background="#eeeeee">a</td><td></td><td valign="bottom" align="center">c<br>d</td></tr></table>

            """)
        XCTAssertEqual(table.cells.map(\.cell.verticalAlignment), [.middle, .top, .bottom])
        XCTAssertEqual(table.cells[0].cell.background, ColorParser.parse("#eeeeee"))
        XCTAssertEqual(document.text.substring(table.cells[1].range), "\n", "an empty cell is an empty paragraph")
        XCTAssertEqual(document.text.substring(table.cells[2].range), "c\u{2028}d\n")
        XCTAssertEqual(table.style.widths, [], "no widths: every column auto")
        XCTAssertEqual(table.columnCount, 3)
    }

    func testWidthsReadAutoStarAndLengths() throws {
        let (table, _) = try table("<table widths=\"auto * 2.5* 20mm\"><tr><td>a</td><td>b</td><td>c</td><td>d</td></tr></table>\n")
        XCTAssertEqual(table.style.widths.count, 4)
        XCTAssertEqual(table.style.widths[0], .auto)
        XCTAssertEqual(table.style.widths[1], .proportion(1))
        XCTAssertEqual(table.style.widths[2], .proportion(2.5))
        guard case .points(let points) = table.style.widths[3] else { return XCTFail("a length") }
        XCTAssertEqual(points, 20 / 25.4 * 72, accuracy: 1e-9)
    }

    func testARowWithTooFewCellsIsWarnedAtItsTag() throws {
        let diagnostic = try XCTUnwrap(onlyDiagnostic("<table>\n<tr><td>a</td><td>b</td></tr>\n<tr><td>c</td></tr>\n</table>\n", .warning))
        XCTAssertEqual(diagnostic.location?.line, 3)
        XCTAssertEqual(diagnostic.location?.column, 1)
        XCTAssertTrue(diagnostic.message.contains("fill 1 of the table's 2 columns"), diagnostic.message)
    }

    func testARowWithTooManyCellsKeepsTheirText() throws {
        let markup = "<table widths=\"* *\">\n<tr><td>a</td><td>b</td><td>extra</td></tr>\n</table>\n"
        let diagnostic = try XCTUnwrap(onlyDiagnostic(markup, .warning))
        XCTAssertEqual(diagnostic.location?.line, 2)
        XCTAssertEqual(diagnostic.location?.column, 25)
        let document = parse(markup)
        let table = try XCTUnwrap(TextTables(text: document.text).all.first)
        XCTAssertEqual(table.cells.count, 2)
        XCTAssertEqual(document.text.substring(table.cells[1].range), "b\nextra\n", "the text joins the row's last cell")
    }

    func testSpansPastTheTableAreWarnedAtTheirValues() throws {
        let colspan = try XCTUnwrap(onlyDiagnostic("<table widths=\"* *\"><tr><td colspan=\"3\">a</td></tr></table>\n", .warning))
        XCTAssertEqual(colspan.location?.column, 38)
        XCTAssertTrue(colspan.message.contains("colspan 3"), colspan.message)
        let markup = "<table><tr><td rowspan=\"4\">a</td><td>b</td></tr>\n<tr><td>c</td></tr></table>\n"
        let rowspan = try XCTUnwrap(onlyDiagnostic(markup, .warning))
        XCTAssertEqual(rowspan.location?.line, 1)
        XCTAssertEqual(rowspan.location?.column, 25)
        let table = try XCTUnwrap(TextTables(text: parse(markup).text).all.first)
        XCTAssertEqual(table.cells[0].cell.rowSpan, 2, "the span ends with the table")
    }

    /// A `colspan` over a column a `rowspan` above brings down: the two cells once shared it and
    /// printed over each other; the cell now ends before it, with a warning at the value.
    func testAColspanOverACellARowspanCoversEndsBeforeIt() throws {
        let markup = "<table widths=\"* * *\">\n<tr><td>a</td><td rowspan=\"2\">b</td><td>c</td></tr>\n"
            + "<tr><td colspan=\"3\">d</td><td>e</td></tr>\n</table>\n"
        let warnings = parse(markup).diagnostics.filter { $0.severity == .warning }
        let overlap = try XCTUnwrap(warnings.first { $0.message.contains("rowspan above") }, "\(warnings)")
        XCTAssertEqual(overlap.location?.line, 3)
        XCTAssertEqual(overlap.location?.column, 18, "at the colspan's value")
        XCTAssertTrue(overlap.message.contains("colspan 3 reaches over column 2"), overlap.message)
        let table = try XCTUnwrap(TextTables(text: parse(markup).text).all.first)
        let d = try XCTUnwrap(table.cells.first { $0.cell.row == 1 && $0.cell.column == 0 })
        XCTAssertEqual(d.cell.columnSpan, 1, "the cell ends before the covered column")
        let e = try XCTUnwrap(table.cells.first { $0.cell.row == 1 && $0.cell.column == 2 }, "the next cell goes past the covered column")
        XCTAssertEqual(parse(markup).text.substring(e.range), "e\n")
    }

    func testUnknownAttributesAndValuesAreLocated() throws {
        let unknown = try XCTUnwrap(onlyDiagnostic("<table colour=\"red\"><tr><td>a</td></tr></table>\n", .warning))
        XCTAssertEqual(unknown.location?.column, 8)
        let cell = try XCTUnwrap(onlyDiagnostic("<table><tr><td spam=\"1\">a</td></tr></table>\n", .warning))
        XCTAssertEqual(cell.location?.column, 16)
        let align = try XCTUnwrap(onlyDiagnostic("<table><tr><td align=\"middle\">a</td></tr></table>\n", .error))
        XCTAssertEqual(align.location?.column, 23)
        let widths = try XCTUnwrap(onlyDiagnostic("<table widths=\"2* x*\"><tr><td>a</td></tr></table>\n", .error))
        XCTAssertEqual(widths.location?.column, 19, "at the bad width in the list")
    }

    func testATableWithNoRowsAndTextBetweenCellsAreWarned() throws {
        let empty = try XCTUnwrap(onlyDiagnostic("Text.\n<table>\n</table>\n", .warning))
        XCTAssertEqual(empty.location?.line, 2)
        XCTAssertTrue(empty.message.contains("no rows"), empty.message)
        let stray = try XCTUnwrap(onlyDiagnostic("<table><tr>stray<td>a</td></tr></table>\n", .warning))
        XCTAssertEqual(stray.location?.column, 12)
    }

    func testABoxCannotBeInsideATableButATableCanBeInsideAFigure() throws {
        let inside = try XCTUnwrap(onlyDiagnostic("<table><tr><td><figure>a</figure></td></tr></table>\n", .error))
        XCTAssertEqual(inside.location?.column, 16)
        let (table, document) = try table("<figure float=\"top\"><table><tr><td>a</td></tr></table><caption>A table.</caption></figure>\n")
        XCTAssertNotNil(document.text.paragraphStyle(at: table.range.lowerBound).box)
        XCTAssertEqual(TextBoxes(text: document.text).all.first?.range.upperBound, document.text.length)
    }

    /// A tester's table in a cell gave one error and eleven follow-on warnings: its `</table>`
    /// ended the outer table, whose later rows and cells were then each outside one. Now the
    /// inner table is the one error, the outer table goes on, and a real mistake after it is
    /// still found.
    func testATableInACellIsOneErrorAndTheOuterTableGoesOn() throws {
        let markup = """
            <table>
            <tr><td>A</td><td><table><tr><td>inner</td><td>cells</td></tr></table></td></tr>
            <tr><td>B</td><td>C</td></tr>
            </table>
            After <font color="reddish">bad</font>.

            """
        let document = parse(markup)
        XCTAssertEqual(document.diagnostics.map(\.severity), [.error, .error], "\(document.diagnostics)")
        let inner = document.diagnostics[0]
        XCTAssertEqual(inner.location.map { [$0.line, $0.column] }, [2, 19])
        XCTAssertTrue(inner.message.hasPrefix("a <table> cannot be inside another table (the <table> of line 1 is still open): tables do not nest; "
                                              + "join cells with colspan and rowspan"), inner.message)
        XCTAssertEqual(document.diagnostics[1].location.map { [$0.line, $0.column] }, [5, 20])
        XCTAssertTrue(document.diagnostics[1].message.hasPrefix("unknown color \"reddish\""), document.diagnostics[1].message)
        // The outer table keeps its two rows, the inner cells' words in the cell they were written in.
        let tables = TextTables(text: document.text).all
        XCTAssertEqual(tables.count, 1)
        let units = Array(document.text.string.utf16)
        let tableText = String(decoding: units[try XCTUnwrap(tables.first).range], as: UTF16.self)
        XCTAssertEqual(tableText.split(separator: "\n"), ["A", "innercells", "B", "C"])
    }
}
