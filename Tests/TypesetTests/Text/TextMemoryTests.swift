import CMalloc
import Layout
@testable import Markup
import Text
import XCTest

/// A document's text is held from reading to the end of drawing, where a run's memory peaks: a
/// Latin book's text is the largest thing held there (issue 39, docs/pipeline.md "Memory that
/// follows the text"). What it holds a character is counted in bytes of heap.
final class TextMemoryTests: XCTestCase {
    /// Bytes of heap in use, small blocks and mapped ones (a large array is mapped).
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    private static let verse = "Ge1:1 And God saw the light, that it was good: and God divided the light from the darkness, café.\n"

    /// Every character of a Latin text is below U+0100: the text keeps a byte a character,
    /// appended a line at a time as the parser appends it. Two bytes a character (UTF-16), as
    /// the text was kept, and the array's doublings made some 2.7.
    func testALatinTextIsHeldInAByteACharacter() {
        let line = Array(Self.verse.utf16)
        let lines = 20_000
        let before = heapInUse()
        var text = AttributedText()
        text.reserveCapacity(line.count * lines)
        text.append(utf16: line[...], attributes: TestSupport.defaultAttributes())
        for _ in 1 ..< lines { text.appendContinuingLastRuns(utf16: line[...]) }
        let held = heapInUse() - before
        withExtendedLifetime(text) {
            XCTAssertEqual(text.length, line.count * lines)
            XCTAssertLessThan(Double(held) / Double(text.length), 1.25, "\(held) bytes for \(text.length) characters")
            XCTAssertEqual(text.substring(text.length - line.count ..< text.length), Self.verse)
        }
    }

    /// A Latin text with a character above U+00FF at its end, in a footnote and in a table cell
    /// is widened where the first comes, and reads as the same text with a Latin letter there:
    /// every other unit, every run and every line break alike.
    func testATextWidenedMidwayReadsAsTheSameTextAllWide() throws {
        func markup(_ other: String) -> String {
            String(repeating: Self.verse, count: 200)
                + "The mark<footnote>A note, \(other).</footnote> of the verse.\n"
                + "<table><tr><td>Cell</td><td>Price \(other)</td></tr></table>\n"
                + String(repeating: Self.verse, count: 20) + "The end \(other)\n"
        }
        let widened = TestSupport.parse(markup("終")).text
        let latin = TestSupport.parse(markup("é")).text
        XCTAssertFalse(widened.storage.isNarrow)
        XCTAssertTrue(latin.storage.isNarrow)
        XCTAssertEqual(widened.length, latin.length)
        let differing = (0 ..< latin.length).filter { widened.storage[$0] != latin.storage[$0] }
        XCTAssertEqual(differing.count, 3)
        XCTAssertEqual(differing.map { widened.storage[$0] }, [0x7D42, 0x7D42, 0x7D42])
        XCTAssertEqual(differing.map { latin.storage[$0] }, [0xE9, 0xE9, 0xE9])
        XCTAssertEqual(widened.attributeRuns(in: 0 ..< widened.length).map(\.range), latin.attributeRuns(in: 0 ..< latin.length).map(\.range))
        XCTAssertEqual(paragraphRanges(of: widened), paragraphRanges(of: latin))
        var paragraphStart = 0
        while paragraphStart < latin.length {
            XCTAssertEqual(widened.lineBreaks(inParagraphOf: paragraphStart).map(\.offset), latin.lineBreaks(inParagraphOf: paragraphStart).map(\.offset))
            paragraphStart = latin.paragraphRange(containing: paragraphStart).upperBound
        }
        // The text's readers read a widened stretch as its characters.
        let end = widened.length - 2
        XCTAssertEqual(widened.substring(end - 8 ..< end + 1), "The end 終")
    }

    private func paragraphRanges(of text: AttributedText) -> [Range<Int>] {
        (0 ..< text.paragraphStyleRuns.runCount).map { text.paragraphStyleRuns.range(ofRun: $0) }
    }
}
