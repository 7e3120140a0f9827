import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-notes-rows, see its README): a kept block holding
/// a note, a reference to a figure moved to the next page, leader rows that wrap or meet a
/// narrow column. Every page is checked by the page checker (`checkedPages`).
final class DesignerNotesAndRowsTests: XCTestCase {
    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-pages-notes-rows")

    private func layOut(_ name: String) throws -> (document: PreparedDocument, pages: [Page]) {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        return try SectionTesting.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path)
    }

    private func offset(of words: String, in document: PreparedDocument) throws -> Int {
        let found = (document.text.string as NSString).range(of: words)
        XCTAssertNotEqual(found.location, NSNotFound, words)
        return found.location
    }

    /// The lines of the page columns' frames.
    private func lines(of page: Page) -> [Line] {
        page.frames.flatMap(\.lines)
    }

    /// The block is measured with its note under its text, not a billion points down, and so is
    /// kept: its three lines and its note move to page 2 together.
    func testAKeptBlockHoldingANoteMovesWholeWithItsNote() throws {
        let (document, pages) = try layOut("keep-with-note")
        XCTAssertFalse(document.diagnostics.contains { $0.message.contains("taller than a column") }, "\(document.diagnostics)")
        XCTAssertEqual(pages.count, 2)
        for words in ["First line of the kept", "Second line of the kept", "Third line of the kept"] {
            let start = try offset(of: words, in: document)
            XCTAssertTrue(lines(of: pages[1]).contains { $0.stringRange.contains(start) }, "\(words) on page 2")
        }
        XCTAssertNotNil(pages[1].frames.first?.footnotes, "the note with its marker")
        XCTAssertNil(pages[0].frames.first?.footnotes)
    }

    /// The figure has no room on page 1 and is drawn on page 2: the reference names page 2.
    func testAReferenceToAFigureMovedOnNamesThePageItIsDrawnOn() throws {
        let (document, pages) = try layOut("reference-to-moved-figure")
        XCTAssertEqual(pages.count, 2)
        XCTAssertTrue(pages[0].boxes.isEmpty)
        XCTAssertEqual(pages[1].boxes.count, 1)
        XCTAssertTrue(document.text.string.contains("The chart is on page 2."), document.text.string)
        XCTAssertEqual(document.referencePages["chart"], 2)
    }

    /// The line holding an entry row's last cell: its leader, and its last glyph at the
    /// column's end.
    private func assertTheLastCellEndsTheColumnAfterALeader(_ cell: String, in document: PreparedDocument, pages: [Page],
                                                            file: StaticString = #filePath, line: UInt = #line) throws {
        let start = try offset(of: cell, in: document)
        let frame = try XCTUnwrap(pages.flatMap(\.frames).first { $0.visibleRange.contains(start) }, file: file, line: line)
        let row = try XCTUnwrap(frame.lines.first { $0.stringRange.contains(start) }, file: file, line: line)
        XCTAssertTrue(row.stringRange.contains(start + cell.utf16.count - 1), "\(cell) whole on one line", file: file, line: line)
        XCTAssertFalse(row.leaders.isEmpty, "\(cell) after its leader", file: file, line: line)
        let end = row.origin.x + row.width
        XCTAssertEqual(end, frame.container.rect.maxX, accuracy: 0.5, "\(cell) ends at the column's end", file: file, line: line)
    }

    /// "Drinks on the / terrace" wraps; "Terrace" goes to the column's end after its leader,
    /// not to the 36 pt stop the short wrapped line ends before.
    func testAWrappedLeaderRowsLastCellEndsAtTheColumnsEnd() throws {
        let (document, pages) = try layOut("leader-row-wrapping")
        for cell in ["Terrace", "Hall A"] {
            try assertTheLastCellEndsTheColumnAfterALeader(cell, in: document, pages: pages)
        }
    }

    /// The price stays whole at the column's end: no hyphen inside "249.00", no "0" outside the
    /// column, at either stop.
    func testANarrowLeaderRowsPriceStaysWholeAtTheColumnsEnd() throws {
        let (document, pages) = try layOut("leader-row-narrow")
        let text = document.text.string as NSString
        var searched = NSRange(location: 0, length: text.length)
        var prices = 0
        while case let found = text.range(of: "€ 249.00", range: searched), found.location != NSNotFound {
            let frame = try XCTUnwrap(pages.flatMap(\.frames).first { $0.visibleRange.contains(found.location) })
            let row = try XCTUnwrap(frame.lines.first { $0.stringRange.contains(found.location) })
            XCTAssertTrue(row.stringRange.contains(NSMaxRange(found) - 1), "the price whole on one line")
            XCTAssertFalse(row.leaders.isEmpty)
            XCTAssertEqual(row.origin.x + row.width, frame.container.rect.maxX, accuracy: 0.5)
            prices += 1
            searched = NSRange(location: NSMaxRange(found), length: text.length - NSMaxRange(found))
        }
        XCTAssertEqual(prices, 2)
    }

    /// How far the justified lines of `pages` that do not end their paragraph open their
    /// spaces (`WordSpaces.looseness`), with their words.
    private func looseness(of pages: [Page], in document: PreparedDocument) -> [(words: String, looseness: Double)] {
        let units = Array(document.text.string.utf16)
        return pages.flatMap(\.frames).flatMap { frame in
            frame.lines.compactMap { line in
                guard !line.endsParagraph,
                      let looseness = WordSpaces.looseness(of: line, width: frame.container.rect.maxX - line.origin.x, units: units)
                else { return nil }
                return (String(decoding: units[line.stringRange], as: UTF16.self), looseness)
            }
        }
    }

    /// A German paragraph balanced over three columns keeps a hyphen at a column's end rather
    /// than open its word spaces to 30 pt (TeX's \brokenpenalty gives way): no line is looser
    /// than the loosest of the paragraph set in one column of the same width ("Die
    /// Gemeindeverwaltung", its spaces seven times their width, 20 pt), and no more lines are
    /// spaced out past twice their spaces' width. Before, the columns ended "unverständlicher-"
    /// and "Straßenbeleuchtung um" with gaps of 33 and 30 pt to end on whole words.
    func testBalancedColumnsKeepAHyphenRatherThanSpaceALineOut() throws {
        let (document, pages) = try layOut("loose-balanced-columns")
        let frames = pages.flatMap(\.frames).filter { !$0.lines.isEmpty }
        XCTAssertEqual(frames.count, 3, "the paragraph shared by the three columns")
        let column = try XCTUnwrap(frames.first).container.rect
        let paragraph = try String(contentsOf: Self.folder.appendingPathComponent("loose-balanced-columns.txt"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("<section") && !$0.hasPrefix("</section") }.joined(separator: "\n") + "\n"
        let (alone, alonePages) = try SectionTesting.layOut(paragraph) { options in
            options.page = PageTemplate(size: Size(width: column.width + 2 * column.minX, height: 842), margins: Margins(all: column.minX),
                                        columns: 1, gutter: 0)
        }
        let own = looseness(of: alonePages, in: alone), balanced = looseness(of: pages, in: document)
        let ownLoosest = try XCTUnwrap(own.map(\.looseness).max())
        for line in balanced {
            XCTAssertLessThanOrEqual(line.looseness, ownLoosest + 0.01, line.words)
        }
        XCTAssertLessThanOrEqual(balanced.filter { $0.looseness > 2 }.count, own.filter { $0.looseness > 2 }.count, "\(balanced)")
    }
}
