import Layout
import Text
import XCTest

/// Kept blocks in the line loop's column breaks: a `keep-together` paragraph or a `<keep>`
/// block that would be split at a column's foot starts the next column instead, however far
/// up that ends the column; one that starts at a column's top and is taller is split. Lines
/// of paragraphs ended by <br> on a 12 pt grid, in containers of a chosen number of lines.
final class KeptBlockTests: FramesetterTestCase {
    private static let lineHeight = 12.0

    /// A paragraph of `count` lines, "name1" to "nameN".
    private func paragraph(_ name: String, lines count: Int) -> String {
        (1 ... count).map { "\(name)\($0) words" }.joined(separator: "<br>")
    }

    /// The line count of each frame of `markup` set in containers `lines` lines tall, one after
    /// another, each from where the one before ended.
    private func lineCounts(_ paragraphs: [String], lines: Int) throws -> [Int] {
        let setter = try framesetter(#"<p line-height="12pt" space-after="0" align="left">"# + paragraphs.joined(separator: "\n"))
        let rect = Rect(x: 20, y: 50, width: 200, height: Double(lines) * Self.lineHeight + 1)
        var counts: [Int] = []
        var position = 0, carry = FlowCarry.none
        while position < setter.text.length, counts.count < 100 {
            let result = setter.frame(in: Container(rect: rect), from: position, carrying: carry)
            XCTAssertGreaterThan(result.frame.visibleRange.upperBound, position, "every column takes a line")
            counts.append(result.frame.lines.count)
            position = result.frame.visibleRange.upperBound
            carry = result.carry
        }
        return counts
    }

    func testAKeepTogetherParagraphGoesWholeToTheNextColumn() throws {
        let plain = [paragraph("a", lines: 6), paragraph("b", lines: 4)]
        XCTAssertEqual(try lineCounts(plain, lines: 8), [8, 2], "without the keep the paragraph is split 2 + 2")
        let kept = [plain[0], #"<p keep-together="true">"# + plain[1] + "</p>"]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [6, 4])
    }

    func testAKeepBlockOfSeveralParagraphsGoesWhole() throws {
        let rows = ["Opening hours", "Monday 9 to 12", "Tuesday closed", "Wednesday 9 to 5", "Thursday 2 to 7"]
        let plain = [paragraph("a", lines: 5)] + rows
        XCTAssertEqual(try lineCounts(plain, lines: 8), [8, 2], "without the keep the schedule is split 3 + 2")
        let kept = [paragraph("a", lines: 5), "<keep>"] + rows + ["</keep>"]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [5, 5])
    }

    func testTheColumnEndsBeforeTheBlockHoweverFarUp() throws {
        // Seven of eight lines move on: more than the half a column that widows and orphans may move.
        let kept = [paragraph("a", lines: 2), #"<p keep-together="true">"# + paragraph("b", lines: 7) + "</p>"]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [2, 7])
    }

    func testAHeadingBeforeTheBlockGoesWithIt() throws {
        let heading = #"<p keep-with-next="true">Schedule</p>"#
        let kept = [paragraph("a", lines: 4), heading, #"<p keep-together="true">"# + paragraph("b", lines: 4) + "</p>"]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [4, 5])
    }

    func testAHeadingAtTheColumnsTopIsNotSplitToKeepTheBlockAfterIt() throws {
        // A four-line heading opening the column, then a block that fits a column but not
        // below the heading: the heading is no block taller than the column, so it stays whole
        // with the block's first lines (the department page's review head went "Reviews: /
        // Self-published / memoirs of small-" in one column and the rest in the next).
        let heading = #"<p keep-with-next="true">"# + paragraph("h", lines: 4) + "</p>"
        let kept = [heading, #"<p keep-together="true">"# + paragraph("b", lines: 6) + "</p>", paragraph("c", lines: 2)]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [8, 4], "the block, which cannot go whole with its heading, is split at the foot")
    }

    func testABlockTallerThanAColumnIsSplitFromTheColumnsTop() throws {
        let kept = [#"<p keep-together="true">"# + paragraph("b", lines: 11) + "</p>", paragraph("c", lines: 2)]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [8, 5], "split as any paragraph, the rest of the text after it")
    }

    func testABlockThatFitsIsNotMoved() throws {
        let kept = [paragraph("a", lines: 2), "<keep>", paragraph("b", lines: 3), paragraph("c", lines: 3), "</keep>",
                    paragraph("d", lines: 4)]
        XCTAssertEqual(try lineCounts(kept, lines: 8), [8, 4], "the block ends the first column; what follows is split as usual")
    }
}
