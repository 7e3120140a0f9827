@testable import Layout
import XCTest

/// What placing floats costs, in frames set (`Framesetter.framesSet`, trials included): a frame
/// with floats is set once without them to find their anchors' lines, then again beside each
/// float placed (FloatFramesetting). A setting it comes back to — the floats taken out again —
/// is the one it already has, not set a third time (FloatSettings). Set again beside one more
/// float, a frame goes on from its last setting's lines above that float (ResumableSetting).
final class FloatTrialTests: FramesetterTestCase {
    private static let text = String(repeating: "The keepers climbed the stair at dusk and lit the lamp before the fog came in. ", count: 12)

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

    /// Two portraits, one at the column's top and one below thirty short paragraphs: set beside
    /// the first, the frame is set again beside the second from a little above it, not from its
    /// top, and its lines are those of a setting from the top beside both. Set from the top each
    /// time, the frame's lines were set three times over. (A long paragraph above a float is set
    /// again whole: the widths predicted for its breaks reach past the float.)
    func testASecondFloatSetsOnlyTheLinesFromAboveIt() throws {
        let portrait = "<img src=\"rgb8.png\" float=\"left\" width=\"60\" height=\"40\">"
        let shortParagraphs = String(repeating: "Kept the lamp lit before the fog came in.\n", count: 30)
        let setter = try framesetter("<p>\(portrait)Ana Ribeiro</p>\n\(shortParagraphs)<p>\(portrait)Tom Hale</p>\nRuns a studio.\n")
        let column = Container(rect: Rect(x: 0, y: 0, width: 200, height: 3000))
        let before = setter.linesSet
        let result = setter.frame(in: column, from: 0, carrying: .none)
        XCTAssertEqual(result.frame.floats.count, 2, "both portraits placed")
        let lines = result.frame.lines.count
        XCTAssertGreaterThan(lines, 20)
        // Once without the portraits, once beside the first, and the few lines from above the second.
        XCTAssertLessThan(setter.linesSet - before, 2 * lines + lines / 4, "lines set for \(lines) lines")
        var beside = column
        beside.exclusions = result.frame.floats.map(\.exclusion)
        let fromTheTop = setter.plainFrame(in: beside, from: 0, to: setter.text.length, carrying: .none)
        XCTAssertEqual(result.frame.lines.map(\.stringRange), fromTheTop.frame.lines.map(\.stringRange))
        XCTAssertEqual(result.frame.lines.map(\.origin), fromTheTop.frame.lines.map(\.origin))
    }
}
