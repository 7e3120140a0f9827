import Foundation
import Render
import TypesetKit
import XCTest

/// `DocumentWriter.draftPDF` and `PDFDraft`: Cairo's draft drawn first, the file finished (or
/// dropped) after, so that the layout and the text can be let go in between.
final class PDFDraftTests: XCTestCase {
    private func document(in directory: URL) throws -> PreparedDocument {
        let input = directory.appendingPathComponent("draft.txt")
        try String(repeating: "A paragraph drawn into a draft, then finished into the file.\n\n", count: 40)
            .write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        return try Typesetter(options: options).prepare(fileAt: input.path)
    }

    private func visibleFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    private func hiddenFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }.sorted()
    }

    func testAFinishedDraftIsTheFileWritePDFWrites() throws {
        let directory = try makeTemporaryDirectory()
        let document = try document(in: directory)
        let writer = DocumentWriter(text: document.text)
        let whole = directory.appendingPathComponent("whole.pdf")
        let count = try writer.writePDF(document.pages(), to: whole.path, metadata: document.metadata)

        let stepped = directory.appendingPathComponent("stepped.pdf")
        let draft = try writer.draftPDF(document.pages(), to: stepped.path, metadata: document.metadata)
        // Drawn, not finished: the draft waits beside the output, which does not exist yet.
        XCTAssertFalse(FileManager.default.fileExists(atPath: stepped.path))
        XCTAssertEqual(try hiddenFiles(in: directory).filter { $0.hasSuffix(".draft") }.count, 1)
        XCTAssertEqual(draft.pageCount, count)

        XCTAssertEqual(try draft.finish(), count)
        XCTAssertEqual(try Data(contentsOf: stepped), try Data(contentsOf: whole))
        XCTAssertEqual(try hiddenFiles(in: directory), [], "the draft and the temporary are gone")
    }

    func testADiscardedDraftLeavesTheOutputAsItWas() throws {
        let directory = try makeTemporaryDirectory()
        let document = try document(in: directory)
        let output = directory.appendingPathComponent("kept.pdf")
        try Data("an earlier file".utf8).write(to: output)

        let draft = try DocumentWriter(text: document.text).draftPDF(document.pages(), to: output.path, metadata: document.metadata)
        draft.discard()
        XCTAssertEqual(try Data(contentsOf: output), Data("an earlier file".utf8))
        XCTAssertEqual(try hiddenFiles(in: directory), [])
        XCTAssertEqual(try visibleFiles(in: directory), ["draft.txt", "kept.pdf"])
    }

    /// The finishing step's failure (here: the draft emptied before it is read; it is read
    /// through the descriptor that wrote it, so removing its name would change nothing) is the
    /// output's error, and leaves nothing behind.
    func testAFinishThatFailsWritesNothing() throws {
        let directory = try makeTemporaryDirectory()
        let document = try document(in: directory)
        let output = directory.appendingPathComponent("never.pdf")
        let draft = try DocumentWriter(text: document.text).draftPDF(document.pages(), to: output.path, metadata: document.metadata)
        for name in try hiddenFiles(in: directory) where name.hasSuffix(".draft") {
            XCTAssertEqual(truncate(directory.appendingPathComponent(name).path, 0), 0)
        }
        XCTAssertThrowsError(try draft.finish()) { error in
            XCTAssertTrue("\(error)".contains("never.pdf"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        XCTAssertEqual(try hiddenFiles(in: directory), [])
    }
}
