@testable import Layout
import XCTest

/// What placing floats costs, in frames set (`Framesetter.framesSet`, trials included): a frame
/// with floats is set once without them to find their anchors' lines, then again beside each
/// float placed (FloatFramesetting). A setting it comes back to — the floats taken out again —
/// is the one it already has, not set a third time (FloatSettings). The first setting goes
/// down to the first float's paragraph only, where the column may end after it (FirstAnchorLine).
final class FloatTrialTests: FramesetterTestCase {
    private static let sentence = "The keepers climbed the stair at dusk and lit the lamp before the fog came in. "
    private static let text = String(repeating: sentence, count: 12)
    /// Six paragraphs after the one holding the picture, in a column that holds them all.
    private static let paragraphsAfter = String(repeating: String(repeating: sentence, count: 4) + "\n", count: 6)
    private static let picture = "<img src=\"rgb8.png\" float=\"left\" width=\"60\" height=\"40\">"
    private static let tallColumn = Container(rect: Rect(x: 0, y: 0, width: 200, height: 2000))

    /// A picture as wide as the column and nearly as tall leaves no room for a line: the text
    /// goes on in the column as set without it, and the picture moves on to the next frame.
    /// That setting is the frame's first one: two frames set, not three.
    func testAFloatThatLeavesNoLineTakesTheFirstSettingAgain() throws {
        let setter = try framesetter("<img src=\"rgb8.png\" float=\"left\" width=\"200\" height=\"95\">\(Self.text)\n")
        let column = Container(rect: Rect(x: 0, y: 0, width: 200, height: 100))
        let before = setter.framesSet
        let result = setter.frame(in: column, from: 0, carrying: .none)
        XCTAssertTrue(result.frame.floats.isEmpty, "the picture leaves no line: it moves on")
        XCTAssertTrue(result.carry.hasWaitingFloats, "and waits for the next frame")
        XCTAssertFalse(result.frame.lines.isEmpty, "the column takes the text")
        XCTAssertEqual(setter.framesSet - before, 2, "set without the picture, then beside it; not a third time")
        // The same frame as a framesetter that never placed the picture sets (the setting kept is that frame).
        let plain = setter.plainFrame(in: column, from: 0, to: setter.text.length, carrying: .none)
        XCTAssertEqual(result.frame.visibleRange, plain.frame.visibleRange)
        XCTAssertEqual(result.frame.lines.map(\.origin), plain.frame.lines.map(\.origin))
    }

    /// The frame is set without the picture only down to the end of the picture's paragraph,
    /// then beside it: the lines set are those and the frame's, not the whole column's twice.
    /// The picture stands at the top of its line as the whole setting has it.
    func testAFloatsLineIsFoundFromTheFrameSetDownToItsParagraph() throws {
        let setter = try framesetter("The lamp is lit. \(Self.picture)\(Self.sentence)\n\(Self.paragraphsAfter)")
        let before = setter.linesSet
        let result = setter.frame(in: Self.tallColumn, from: 0, carrying: .none)
        let linesSet = setter.linesSet - before
        let paragraphEnd = setter.text.paragraphRange(containing: 0).upperBound
        let cut = setter.plainFrame(in: Self.tallColumn, from: 0, to: paragraphEnd, carrying: .none).frame
        let whole = setter.plainFrame(in: Self.tallColumn, from: 0, to: setter.text.length, carrying: .none).frame
        XCTAssertGreaterThan(whole.lines.count, 3 * cut.lines.count, "the column holds much more than the picture's paragraph")
        XCTAssertEqual(linesSet, cut.lines.count + result.frame.lines.count, "the picture's paragraph, then the frame beside it")
        let float = try XCTUnwrap(result.frame.floats.first)
        let line = try XCTUnwrap(whole.lines.first { $0.stringRange.contains(float.anchor) })
        XCTAssertEqual(float.rect.minY, line.origin.y - line.ascent - line.leading / 2, "at the top of its line in the whole setting")
    }

    /// A paragraph kept with the next may move on with it when the column ends below it: the
    /// setting cut after it could show its line where the whole column does not, so the whole
    /// column is set.
    func testAFloatInAParagraphKeptWithTheNextIsPlacedFromTheWholeSetting() throws {
        let setter = try framesetter("<p keep-with-next=\"true\">The lamp is lit. \(Self.picture)\(Self.sentence)</p>\n\(Self.paragraphsAfter)")
        let before = setter.linesSet
        let result = setter.frame(in: Self.tallColumn, from: 0, carrying: .none)
        let linesSet = setter.linesSet - before
        let whole = setter.plainFrame(in: Self.tallColumn, from: 0, to: setter.text.length, carrying: .none).frame
        XCTAssertEqual(result.frame.floats.count, 1)
        XCTAssertEqual(linesSet, whole.lines.count + result.frame.lines.count, "the whole column, then the frame beside the picture")
    }
}

