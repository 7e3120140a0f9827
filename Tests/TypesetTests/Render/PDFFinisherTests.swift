import Foundation
import Layout
@testable import Render
import TypesetKit
import XCTest

/// The finishing step on its own: what it refuses leaves no file behind.
final class PDFFinisherTests: XCTestCase {
    private let finisher = PDFFinisher(sheet: PrintSheet(), metadata: PDFMetadata())
    private let a4 = Size(width: 595.276, height: 841.89)

    func testADraftThatIsNotAPDFIsAnErrorAndWritesNothing() throws {
        let directory = try makeTemporaryDirectory()
        let draft = directory.appendingPathComponent("draft"), output = directory.appendingPathComponent("out.pdf")
        try write("not a PDF at all\n", to: draft)
        XCTAssertThrowsError(try finisher.finish(draft: ReadOnlyFile(path: draft.path, what: "the draft"), pageSizes: [a4], into: AtomicFile(destination: output.path))) { error in
            XCTAssertTrue("\(error)".contains("draft"), "the error names the draft: \(error)")
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["draft"], "no temporary is left beside the output")
    }

    /// A draft with another number of pages than were drawn is not finished with wrong boxes.
    func testADraftWithAnotherPageCountIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("One short page.\n", to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(fileAt: input.path)
        let draft = try DocumentWriter(text: document.text).draftPDF(document.pages(), to: directory.appendingPathComponent("doc.pdf").path)
        defer { draft.discard() }
        let output = directory.appendingPathComponent("out.pdf")
        XCTAssertThrowsError(try finisher.finish(draft: draft.written, pageSizes: [a4, a4], into: AtomicFile(destination: output.path))) { error in
            XCTAssertEqual("\(error)", "the draft's page count, 1, is not the 2 pages drawn")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    func testAnOutputThatCannotBeOpenedIsAnErrorNamingIt() throws {
        let (_, pdf) = try typesetToPDF("One short page.\n")
        XCTAssertThrowsError(try finisher.finish(draft: ReadOnlyFile(path: pdf, what: "the draft"), pageSizes: [a4], into: AtomicFile(destination: "/nonexistent-folder/out.pdf"))) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent-folder/out.pdf"), "\(error)")
        }
    }
}
