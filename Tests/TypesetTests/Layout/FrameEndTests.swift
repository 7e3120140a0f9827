import Layout
import Text
import XCTest

/// A frame says why its lines stop where they do (`Frame.end`): the value the early-column
/// warning and the page checker read.
final class FrameEndTests: FramesetterTestCase {
    private let sentence = "The market has rules, though none of them are written down, and everyone keeps them. "

    private func text(_ repeats: Int) -> String { String(repeating: sentence, count: repeats) }

    private func start(of needle: String, in setter: Framesetter) throws -> Int {
        let string = setter.text.string
        let range = try XCTUnwrap(string.range(of: needle))
        return string.utf16.distance(from: string.startIndex, to: range.lowerBound)
    }

    func testTheTextsEndAndAFullColumn() throws {
        let setter = try framesetter("<p>\(text(3))</p>")
        XCTAssertEqual(setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 500)), from: 0).end, .endOfText)
        XCTAssertEqual(setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 40)), from: 0).end, .full)
    }

    func testAKeptBlockThatDoesNotFitNamesItsFirstParagraph() throws {
        let rows = (1 ... 8).map { "<p>Row \($0) of the kept table.</p>" }.joined(separator: "\n")
        let setter = try framesetter("<p>\(text(4))</p>\n<keep>\n\(rows)\n</keep>\n<p>\(text(2))</p>")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 220)), from: 0)
        XCTAssertEqual(frame.end, .keptBlock(at: try start(of: "Row 1", in: setter)))
    }

    func testAForcedBreakAndAHeadingKeptWithTheNext() throws {
        let broken = try framesetter("<p>\(text(1))</p>\n<columnbreak>\n<p>After the break.</p>")
        XCTAssertEqual(broken.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 500)), from: 0).end,
                       .forcedBreak(at: try start(of: "After", in: broken)))
        let headed = try framesetter("<p>\(text(4))</p>\n<p keep-with-next=\"true\">A Heading</p>\n<p>\(text(3))</p>")
        let lines = headed.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 1000)), from: 0).lines
        // A column ending just after the heading's line: the heading goes on with its paragraph.
        let heading = try start(of: "A Heading", in: headed)
        let headingLine = try XCTUnwrap(lines.first { $0.stringRange.contains(heading) })
        let height = headingLine.origin.y + headingLine.descent + 8
        XCTAssertEqual(headed.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: height)), from: 0).end,
                       .keepWithNext(at: heading))
    }

    /// A column narrowed below its last line too far for the next one names the narrowing, at
    /// the line that went on (layout fuzz seeds 79, 97, 126: "full" with 5 to 12 lines left).
    func testRoomNarrowedBelowTheLastLineIsNamedAtTheLineThatWentOn() throws {
        // An exclusion leaves a strip 30 pt wide from y 100 to the foot: under 5 em of 11 pt.
        let strip = Container(rect: Rect(x: 0, y: 0, width: 200, height: 300),
                              exclusions: [Exclusion(.rectangle(Rect(x: 30, y: 100, width: 170, height: 200)))])
        let setter = try framesetter("<p>\(text(4))</p>")
        let beside = setter.frame(in: strip, from: 0)
        XCTAssertEqual(beside.end, .narrowRoomBelow(at: beside.visibleRange.upperBound))

        // A circle 110 pt across whose lower half is narrower than its words go two a line (a
        // word alone is set only in stretches of half the circle or more): named at the word.
        let circle = Container(rect: Rect(x: 0, y: 0, width: 110, height: 210), shape: .circle(center: Point(x: 55, y: 105), radius: 55))
        let words = try framesetter("four correspondence morning the keeper tomatoes keys, remembered four correspondence morning "
                                    + "the keeper tomatoes keys, remembered notwithstanding tomatoes")
        let inCircle = words.frame(in: circle, from: 0)
        XCTAssertEqual(inCircle.end, .narrowRoomBelow(at: inCircle.visibleRange.upperBound))
        XCTAssertGreaterThan(inCircle.lines.last.map { $0.origin.y } ?? 0, 105, "in the circle's lower half")
    }

    /// A line holding a picture taller than the room left goes on to the next column, and the
    /// column names it at the line — as the line was set, not as its first word's text would
    /// be (layout fuzz seeds 398, 401, 463, 503, 1226, 1595: "full" with 3 to 8 lines left).
    func testALineWithAPictureTallerThanTheRoomLeftIsNamedAtTheLine() throws {
        let setter = try framesetter("<p>\(text(3)) Here <img src=\"grey8.png\" width=\"60\" height=\"60\"> it is. \(text(2))</p>")
        let tall = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 1000)), from: 0)
        let picture = try start(of: "Here", in: setter) + 5
        let index = try XCTUnwrap(tall.lines.firstIndex { $0.stringRange.contains(picture) })
        XCTAssertGreaterThan(index, 2)
        let above = tall.lines[index - 1]
        // 40 pt of room below the line above: three lines of text, not the picture's 60.
        let foot = above.origin.y + above.descent + above.leading / 2 + 40
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: foot)), from: 0)
        XCTAssertEqual(frame.lines.count, index)
        XCTAssertEqual(frame.end, .tallerLineDidNotFit(at: tall.lines[index].stringRange.lowerBound))
    }

    /// A line that would fit the room left but not with its baseline on the grid: moved down
    /// onto the next grid line, its picture's line reaches below the foot (layout fuzz seeds 16,
    /// 278, 923, 1560: "full" with 4 or 5 lines left, the picture a point or two shorter than the room).
    func testALineThatFitsOnlyOffTheGridIsNamedAtTheLine() throws {
        // 80 pt: the room is more than two lines of the text, whose 13.2 pt lines take two
        // steps of the 12 pt grid (ColumnRoom); a room of fewer is a full column.
        let setter = try framesetter("<p>\(text(2))</p>\n<p><img src=\"grey8.png\" width=\"80\" height=\"80\"> After the picture. \(text(1))</p>")
        let grid = BaselineGrid(origin: 0, step: 12)
        let tall = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 1000), baselineGrid: grid), from: 0)
        let picture = try start(of: "After the picture", in: setter) - 2
        let index = try XCTUnwrap(tall.lines.firstIndex { $0.stringRange.contains(picture) })
        let above = tall.lines[index - 1], line = tall.lines[index]
        let roomTop = above.origin.y + above.descent + above.leading / 2
        // Off the grid the line would end this far below the room's top; on it, lower.
        let offGrid = line.leading / 2 + line.ascent + line.descent
        let onGrid = line.origin.y + line.descent - roomTop
        XCTAssertGreaterThan(onGrid - offGrid, 1, "the grid moves the picture's line down")
        let foot = roomTop + (offGrid + onGrid) / 2
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: foot), baselineGrid: grid), from: 0)
        XCTAssertEqual(frame.lines.count, index)
        XCTAssertEqual(frame.end, .tallerLineDidNotFit(at: line.stringRange.lowerBound))
    }

    /// The room left is counted in lines of the column's text, not in the height of a box kept
    /// in it: below a 150 pt figure, a paragraph whose space above takes more than the three
    /// lines left is named at its line (layout fuzz seed 13903: "full" with 3 lines left below a
    /// 155 pt figure, where two of the figure's heights had been taken for two lines).
    func testRoomBelowAFigureIsCountedInLinesOfText() throws {
        let setter = try framesetter("<p>\(text(2))</p>\n<figure>\n<img src=\"grey8.png\" width=\"150\" height=\"150\">\n</figure>\n"
                                     + "<p space-before=\"60\">After the figure. \(text(1))</p>")
        let tall = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 1000)), from: 0)
        let figure = try XCTUnwrap(tall.lines.firstIndex { $0.box != nil })
        let text = try XCTUnwrap(tall.lines.first { $0.box == nil })
        let foot = tall.lines[figure].origin.y + 3.5 * text.height
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: foot)), from: 0)
        XCTAssertEqual(frame.lines.count, figure + 1, "the figure is the column's last line")
        XCTAssertEqual(frame.end, .tallerLineDidNotFit(at: try start(of: "After the figure", in: setter)))
    }

    /// A figure kept in the column that does not fit ends nothing: it waits for the next
    /// column's top and the text after it goes on filling this one (WaitingBoxes).
    func testAFigureKeptInTheColumnThatDoesNotFitEndsNoColumn() throws {
        let setter = try framesetter("<p>\(text(4))</p>\n<figure>\n<img src=\"grey8.png\" width=\"150\" height=\"150\">\n<p>A caption.</p>\n</figure>\n<p>After the figure. \(text(1))</p>")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 220)), from: 0)
        let after = try start(of: "After the figure", in: setter)
        XCTAssertTrue(frame.lines.contains { $0.stringRange.contains(after) }, "the text after the figure goes on in the column")
        XCTAssertNotEqual(frame.end, .full)
    }
}
