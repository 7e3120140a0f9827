import Foundation
@testable import Render
import TypesetKit
import XCTest

/// `TextLayerStreams`: page streams kept in a file while the pages are drawn, then added to
/// Cairo's draft as objects of its own, which qpdf reads back as they were given.
final class TextLayerStreamsTests: XCTestCase {
    /// Cairo's draft of a short document, not finished.
    private func draft(in directory: URL) throws -> PDFDraft {
        let input = directory.appendingPathComponent("doc.txt")
        try "The keepers climb the stairs at dusk.\n".write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(fileAt: input.path)
        return try DocumentWriter(text: document.text).draftPDF(document.pages(), to: directory.appendingPathComponent("doc.pdf").path)
    }

    func testStreamsAddedToTheDraftAreReadBackAsTheyWereKept() throws {
        let directory = try makeTemporaryDirectory()
        let draft = try draft(in: directory)
        defer { draft.discard() }
        // A copy, whose streams' file is not the draft's own text layer's.
        let copy = directory.appendingPathComponent("copy.pdf").path
        try FileManager.default.copyItem(atPath: draft.path, toPath: copy)
        let sizeBefore = try XCTUnwrap(PDFFileTail(path: copy).integer(after: "/Size"))
        let streams = try TextLayerStreams(beside: copy)
        // Larger than the copy's buffer, empty, and small.
        let contents = [String(repeating: "BT /F1 12 Tf (page one) Tj ET\n", count: 5000), "", "0 0 m 10 10 l S\n"]
        let deflater = Deflater()
        let indexes = try contents.map { streams.keep(try deflater.bytes(Array($0.utf8), of: "a test stream")) }
        XCTAssertEqual(indexes, [0, 1, 2])
        XCTAssertTrue(FileManager.default.fileExists(atPath: streams.path))

        let numbers = try streams.appendObjects(to: copy)
        XCTAssertEqual(numbers, [sizeBefore, sizeBefore + 1, sizeBefore + 2])
        XCTAssertFalse(FileManager.default.fileExists(atPath: streams.path), "the streams' file is removed")
        XCTAssertEqual(try PDFFileTail(path: copy).integer(after: "/Size"), sizeBefore + 3)
        // qpdf finds no fault in the draft with its update, and reads each stream back.
        XCTAssertNotNil(TestSupport.runTool(PDFCheck.qpdf, ["--check", copy]), "qpdf --check failed or warned")
        for (number, content) in zip(numbers, contents) {
            let read = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--show-object=\(number)", "--filtered-stream-data", copy]))
            XCTAssertEqual(read, content, "object \(number)")
        }
    }

    func testAFileWithoutATrailerIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        let notADraft = directory.appendingPathComponent("not-a-draft.bin")
        try Data("no trailer here\n".utf8).write(to: notADraft)
        let streams = try TextLayerStreams(beside: notADraft.path)
        _ = streams.keep([1, 2, 3])
        XCTAssertThrowsError(try streams.appendObjects(to: notADraft.path)) { error in
            XCTAssertTrue("\(error)".contains("/Size"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: notADraft), Data("no trailer here\n".utf8), "nothing was added")
    }

    func testTheTailReadsTheLastValueOfAKey() throws {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent("tail.bin")
        try Data("trailer\n<< /Size 12\n   /Root 1 0 R\n>>\nstartxref\n345\n%%EOF\ntrailer\n<< /Size 20 /Root 1 0 R /Prev 345 >>\nstartxref\n  678\n%%EOF\n".utf8).write(to: file)
        let tail = try PDFFileTail(path: file.path)
        XCTAssertEqual(tail.integer(after: "/Size"), 20)
        XCTAssertEqual(try tail.lastCrossReference(), 678)
        XCTAssertNil(tail.integer(after: "/Info"))
        XCTAssertNil(tail.integer(after: "/Root 1 0"), "R is not a number")
    }
}
