import Foundation
@testable import Layout
import XCTest

/// `ParagraphsAhead`: paragraphs prepared by another thread in its idle time are the ones layout
/// would have prepared; the layout thread gets one when it is ready and never waits for one
/// (nil: it prepares it itself, and the preparing goes on past it); what waits is bounded; and
/// paragraphs handed over come back to be let go by the thread that prepared them. The two
/// threads' hand-off itself runs under ThreadSanitizer in `PagesAheadTests`.
final class ParagraphsAheadTests: FramesetterTestCase {
    private func text(paragraphs count: Int) -> String {
        (0 ..< count).map { index in
            "Paragraph \(index) of a long text, with <b>bold</b>, <i>italic</i> and a ﬁne ligature, set \(index % 7) times."
        }.joined(separator: "\n")
    }

    func testParagraphsPreparedAheadAreTheOnesLayoutPrepares() throws {
        let alone = try framesetter(text(paragraphs: 300))
        let withAhead = try framesetter(text(paragraphs: 300))
        let ahead = withAhead.cache.prepareAhead()
        var index = 0
        var count = 0
        while index < alone.text.length {
            // Now and then the other thread's turn: a few paragraphs prepared ahead.
            if count % 5 == 0 { for _ in 0 ..< 3 { ahead.prepareNext() } }
            let expected = alone.cache.paragraph(containing: index)
            let found = withAhead.cache.paragraph(containing: index)
            XCTAssertEqual(found.fullRange, expected.fullRange)
            XCTAssertEqual(found.glyphIDs, expected.glyphIDs, "paragraph at \(index)")
            XCTAssertEqual(found.advances, expected.advances, "paragraph at \(index)")
            XCTAssertEqual(found.clusters, expected.clusters, "paragraph at \(index)")
            XCTAssertEqual(found.opportunities.offsets, expected.opportunities.offsets, "paragraph at \(index)")
            index = expected.fullRange.upperBound
            count += 1
        }
        XCTAssertEqual(count, 300)
        XCTAssertEqual(ahead.preparedCount, 60 * 3, "three at every fifth paragraph, none wasted")
    }

    func testTheLayoutThreadGetsAReadyParagraphAndNeverWaits() throws {
        let setter = try framesetter(text(paragraphs: 50))
        let text = setter.text
        let ahead = setter.cache.prepareAhead()
        XCTAssertNil(ahead.take(containing: 0), "nothing prepared yet: the caller prepares it")
        // The preparing goes on from the paragraph after the one the layout thread prepared.
        let second = text.paragraphRange(containing: 0).upperBound
        XCTAssertTrue(ahead.prepareNext())
        XCTAssertEqual(ahead.take(containing: second)?.fullRange.lowerBound, second)
        // The layout thread passes the preparing thread, which goes on from past it.
        let third = text.paragraphRange(containing: second).upperBound
        let fifth = text.paragraphRange(containing: text.paragraphRange(containing: third).upperBound).upperBound
        XCTAssertNil(ahead.take(containing: fifth))
        XCTAssertTrue(ahead.prepareNext())
        let sixth = text.paragraphRange(containing: fifth).upperBound
        XCTAssertNil(ahead.take(containing: third), "behind the preparing thread: the caller's")
        XCTAssertEqual(ahead.take(containing: sixth + 1)?.fullRange.lowerBound, sixth)
        // To the text's end, and no further.
        while ahead.prepareNext() {}
        let last = text.length - 1
        XCTAssertEqual(ahead.take(containing: last)?.fullRange.upperBound, text.length)
        XCTAssertFalse(ahead.prepareNext())
    }

    func testWhatWaitsIsBounded() throws {
        let setter = try framesetter(text(paragraphs: 3000))
        let ahead = setter.cache.prepareAhead()
        var prepared = 0
        while ahead.prepareNext() { prepared += 1 }
        XCTAssertLessThan(prepared, 3000, "stopped by the budget, not by the text's end")
        // About 90 glyphs a paragraph: as many as the budget holds, and the one that passes it.
        XCTAssertLessThanOrEqual(prepared, ParagraphsAhead.glyphBudget / 60)
        XCTAssertGreaterThanOrEqual(prepared, ParagraphsAhead.glyphBudget / 120)
        // Taking one makes room again.
        XCTAssertNotNil(ahead.take(containing: 0))
        XCTAssertTrue(ahead.prepareNext())
    }

    func testParagraphsComeBackToBeLetGoByTheThreadThatPreparedThem() throws {
        let setter = try framesetter(text(paragraphs: 20))
        let text = setter.text
        let ahead = setter.cache.prepareAhead()
        ahead.prepareNext()
        weak var handedOver = setter.cache.paragraph(containing: 0)
        XCTAssertNotNil(handedOver)
        let second = text.paragraphRange(containing: 0).upperBound
        weak var preparedByLayout = setter.cache.paragraph(containing: second)
        XCTAssertNotNil(preparedByLayout)
        setter.cache.forget(before: text.paragraphRange(containing: second).upperBound)
        XCTAssertNil(preparedByLayout, "prepared by the layout thread: let go there")
        XCTAssertNotNil(handedOver, "prepared ahead: kept for the thread that prepared it")
        ahead.prepareNext()
        XCTAssertNil(handedOver, "let go by that thread")
    }
}
