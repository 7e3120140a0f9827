import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-12, see its README): a long word beside a
/// contour wrap is set in the strip, not passed over leaving a hole inside its paragraph, with
/// or without a soft hyphen in it; a leader row's value of four words is kept whole at the
/// line's end, not wrapped back under its title. Every page is checked by the page checker
/// (`SectionTesting.layOut`).
final class DesignerLongWordAndLeaderValueTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-12", pictures: TestSupport.zombiesDirectory)

    /// `name` set as the designer set it: A5 landscape, 14 mm margins, two columns.
    private func layOut(_ name: String) throws -> (document: PreparedDocument, pages: [Page]) {
        try SectionTesting.layOut(try folder.markup(name), baseDirectory: TestSupport.zombiesDirectory.path) {
            $0.page.size = Size(width: 595.276, height: 419.528)
            $0.page.margins = Margins(top: 39.685, right: 39.685, bottom: 39.685, left: 39.685)
        }
    }

    /// The lines of the paragraph holding `text`, trimmed (without a picture's anchor), in the
    /// page's frames and in the frames of the boxes floated in them.
    private func lines(of text: String, in document: PreparedDocument, pages: [Page]) throws -> [(text: String, line: Line, column: Rect)] {
        let start = (document.text.string as NSString).range(of: text).location
        XCTAssertNotEqual(start, NSNotFound, text)
        let paragraph = document.text.paragraphRange(containing: start)
        let frames = pages.flatMap(\.frames)
        let boxFrames = frames.flatMap(\.floats).compactMap(\.content.box).flatMap(\.frames)
        return (frames + boxFrames).flatMap { frame in
            frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }.map { line in
                (document.text.substring(line.stringRange).replacingOccurrences(of: "\u{FFFC}", with: "")
                    .trimmingCharacters(in: .whitespacesAndNewlines), line, frame.container.rect)
            }
        }
    }

    /// Before, "hoveniersarchitect," (a word alone in the strip left of the cat's contour, under
    /// half the column) was passed over: 2.5 lines empty inside the paragraph, the word below
    /// the cat. With `hoveniers&shy;architect` it was set in the strip, the soft hyphen unused:
    /// the hyphen's break made it two words to the rule.
    func testALongWordBesideAContourIsSetInTheStripWithOrWithoutASoftHyphen() throws {
        var settings: [[String]] = []
        for name in ["long-word-beside-a-contour", "long-word-with-a-soft-hyphen-beside-a-contour"] {
            let (document, pages) = try layOut(name)
            let paragraph = try lines(of: "De tuin", in: document, pages: pages)
            for (above, below) in zip(paragraph, paragraph.dropFirst()) {
                XCTAssertLessThan(below.line.origin.y - above.line.origin.y, 1.5 * above.line.height,
                                  "\(name): no hole between '\(above.text)' and '\(below.text)'")
            }
            settings.append(paragraph.map { $0.text.replacingOccurrences(of: "\u{AD}", with: "") })
        }
        XCTAssertEqual(settings[0], settings[1], "an unused soft hyphen changes nothing")
    }

    /// Before, `Servicekosten VvE<TAB>€ 185 per maand` in a 130 pt aside broke after "185" and
    /// set "per maand" at the next line's start, under the title, reading as another title.
    /// The value, four words, goes down whole beside the title's last word, after its leader, at
    /// the line's end, as a number does.
    func testALeaderRowsValueOfFourWordsGoesDownWholeToTheLinesEnd() throws {
        let (document, pages) = try layOut("leader-value-of-four-words")
        let row = try lines(of: "Servicekosten", in: document, pages: pages)
        XCTAssertEqual(row.map(\.text), ["Servicekosten", "VvE\t€ 185 per maand"])
        let value = try XCTUnwrap(row.last)
        XCTAssertEqual(value.line.leaders.count, 1, "the leader runs to the value")
        XCTAssertEqual(value.line.origin.x + value.line.width, value.column.maxX, accuracy: 0.5, "the value ends the line")
    }
}
