import Text
import XCTest

final class AttributedTextTests: XCTestCase {
    private let plain = TextAttributes(fontFamily: "TeX Gyre Pagella", fontSize: 11)
    private var red: TextAttributes {
        var attributes = plain
        attributes.color = Color(red: 1, green: 0, blue: 0)
        return attributes
    }

    func testStorageIsUTF16() {
        let text = AttributedText("a😀é", attributes: plain)
        XCTAssertEqual(text.length, 4)   // a, surrogate pair, é
        XCTAssertEqual(Array(text.storage), Array("a😀é".utf16))
        XCTAssertEqual(text.string, "a😀é")
        XCTAssertEqual(text.substring(1 ..< 3), "😀")
    }

    func testAppendingBuildsRunsAndMergesEqualAttributes() {
        var text = AttributedText()
        text.append("Hello ", attributes: plain)
        text.append("red", attributes: red)
        text.append(" world", attributes: red)
        text.append("!", attributes: plain)
        let runs = text.attributeRuns(in: 0 ..< text.length)
        XCTAssertEqual(runs.map(\.range), [0 ..< 6, 6 ..< 15, 15 ..< 16])
        XCTAssertEqual(runs.map(\.attributes.color), [.black, Color(red: 1, green: 0, blue: 0), .black])
        XCTAssertEqual(text.attributes(at: 8).range, 6 ..< 15)
        XCTAssertEqual(text.attributes(at: 15).attributes, plain)
    }

    /// Layout reads a paragraph's first attributes (its language, its face) where the runs keep
    /// them: the text's one copy, not a copy of the whole value (some 900 instructions).
    func testSharedAttributesAreTheRunsOwnCopy() {
        var text = AttributedText()
        text.append("Hello ", attributes: plain)
        text.append("red", attributes: red)
        let runs = text.attributeRuns(in: 0 ..< text.length)
        XCTAssertTrue(text.sharedAttributes(at: 2) === runs[0].shared)
        XCTAssertTrue(text.sharedAttributes(at: 7) === runs[1].shared)
        XCTAssertEqual(text.sharedAttributes(at: 7).value, red)
    }

    func testAppendingContinuingTheLastRunsExtendsThem() {
        var text = AttributedText()
        text.append(utf16: Array("Hello ".utf16)[...], attributes: plain, paragraphStyle: ParagraphStyle(alignment: .center))
        text.appendContinuingLastRuns(utf16: Array("world".utf16)[...])
        text.append(utf16: Array("!".utf16)[...], attributes: red)
        XCTAssertEqual(text.string, "Hello world!")
        XCTAssertEqual(text.attributeRuns(in: 0 ..< text.length).map(\.range), [0 ..< 11, 11 ..< 12])
        XCTAssertEqual(text.paragraphStyleRuns.runCount, 2)
        XCTAssertEqual(text.paragraphStyle(at: 10).alignment, .center)
        XCTAssertEqual(text.paragraphStyle(at: 11).alignment, .justify)
    }

    func testSetAndModifyAttributes() {
        var text = AttributedText("abcdef", attributes: plain)
        text.setAttributes(red, in: 2 ..< 4)
        XCTAssertEqual(text.attributeRuns(in: 0 ..< 6).map(\.range), [0 ..< 2, 2 ..< 4, 4 ..< 6])
        text.modifyAttributes(in: 3 ..< 5) { $0.fontSize = 20 }
        // Only the characters in 3..<5 change, each keeping the rest of its attributes.
        let sizes = (0 ..< 6).map { text.attributes(at: $0).attributes.fontSize }
        XCTAssertEqual(sizes, [11, 11, 11, 20, 20, 11])
        let colors = (0 ..< 6).map { text.attributes(at: $0).attributes.color }
        let red = Color(red: 1, green: 0, blue: 0)
        XCTAssertEqual(colors, [.black, .black, red, red, .black, .black])
        XCTAssertEqual(text.attributeRuns(in: 0 ..< 6).map(\.range), [0 ..< 2, 2 ..< 3, 3 ..< 4, 4 ..< 5, 5 ..< 6])
        // A change that changes nothing leaves the runs alone.
        text.modifyAttributes(in: 0 ..< 6) { _ in }
        XCTAssertEqual(text.attributeRuns(in: 0 ..< 6).count, 5)
    }

    func testParagraphRangeIncludesItsSeparator() {
        let text = AttributedText("one\ntwo\u{2029}three", attributes: plain)
        XCTAssertEqual(text.paragraphRange(containing: 0), 0 ..< 4)
        XCTAssertEqual(text.paragraphRange(containing: 3), 0 ..< 4)   // the separator belongs to its paragraph
        XCTAssertEqual(text.paragraphRange(containing: 4), 4 ..< 8)
        XCTAssertEqual(text.paragraphRange(containing: 7), 4 ..< 8)
        XCTAssertEqual(text.paragraphRange(containing: 8), 8 ..< 13)
        XCTAssertEqual(text.paragraphRange(containing: 12), 8 ..< 13)
        XCTAssertEqual(text.paragraphRange(containing: 13), 8 ..< 13)
    }

    func testAParagraphStartsAtTheTextsStartAndAfterEachSeparator() {
        let text = AttributedText("one\ntwo\u{2029}three", attributes: plain)
        XCTAssertEqual((0 ... text.length).filter { text.startsParagraph(at: $0) }, [0, 4, 8])
    }

    func testEmptyParagraphs() {
        let text = AttributedText("a\n\nb\n", attributes: plain)
        XCTAssertEqual(text.paragraphRange(containing: 1), 0 ..< 2)
        XCTAssertEqual(text.paragraphRange(containing: 2), 2 ..< 3)
        XCTAssertEqual(text.paragraphRange(containing: 3), 3 ..< 5)
        XCTAssertEqual(text.paragraphRange(containing: 5), 5 ..< 5)
    }

    func testParagraphStyles() {
        let left = ParagraphStyle(alignment: .left)
        var text = AttributedText(defaultParagraphStyle: left)
        text.append("one\n", attributes: plain)
        text.append("two", attributes: plain, paragraphStyle: ParagraphStyle(alignment: .center))
        XCTAssertEqual(text.paragraphStyle(at: 0).alignment, .left)
        XCTAssertEqual(text.paragraphStyle(at: 5).alignment, .center)
        XCTAssertEqual(text.paragraphStyle(at: 99), left)   // past the end: the default
        text.setParagraphStyle(ParagraphStyle(alignment: .right), in: 0 ..< 4)
        XCTAssertEqual(text.paragraphStyle(at: 2).alignment, .right)
    }

    func testAttachmentsAreListedInTextOrder() {
        var text = AttributedText("a", attributes: plain)
        let first = ImageAttachment(path: "/x/one.png")
        let second = ImageAttachment(path: "/x/two.png")
        text.appendAttachment(first, delegate: RunDelegate(ascent: 10, width: 20), attributes: plain)
        text.append("b", attributes: plain)
        text.appendAttachment(second, delegate: RunDelegate(ascent: 30, descent: 2, width: 40), attributes: plain)
        XCTAssertEqual(text.string, "a\u{FFFC}b\u{FFFC}")
        let attachments = text.attachments
        XCTAssertEqual(attachments.map(\.index), [1, 3])
        XCTAssertEqual(attachments.map(\.image.path), ["/x/one.png", "/x/two.png"])
        XCTAssertEqual(attachments.map(\.delegate), [RunDelegate(ascent: 10, width: 20), RunDelegate(ascent: 30, descent: 2, width: 40)])
        XCTAssertNil(text.attributes(at: 0).attributes.runDelegate)
        XCTAssertEqual(text.attributes(at: 1).attributes.runDelegate?.width, 20)
    }

    func testTwoIdenticalAttachmentsInARowAreBothListed() {
        var text = AttributedText()
        let image = ImageAttachment(path: "/x/same.png")
        let delegate = RunDelegate(ascent: 10, width: 10)
        text.appendAttachment(image, delegate: delegate, attributes: plain)
        text.appendAttachment(image, delegate: delegate, attributes: plain)
        // The two characters share one attribute run, yet each is a picture of its own.
        XCTAssertEqual(text.attributeRuns(in: 0 ..< 2).count, 1)
        XCTAssertEqual(text.attachments.map(\.index), [0, 1])
    }
}
