import Fonts
import Layout
import Text
import XCTest

/// A drop cap whose ink reaches below its last line's baseline (issue 33's fuzzer, seed 98:
/// a four-line 'Q' whose tail the fifth line's 'K' printed 6.4 pt into; seed 19: a three-line
/// 'A' on a one-line paragraph at a section's end, the next section's text in it): the lines
/// after the initial keep clear of its ink, and the frame reaches down to it.
final class DropCapTailTests: FramesetterTestCase {
    private static let text = """
    Quietly understanding whispered coffee lighthouse through weather; keys to the harbour and \
    the village were kept in a drawer, and nobody remembered who had the other set of them.
    """
    private let rect = Rect(x: 40, y: 30, width: 150, height: 600)

    /// The lowest point of the initial's ink on `line`, on the page.
    private func inkBottom(_ line: Line) throws -> Double {
        let initial = try XCTUnwrap(line.initial)
        let bottoms = zip(initial.glyphIDs, initial.positions).compactMap { glyph, position in
            initial.font.ink(of: glyph, size: initial.size).map { position.y + $0.maxY }
        }
        return line.origin.y + (bottoms.max() ?? initial.bounds.maxY)
    }

    func testTheLineAfterTheInitialKeepsClearOfItsTail() throws {
        for lines in [3, 4] {
            let frame = try framesetter("<p dropcap=\"\(lines)\">\(Self.text)\n").frame(in: Container(rect: rect), from: 0)
            XCTAssertGreaterThan(frame.lines.count, lines + 1)
            let tail = try inkBottom(frame.lines[0])
            XCTAssertGreaterThan(tail, frame.lines[lines - 1].origin.y + 1, "the 'Q' has a tail below its baseline")
            let next = frame.lines[lines]
            let inkTops = next.runs.flatMap { run in
                zip(run.glyphIDs, run.positions).compactMap { glyph, position in
                    run.font.ink(of: glyph, size: run.fontSize).map { next.origin.y + position.y + $0.minY }
                }
            }
            let top = try XCTUnwrap(inkTops.min())
            XCTAssertGreaterThanOrEqual(top, tail - 0.5, "line \(lines + 1)'s ink is clear of the tail (\(lines) lines)")
        }
    }

    func testAFrameReachesDownToAnInitialLongerThanItsParagraph() throws {
        let frame = try framesetter("<p dropcap=\"3\">And\n").frame(in: Container(rect: rect), from: 0)
        XCTAssertEqual(frame.lines.count, 1)
        XCTAssertGreaterThanOrEqual(frame.usedHeight, try inkBottom(frame.lines[0]) - rect.minY - 0.001)
    }
}
