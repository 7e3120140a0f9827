import CMalloc
@testable import Render
import Text
import XCTest

/// The structure tree and its writer are held through the finishing step, with an element
/// for every paragraph: a catalogue of 50,000 lines has 50,000. What they hold a paragraph is
/// counted in bytes of heap (issue 39: memory that follows the text).
final class StructureTreeMemoryTests: XCTestCase {
    /// Bytes of heap in use, small blocks and mapped ones (a large array is mapped).
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// A record of `count` one-line paragraphs, 200 a page: each one marked sequence of text.
    private func record(paragraphs count: Int) -> StructureRecord {
        var record = StructureRecord(language: "en")
        record.strings = ["en"]
        let perPage = 200
        for first in stride(from: 0, to: count, by: perPage) {
            var page: [MarkedPiece] = []
            for paragraph in first ..< min(first + perPage, count) {
                let start = paragraph * 40
                page.append(MarkedPiece(kind: .text(link: nil, language: 0), paragraph: start, offset: start))
                record.paragraphs.record(LogicalParagraph(style: ParagraphStyle()), startingAt: start)
            }
            record.pages.append(page)
        }
        record.drawnByCairo = record.pages.map(\.count)
        return record
    }

    /// A paragraph's element holds its lone marked sequence itself (a 48-byte allocation), and
    /// the writer numbers the elements without a table of its own: some 70 bytes a paragraph
    /// with the root's array of kids. A `String` role, an array a kid and the writer's table
    /// of elements took some 230.
    func testTheTreeAndItsWriterHoldFewBytesAParagraph() {
        let paragraphs = 20_000
        let record = record(paragraphs: paragraphs)
        let before = heapInUse()
        let tree = StructureTree(record)
        let writer = StructureTreeWriter(tree, record: record, pageHeights: record.pages.map { _ in 792 }, language: "en")
        let held = heapInUse() - before
        withExtendedLifetime((tree, writer)) {
            XCTAssertEqual(tree.root.kids.count, paragraphs)
            XCTAssertLessThan(Double(held) / Double(paragraphs), 100, "\(held) bytes for \(paragraphs) paragraphs")
        }
    }
}
