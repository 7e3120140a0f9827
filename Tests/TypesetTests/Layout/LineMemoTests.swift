@testable import Layout
import Text
import XCTest

/// Trial layouts set the same lines again and only move them: the paragraph cache makes each
/// line once, drops the lines of the paragraphs it forgets, and starts afresh past its budget.
final class LineMemoTests: FramesetterTestCase {
    private static let reports = (1 ... 6).map { number in
        "Report \(number): the dead came in with the milk, the papers and the post, and nobody at the "
            + "breakfast table looked up from the crossword until the toast was cold."
    }
    private static let paragraphs = reports.joined(separator: "\n")

    func testAColumnSetAgainAtAnotherHeightMakesNoLineTwice() throws {
        let setter = try framesetter("\(Self.paragraphs)\n")
        let tall = setter.frame(in: Container(rect: Rect(x: 10, y: 20, width: 140, height: 600)), from: 0)
        let made = setter.cache.lines.made
        XCTAssertEqual(made, tall.lines.count)
        // A balancing trial: the same column, shorter.
        let short = setter.frame(in: Container(rect: Rect(x: 10, y: 20, width: 140, height: 200)), from: 0)
        XCTAssertGreaterThan(short.lines.count, 3)
        XCTAssertEqual(setter.cache.lines.made, made, "every line of the shorter column was made for the taller one")
        for (line, same) in zip(short.lines, tall.lines) {
            XCTAssertEqual(line.stringRange, same.stringRange)
            XCTAssertEqual(line.origin, same.origin)
            XCTAssertEqual(line.runs.map(\.glyphIDs), same.runs.map(\.glyphIDs))
        }
        // Another width is other lines.
        _ = setter.frame(in: Container(rect: Rect(x: 10, y: 20, width: 120, height: 200)), from: 0)
        XCTAssertGreaterThan(setter.cache.lines.made, made)
    }

    func testTheLinesOfForgottenParagraphsAreDropped() throws {
        let setter = try framesetter("\(Self.paragraphs)\n")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 140, height: 600)), from: 0)
        XCTAssertEqual(setter.cache.lines.count, frame.lines.count)
        let third = Self.reports[0].utf16.count + 1 + Self.reports[1].utf16.count + 1
        setter.cache.forget(before: third)
        let kept = frame.lines.filter { $0.stringRange.lowerBound >= third }.count
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThan(kept, frame.lines.count)
        XCTAssertEqual(setter.cache.lines.count, kept)
        setter.cache.forget(before: setter.text.length)
        XCTAssertEqual(setter.cache.lines.count, 0)
    }

    func testPastItsBudgetTheMemoStartsAfresh() {
        var memo = LineMemo()
        func key(_ start: Int) -> LineMemo.Key {
            LineMemo.Key(paragraph: start / 10, start: start, end: start + 1, kind: .opportunity, left: 0, available: 100, startX: 0,
                         hangsLeft: true, hangsRight: true, flushWhenLoose: false, besideInitial: false)
        }
        func line(_ start: Int) -> Line {
            Line(origin: Point(x: 0, y: 0), ascent: 8, descent: 2, leading: 1, width: 50, stringRange: start ..< start + 1, runs: [],
                 endsParagraph: false)
        }
        for start in 0 ..< LineMemo.budget { _ = memo.line(key(start)) { line(start) } }
        XCTAssertEqual(memo.count, LineMemo.budget)
        _ = memo.line(key(0)) { XCTFail("made again"); return line(0) }
        _ = memo.line(key(99_999)) { line(99_999) }
        XCTAssertEqual(memo.count, 1)
        XCTAssertEqual(memo.made, LineMemo.budget + 1)
    }
}
