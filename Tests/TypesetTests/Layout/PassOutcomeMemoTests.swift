@testable import Layout
import Text
import XCTest

/// A search reads its items and the widths of the lines it reaches, nothing else: a pass
/// whose lines are as wide as an earlier one's, as far as that one read, is not run again.
/// In a column beside a float most first passes fail within a few lines, and trials set the
/// column again and again with lists of widths that differ only below.
final class PassOutcomeMemoTests: FramesetterTestCase {
    /// A paragraph that cannot be set within badness 100 in lines 55 pt wide without hyphens.
    private static let text = String(repeating: "The keepers climbed the stair before them while the town below slept behind its shutters. ",
                                     count: 5)

    func testATrialWhoseLinesAreAsWideAsFarAsAPassReadRunsItNotAgain() throws {
        let setter = try framesetter("\(Self.text)\n")
        let cache = setter.cache
        let paragraph = cache.paragraph(containing: 0)
        let beside = [Double](repeating: 55, count: 4)
        _ = cache.plan(for: paragraph, from: 0, widths: beside, otherWidth: 150, tabs: .columnEdge)
        let searched = cache.passOutcomes.searches
        XCTAssertGreaterThan(searched, 1, "the first pass fails beside the float")
        // The same float, and another one further down: the lines the first passes read are as wide.
        let trials = [beside + [150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 55, 55], beside + [150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 60]]
        for widths in trials {
            let plan = cache.plan(for: paragraph, from: 0, widths: widths, otherWidth: 150, tabs: .columnEdge)
            var fresh = ParagraphBreaker(paragraph: paragraph, hyphenator: cache.hyphenator(for:))
            fresh.passOutcomes = nil
            XCTAssertEqual(plan.breaks, fresh.breaks(from: 0, widths: widths, otherWidth: 150), "\(widths)")
        }
        XCTAssertEqual(cache.breakSearches, 3)
        XCTAssertGreaterThanOrEqual(cache.passOutcomes.searchesSpared, 2, "the failing first pass, once a trial")
        XCTAssertLessThanOrEqual(cache.passOutcomes.searches, 3 * searched - 2)
    }

    func testAPassThatReadOtherWidthsRunsAgain() throws {
        let setter = try framesetter("\(Self.text)\n")
        let cache = setter.cache
        let paragraph = cache.paragraph(containing: 0)
        _ = cache.plan(for: paragraph, from: 0, widths: [55], otherWidth: 150, tabs: .columnEdge)
        let searched = cache.passOutcomes.searches
        _ = cache.plan(for: paragraph, from: 0, widths: [56], otherWidth: 150, tabs: .columnEdge)
        XCTAssertEqual(cache.passOutcomes.searchesSpared, 0)
        XCTAssertGreaterThan(cache.passOutcomes.searches, searched)
    }
}
