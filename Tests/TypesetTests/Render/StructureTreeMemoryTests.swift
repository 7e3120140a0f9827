import CCairo
import CMalloc
import Foundation
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

    /// The record keeps nothing of a plain paragraph (a `P` of no list, box or cell), which is
    /// most of a book's: it is held to the end of drawing, where a run's memory peaks. Each
    /// took 28 bytes, and up to twice that while its arrays doubled (46 here).
    func testTheRecordHoldsNoBytesForAPlainParagraph() {
        let paragraphs = 20_000
        let before = heapInUse()
        var record = StructureRecord(language: "en")
        for paragraph in 0 ..< paragraphs {
            record.paragraphs.record(LogicalParagraph(style: ParagraphStyle()), startingAt: paragraph * 40)
        }
        let held = heapInUse() - before
        withExtendedLifetime(record) {
            XCTAssertLessThan(held, 1_024, "\(held) bytes for \(paragraphs) plain paragraphs")
        }
    }

    /// Each page's pieces are kept in a file as the page ends (`MarkedPieceFile`), not in the
    /// record, which is held to the end of drawing: what it holds does not grow with the
    /// pieces (in the record, 36 bytes each), and they are read back as they were.
    func testThePagesPiecesWaitInAFileWhileThePagesAreDrawn() throws {
        let pages = 5_000, perPage = 20
        var text = AttributedText()
        for _ in 0 ..< perPage { text.append("Verse.\n", attributes: TextAttributes(fontFamily: "Liberation Serif", fontSize: 10)) }
        // Cairo's tags mean nothing to an image surface: only the record's memory is counted.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        let context = cairo_create(surface)!
        defer {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
        }
        let draft = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString)").path
        let recorder = StructureRecorder(text: text, language: "en", keepingPiecesIn: try MarkedPieceFile(beside: draft))
        let before = heapInUse()
        for _ in 0 ..< pages {
            recorder.beginPage()
            for paragraph in 0 ..< perPage { recorder.beginText(at: paragraph * 7, link: nil, language: "en", in: context) }
            _ = recorder.endPage(in: context)
        }
        let held = heapInUse() - before
        XCTAssertLessThan(Double(held) / Double(pages * perPage), 2, "\(held) bytes for \(pages * perPage) pieces")
        var record = recorder.record
        XCTAssertEqual(record.pageCount, pages)
        try record.readPagesBack()
        XCTAssertEqual(record.pages.count, pages)
        XCTAssertTrue(record.pages.allSatisfy { $0.map(\.offset) == (0 ..< perPage).map { Int32($0 * 7) } })
    }
}
