import CMalloc
import Images
@testable import Markup
import Text
import XCTest

/// Styling tags left open nest, each inside the one before, as the tutorial's markup leaves a
/// `<font>` on each line: a book written so has as many open as it has lines. An open tag holds
/// a few dozen bytes, its saved styles shared with the other tags that saved the same
/// (`SavedStylesTable`); it held them whole, some 4 KB, and 20,000 were the most allowed.
/// What the open tags hold is bounded (`OpenElements.mostBytes`): the tag past it is one
/// error that says which tags to close.
final class TagNestingLimitTests: XCTestCase {
    /// Bytes of heap in use, small blocks and mapped ones (a large array is mapped).
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    private func errors(of document: MarkupDocument) -> [String] {
        document.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    /// The tester's `tut.txt`: 25,000 lines, each opening a `<font>` never closed.
    func testABookOfUnclosedFontLinesSets() throws {
        let lines = 25_000
        var markup = ""
        for line in 0 ..< lines {
            markup += "<font color=\"\(line.isMultiple(of: 2) ? "red" : "blue")\">Paragraph \(line) in the tutorial style.\n"
        }
        let document = TestSupport.parse(markup)
        XCTAssertEqual(errors(of: document), [])
        let text = document.text
        XCTAssertTrue(text.string.hasSuffix("Paragraph \(lines - 1) in the tutorial style.\n"))
        // Each line in its own colour, red and blue by turns, as its `<font>` set it.
        var colours: [Color] = [], lineStart = 0
        for line in text.string.split(separator: "\n") {
            colours.append(text.attributes(at: lineStart).attributes.color)
            lineStart += line.utf16.count + 1
        }
        XCTAssertEqual(colours.count, lines)
        XCTAssertNotEqual(colours[0], colours[1])
        XCTAssertEqual(colours.indices.filter { colours[$0] != colours[$0 % 2] }, [])
    }

    /// 100,000 `<font>`s open, saving two styles between them, hold under 64 bytes each (some
    /// 53 measured; 3,911 before).
    func testAnOpenTagHoldsAFewDozenBytes() throws {
        try Sanitizers.skipIfActive("AddressSanitizer's allocator is not malloc's: mallinfo2 counts none of its blocks")
        let source = MarkupSource(fileName: "doc.txt", text: "")
        let diagnostics = MarkupDiagnostics(source: source)
        var state = ParseState(source: source, defaults: MarkupDefaults(attributes: TestSupport.defaultAttributes(),
                                                                        paragraphStyle: ParagraphStyle()),
                               images: ImageLocator(baseDirectory: "/", root: nil, files: PictureFiles()), diagnostics: diagnostics)
        let tags = 100_000
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let before = heapInUse()
        for tag in 0 ..< tags {
            state.open(.font, at: tag)
            state.builder.attributes.color = tag.isMultiple(of: 2) ? red : blue
        }
        let held = heapInUse() - before
        XCTAssertEqual(state.openCount(of: .font), tags)
        XCTAssertLessThan(Double(held) / Double(tags), 64, "\(held) bytes for \(tags) open tags")
        XCTAssertTrue(state.close(.font))
        XCTAssertEqual(state.builder.attributes.color, red)
    }

    /// Tags each with styles of their own (a size a 160th of a point larger, below the largest
    /// size all the way) reach the bound at some 148,500: the next is one error, naming the tag
    /// to close, and those after it none.
    func testTagsPastTheBoundAreOneErrorSayingWhatToClose() throws {
        let bound = OpenElements.mostBytes / (SavedStylesTable.bytesPerSlot + OpenElements.bytesPerElement) + 1
        var markup = ""
        for tag in 0 ..< bound + 100 { markup += "<font size=\"\(20 + Double(tag) / 160)\">" }
        markup += "deep\n"
        let document = TestSupport.parse(markup)
        XCTAssertEqual(errors(of: document), ["<font> inside \(bound) open tags, \(bound) of them <font>: the styles they restore "
                                              + "when closed would take over 128 MB; close your <font>s with </font>"])
        XCTAssertEqual(document.text.string, "deep\n")
    }
}
