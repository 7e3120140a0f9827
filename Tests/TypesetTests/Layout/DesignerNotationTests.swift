import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-9, see its README): a poster's formulas set in
/// running text, ⟨E⟩ with a subscript and a unit written `V/cm`, and a budget table whose
/// figures group their digits with thin spaces. Every page is checked by the page checker
/// (`checkedPages`).
final class DesignerNotationTests: XCTestCase {
    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-pages-9")

    /// The fixture `name` on a page `width` × `height` with `margin` all round, one column.
    private func layOut(_ name: String, width: Double, height: Double, margin: Double)
        throws -> (document: PreparedDocument, pages: [Page]) {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        return try SectionTesting.layOut(markup, baseDirectory: Self.folder.path) { options in
            options.page = PageTemplate(size: Size(width: width, height: height), margins: Margins(all: margin), columns: 1, gutter: 0)
        }
    }

    /// The text of each line of the paragraph holding `offset`, trimmed of white space.
    private func lines(ofParagraphAt offset: Int, in document: PreparedDocument, pages: [Page]) -> [String] {
        let paragraph = document.text.paragraphRange(containing: offset)
        return pages.flatMap(\.frames).flatMap(\.lines).filter { paragraph.contains($0.stringRange.lowerBound) }.map {
            document.text.substring($0.stringRange).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// `⟨E⟩<sub>T</sub>` at widths where a line ended `⟨E⟩` and the next started with its
    /// subscript: U+27E9 is a closing bracket of line-break class CL, after which Unicode's
    /// rules allow a break before a letter (only `)` and `]`, class CP, keep the letter). No
    /// line ends after a closing bracket that a letter or figure follows unspaced.
    func testASubscriptStaysWithTheBracketBeforeIt() throws {
        for width in [124.0, 224] {
            let (document, pages) = try layOut("subscripts-and-units", width: width, height: 400, margin: 10)
            let storage = document.text.storage
            for line in pages.flatMap(\.frames).flatMap(\.lines) where line.stringRange.upperBound < document.text.length {
                let end = line.stringRange.upperBound
                XCTAssertFalse(storage[end - 1] == 0x27E9 && storage[end] != 0x20,
                               "at \(width) pt a line ends '\(document.text.substring(line.stringRange))'")
            }
        }
    }

    /// "8.319 V/cm" in a ragged paragraph 140 pt wide: the line ended "V/" and the next started
    /// "cm", though a break at the space before "V" was there. A break after a slash inside a
    /// word of ragged text is taken only where no line can end short instead, so "V/cm" goes
    /// whole to the next line; a word wider than its line still breaks at its slash.
    func testAUnitWithASlashGoesWholeToTheNextRaggedLine() throws {
        let (document, pages) = try layOut("subscripts-and-units", width: 160, height: 400, margin: 10)
        let start = (document.text.string as NSString).range(of: "At room").location
        let shown = lines(ofParagraphAt: start, in: document, pages: pages)
        XCTAssertFalse(shown.contains { $0.hasSuffix("/") }, "\(shown)")
        XCTAssertTrue(shown.contains { $0.hasPrefix("V/cm") }, "\(shown)")

        let compound = try SectionTesting.layOut("<p align=\"left\">in kilogram/metre/second units</p>") { options in
            options.page = PageTemplate(size: Size(width: 100, height: 200), margins: Margins(all: 10), columns: 1, gutter: 0)
        }
        let pieces = lines(ofParagraphAt: 0, in: compound.document, pages: compound.pages)
        XCTAssertTrue(pieces.contains { $0.hasSuffix("kilogram/") || $0.hasSuffix("metre/") }, "\(pieces)")
        XCTAssertEqual(pieces.joined(separator: " ").replacingOccurrences(of: "/ ", with: "/"), "in kilogram/metre/second units")
    }

    /// The budget table on a 200 pt page: "−49 700.0", its digits grouped by a thin space
    /// (U+2009, which Unicode lets a line break after), was set "−49" / "700.0", and the cells
    /// of its decimal column then stood flush left. A thin space between digits is no break:
    /// each figure is one word on one line, and their decimal points stand on one line.
    func testAFigureGroupedByThinSpacesStaysWholeAndOnItsDecimalLine() throws {
        let (document, pages) = try layOut("digit-groups-in-a-table", width: 200, height: 200, margin: 20)
        let cells = pages.flatMap(\.frames).flatMap(\.lines).compactMap(\.tableRows).flatMap(\.cells)
        let shifts = cells.filter { $0.cell.cell.column == 1 && $0.cell.cell.row > 0 }
        XCTAssertEqual(shifts.count, 3)
        var points: [Double] = []
        for cell in shifts {
            let content = document.text.substring(cell.cell.range)
            XCTAssertEqual(cell.frame.lines.count, 1, "'\(content)' on one line")
            let point = try XCTUnwrap(content.utf16.firstIndex(of: 0x2E).map { content.utf16.distance(from: content.utf16.startIndex, to: $0) })
            points.append(try XCTUnwrap(cell.frame.caretRect(at: cell.cell.range.lowerBound + point)).minX)
        }
        for point in points { XCTAssertEqual(point, points[0], accuracy: 0.01, "the decimal points: \(points)") }
    }
}
