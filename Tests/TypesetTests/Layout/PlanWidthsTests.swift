@testable import Layout
import Text
import XCTest

/// Lines past a plan's list of widths are `otherWidth` wide, so a list ending in that width
/// asks for the breaks of its shorter prefix: the cache searches once for both (a column
/// beside a float predicts a long list where a rectangle gives one width).
final class PlanWidthsTests: FramesetterTestCase {
    /// A paragraph of some ten lines at these widths.
    private static let text = String(repeating: "The dead came in with the milk, the papers and the post. ", count: 6)

    func testTrailingOtherWidthsAreDropped() {
        XCTAssertEqual(ParagraphCache.withoutTrailing(100, [80, 100, 100]), [80])
        XCTAssertEqual(ParagraphCache.withoutTrailing(100, [100, 80, 100]), [100, 80])
        XCTAssertEqual(ParagraphCache.withoutTrailing(100, [100, 100]), [])
        XCTAssertEqual(ParagraphCache.withoutTrailing(100, [80, 90]), [80, 90])
        XCTAssertEqual(ParagraphCache.withoutTrailing(100, []), [])
    }

    func testAListEndingInTheOtherWidthIsSearchedOnceWithItsPrefix() throws {
        let setter = try framesetter("\(Self.text)\n")
        let cache = setter.cache
        let paragraph = cache.paragraph(containing: 0)
        let long = cache.plan(for: paragraph, from: 0, widths: [150, 120, 120, 200, 200, 200], otherWidth: 200, tabs: .columnEdge)
        XCTAssertEqual(cache.breakSearches, 1)
        let short = cache.plan(for: paragraph, from: 0, widths: [150, 120, 120], otherWidth: 200, tabs: .columnEdge)
        XCTAssertEqual(cache.breakSearches, 1, "the same widths line by line: found before")
        XCTAssertEqual(short, long)
        XCTAssertEqual(short.width(ofLine: 4), 200)
        // A width that differs, even past the paragraph's lines, is another search.
        _ = cache.plan(for: paragraph, from: 0, widths: [150, 120, 120, 200, 200, 200, 190], otherWidth: 200, tabs: .columnEdge)
        XCTAssertEqual(cache.breakSearches, 2)
    }

    func testTheBreaksAreThoseOfTheWholeList() throws {
        let long = [150.0, 120, 120, 200, 200, 200]
        let trimmed = try framesetter("\(Self.text)\n")
        let trimmedPlan = trimmed.cache.plan(for: trimmed.cache.paragraph(containing: 0), from: 0, widths: long, otherWidth: 200,
                                             tabs: .columnEdge)
        // The breaker itself, given the whole list.
        let paragraph = trimmed.cache.paragraph(containing: 0)
        let breaker = ParagraphBreaker(paragraph: paragraph, hyphenator: trimmed.cache.hyphenator(for:))
        XCTAssertEqual(trimmedPlan.breaks, breaker.breaks(from: 0, widths: long, otherWidth: 200))
        XCTAssertEqual(trimmedPlan.widths, [150, 120, 120])
    }
}
