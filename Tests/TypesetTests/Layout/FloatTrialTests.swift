@testable import Layout
import XCTest

/// What placing floats costs, in frames set (`Framesetter.framesSet`, trials included): a frame
/// with floats is set once without them to find their anchors' lines, then again beside each
/// float placed (FloatFramesetting). A setting it comes back to — the floats taken out again —
/// is the one it already has, not set a third time (FloatSettings).
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
}
