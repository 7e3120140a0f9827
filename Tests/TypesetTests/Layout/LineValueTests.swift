import Layout
import Markup
import Text
import XCTest

/// A line's box and drop cap's initial are kept apart from the line (few lines have either,
/// and a line is copied at each stage that hands it on): they read back as set, each copy of a
/// line has its own, and a line stays small.
final class LineValueTests: FramesetterTestCase {
    private static let paragraph = "At the end of Mill Lane, where the streetlights give up, there is a small café with a hand-painted sign."

    func testALinesBoxIsItsOwnThroughCopies() throws {
        let markup = """
        \(Self.paragraph)
        <figure>
        <img src="coffee.jpg" width="120">
        <caption>The red cups.</caption>
        </figure>
        \(Self.paragraph)

        """
        let framesetter = try framesetter(for: TestSupport.parse(markup, baseDirectory: TestSupport.zombiesDirectory.path))
        let frame = framesetter.frame(in: Container(rect: Rect(x: 20, y: 30, width: 200, height: 2000)), from: 0)
        let placed = try XCTUnwrap(frame.boxes.first)
        let original = try XCTUnwrap(frame.lines.first { $0.box != nil })
        XCTAssertEqual(original.box?.rect, placed.rect)
        XCTAssertEqual(original.box?.box.range, placed.box.range)
        var copy = original
        copy.box = nil
        XCTAssertNil(copy.box)
        XCTAssertEqual(original.box?.rect, placed.rect, "the line copied from keeps its box")
        copy.box = original.box
        XCTAssertEqual(copy.box?.box.range, placed.box.range)
        XCTAssertNil(original.initial)
    }

    func testALinesInitialIsItsOwnThroughCopies() throws {
        let markup = "<p dropcap=\"2\">The zombie does not knock. It waits, patient, behind the door, until the house forgets it is there.\n"
        let frame = try framesetter(markup).frame(in: Container(rect: Rect(x: 40, y: 30, width: 220, height: 500)), from: 0)
        let opening = frame.lines[0]
        XCTAssertEqual(opening.initial?.characters, "T")
        XCTAssertNil(frame.lines[1].initial)
        var copy = opening
        copy.initial = nil
        XCTAssertNil(copy.initial)
        XCTAssertEqual(opening.initial?.characters, "T", "the line copied from keeps its initial")
        copy.initial = opening.initial
        XCTAssertEqual(copy.initial?.stringRange, opening.initial?.stringRange)
        XCTAssertNil(opening.box)
    }

    func testALineIsSmallToCopy() {
        // Its fields and two references: a box (312 bytes) or an initial (152) inline would
        // make every copy of every line that much larger.
        XCTAssertLessThanOrEqual(MemoryLayout<Line>.size, 128)
    }
}
