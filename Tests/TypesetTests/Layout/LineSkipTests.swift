import Fonts
import Layout
import Text
import XCTest

/// A fixed line height smaller than text a line holds (issue 33's fuzzer, seed 3:
/// `<p line-height="13pt"><font size="15">` printed the 'd' of line 2 2.1 pt into the 'p' of
/// line 1): such a line moves down, as TeX's `\lineskip` rule moves it, until its text comes no
/// closer to the line above than the paragraph's own lines come to each other; on a grid by
/// whole grid lines. The paragraph's own lines keep the exact pitch.
final class LineSkipTests: FramesetterTestCase {
    private let rect = Rect(x: 20, y: 30, width: 150, height: 900)
    private static let words = "marsh correspondence extraordinary typewriter lighthouse paraffin the dusk "

    /// Runs of 11 pt text with a run of `large` pt text between, on a fixed 13 pt pitch.
    private static let markup = #"<p line-height="13pt" align="left"><font size="11">"# + String(repeating: words, count: 3)
        + #"</font><font size="15">"# + String(repeating: words, count: 2) + #"</font><font size="11">"#
        + String(repeating: words, count: 3) + "</font></p>"

    private func ascent(_ line: Line) -> Double { line.runs.map { -$0.typographicBounds().minY }.max() ?? 0 }
    private func descent(_ line: Line) -> Double { line.runs.map { $0.typographicBounds().maxY }.max() ?? 0 }
    private func isOwnSize(_ line: Line) -> Bool { line.runs.allSatisfy { $0.fontSize == 11 } }

    /// How far two lines of 11 pt text overlap on the 13 pt pitch (none when they do not).
    private func ownOverlap(_ frame: Frame) throws -> Double {
        let own = try XCTUnwrap(zip(frame.lines, frame.lines.dropFirst()).first { isOwnSize($0) && isOwnSize($1) })
        return max(0, own.0.origin.y + descent(own.0) - (own.1.origin.y - ascent(own.1)))
    }

    private func assertClear(_ frame: Frame, file: StaticString = #filePath, line: UInt = #line) throws {
        let allowed = try ownOverlap(frame)
        XCTAssertTrue(frame.lines.contains { $0.runs.contains { $0.fontSize == 15 } }, file: file, line: line)
        for (above, below) in zip(frame.lines, frame.lines.dropFirst()) {
            let overlap = above.origin.y + descent(above) - (below.origin.y - ascent(below))
            XCTAssertLessThanOrEqual(overlap, allowed + 0.5, "the line from \(below.stringRange) reaches into the line above",
                                     file: file, line: line)
            if isOwnSize(above), isOwnSize(below) {
                XCTAssertEqual(below.origin.y - above.origin.y, 13, accuracy: 0.001, "the paragraph's own lines keep the pitch",
                               file: file, line: line)
            }
        }
    }

    func testALineOfLargerTextMovesDownClearOfTheLineAbove() throws {
        let frame = try framesetter(Self.markup).frame(in: Container(rect: rect), from: 0)
        try assertClear(frame)
        let first = try XCTUnwrap(frame.lines.firstIndex { $0.runs.contains { $0.fontSize == 15 } })
        XCTAssertGreaterThan(frame.lines[first].origin.y - frame.lines[first - 1].origin.y, 13.001, "it moved down")
    }

    func testOnAGridTheLineMovesDownByWholeGridLines() throws {
        let grid = BaselineGrid(origin: rect.minY, step: 13)
        let frame = try framesetter(Self.markup).frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        try assertClear(frame)
        for line in frame.lines {
            let steps = (line.origin.y - grid.origin) / grid.step
            XCTAssertEqual(steps, steps.rounded(), accuracy: 1e-6, "the line from \(line.stringRange) is on the grid")
        }
    }

    func testTheFirstLineOfLargerTextStaysBelowTheFramesTop() throws {
        // Issue 33's fuzzer, seed 106: 15 pt text on 11 pt lines stood 2 pt above its frame.
        let frame = try framesetter(#"<p line-height="11pt"><font size="15">wrote, "# + Self.words + "</font></p>")
            .frame(in: Container(rect: rect), from: 0)
        let first = try XCTUnwrap(frame.lines.first)
        XCTAssertGreaterThanOrEqual(first.origin.y - ascent(first), rect.minY - 0.5)
    }

    func testLinesOfTheParagraphsOwnSizeAreNotMoved() throws {
        let markup = #"<p line-height="13pt" align="left"><font size="11">"# + String(repeating: Self.words, count: 6) + "</font></p>"
        let frame = try framesetter(markup).frame(in: Container(rect: rect), from: 0)
        XCTAssertGreaterThan(frame.lines.count, 5)
        for (above, below) in zip(frame.lines, frame.lines.dropFirst()) {
            XCTAssertEqual(below.origin.y - above.origin.y, 13, accuracy: 0.001)
        }
    }
}
