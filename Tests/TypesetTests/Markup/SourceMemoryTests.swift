import CMalloc
@testable import Markup
import XCTest

/// A document's source is held whole while its text is built from it: a book's source and its
/// text are the largest things a run holds at once (issue 39: memory that follows the text).
/// What the source holds a character is counted in bytes of heap.
final class SourceMemoryTests: XCTestCase {
    /// Bytes of heap in use, small blocks and mapped ones (a large array is mapped).
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// `lines` verses of a Latin book, an accented letter among them (U+00E9, two bytes of
    /// UTF-8, one unit of UTF-16).
    private func latinBook(lines: Int) -> [UInt8] {
        var text = ""
        for line in 1 ... lines {
            text += "Ge1:\(line) And God saw the light, that it was good: and God divided the light from the darkness, café.\n"
        }
        return Array(text.utf8)
    }

    /// Every character of a Latin text is below U+0100: its source keeps a byte a character,
    /// and its line starts (eight bytes a line of some 100 characters). Two bytes a character
    /// (UTF-16) and the line starts made some 2.1.
    func testALatinSourceIsHeldInAByteACharacter() throws {
        let bytes = latinBook(lines: 20_000)
        let before = heapInUse()
        let source = try MarkupSource(fileName: "book.txt", bytes: bytes)
        let held = heapInUse() - before
        try withExtendedLifetime(source) {
            let characters = source.units.count
            XCTAssertEqual(characters, String(decoding: bytes, as: UTF8.self).utf16.count)
            XCTAssertLessThan(Double(held) / Double(characters), 1.25, "\(held) bytes for \(characters) characters")
            // Located and quoted as ever: the last line, its accented letter counted as one column.
            let last = try XCTUnwrap(source.lineStarts.dropLast().last)
            XCTAssertEqual(source.location(of: last + 99).description, "book.txt:20000:100")
            XCTAssertTrue(source.lineText(containing: last).hasSuffix("darkness, café."))
        }
    }

    /// One character above U+00FF makes the whole source two bytes a unit, read the same.
    func testACharacterAboveLatin1WidensTheWholeSource() throws {
        let bytes = latinBook(lines: 1_000) + Array("The end — 終.\n".utf8)
        let source = try MarkupSource(fileName: "book.txt", bytes: bytes)
        guard case .wide = source.units else { return XCTFail("one byte a unit cannot hold U+2014") }
        XCTAssertEqual(String(decoding: source.units, as: UTF16.self), String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(source.lineText(containing: source.units.count - 2), "The end — 終.")
    }
}
