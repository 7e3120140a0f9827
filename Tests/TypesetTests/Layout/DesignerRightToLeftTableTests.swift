import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's Arabic report (Fixtures/designer-pages-9, see its README): a table in a
/// right-to-left section, and one the designer turned back to left to right. Every page is
/// checked by the page checker (`checkedPages`).
final class DesignerRightToLeftTableTests: XCTestCase {
    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-pages-9")

    /// A table in `<section dir="rtl">` read its columns back to front, its first column at the
    /// left, and `<table dir>` was an unknown attribute; each figure stood at its cell's left, as
    /// a paragraph of digits alone runs left to right. Its first column is now the rightmost and
    /// its cells' lines start at their right; `dir="ltr"` turns a table of the section back.
    func testATableInARightToLeftSectionRunsRightToLeft() throws {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent("arabic-report-table.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: Self.folder.path) { options in
            options.page = PageTemplate(size: Size(width: 300, height: 300), margins: Margins(all: 20), columns: 1, gutter: 0)
        }
        XCTAssertFalse(document.diagnostics.contains { $0.message.contains("unknown attribute") }, "\(document.diagnostics)")
        let groups = pages.flatMap(\.frames).flatMap(\.lines).compactMap(\.tableRows)
        for (number, rightToLeft) in [(1, true), (2, false)] {
            let cells = groups.filter { $0.style.number == number }.flatMap(\.cells)
            XCTAssertFalse(cells.isEmpty, "table \(number)")
            for row in Set(cells.map(\.cell.cell.row)) {
                let lefts = cells.filter { $0.cell.cell.row == row }.sorted { $0.cell.cell.column < $1.cell.cell.column }.map(\.rect.minX)
                XCTAssertEqual(lefts, rightToLeft ? lefts.sorted(by: >) : lefts.sorted(), "table \(number), row \(row): \(lefts)")
            }
            for cell in cells {
                for line in cell.frame.lines where !line.runs.isEmpty {
                    let shown = document.text.substring(line.stringRange)
                    if rightToLeft {
                        XCTAssertEqual(line.origin.x + line.width, cell.textRect.maxX, accuracy: 0.5, "'\(shown)' starts at its cell's right")
                    } else {
                        XCTAssertEqual(line.origin.x, cell.textRect.minX, accuracy: 0.5, "'\(shown)' starts at its cell's left")
                    }
                }
            }
        }
    }
}
