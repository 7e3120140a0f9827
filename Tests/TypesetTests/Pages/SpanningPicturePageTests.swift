import Foundation
import TypesetKit
import XCTest

/// `<img float="top|bottom" span="all|N">` through the whole pipeline: the picture spans its
/// columns at the top or bottom of the page its anchor is on, no glyph enters it or the gutter
/// beside it, a picture whose anchor would be pushed off the page moves to the next page
/// without the text waiting, pictures stack, none is dropped, and every character is set once.
final class SpanningPicturePageTests: XCTestCase {
    private let template = PageTemplate()

    private func layOut(_ markup: String, expecting messages: [String] = []) throws -> (PreparedDocument, [Page]) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // The pictures are blown up on purpose: their print resolution is not what is tested
        // here, nor their proportions (a spanning picture's width and height give only those).
        options.minimumPictureResolution = 0
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                               baseDirectory: TestSupport.zombiesDirectory.path)
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note && !$0.message.contains(" is given ") }.map(\.description),
                       messages)
        return (document, document.checkedPages())
    }

    /// `count` paragraphs, the first opening with `pictures`, laid out, every character set once.
    private func layOut(_ count: Int, openingWith pictures: String) throws -> (PreparedDocument, [Page]) {
        var text = paragraphs(count)
        text[0] = pictures + text[0]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        return (document, pages)
    }

    private func paragraphs(_ count: Int) -> [String] {
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        return (1 ... count).map { "Paragraph \($0). " + String(repeating: sentence, count: 6) }
    }

    /// Each glyph run's advance box.
    private func boxes(_ page: Page) -> [Rect] {
        page.frames.flatMap { frame in
            frame.lines.flatMap { line in
                line.runs.filter { !$0.glyphIDs.isEmpty }.map { run in
                    let box = run.typographicBounds()
                    return Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height)
                }
            }
        }
    }

    /// No glyph enters the picture or the gutter after it (below a top picture, above a bottom one, beside a narrow one).
    private func assertClear(of picture: PlacedPicture, on page: Page, file: StaticString = #filePath, line: UInt = #line) {
        let gutter = template.gutter - 1e-6
        let rect = picture.rect
        let clear = picture.position == .top
            ? Rect(x: rect.minX, y: rect.minY, width: rect.width + gutter / 2, height: rect.height + gutter)
            : Rect(x: rect.minX, y: rect.minY - gutter, width: rect.width + gutter / 2, height: rect.height + gutter)
        for box in boxes(page) {
            XCTAssertFalse(clear.intersects(box), "glyph box \(box) enters the picture \(rect) or its gutter", file: file, line: line)
        }
    }

    /// Every character but white space and paragraph ends is on exactly one line, and every
    /// spanning picture is placed exactly once.
    private func assertEverythingSetOnce(_ pages: [Page], _ text: AttributedText, file: StaticString = #filePath, line: UInt = #line) {
        var shown = [Int](repeating: 0, count: text.length)
        for frame in pages.flatMap(\.frames) {
            for setLine in frame.lines { for run in setLine.runs { for index in run.stringRange { shown[index] += 1 } } }
        }
        for index in 0 ..< text.length where ![0x20, 0x09, 0xA0, 0x0A, 0x2029, 0x2028, 0xFFFC].contains(text.storage[index]) {
            XCTAssertEqual(shown[index], 1, "offset \(index)", file: file, line: line)
        }
        let anchors = text.attachments.filter { $0.image.spanning != nil }.map(\.index)
        XCTAssertEqual(pages.flatMap(\.pictures).map(\.anchor).sorted(), anchors, file: file, line: line)
    }

    func testAPictureSpanningAllColumnsAtTheTopHasTheColumnsStartBelowIt() throws {
        var text = paragraphs(10)
        text[1] = "<img src=\"coffee.jpg\" width=\"300\" height=\"200\" float=\"top\" alt=\"\">" + text[1]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let picture = try XCTUnwrap(pages[0].pictures.first)
        let area = template.textArea
        XCTAssertEqual(picture.rect.minY, area.minY, accuracy: 1e-6)
        XCTAssertEqual(picture.rect.minX, area.minX, accuracy: 1e-6)
        XCTAssertEqual(picture.rect.width, area.width, accuracy: 1e-6, "span all is the text area's width")
        XCTAssertEqual(picture.rect.height, area.width * 200 / 300, accuracy: 1e-6, "its proportions are kept")
        assertClear(of: picture, on: pages[0])
        for frame in pages[0].frames {
            XCTAssertEqual(frame.container.rect.minY, picture.rect.maxY + template.gutter, accuracy: 1e-6)
        }
        XCTAssertEqual(pages[0].frames.count, template.columns)
        XCTAssertTrue(pages.dropFirst().allSatisfy(\.pictures.isEmpty))
    }

    func testAPictureAtTheBottomHasTheColumnsEndAboveIt() throws {
        var text = paragraphs(10)
        text[0] = "<img src=\"rocket.jpg\" width=\"300\" float=\"bottom\" span=\"all\" alt=\"\">" + text[0]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let picture = try XCTUnwrap(pages[0].pictures.first)
        XCTAssertEqual(picture.position, .bottom)
        XCTAssertEqual(picture.rect.maxY, template.textArea.maxY, accuracy: 1e-6)
        assertClear(of: picture, on: pages[0])
        for frame in pages[0].frames {
            XCTAssertEqual(frame.container.rect.maxY, picture.rect.minY - template.gutter, accuracy: 1e-6)
            XCTAssertEqual(frame.container.rect.minY, template.textArea.minY, accuracy: 1e-6)
        }
    }

    func testAPictureSpanningTwoOfThreeColumnsLeavesTheThirdItsFullHeight() throws {
        let text = ["<section columns=\"3\" gutter=\"12\">",
                    "<img src=\"coffee.jpg\" width=\"300\" height=\"200\" float=\"top\" span=\"2\" alt=\"\">" + paragraphs(1)[0]]
            + paragraphs(12) + ["</section>"]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let picture = try XCTUnwrap(pages[0].pictures.first)
        let column = template.columnWidth(columns: 3, gutter: 12)
        XCTAssertEqual(picture.rect.width, 2 * column + 12, accuracy: 1e-6)
        XCTAssertEqual(picture.rect.minY, template.textArea.minY, accuracy: 1e-6)
        assertClear(of: picture, on: pages[0])
        XCTAssertEqual(pages[0].frames.count, 3)
        let third = try XCTUnwrap(pages[0].frames.last?.lines.first)
        XCTAssertLessThan(third.origin.y, picture.rect.maxY, "the third column starts at the top, beside the picture")
        for frame in pages[0].frames.prefix(2) {
            let first = try XCTUnwrap(frame.lines.first)
            XCTAssertGreaterThan(first.origin.y - first.ascent, picture.rect.maxY, "the spanned columns start below it")
        }
    }

    func testAPictureAnchoredAtTheFootOfAPageMovesToTheNextPageAndTheTextDoesNotWait() throws {
        let plainText = paragraphs(14)
        let (_, plain) = try layOut(plainText.joined(separator: "\n"))
        // The paragraph that holds the first page's last line.
        let end = try XCTUnwrap(plain[0].frames.last?.visibleRange.upperBound)
        let ends = plainText.indices.map { plainText[...$0].joined(separator: "\n").utf16.count }
        let foot = try XCTUnwrap(ends.firstIndex { $0 >= end - 2 })
        var text = plainText
        text[foot] = "<img src=\"coffee.jpg\" width=\"300\" height=\"300\" float=\"top\" alt=\"\">" + text[foot]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        XCTAssertTrue(pages[0].pictures.isEmpty, "with the picture, its anchor would leave the page")
        XCTAssertEqual(pages[0].frames.flatMap(\.lines).count, plain[0].frames.flatMap(\.lines).count, "the text does not wait")
        let picture = try XCTUnwrap(pages[1].pictures.first)
        XCTAssertEqual(picture.rect.minY, template.textArea.minY, accuracy: 1e-6)
        assertClear(of: picture, on: pages[1])
    }

    /// A picture at the foot is kept on its anchor's page only where the room it leaves the
    /// columns still holds what they set there: a column's first line is set however tall, so
    /// a picture in its line taller than that room printed over the picture at the foot
    /// (layout fuzz seeds 961, 1007, 1115). It waits for the next page, the text going on.
    func testAPictureAtTheFootWaitsWhereTheColumnsCannotHoldTheirFirstLineAboveIt() throws {
        let (_, pages) = try layOut(8, openingWith: "<img src=\"coffee.jpg\" width=\"200\" height=\"400\" alt=\"\">"
            + "<img src=\"rocket.jpg\" width=\"460\" height=\"400\" float=\"bottom\" alt=\"\">")
        XCTAssertTrue(pages[0].pictures.isEmpty, "400 pt at the foot would leave the 400 pt line too little room")
        let line = try XCTUnwrap(pages[0].frames.first?.lines.first)
        XCTAssertEqual(line.origin.y - line.ascent, template.textArea.minY, accuracy: 1, "the picture's line opens the page")
        let picture = try XCTUnwrap(pages[1].pictures.first)
        XCTAssertEqual(picture.rect.maxY, template.textArea.maxY, accuracy: 1e-6, "at the next page's foot")
        assertClear(of: picture, on: pages[1])
    }

    func testTwoPicturesAtTheTopStack() throws {
        let (_, pages) = try layOut(10, openingWith: "<img src=\"coffee.jpg\" width=\"400\" height=\"100\" float=\"top\" alt=\"\">"
            + "<img src=\"rocket.jpg\" width=\"400\" height=\"100\" float=\"top\" alt=\"\">")
        XCTAssertEqual(pages[0].pictures.count, 2)
        let (first, second) = (pages[0].pictures[0], pages[0].pictures[1])
        XCTAssertEqual(second.rect.minY, first.rect.maxY + template.gutter, accuracy: 1e-6)
        for picture in pages[0].pictures { assertClear(of: picture, on: pages[0]) }
        XCTAssertEqual(pages[0].frames.first?.container.rect.minY ?? 0, second.rect.maxY + template.gutter, accuracy: 1e-6)
    }

    func testPicturesLeftWhenTheTextEndsGetAPage() throws {
        // Three pictures nearly as tall as the page, anchored in the last, short paragraph.
        let text = paragraphs(3) + [String(repeating: "<img src=\"coffee.jpg\" width=\"300\" height=\"400\" float=\"top\" alt=\"\">", count: 3)
            + "The end."]
        let (document, pages) = try layOut(text.joined(separator: "\n"))
        assertEverythingSetOnce(pages, document.text)
        let last = try XCTUnwrap(pages.last)
        XCTAssertTrue(last.frames.allSatisfy(\.lines.isEmpty), "the last page holds only pictures")
        XCTAssertFalse(last.pictures.isEmpty)
    }

    func testSpanMarkupMistakesAreLocated() throws {
        let markup = """
        <section columns="3">
        <img src="coffee.jpg" float="top" span="4" alt="">Too many.
        <img src="coffee.jpg" float="top" span="1.5" alt="">Half a column.
        </section>
        <img src="coffee.jpg" width="100" span="2" alt="">No float.
        """
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // The pictures are blown up on purpose: their print resolution is not what is tested here.
        options.minimumPictureResolution = 0
        var diagnostics: [Diagnostic] = []
        do {
            _ = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                        baseDirectory: TestSupport.zombiesDirectory.path)
        } catch let failure as DocumentFailure {
            diagnostics = failure.diagnostics
        }
        let messages = diagnostics.filter { $0.severity != .note }.map(\.description)
        XCTAssertTrue(messages.contains { $0.hasPrefix("doc.txt:2:41: error: span 4 is too large (at most 3)") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("doc.txt:3:41: error: span must be all or a whole number") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.hasPrefix("doc.txt:5:35: warning: span has no effect") }, "\(messages)")
    }
}
