import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's balanced sections (Fixtures/designer-pages-5, see its README): `<keep>` blocks
/// and a figure or an aside kept in the column, each balanced as one unit, and a headline that
/// goes on with its text rather than stand alone at a column's foot. Every page is checked by
/// the page checker (`checkedPages`).
final class DesignerBalancedColumnsTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-5")

    /// Three `<keep>` blocks in three balanced columns, of the fixture's 5, 7 and 3 lines and of
    /// the designer's other counts: each block whole in a column of its own, the columns ending
    /// at different heights. Balanced, Thursday was split four and two.
    func testKeptBlocksAreWholeInBalancedColumns() throws {
        let written = try folder.markup("keeps-in-balanced-columns")
        var documents = [written]
        for (wednesday, thursday) in [(5, 7), (6, 8)] {
            var changed = written
            for line in 5 ... wednesday { changed = changed.replacingOccurrences(of: "Wed \(line - 1)\n", with: "Wed \(line - 1)\nWed \(line)\n") }
            for line in 7 ... thursday { changed = changed.replacingOccurrences(of: "Thu \(line - 1)\n", with: "Thu \(line - 1)\nThu \(line)\n") }
            changed = changed.replacingOccurrences(of: "Fri 2\n", with: "Fri 2\nFri 3\n")
            documents.append(changed)
        }
        for markup in documents {
            let (document, pages) = try folder.layOut(markup)
            XCTAssertEqual(pages.count, 1)
            let frames = pages[0].frames
            XCTAssertEqual(frames.count, 3, "three columns")
            let text = document.text.string as NSString
            for (index, day) in ["Wed", "Thu", "Fri"].enumerated() {
                let holding = frames.indices.filter { frame in
                    frames[frame].lines.contains { line in
                        text.substring(with: NSRange(location: line.stringRange.lowerBound, length: line.stringRange.count)).hasPrefix(day)
                    }
                }
                XCTAssertEqual(holding, [index], "\(day)'s block whole in column \(index + 1)")
            }
        }
    }

    /// Three paragraphs and a figure (or an aside) kept in the column, in three columns: every
    /// column takes a part, the box whole in one, each column shorter than the text and the box
    /// in one; and the box is read where it is written, before the paragraph after it. Before,
    /// every line and the box were in column 1 (with the figure amid the text, column 2 held
    /// one line).
    func testAFigureOrAnAsideInTheColumnIsBalancedAsOneUnit() throws {
        for name in ["figure-in-balanced-columns", "figure-amid-balanced-columns", "aside-in-balanced-columns"] {
            let (document, pages) = try folder.layOut(try folder.markup(name))
            let text = document.text.string as NSString
            let after = text.range(of: "After").location
            let section = pages[0].frames.filter { $0.visibleRange.lowerBound < after }
            XCTAssertEqual(section.count, 3, "\(name): three columns")
            XCTAssertTrue(section.allSatisfy { !$0.lines.isEmpty }, "\(name): each holds a part")
            let holdingTheBox = section.indices.filter { section[$0].lines.contains { $0.box != nil } }
            XCTAssertEqual(holdingTheBox.count, 1, "\(name): the box whole in one column")
            let tallest = section.map(\.usedHeight).max() ?? 0
            let whole = section.flatMap(\.lines).reduce(0) { $0 + $1.height }
            XCTAssertLessThan(tallest, whole * 0.7, "\(name): balanced")
            let last = text.range(of: "A last paragraph").location
            if last != NSNotFound, let boxColumn = holdingTheBox.first {
                let lastColumn = try XCTUnwrap(section.firstIndex { $0.visibleRange.contains(last) })
                XCTAssertLessThanOrEqual(boxColumn, lastColumn, "\(name): the box before the text after it")
            }
        }
    }

    /// A headline with room for itself alone under a one-column picture: it goes on to the next
    /// page with the first lines of its text, page 1 holding only the picture's band. Before, it
    /// stood alone at column 1's foot, its text in column 2.
    func testAHeadlineWithRoomOnlyForItselfGoesOnWithItsText() throws {
        let (document, pages) = try folder.layOut(try folder.markup("headline-at-a-columns-foot"))
        let text = document.text.string as NSString
        let headline = text.range(of: "Speakers").location, first = text.range(of: "Ana Ribeiro").location
        XCTAssertEqual(pages.count, 2)
        XCTAssertFalse(pages[0].frames.contains { $0.lines.contains { $0.stringRange.contains(headline) } }, "not on page 1")
        let column = try XCTUnwrap(pages[1].frames.first)
        XCTAssertTrue(column.lines.contains { $0.stringRange.contains(headline) })
        XCTAssertTrue(column.lines.contains { $0.stringRange.contains(first) }, "with its text")
    }
}
