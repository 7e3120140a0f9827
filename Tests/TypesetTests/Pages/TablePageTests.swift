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
}
