import Foundation
import Layout
import Pages
import XCTest

/// Fixtures/tables: a 60-row results table over three columns and two pages, its header
/// repeated, and a table in a figure floated across the page's top, checked by the page
/// checker as every page the tests make is.
final class TablePageTests: XCTestCase {
    func testTheResultsTableRunsOverThreeColumnsAndTwoPagesWithItsHeaderInEach() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/tables")
        let markup = try String(contentsOf: folder.appendingPathComponent("results.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        // The results table is the document's first: its parts, column by column.
        let parts = pages.enumerated().flatMap { number, page in
            page.frames.compactMap { frame -> (page: Int, rows: [PlacedTableRows])? in
                let rows = frame.lines.compactMap(\.tableRows).filter { $0.style.number == 1 }
                return rows.isEmpty ? nil : (number, rows)
            }
        }
        XCTAssertGreaterThanOrEqual(parts.count, 3, "over three columns at least")
        XCTAssertEqual(Set(parts.map(\.page)).count, 2, "over two pages")
        for part in parts.dropFirst() {
            XCTAssertTrue(part.rows[0].isRepeatedHeader, "each part after the first opens with the header")
        }
        let bodyRows = parts.flatMap { $0.rows.filter { !$0.isRepeatedHeader }.flatMap { Array($0.rows) } }
        XCTAssertEqual(bodyRows, Array(0 ... 60), "the header and 60 rows, each once, in order")
        // The second table floats in its figure across the top of a page, its caption under it.
        let floated = try XCTUnwrap(pages.flatMap(\.pictures).compactMap(\.content.box).first)
        let rows = floated.frames.flatMap(\.lines).compactMap(\.tableRows)
        XCTAssertEqual(rows.first?.style.number, 2)
        let caption = try XCTUnwrap(floated.frames.flatMap(\.lines).last)
        XCTAssertGreaterThan(caption.origin.y, rows.last?.rect.maxY ?? .infinity, "the caption is under the table")
    }

    /// A figure floated beside the text where a table starts: the rows start below it (they
    /// were set under it), and the page checker finds nothing over anything.
    func testATableGoesBelowAFloatThatIntrudesIntoItsWidth() throws {
        let rows = (1 ... 12).map { "<tr><td>Round \($0)</td><td align=\"decimal\">\($0).5</td></tr>" }.joined(separator: "\n")
        let markup = """
            <section columns="2">
            The season opened in the rain, and the first round was played on a pitch that was mostly mud.
            <figure float="right" width="120"><img src="coffee.jpg" width="120" height="80" alt="A cup"><caption>The tea.</caption></figure>
            <table header-rows="1" rules="all">
            <tr><th>Round</th><th align="decimal">Points</th></tr>
            \(rows)
            </table>
            The committee met afterwards.
            </section>

            """
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let page = try XCTUnwrap(pages.first)
        let float = try XCTUnwrap(page.frames.flatMap(\.floats).first)
        let tableRows = page.frames.flatMap(\.lines).compactMap(\.tableRows)
        XCTAssertFalse(tableRows.isEmpty)
        for rows in tableRows { XCTAssertFalse(rows.rect.intersects(float.rect), "rows \(rows.rows) at \(rows.rect), the float at \(float.rect)") }
    }

    /// A table in an aside set in two columns of its own, with list items in a cell: the table
    /// is as wide as the aside's column, each item a paragraph of its cell with its marker, and
    /// the page checker finds every cell's text inside its cell.
    func testATableInAnAsideWithColumnsAndListItemsInACell() throws {
        let rows = (1 ... 8).map { "<tr><td>Keeper \($0)</td><td><li>a torch<li>a tin of biscuits, unopened</td></tr>" }.joined(separator: "\n")
        let markup = """
            <section columns="1">
            Before the siege, every keeper packs the same things, and the list is pinned to the door of the lighthouse.
            <aside columns="2" background="#eeeeee" padding="6">
            <p style="subheadline">Kit list</p>
            <table header-rows="1">
            <tr><th>Who</th><th>Carries</th></tr>
            \(rows)
            </table>
            Checked every evening at dusk.
            </aside>
            The list has not changed since the first winter.
            </section>

            """
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        // In its column, or at the next one's top when balancing left it no room below the text.
        let box = try XCTUnwrap(pages.flatMap(\.frames).flatMap { $0.lines.compactMap(\.box) + $0.floats.compactMap(\.content.box) }.first)
        XCTAssertEqual(box.frames.count, 2, "the aside's two columns")
        let parts = box.frames.map { $0.lines.compactMap(\.tableRows) }
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty }, "the table goes on in the aside's second column")
        XCTAssertEqual(parts.last?.first?.isRepeatedHeader, true, "under its header repeated")
        for (frame, rows) in zip(box.frames, parts) {
            for group in rows { XCTAssertEqual(group.rect.width, frame.container.rect.width, accuracy: 0.001, "as wide as the aside's column") }
        }
        let listCell = try XCTUnwrap(parts.flatMap { $0 }.flatMap(\.cells).first { $0.cell.cell.row == 1 && $0.cell.cell.column == 1 })
        let items = listCell.frame.lines.filter { document.text.substring($0.stringRange).contains("•") }
        XCTAssertEqual(items.count, 2, "each item its own paragraph with its marker")
    }
}
