import Foundation
@testable import Render
import TypesetKit
import XCTest

/// `PDFFinisher`'s copy of Cairo's draft alone (with `PDFDraftReader` and
/// `PDFStreamingWriter`; no text layer, Cairo's structure tree kept): object by object into a
/// file that qpdf finds clean, with the sheet's boxes, the dates, object streams, and the same
/// bytes each time; a draft Cairo did not write refused.
final class PDFStreamingCopyTests: XCTestCase {
    /// Cairo's draft of a document of a few pages, not finished, in `directory`.
    private func draft(in directory: URL) throws -> PDFDraft {
        let input = directory.appendingPathComponent("doc.txt")
        let paragraph = "The keepers climb the stairs at dusk and light the lamp, then sit and watch the sea. "
        try ("<meta title=\"Keepers (of the light)\">\n" + String(repeating: paragraph, count: 12) + "\n\n")
            .write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(fileAt: input.path)
        return try DocumentWriter(text: document.text).draftPDF(document.pages(), to: directory.appendingPathComponent("doc.pdf").path,
                                                                metadata: document.metadata)
    }

    private func finish(_ draft: ReadOnlyFile, pageSizes: [Size], sheet: PrintSheet, creationDate: Int = 1_000_000_000, into output: String) throws {
        let file = try AtomicFile(destination: output)
        try PDFFinisher(sheet: sheet, metadata: PDFMetadata(creationDate: creationDate)).finish(draft: draft, pageSizes: pageSizes, into: file)
        try file.commit()
    }

    func testTheCopyIsCleanWithTheSheetsBoxesTheDatesAndObjectStreams() throws {
        let directory = try makeTemporaryDirectory()
        let draft = try draft(in: directory)
        defer { draft.discard() }
        let output = directory.appendingPathComponent("streamed.pdf").path
        let sheet = PrintSheet(bleed: 9)
        try finish(draft.written, pageSizes: draft.pageSizes, sheet: sheet, into: output)

        PDFCheck.assertClean(pdfAt: output)
        let tree = try PDFObjectTree(pdfAt: output)
        XCTAssertEqual(tree.pages.count, draft.pageSizes.count)
        for (page, size) in zip(tree.pages, draft.pageSizes) {
            for (key, box) in [("/MediaBox", sheet.mediaBox(for: size)), ("/BleedBox", sheet.bleedBox(for: size)), ("/TrimBox", sheet.trimBox(for: size))] {
                let numbers = try XCTUnwrap(tree.array(page[key]) as? [NSNumber], key).map(\.doubleValue)
                XCTAssertEqual(numbers, [box.minX, box.minY, box.maxX, box.maxY].map { ($0 * 1000).rounded() / 1000 }, key)
            }
        }
        XCTAssertEqual(tree.creationDate, PDFDate.string(secondsSince1970: 1_000_000_000))
        XCTAssertEqual(PDFObjectTree.text(tree.info["/Title"]), "Keepers (of the light)")
        // The pages' dictionaries are in object streams: no `/Type /Page` in the file's bytes.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertNil(bytes.range(of: Data("/Type /Page ".utf8)))
        XCTAssertNotNil(bytes.range(of: Data("/Type /ObjStm".utf8)))
        // Every stream's length is in its dictionary; Cairo's length objects are not copied.
        XCTAssertFalse(tree.allDictionaries.contains { $0.dictionary["/Length"] is String }, "a length left as a reference")
    }

    func testTheSameDraftGivesTheSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        let draft = try draft(in: directory)
        defer { draft.discard() }
        let first = directory.appendingPathComponent("first.pdf").path, second = directory.appendingPathComponent("second.pdf").path
        try finish(draft.written, pageSizes: draft.pageSizes, sheet: PrintSheet(), into: first)
        try finish(draft.written, pageSizes: draft.pageSizes, sheet: PrintSheet(), into: second)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
        // Another date is another file, and another identifier.
        let third = directory.appendingPathComponent("third.pdf").path
        try finish(draft.written, pageSizes: draft.pageSizes, sheet: PrintSheet(), creationDate: 0, into: third)
        let identifiers = try [first, third].map { try XCTUnwrap(PDFObjectTree(pdfAt: $0).trailer["/ID"] as? [String]).first }
        XCTAssertNotEqual(identifiers[0], identifiers[1])
    }

    func testADraftWithAnUpdateOfItsOwnIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        let draft = try draft(in: directory)
        defer { draft.discard() }
        // Cairo writes its file whole; an update (here one that adds nothing) is another program's.
        let updated = directory.appendingPathComponent("updated.pdf").path
        try FileManager.default.copyItem(atPath: draft.path, toPath: updated)
        let reader = try PDFDraftReader(path: updated)
        let size = try XCTUnwrap(reader.trailer["/Size"]?.integer), root = try XCTUnwrap(reader.trailer["/Root"]?.referencedNumber)
        let previous = try PDFDraftReader.lastCrossReference(in: ReadOnlyFile(path: updated, what: "the draft"))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: updated))
        let offset = try handle.seekToEnd()
        try handle.write(contentsOf: Data("xref\n0 0\ntrailer\n<< /Size \(size) /Root \(root) 0 R /Prev \(previous) >>\nstartxref\n\(offset)\n%%EOF\n".utf8))
        try handle.close()

        let output = directory.appendingPathComponent("streamed.pdf").path
        XCTAssertThrowsError(try finish(ReadOnlyFile(path: updated, what: "the draft"), pageSizes: draft.pageSizes, sheet: PrintSheet(), into: output)) { error in
            XCTAssertTrue("\(error)".contains("incremental update"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is left behind")
    }

    func testTheLastStartxrefGivesTheCrossReferenceTable() throws {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent("tail.bin")
        try Data("trailer\n<< /Size 12 >>\nstartxref\n345\n%%EOF\ntrailer\n<< /Size 20 /Prev 345 >>\nstartxref\n  678\n%%EOF\n".utf8).write(to: file)
        XCTAssertEqual(try PDFDraftReader.lastCrossReference(in: ReadOnlyFile(path: file.path, what: "the draft")), 678)
        try Data("trailer\n<< /Size 12 >>\nstartxref\n%%EOF\n".utf8).write(to: file)
        XCTAssertThrowsError(try PDFDraftReader.lastCrossReference(in: ReadOnlyFile(path: file.path, what: "the draft"))) { error in
            XCTAssertTrue("\(error)".contains("no startxref"), "\(error)")
        }
    }

    func testADraftWhosePageCountIsNotTheDocumentsIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        let draft = try draft(in: directory)
        defer { draft.discard() }
        let output = directory.appendingPathComponent("streamed.pdf").path
        XCTAssertThrowsError(try PDFFinisher(sheet: PrintSheet(), metadata: PDFMetadata())
            .finish(draft: draft.written, pageSizes: draft.pageSizes + [Size(width: 100, height: 100)], into: AtomicFile(destination: output))) { error in
            XCTAssertTrue("\(error)".contains("page count"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is left behind")
    }
}
