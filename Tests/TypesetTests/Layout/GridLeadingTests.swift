import Layout
import Text
import XCTest

/// On a baseline grid a heading after body text takes the first grid line at or below its own
/// pitch (or, set tighter than its faces, its ascent below the descent above) and the space
/// asked for below the baseline before (GridLeading). Measured box to box, as off the grid, a
/// bold 11 pt heading after 9.5 pt text on 16 pt lines came 0.3 pt past the grid line its 16 pt
/// of space reached, and a whole grid line lower: two blank grid lines above it, not one.
final class GridLeadingTests: FramesetterTestCase {
    private static let step = 16.0
    private let rect = Rect(x: 20, y: 30, width: 300, height: 400)

    /// Two lines of body text on the grid's pitch, the heading, and a line of body text.
    private func lines(heading size: Double, lineHeight: String, spaceBefore: Double) throws -> [Line] {
        let markup = """
            <style name="body" size="9.5" line-height="16pt" space-after="0"/>
            <style name="h" face="Liberation Sans" size="\(size)" weight="bold" \(lineHeight) space-before="\(spaceBefore)" space-after="0" keep-with-next="true"/>
            <p style="body">Line one of the body text.</p>
            <p style="body">Line two of the body text.</p>
            <p style="h">A heading</p>
            <p style="body">Line after the heading.</p>
            """
        let grid = BaselineGrid(origin: rect.minY, step: Self.step)
        let frame = try framesetter(markup).frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        XCTAssertEqual(frame.lines.count, 4)
        return frame.lines
    }

    /// The first grid line at or below `distance` from a grid line.
    private static func onGrid(_ distance: Double) -> Double {
        (distance / step - 1e-6).rounded(.up) * step
    }

    func testAHeadingTakesTheGridLineItsSpaceAndOwnPitchReachFromTheBaselineBefore() throws {
        // The designer's heading: 16 pt of space is one blank grid line above it, none without it.
        for (space, blankLines) in [(16.0, 1.0), (0, 0)] {
            let set = try lines(heading: 11, lineHeight: "", spaceBefore: space)
            XCTAssertEqual(set[2].origin.y - set[1].origin.y, (blankLines + 1) * Self.step, accuracy: 0.001, "space before \(space)")
        }
        // Larger headings take as many grid lines as their pitch needs, and one set tighter than
        // its faces as many as keep its ascent below the descent above.
        for (size, lineHeight) in [(11.0, ""), (14, ""), (18, ""), (22, #"line-height="14pt""#)] {
            for space in [0.0, 8, 16] {
                let set = try lines(heading: size, lineHeight: lineHeight, spaceBefore: space)
                let above = set[1], heading = set[2], after = set[3]
                let needed = space + max(heading.height, above.descent + heading.ascent)
                XCTAssertEqual(heading.origin.y - above.origin.y, Self.onGrid(needed), accuracy: 0.001,
                               "\(size) pt \(lineHeight), \(space) pt before: the first grid line at or below \(needed) pt")
                XCTAssertEqual(after.origin.y - heading.origin.y, Self.step, accuracy: 0.001, "the text goes on a grid line below")
            }
        }
    }
}
