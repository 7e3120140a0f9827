@testable import Layout
import Text
import XCTest

/// A paragraph's break items depend on where its lines start, not on their widths: searches
/// of trial layouts at other widths from the same line find them built, and the breaks are
/// those the breaker finds building its own.
final class BreakItemMemoTests: FramesetterTestCase {
    /// A paragraph of some ten lines at these widths, with words to hyphenate.
    private static let text = String(repeating: "The dead came in with the milk, the newspapers and the extraordinary post. ",
                                     count: 6)

    func testSearchesAtOtherWidthsFromTheSameLineBuildNoItems() throws {
        let setter = try framesetter("\(Self.text)\n")
        let cache = setter.cache
        let paragraph = cache.paragraph(containing: 0)
        _ = cache.plan(for: paragraph, from: 0, widths: [], otherWidth: 150, tabs: .columnEdge)
        let built = cache.breakItems.builds
        XCTAssertGreaterThan(built, 0)
        // A balancing trial's or a float's widths: other searches, the same items.
        for widths in [[140.0], [150, 150, 90, 90], [120]] {
            let plan = cache.plan(for: paragraph, from: 0, widths: widths, otherWidth: 150, tabs: .columnEdge)
            var fresh = ParagraphBreaker(paragraph: paragraph, hyphenator: cache.hyphenator(for:))
            fresh.itemMemo = nil
            XCTAssertEqual(plan.breaks, fresh.breaks(from: 0, widths: widths, otherWidth: 150), "\(widths)")
        }
        XCTAssertEqual(cache.breakSearches, 4)
        XCTAssertLessThanOrEqual(cache.breakItems.builds, built + 1, "at most the hyphenated pass's items are new")
        // Another line start is other items.
        let second = try XCTUnwrap(cache.plan(for: paragraph, from: 0, widths: [], otherWidth: 150, tabs: .columnEdge).lineStarts.dropFirst().first)
        let before = cache.breakItems.builds
        _ = cache.plan(for: paragraph, from: second, widths: [], otherWidth: 150, tabs: .columnEdge)
        XCTAssertGreaterThan(cache.breakItems.builds, before)
    }

    func testTheItemsOfForgottenParagraphsAreDropped() throws {
        let setter = try framesetter("\(Self.text)\n\(Self.text)\n")
        let cache = setter.cache
        _ = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 150, height: 2_000)), from: 0)
        XCTAssertGreaterThan(cache.breakItems.bytesHeld, 0)
        cache.forget(before: setter.text.length)
        XCTAssertEqual(cache.breakItems.bytesHeld, 0)
    }
}
