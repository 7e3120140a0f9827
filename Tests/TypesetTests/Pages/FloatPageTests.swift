import Foundation
import TypesetKit
import XCTest

/// `<img float="left|right">` through the whole pipeline: the picture sits against its side of
/// the column at its anchor's line, no glyph enters it or its margin, the lines beside it are
/// shorter and those below it full width, a picture that does not fit moves to the next column
/// without the text waiting, and every character is still set once.
final class FloatPageTests: XCTestCase {
    private func layOut(_ markup: String) throws -> (PreparedDocument, [Page]) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // The pictures are blown up on purpose: their print resolution is not what is tested
        // here, nor their proportions (tall and narrow to fill columns).
        options.minimumPictureResolution = 0
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                               baseDirectory: TestSupport.zombiesDirectory.path)
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note && !$0.message.contains(" is given ") }.map(\.description), [])
        return (document, document.checkedPages())
    }

    private func paragraphs(_ count: Int, from first: Int = 1) -> [String] {
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        return (first ..< first + count).map { "Paragraph \($0). " + String(repeating: sentence, count: 6) }
    }

    /// Each glyph run's advance box with the line it is on.
    private func boxes(_ frame: Frame) -> [(box: Rect, line: Line)] {
        frame.lines.flatMap { line in
            line.runs.filter { !$0.glyphIDs.isEmpty }.map { run in
                let box = run.typographicBounds()
                return (Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height), line)
            }
        }
    }

    private func assertClear(of float: PlacedFloat, in frame: Frame, file: StaticString = #filePath, line: UInt = #line) {
        let margin = float.margin - 1e-6
        let clear = Rect(x: float.rect.minX - margin, y: float.rect.minY, width: float.rect.width + 2 * margin,
                         height: float.rect.height + margin)
        for (box, _) in boxes(frame) {
            XCTAssertFalse(clear.intersects(box), "glyph box \(box) enters the picture \(float.rect) or its margin", file: file, line: line)
        }
    }

    /// Every character but white space and paragraph ends is on exactly one line, and every
    /// floated picture is placed exactly once.
    private func assertEverythingSetOnce(_ pages: [Page], _ text: AttributedText, file: StaticString = #filePath, line: UInt = #line) {
        var shown = [Int](repeating: 0, count: text.length)
        for frame in pages.flatMap(\.frames) {
            for setLine in frame.lines { for run in setLine.runs { for index in run.stringRange { shown[index] += 1 } } }
        }
        for index in 0 ..< text.length where ![0x20, 0x09, 0xA0, 0x0A, 0x2029, 0x2028].contains(text.storage[index]) {
            XCTAssertEqual(shown[index], 1, "offset \(index)", file: file, line: line)
        }
        let floats = text.attachments.filter { $0.image.float != nil }.map(\.index)
        XCTAssertEqual(pages.flatMap(\.frames).flatMap(\.floats).map(\.anchor).sorted(), floats, file: file, line: line)
    }

    func testPicturesStillWaitingWhenTheTextEndsGetAPageOfTheirOwn() throws {
        // Two pictures as tall as a column, anchored in a short last paragraph half-way down a
        // column: they fit only at a column's top, and the text ends before the next column.
        let text = paragraphs(10) + ["<img src=\"coffee.jpg\" width=\"200\" height=\"700\" float=\"right\" alt=\"\">"
            + "<img src=\"rocket.jpg\" width=\"200\" height=\"700\" float=\"left\" alt=\"\">The end."]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let last = try XCTUnwrap(pages.last)
        XCTAssertTrue(last.frames.allSatisfy { $0.lines.isEmpty }, "the last page holds only pictures")
        XCTAssertEqual(last.frames.flatMap(\.floats).count, 2, "one a column")
    }

    func testRightFloatShortensTheLinesBesideIt() throws {
        var text = paragraphs(8)
        text[1] = "<img src=\"coffee.jpg\" width=\"120\" height=\"80\" float=\"right\" margin=\"10\" alt=\"\">" + text[1]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let frame = try XCTUnwrap(pages[0].frames.first { !$0.floats.isEmpty })
        let float = try XCTUnwrap(frame.floats.first)
        let column = frame.container.rect
        XCTAssertEqual(float.rect.maxX, column.maxX, accuracy: 1e-6)
        XCTAssertEqual(float.rect.size, Size(width: 120, height: 80))
        assertClear(of: float, in: frame)
        // It sits at the top of the line holding its anchor, the second paragraph's first.
        let anchorLine = try XCTUnwrap(frame.lines.first { $0.stringRange.contains(float.anchor) })
        XCTAssertEqual(float.rect.minY, anchorLine.origin.y - anchorLine.ascent - anchorLine.leading / 2, accuracy: 0.5)
        let beside = frame.lines.filter { $0.origin.y - $0.ascent < float.rect.maxY + 10 && $0.origin.y + $0.descent > float.rect.minY }
        XCTAssertGreaterThanOrEqual(beside.count, 4)
        for line in beside { XCTAssertLessThanOrEqual(line.origin.x + line.width, float.rect.minX - 10 + 1e-6) }
        // Below it, the text is full width again.
        let below = frame.lines.filter { $0.origin.y - $0.ascent > float.rect.maxY + 10 && !$0.endsParagraph }
        XCTAssertFalse(below.isEmpty)
        for line in below { XCTAssertEqual(line.origin.x + line.width, column.maxX, accuracy: 0.5) }
    }

    func testLeftFloatKeepsTheTextToItsRight() throws {
        var text = paragraphs(6)
        text[2] = "<img src=\"coffee.jpg\" width=\"100\" float=\"left\" alt=\"\">" + text[2]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let frame = try XCTUnwrap(pages[0].frames.first { !$0.floats.isEmpty })
        let float = try XCTUnwrap(frame.floats.first)
        XCTAssertEqual(float.rect.minX, frame.container.rect.minX, accuracy: 1e-6)
        assertClear(of: float, in: frame)
        let beside = frame.lines.filter { $0.origin.y - $0.ascent < float.rect.maxY && $0.origin.y + $0.descent > float.rect.minY }
        XCTAssertFalse(beside.isEmpty)
        for line in beside { XCTAssertGreaterThanOrEqual(line.origin.x, float.rect.maxX + 8 - 1e-6) }
    }

    func testAFloatThatDoesNotFitMovesOnAndTheTextDoesNotWait() throws {
        // Enough text to bring the anchor near the foot of the first column.
        let first = paragraphs(9)
        var probe = try layOut(first.joined(separator: "\n")).1[0].frames[0]
        XCTAssertFalse(probe.lines.isEmpty)
        let text = first + ["<img src=\"coffee.jpg\" width=\"150\" height=\"300\" float=\"right\" alt=\"\">" + paragraphs(1, from: 10)[0]]
            + paragraphs(10, from: 11)
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let frames = pages.flatMap(\.frames)
        let anchor = try XCTUnwrap(document.text.attachments.first).index
        let holder = try XCTUnwrap(frames.firstIndex { $0.visibleRange.contains(anchor) })
        XCTAssertTrue(frames[holder].floats.isEmpty, "the picture does not fit below its anchor")
        // The column is still filled to its foot.
        probe = frames[holder]
        let bottom = try XCTUnwrap(probe.lines.last).origin.y
        XCTAssertGreaterThan(bottom, probe.container.rect.maxY - 30)
        let next = frames[holder + 1]
        let float = try XCTUnwrap(next.floats.first)
        XCTAssertEqual(float.anchor, anchor)
        XCTAssertEqual(float.rect.minY, next.container.rect.minY, accuracy: 1e-6)
        assertClear(of: float, in: next)
    }

    func testAFloatInASectionColumn() throws {
        var text = paragraphs(3)
        text[1] = "<img src=\"chelsea.png\" width=\"80\" float=\"right\" margin=\"6\" alt=\"\">" + text[1]
        let markup = "<section columns=\"3\" gutter=\"12\">\n" + text.joined(separator: "\n") + "\n</section>\n"
            + paragraphs(2, from: 4).joined(separator: "\n")
        let (document, pages) = try layOut(markup)
        assertEverythingSetOnce(pages, document.text)
        let frame = try XCTUnwrap(pages[0].frames.first { !$0.floats.isEmpty })
        let float = try XCTUnwrap(frame.floats.first)
        XCTAssertEqual(float.rect.maxX, frame.container.rect.maxX, accuracy: 1e-6)
        XCTAssertLessThan(frame.container.rect.width, 200, "a section column, not the page's")
        assertClear(of: float, in: frame)
        // Nothing after the section starts above the picture's foot.
        let after = pages[0].frames.filter { $0.visibleRange.lowerBound >= frame.visibleRange.upperBound && $0.container.rect.width > 200 }
        for later in after { for line in later.lines { XCTAssertGreaterThan(line.origin.y - line.ascent, float.rect.maxY) } }
    }
}
