@testable import Layout
import Foundation
import Text
import XCTest

/// No hyphen on a column's last line: two columns of a page set from real paragraphs, at many
/// heights, against the same columns set without the rule (the line loop alone).
final class ColumnEndHyphenTests: FramesetterTestCase {
    private static let markup = HyphenationControlTests.prose + "\n" + HyphenationControlTests.prose + "\n"
    private static let width = 120.0

    private func column(height: Double) -> Container {
        Container(rect: Rect(x: 0, y: 0, width: Self.width, height: height))
    }

    /// The first column as the line loop sets it, before the rule is applied.
    private func withoutTheRule(_ framesetter: Framesetter, height: Double) -> Frame {
        var setting = FrameSetting(framesetter: framesetter, carrying: nil)
        return setting.lines(in: column(height: height), from: 0, to: framesetter.text.length)
    }

    private func endsInHyphen(_ frame: Frame, _ units: [UInt16]) -> Bool {
        frame.lines.last.map { HyphenationControlTests.endsInsideWord($0, units) } ?? false
    }

    func testAColumnThatWouldEndInAHyphenEndsOnAWholeWord() throws {
        let framesetter = try framesetter(Self.markup)
        let units = Array(framesetter.text.string.utf16)
        var wouldHyphenate = 0, moved = 0
        for height in stride(from: 60.0, through: 400, by: 13.3) {
            let plain = withoutTheRule(framesetter, height: height)
            guard endsInHyphen(plain, units) else { continue }
            wouldHyphenate += 1
            let first = framesetter.frame(in: column(height: height), from: 0, carrying: .none)
            XCTAssertGreaterThanOrEqual(first.frame.lines.count, plain.lines.count, "height \(height): no line lost")
            if !endsInHyphen(first.frame, units) { moved += 1 }
            // The second column goes on with the same breaks: every character set once, in order.
            let second = framesetter.frame(in: column(height: 20_000), from: first.frame.visibleRange.upperBound, carrying: first.carry)
            XCTAssertEqual(second.frame.visibleRange.upperBound, units.count)
            let lines = first.frame.lines + second.frame.lines
            for (line, next) in zip(lines, lines.dropFirst()) {
                XCTAssertEqual(line.stringRange.upperBound, next.stringRange.lowerBound, "height \(height)")
            }
            // Orphans and widows (two lines each) still hold at the column's end.
            let end = first.frame.visibleRange.upperBound
            let paragraph = framesetter.text.paragraphRange(containing: max(0, end - 1))
            if end < paragraph.upperBound {
                XCTAssertGreaterThanOrEqual(first.frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }.count, 2)
                XCTAssertGreaterThanOrEqual(second.frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }.count, 2)
            }
        }
        XCTAssertGreaterThan(wouldHyphenate, 3, "the heights tried give columns that would end in a hyphen")
        print("column ends moved to a whole word: \(moved) of \(wouldHyphenate)")
        XCTAssertGreaterThanOrEqual(Double(moved), 0.75 * Double(wouldHyphenate), "most such columns can end on a whole word")
    }
}
