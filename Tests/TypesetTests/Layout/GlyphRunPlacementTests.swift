import Layout
import Text
import XCTest

/// Where a run's glyphs are placed: each where the one before it ends, from the run's start to
/// its end, in visual order — left to right with a justified line's spacing and its hyphen,
/// right to left from the run's end. (The text's glyphs have no offsets of their own.)
final class GlyphRunPlacementTests: FramesetterTestCase {
    private static let english = """
    The zombie does not knock. It waits, patient, behind the door, until the household forgets \
    it is there; then it comes in with the morning post, unremarkably, incomprehensibly.
    """
    private static let hebrew = "שלום לכל הקוראים! המדריך לשרידות מסביר איך לבנות מחסה, איך לאגור מזון ואיך לשמור על קור רוח כשהמתים מתעוררים."

    private func assertGlyphsTile(_ frame: Frame, file: StaticString = #filePath, line: UInt = #line) {
        for setLine in frame.lines {
            for run in setLine.runs where run.runDelegate == nil {
                XCTAssertEqual(run.positions.count, run.advances.count, file: file, line: line)
                var pen = run.x
                for (position, advance) in zip(run.positions, run.advances) {
                    XCTAssertEqual(position.x, pen, accuracy: 1e-6, "run \(run.stringRange)", file: file, line: line)
                    pen += advance
                }
                XCTAssertEqual(pen, run.x + run.width, accuracy: 1e-6, "run \(run.stringRange)", file: file, line: line)
            }
        }
    }

    func testLeftToRightGlyphsFollowTheirStepsIncludingAJustifiedLinesSpacingAndItsHyphen() throws {
        let setter = try framesetter("<p hyphenate=\"true\">\(Self.english)\n")
        var hyphens = 0
        for width in stride(from: 90.0, through: 240, by: 10) {
            let frame = setter.frame(in: Container(rect: Rect(x: 30, y: 30, width: width, height: 800)), from: 0)
            XCTAssertGreaterThan(frame.lines.count, 1)
            hyphens += frame.lines.filter { $0.runs.last?.clusters.last == GlyphRun.generatedHyphen }.count
            assertGlyphsTile(frame)
        }
        XCTAssertGreaterThan(hyphens, 0, "some line ends in a hyphen")
    }

    func testRightToLeftGlyphsArePlacedFromTheRunsEnd() throws {
        let frame = try framesetter("\(Self.hebrew)\n", alignment: .start)
            .frame(in: Container(rect: Rect(x: 30, y: 30, width: 180, height: 800)), from: 0)
        XCTAssertGreaterThan(frame.lines.count, 1)
        XCTAssertTrue(frame.lines.allSatisfy { $0.runs.contains(where: \.isRightToLeft) })
        assertGlyphsTile(frame)
    }
}
