import Foundation
@testable import Layout
import Fonts
import Shaping
import Text
import XCTest

/// A tab's stop is found by a binary search over the paragraph's stops, sorted once: sorted
/// again for every tab, a row of n tabs over n stops (a table of 4,000 tab-stop columns) cost
/// n² log n.
final class TabStopsTests: FramesetterTestCase {
    private func stops(_ locations: [Double], interval: Double = 36) -> TabStops {
        TabStops(ParagraphStyle(tabStops: locations.map { TabStop(location: $0) }, defaultTabInterval: interval))
    }

    func testTheNextStopIsTheFirstPastTheText() {
        let stops = stops([300, 100, 200])
        XCTAssertEqual(stops.next(after: 0).location, 100)
        XCTAssertEqual(stops.next(after: 150).location, 200)
        XCTAssertEqual(stops.next(after: 100).location, 200, "a stop the text has reached is passed")
        XCTAssertEqual(stops.next(after: 99.995).location, 200, "within a hundredth of a point counts as reached")
        XCTAssertEqual(stops.next(after: 300).location, 324, "past the last stop, the next multiple of the interval")
    }

    func testAStopAtTheLineEndIsWhereTheLineEnds() {
        let stops = TabStops(ParagraphStyle(tabStops: [TabStop(location: 100), TabStop(location: TabStop.lineEnd, alignment: .right),
                                                        TabStop(location: 300)]))
        XCTAssertEqual(stops.next(after: 150, lineEnd: 250).location, 250)
        XCTAssertEqual(stops.next(after: 150, lineEnd: 250).alignment, .right)
        XCTAssertEqual(stops.next(after: 260, lineEnd: 250).location, 300)
        XCTAssertEqual(stops.next(after: 150).location, 300, "a line with no end has no stop there")
        XCTAssertEqual(stops.next(after: 50, lineEnd: 250).location, 100)
    }

    /// A row of n tabs over n stops written in reverse order, measured as the line breaker
    /// measures it: the CPU time of this thread (not the wall time, which the machine's load
    /// moves) at n, 2n and 4n grows at most 2.6 times a doubling (2.15 measured; from 2,000 to
    /// 4,000 tabs a one-off 2.9, the row's arrays outgrowing a cache, and from 4,000 to 8,000
    /// 2.89 once in a loaded CI run, at under 3 ms, so the sizes start past both). Sorted again
    /// for every tab it is quadratic: more than four times a doubling.
    func testARowOfManyTabsCostsLinearTime() throws {
        let table = try FontTableBuilder(library: library).table
        var times: [Double] = []
        for count in [8000, 16000, 32000] {
            let stops = (1 ... count).reversed().map { TabStop(location: Double($0) * 30) }
            var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left, hyphenate: false, tabStops: stops))
            text.append((0 ..< count).map { "c\($0 % 10)" }.joined(separator: "\t") + "\n", attributes: TestSupport.defaultAttributes(size: 11))
            let paragraph = PreparedParagraph(text: text, range: 0 ..< text.length, fonts: table, itemizer: TextItemizer(fonts: table), shaper: Shaper())
            let glyphs = 0 ..< paragraph.advances.count
            times.append(ThreadCPUTime.least {
                XCTAssertGreaterThan(TabLayout(paragraph: paragraph, glyphs: glyphs, startX: 0).width, Double(count - 1) * 30)
            })
        }
        // Per doubling over both (their geometric mean): one pair alone moved past 2.6 (2.62)
        // in a full suite on a machine loaded twenty times over, its other pair at 2.0.
        let perDoubling = (times[2] / times[0]).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "times \(times)")
    }
}
