import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's brochure pages (Fixtures/designer-pages-10, see its README): a subheadline at a
/// column's head that fits the column whole but not the stretch beside a tall exclusion or its
/// own floated picture is set in that stretch, in balanced lines, its text following it — not
/// moved below the obstacle with the stretch left empty. Every page is checked by the page
/// checker (`SectionTesting.layOut`).
final class DesignerHeadingsBesideObstaclesTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-10", pictures: TestSupport.zombiesDirectory)

    /// `name` set as the designer set it: `typeset --columns 2`.
    private func layOut(_ name: String) throws -> (document: PreparedDocument, pages: [Page]) {
        try SectionTesting.layOut(try folder.markup(name), baseDirectory: TestSupport.zombiesDirectory.path) { $0.page.columns = 2 }
    }

    /// The lines of the paragraph holding `text`, trimmed (and without a picture's anchor), with
    /// the frame they are in.
    private func lines(of text: String, in document: PreparedDocument, pages: [Page]) throws -> (texts: [String], lines: [Line], frame: Frame) {
        let start = (document.text.string as NSString).range(of: text).location
        XCTAssertNotEqual(start, NSNotFound, text)
        let paragraph = document.text.paragraphRange(containing: start)
        let frame = try XCTUnwrap(pages.first?.frames.first { $0.visibleRange.contains(start) })
        let lines = frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }
        let texts = lines.map { document.text.substring($0.stringRange).replacingOccurrences(of: "\u{FFFC}", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines) }
        return (texts, lines, frame)
    }

    private func top(of line: Line) -> Double { line.origin.y - line.ascent - line.leading / 2 }

    /// Before, the heading waited below the 300 pt exclusion: its first line's top 244 pt below
    /// the column's, the stretch beside the exclusion empty.
    func testAHeadingAtAColumnsHeadIsSetBesideATallExclusion() throws {
        let (document, pages) = try layOut("heading-beside-an-exclusion")
        let heading = try lines(of: "Ligging", in: document, pages: pages)
        XCTAssertEqual(heading.texts, ["Ligging en", "omgeving"], "balanced lines in the stretch")
        let column = heading.frame.container
        XCTAssertEqual(top(of: heading.lines[0]), column.rect.minY, accuracy: 1, "the heading opens its column")
        let stretch = try XCTUnwrap(column.lineFragments(top: top(of: heading.lines[0]), height: 1).first)
        XCTAssertLessThan(stretch.maxX, column.rect.maxX - 50, "the exclusion covers the column's right side there")
        for line in heading.lines { XCTAssertLessThanOrEqual(line.origin.x + line.width, stretch.maxX + 0.5, "beside the exclusion") }
        let body = try lines(of: "The house", in: document, pages: pages)
        XCTAssertLessThan(top(of: body.lines[0]), top(of: heading.lines[1]) + 3 * heading.lines[1].height,
                          "the text follows its heading beside the exclusion")
    }

    /// Before, the heading waited below its own picture, floated right from its first line.
    func testAHeadingStandsBesideItsOwnFloatedPicture() throws {
        let (document, pages) = try layOut("heading-beside-its-own-picture")
        let heading = try lines(of: "Ligging", in: document, pages: pages)
        XCTAssertEqual(heading.texts, ["Ligging en", "omgeving"])
        let anchor = document.text.paragraphRange(containing: heading.lines[0].stringRange.lowerBound).lowerBound
        let picture = try XCTUnwrap(heading.frame.floats.first { $0.anchor == anchor }, "the picture in the heading's column")
        XCTAssertEqual(top(of: heading.lines[0]), picture.rect.minY, accuracy: 1, "level with its picture's top")
        for line in heading.lines { XCTAssertLessThanOrEqual(line.origin.x + line.width, picture.rect.minX, "beside it") }
    }
}
