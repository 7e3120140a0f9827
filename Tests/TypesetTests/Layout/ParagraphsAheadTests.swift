import Foundation
@testable import Layout
import XCTest

/// `ParagraphsAhead`: paragraphs prepared on a thread of their own are the ones layout would
/// have prepared; the layout thread gets each it asks for in text order, nil for one behind the
/// preparing thread or after it stopped, and does not wait through the text for one far ahead.
final class ParagraphsAheadTests: FramesetterTestCase {
    private func text(paragraphs count: Int) -> String {
        (0 ..< count).map { index in
            "Paragraph \(index) of a long text, with <b>bold</b>, <i>italic</i> and a ﬁne ligature, set \(index % 7) times."
        }.joined(separator: "\n")
    }

    /// Starts `ahead` on a thread; the returned group is left when the thread ends.
    private func start(_ ahead: ParagraphsAhead) -> DispatchGroup {
        let ended = DispatchGroup()
        ended.enter()
        Thread.detachNewThread {
            ahead.run()
            ended.leave()
        }
        return ended
    }

    func testParagraphsPreparedAheadAreTheOnesLayoutPrepares() throws {
        let alone = try framesetter(text(paragraphs: 400))
        let withAhead = try framesetter(text(paragraphs: 400))
        let ahead = withAhead.cache.prepareAhead()
        let ended = start(ahead)
        var index = 0
        var count = 0
        while index < alone.text.length {
            let expected = alone.cache.paragraph(containing: index)
            let found = withAhead.cache.paragraph(containing: index)
            XCTAssertEqual(found.fullRange, expected.fullRange)
            XCTAssertEqual(found.glyphIDs, expected.glyphIDs, "paragraph at \(index)")
            XCTAssertEqual(found.advances, expected.advances, "paragraph at \(index)")
            XCTAssertEqual(found.opportunities.offsets, expected.opportunities.offsets, "paragraph at \(index)")
            index = expected.fullRange.upperBound
            count += 1
        }
        XCTAssertEqual(count, 400)
        ahead.stop()
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "the preparing thread ends")
    }

    func testBehindFarAheadAndStopped() throws {
        let setter = try framesetter(text(paragraphs: 3000))
        let text = setter.text
        let ahead = setter.cache.prepareAhead()
        let ended = start(ahead)
        let first = try XCTUnwrap(ahead.take(containing: 0))
        XCTAssertEqual(first.fullRange.lowerBound, 0)
        let third = text.paragraphRange(containing: first.fullRange.upperBound + 1).upperBound
        XCTAssertNotNil(ahead.take(containing: third + 1), "the third paragraph; the second is passed")
        XCTAssertNil(ahead.take(containing: first.fullRange.upperBound + 1), "the second is behind: the caller's")
        // Far ahead: the preparing thread goes on from there rather than through the text between.
        let far = text.length - 200
        let farParagraph = try XCTUnwrap(ahead.take(containing: far))
        XCTAssertTrue(farParagraph.fullRange.contains(far))
        XCTAssertLessThan(ahead.preparedCount, 1000, "of 3,000 paragraphs")
        ahead.stop()
        XCTAssertNil(ahead.take(containing: text.length - 1), "stopped: what waited was let go, nothing more is prepared")
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "the preparing thread ends")
        XCTAssertNil(ahead.take(containing: text.length - 1))
    }
}
