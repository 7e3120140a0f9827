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

    /// The parts of the document's first table, column by column: each frame's rows of it.
    private func tableParts(on pages: [Page]) -> [[PlacedTableRows]] {
        pages.flatMap(\.frames).map { $0.lines.compactMap(\.tableRows).filter { $0.style.number == 1 } }.filter { !$0.isEmpty }
    }

    /// A header and two rows of costs, alone in a section of four balanced columns.
    private func costsInFourColumns(heading: String, firstItem: String) -> String {
        """
        <section columns="4" gutter="12">
        <table header-rows="1">
        <tr><th>\(heading)</th><th align="right">Cost</th></tr>
        <tr><td>\(firstItem)</td><td align="right">148,950</td></tr>
        <tr><td>Roof</td><td align="right">212,400</td></tr>
        </table>
        </section>

        """
    }

    /// A header and two rows in a balanced section of four columns: set whole in the first
    /// column, as a column sets a paragraph of three lines. Balancing set it a row a column
    /// (its header alone in the first, not repeated over the others), its rules between rows
    /// undrawn: in trials a row tall the keep rules gave way.
    func testAShortTableInBalancedColumnsIsSetWholeInTheFirst() throws {
        let (document, pages) = try SectionTesting.layOut(costsInFourColumns(heading: "Item", firstItem: "Wiring"))
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let parts = tableParts(on: pages)
        XCTAssertEqual(parts.count, 1, "one part: \(parts.map { $0.map(\.rows) })")
        XCTAssertEqual(parts.first?.map(\.rows), [0 ..< 1, 1 ..< 2, 2 ..< 3], "the header and both rows together")
        XCTAssertEqual(pages.first?.frames.first?.lines.compactMap(\.tableRows).count, 3, "in the first column")
    }

    /// A header and two rows of two lines in four balanced columns: whole in the first too. The
    /// rows were split inside their cells, a line a column, as rows taller than a column are.
    func testAShortTableOfTallerRowsInBalancedColumnsIsNotSplitInsideItsRows() throws {
        let (_, pages) = try SectionTesting.layOut(costsInFourColumns(heading: "Department", firstItem: "Interdepartmental liaison"))
        let parts = tableParts(on: pages)
        XCTAssertEqual(parts.map { $0.map(\.rows) }, [[0 ..< 1, 1 ..< 2, 2 ..< 3]], "whole, in one column")
        XCTAssertTrue(parts.joined().allSatisfy { $0.continuation == nil }, "no row split")
    }

    /// A three-row price list between two sentences in a balanced section of three columns: a
    /// table too short to leave two body rows on each side of a break is set whole. It was split
    /// header and one row | header and two rows.
    func testAThreeRowTableInABalancedSectionIsNotSplit() throws {
        let markup = """
            <section columns="3">
            Rents are charged by the week, in three bands.
            <table header-rows="1">
            <tr><th>Pitch</th><th align="right">Weekly</th></tr>
            <tr><td>Small</td><td align="right">£35</td></tr>
            <tr><td>Medium</td><td align="right">£60</td></tr>
            <tr><td>Large</td><td align="right">£95</td></tr>
            </table>
            The first rents are collected in March.
            </section>

            """
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let parts = tableParts(on: pages)
        XCTAssertEqual(parts.map { $0.map(\.rows) }, [[0 ..< 1, 1 ..< 2, 2 ..< 3, 3 ..< 4]], "whole, in one column")
    }

    /// A longer table in balanced columns splits between rows as the rules allow: each part
    /// after the first under its header repeated, at least two body rows in each. Seven rows in
    /// three columns were set three, three and one.
    func testALongerTableInBalancedColumnsSplitsOnlyWhereTheRulesAllow() throws {
        let rows = (1 ... 7).map { "<tr><td>Stall \($0)</td><td align=\"right\">\($0 * 35)</td></tr>" }.joined(separator: "\n")
        let markup = """
            <section columns="3">
            <table header-rows="1">
            <tr><th>Stall</th><th align="right">Rent</th></tr>
            \(rows)
            </table>
            </section>

            """
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let parts = tableParts(on: pages)
        XCTAssertGreaterThan(parts.count, 1, "balanced over the columns")
        for (index, part) in parts.enumerated() {
            XCTAssertEqual(part[0].isRepeatedHeader, index > 0, "part \(index) opens with the header (repeated after the first)")
            XCTAssertGreaterThanOrEqual(part.filter { $0.rows.lowerBound >= 1 }.count, 2, "part \(index): two body rows at least")
        }
        let bodyRows = parts.flatMap { $0.filter { !$0.isRepeatedHeader }.flatMap { Array($0.rows) } }
        XCTAssertEqual(bodyRows, Array(0 ... 7), "the header and 7 rows, each once, in order")
    }

    /// A table a column's foot splits leaves at least two body rows on each side, as a paragraph
    /// keeps two lines: it left its "Total" row alone under the header repeated in the next.
    func testATableSplitAtAColumnsFootLeavesTwoBodyRowsOnEachSide() throws {
        let filler = (1 ... 49).map { "Filler line \($0)." }.joined(separator: "\n")
        let markup = """
            <p space-after="0">
            \(filler)
            </p>
            <table widths="* auto" header-rows="1">
            <tr><th>Item</th><th align="right">Cost</th></tr>
            <tr><td>Roof</td><td align="right">212,400</td></tr>
            <tr><td>Wiring</td><td align="right">148,950</td></tr>
            <tr><td>Toilets</td><td align="right">86,200</td></tr>
            <tr><td>Total</td><td align="right">447,550</td></tr>
            </table>
            Stall rents will be charged by the week.

            """
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let parts = tableParts(on: pages)
        XCTAssertEqual(parts.count, 2, "split at the first column's foot: \(parts.map { $0.map(\.rows) })")
        for part in parts { XCTAssertEqual(part.filter { !$0.isRepeatedHeader && $0.rows.lowerBound >= 1 }.count, 2, "\(part.map(\.rows))") }
    }
}
