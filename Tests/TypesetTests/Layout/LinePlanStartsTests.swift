@testable import Layout
import Text
import XCTest

/// A plan's lines start where the paragraph (or the line asked from) starts and after each of
/// its breaks but the last; a paragraph no optimal setting fits has only the line asked from.
final class LinePlanStartsTests: FramesetterTestCase {
    private static let text = """
    The zombie does not knock. It waits, patient, behind the door, until the house forgets it is \
    there; then it comes in with the morning post. In the first weeks of the outbreak nobody \
    understood this, and the dead came in with the milk, the papers and the letters from the bank.
    """

    func testLinesStartAfterEachBreakButTheLast() throws {
        let setter = try framesetter("\(Self.text)\n")
        let paragraph = setter.cache.paragraph(containing: 0)
        for width in [120.0, 200, 330] {
            let whole = setter.cache.plan(for: paragraph, from: 0, widths: [width], otherWidth: width, tabs: .columnEdge)
            let breaks = try XCTUnwrap(whole.breaks, "at \(width) pt")
            XCTAssertGreaterThan(breaks.count, 1)
            XCTAssertEqual(whole.lineStarts, [0] + breaks.dropLast().map(\.end), "at \(width) pt")
            XCTAssertEqual(breaks.last?.end, paragraph.range.upperBound)
            // From the second line on.
            let second = breaks[0].end
            let rest = setter.cache.plan(for: paragraph, from: second, widths: [width], otherWidth: width, tabs: .columnEdge)
            let restBreaks = try XCTUnwrap(rest.breaks)
            XCTAssertEqual(rest.lineStarts, [second] + restBreaks.dropLast().map(\.end), "at \(width) pt")
        }
    }

    func testAParagraphNoSettingFitsHasOnlyTheLineAskedFrom() throws {
        let setter = try framesetter("Incomprehensibilities\n")
        let paragraph = setter.cache.paragraph(containing: 0)
        let plan = setter.cache.plan(for: paragraph, from: 0, widths: [5], otherWidth: 5, tabs: .columnEdge)
        XCTAssertNil(plan.breaks)
        XCTAssertEqual(plan.lineStarts, [0])
    }
}
