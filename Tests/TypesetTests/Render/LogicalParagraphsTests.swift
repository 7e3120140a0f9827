@testable import Render
import Text
import XCTest

/// The structure record's paragraphs: met in drawing order, found by their first character.
final class LogicalParagraphsTests: XCTestCase {
    private let body = LogicalParagraph(style: ParagraphStyle())
    private let heading = LogicalParagraph(style: ParagraphStyle(outlineLevel: 2))

    func testRolesFromTheStyle() {
        XCTAssertEqual(body.role, .paragraph)
        XCTAssertEqual(heading.role, .heading2)
        XCTAssertEqual(LogicalParagraph(style: ParagraphStyle(outlineLevel: 7)).role, .paragraph)
        var item = ParagraphStyle()
        item.listMarkerLength = 2
        XCTAssertEqual(LogicalParagraph(style: item).role, .listBody)
        XCTAssertTrue(LogicalParagraph(style: item).isListItem)
        let figure = BoxStyle(number: 3, kind: .figure)
        XCTAssertEqual(LogicalParagraph(style: ParagraphStyle(box: figure)).box, 3)
        XCTAssertNil(body.box)
    }

    /// A list item: not plain, so kept.
    private var item: LogicalParagraph {
        var style = ParagraphStyle()
        style.listMarkerLength = 2
        return LogicalParagraph(style: style)
    }

    func testParagraphsMetOutOfOrderAreFound() {
        var paragraphs = LogicalParagraphs()
        // Text order, then a figure's paragraph drawn ahead of the text around it, then one
        // placed before everything.
        for start in [0, 10, 20, 40] { XCTAssertTrue(paragraphs.record(item, startingAt: start)) }
        XCTAssertTrue(paragraphs.record(heading, startingAt: 30))
        XCTAssertTrue(paragraphs.record(heading, startingAt: 5))
        XCTAssertEqual(paragraphs.count, 6)
        XCTAssertEqual(paragraphs[30], heading)
        XCTAssertEqual(paragraphs[5], heading)
        for start: Int32 in [0, 10, 20, 40] { XCTAssertEqual(paragraphs[start], item) }
        for missing: Int32 in [-1, 1, 25, 41] { XCTAssertEqual(paragraphs[missing], .plain) }
    }

    func testAParagraphMetAgainKeepsItsFirstRecord() {
        var paragraphs = LogicalParagraphs()
        XCTAssertTrue(paragraphs.record(heading, startingAt: 10))
        XCTAssertTrue(paragraphs.record(item, startingAt: 20))
        // Its next page, and a paragraph met again after a later one.
        XCTAssertFalse(paragraphs.record(item, startingAt: 20))
        XCTAssertFalse(paragraphs.record(item, startingAt: 10))
        XCTAssertEqual(paragraphs.count, 2)
        XCTAssertEqual(paragraphs[10], heading)
    }

    /// A plain paragraph, most of a book's, is found as one without being kept.
    func testPlainParagraphsAreFoundWithoutBeingKept() {
        var paragraphs = LogicalParagraphs()
        for start in stride(from: 0, to: 4_000, by: 4) { XCTAssertFalse(paragraphs.record(body, startingAt: start)) }
        XCTAssertTrue(paragraphs.record(heading, startingAt: 4_000))
        XCTAssertEqual(paragraphs.count, 1)
        XCTAssertEqual(paragraphs[0], .plain)
        XCTAssertEqual(paragraphs[4_000], heading)
        XCTAssertEqual(body, .plain)
    }

    func testEveryParagraphOfALongReversedRunIsFound() {
        var paragraphs = LogicalParagraphs()
        let starts = Array(stride(from: 0, to: 20_000, by: 4))
        for start in starts.reversed() { paragraphs.record(item, startingAt: start) }
        for start in starts { paragraphs.record(heading, startingAt: start) }
        XCTAssertEqual(paragraphs.count, starts.count)
        XCTAssertTrue(starts.allSatisfy { paragraphs[Int32($0)] == item })
        XCTAssertEqual(paragraphs[2], .plain)
    }
}
