import Fonts
import Layout
import Text
import XCTest

/// A fixed line height smaller than text a line holds (issue 33's fuzzer, seed 3:
/// `<p line-height="13pt"><font size="15">` printed the 'd' of line 2 2.1 pt into the 'p' of
/// line 1), or an accent under a descender under tight leading (seed 8389: the dots of an 'Ü'
/// on the tail of a 'y', 11 on 12 pt): such a line moves down, as TeX's `\lineskip` rule moves
/// it, where its glyphs' outlines meet those of the line above, and only as far as clears
/// them; on a grid by whole grid lines. The paragraph's own lines keep the exact pitch.
final class LineSkipTests: FramesetterTestCase {
    private let rect = Rect(x: 20, y: 30, width: 150, height: 900)
    private static let words = "marsh correspondence extraordinary typewriter lighthouse paraffin the dusk "

    /// Runs of 11 pt text with a run of `large` pt text between, on a fixed 13 pt pitch.
    private static let markup = #"<p line-height="13pt" align="left"><font size="11">"# + String(repeating: words, count: 3)
        + #"</font><font size="15">"# + String(repeating: words, count: 2) + #"</font><font size="11">"#
        + String(repeating: words, count: 3) + "</font></p>"

    private func ascent(_ line: Line) -> Double { line.runs.map { -$0.typographicBounds().minY }.max() ?? 0 }
    private func isOwnSize(_ line: Line) -> Bool { line.runs.allSatisfy { $0.fontSize == 11 } }

    /// The glyphs `line` prints, `lowered` below where it is.
    private func marks(of line: Line, lowered: Double = 0) -> [InkMark] {
        line.runs.flatMap { run in
            zip(run.glyphIDs, run.positions).compactMap { glyph, position in
                InkMark(glyph: glyph, of: run.font, size: run.fontSize,
                        at: Point(x: line.origin.x + position.x, y: line.origin.y + lowered + position.y), horizontalScale: run.horizontalScale)
            }
        }
    }

    /// How deep the ink of `below`, `lowered` further down, reaches into the ink of `above`
    /// at most, by their outlines.
    private func inkDepth(of below: Line, lowered: Double = 0, into above: Line) -> Double {
        let upper = marks(of: above)
        return marks(of: below, lowered: lowered).flatMap { mark in upper.map { InkMark.overlapDepth(mark, $0) } }.max() ?? 0
    }

    /// No line prints into the one above it; a line moved off the pitch moved no further than
    /// clears it (a little higher, its ink would meet the ink above).
    private func assertClear(_ frame: Frame, pitch: Double, file: StaticString = #filePath, line: UInt = #line) {
        for (above, below) in zip(frame.lines, frame.lines.dropFirst()) {
            XCTAssertLessThanOrEqual(inkDepth(of: below, into: above), 0.5, "the line from \(below.stringRange) prints into the line above",
                                     file: file, line: line)
            if below.origin.y - above.origin.y > pitch + 0.001 {
                XCTAssertGreaterThan(inkDepth(of: below, lowered: -0.05, into: above), 0,
                                     "the line from \(below.stringRange) moved further than its ink needs", file: file, line: line)
            }
        }
    }

    func testALineOfLargerTextMovesDownClearOfTheLineAbove() throws {
        let frame = try framesetter(Self.markup).frame(in: Container(rect: rect), from: 0)
        assertClear(frame, pitch: 13)
        let pitches = zip(frame.lines, frame.lines.dropFirst()).map { pair in (pair.1.origin.y - pair.0.origin.y, pair.1) }
        XCTAssertTrue(pitches.contains { $0.0 > 13.001 && $0.1.runs.contains { $0.fontSize == 15 } }, "a line of the larger text moved down")
        XCTAssertTrue(pitches.contains { abs($0.0 - 13) < 0.001 && $0.1.runs.allSatisfy { $0.fontSize == 15 } },
                      "one whose letters meet none above kept the pitch")
    }

    func testOnAGridTheLineMovesDownByWholeGridLines() throws {
        let grid = BaselineGrid(origin: rect.minY, step: 13)
        let frame = try framesetter(Self.markup).frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        XCTAssertTrue(frame.lines.contains { $0.runs.contains { $0.fontSize == 15 } })
        for (above, below) in zip(frame.lines, frame.lines.dropFirst()) {
            XCTAssertLessThanOrEqual(inkDepth(of: below, into: above), 0.5, "the line from \(below.stringRange) prints into the line above")
        }
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

    /// Seed 8389: 11 pt Pagella on 12 pt lines, four columns of a 534 pt measure. The 'Ü' of
    /// "Über" reaches 9.6 pt up, past the face's 8.0 pt ascent, and its dots met the tail of
    /// the 'y' of "typewriter" above it, 0.7 pt deep: its line moves down as far as clears
    /// them, under a point, not by the 1.7 pt their boxes overlap; the line after it keeps the
    /// pitch from it.
    func testALineMovesWhereAnAccentsInkMeetsADescenderAboveAndNoFurther() throws {
        let markup = #"<p line-height="12pt"> drawer in. Quietly typewriter wound; &mdash; Über Leuchtturmwärter and at whispered? "#
            + "Quietly and the lamp went out over the marsh at dusk.</p>"
        let setter = try framesetter(markup)
        let frame = setter.frame(in: Container(rect: Rect(x: 28, y: 28, width: 120.75, height: 400)), from: 0)
        let text = setter.text
        func lineIndex(showing word: String) throws -> Int {
            let start = try XCTUnwrap(text.string.range(of: word)).lowerBound.utf16Offset(in: text.string)
            return try XCTUnwrap(frame.lines.firstIndex { $0.stringRange.contains(start) })
        }
        let accented = try lineIndex(showing: "Über"), tail = try lineIndex(showing: "typewriter")
        XCTAssertEqual(accented, tail + 1, "the 'Ü' is in the line below the 'y'")
        let above = frame.lines[tail], below = frame.lines[accented]
        let moved = below.origin.y - above.origin.y - 12
        XCTAssertGreaterThan(moved, 0.001, "the line moved")
        XCTAssertLessThan(moved, 1, "no further than the ink needs")
        XCTAssertEqual(inkDepth(of: below, into: above), 0, accuracy: 1e-9, "their ink clear")
        XCTAssertGreaterThan(inkDepth(of: below, lowered: -0.05, into: above), 0, "and just clear")
        for (first, second) in zip(frame.lines, frame.lines.dropFirst()) where second.origin.y != below.origin.y {
            XCTAssertEqual(second.origin.y - first.origin.y, 12, accuracy: 0.001, "the other lines keep the pitch")
        }
    }

    /// A pair of glyphs clear where they stand may meet lower down: a 16 pt deck on 12 pt lines
    /// (this branch's fuzz run, seed 13829), "Village" moved 2.1 pt for another pair took the
    /// top of its 'V', which stood inside the curl of the 'y' of "ity" above, onto that curl,
    /// 1.1 pt deep. The line goes on down until every pair is clear at once.
    func testALineMovesUntilEveryPairIsClearAtOnce() throws {
        let markup = #"<p line-height="12pt"><font size="16"> responsibility wrote? Village</font></p>"#
        let frame = try framesetter(markup).frame(in: Container(rect: Rect(x: 48, y: 48, width: 90, height: 344)), from: 0)
        XCTAssertEqual(frame.lines.count, 3)
        assertClear(frame, pitch: 12)
    }

    /// Two glyphs' ink is compared inside the overlap of their boxes, whose edges are their own
    /// extremes: a 16 pt deck on 12 pt lines (seed 5990), the 'b' of "because" under the 'q' of
    /// "quietly", set at y 180.00000000000003, lost the top of its serif to the edge and
    /// measured clear; drawn at y 180 it printed 1.4 pt into the q's tail, and the line had not
    /// moved. The depth no longer hangs on the last bit of a position.
    func testInkDepthDoesNotHangOnTheLastBitOfAPosition() throws {
        let setter = try framesetter(#"<p align="left"><font size="16">bq</font></p>"#)
        let run = try XCTUnwrap(setter.frame(in: Container(rect: rect), from: 0).lines.first?.runs.first)
        XCTAssertEqual(run.glyphIDs.count, 2)
        func mark(_ glyph: UInt32, y: Double, x: Double) throws -> InkMark {
            try XCTUnwrap(InkMark(glyph: glyph, of: run.font, size: 16, at: Point(x: x, y: y), horizontalScale: 1))
        }
        let tail = try mark(run.glyphIDs[1], y: 168, x: 55.824)
        let drawn = InkMark.overlapDepth(try mark(run.glyphIDs[0], y: 180, x: 56.744), tail)
        let rounded = InkMark.overlapDepth(try mark(run.glyphIDs[0], y: 180.00000000000003, x: 56.744), tail)
        XCTAssertGreaterThan(drawn, 1, "the b's serif under the q's tail")
        XCTAssertEqual(rounded, drawn, accuracy: 1e-6)
    }
}
