@testable import Layout
import XCTest

/// A float keeps clear of what the page has already put in its column: an exclusion of the
/// container (a box over the gutter, a picture across the columns) that its place meets
/// moves it below, as another float does.
final class FloatClearanceTests: FramesetterTestCase {
    private static let text = String(repeating: "The keepers climbed the stair at dusk and lit the lamp before the fog came in. ", count: 12)

    func testAFloatAnchoredBesideAnExclusionGoesBelowIt() throws {
        let setter = try framesetter("<img src=\"rgb8.png\" float=\"left\" width=\"60\" height=\"40\">\(Self.text)\n")
        // An exclusion over the column's left half, from its top, where the float would go.
        let bar = Exclusion(.rectangle(Rect(x: 0, y: 0, width: 120, height: 50)), padding: 6)
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 240, height: 600), exclusions: [bar]), from: 0)
        let float = try XCTUnwrap(frame.floats.first)
        XCTAssertEqual(float.rect.minY, 56, accuracy: 1e-9, "just below the exclusion and its padding")
        XCTAssertEqual(float.rect.minX, 0)
    }

    func testAnExclusionOnTheOtherSideLeavesTheFloatWhereItIs() throws {
        let setter = try framesetter("<img src=\"rgb8.png\" float=\"left\" width=\"60\" height=\"40\">\(Self.text)\n")
        let bar = Exclusion(.rectangle(Rect(x: 160, y: 0, width: 80, height: 50)))
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 240, height: 600), exclusions: [bar]), from: 0)
        XCTAssertEqual(try XCTUnwrap(frame.floats.first).rect.minY, 0, accuracy: 1e-9)
    }

    /// Issue 33: an exclusion beside its anchor (a pull quote over the gutter) pushed a float
    /// down past itself however far that was from the float's paragraph: a portrait landed 15
    /// lines below its own. Pushed more than five lines down, it moves on to the next frame's
    /// top instead, as a float reaching below the column does.
    func testAFloatPushedPastItsParagraphByAnExclusionMovesOn() throws {
        let short = "The keepers climbed the stair at dusk."
        let setter = try framesetter("<img src=\"rgb8.png\" float=\"right\" width=\"60\" height=\"40\">\(short)\n\(Self.text)\n")
        // An exclusion down the column's right half, from just below the anchor's line.
        let bar = Exclusion(.rectangle(Rect(x: 140, y: 10, width: 100, height: 300)), padding: 6)
        let result = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 240, height: 600), exclusions: [bar]), from: 0, carrying: .none)
        XCTAssertTrue(result.frame.floats.isEmpty, "not placed 300 pt below its two-line paragraph")
        XCTAssertTrue(result.carry.hasWaitingFloats, "it waits for the next frame's top")
        let next = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 240, height: 600)),
                                from: result.frame.visibleRange.upperBound, carrying: result.carry)
        XCTAssertEqual(try XCTUnwrap(next.frame.floats.first).rect.minY, 0, accuracy: 1e-9)
    }
}
