import Diagnostics
import Foundation
@testable import Markup
import XCTest

/// How `<img>`, `<include>` and `<import>` find the file a `src` names: a name written in NFC
/// finds a file saved in NFD (macOS's way), and a trailing `/` after a file is "Not a
/// directory", as POSIX reads it, not the file.
final class NamedFileLookUpTests: XCTestCase {
    private func parse(_ markup: String, in directory: URL) throws -> MarkupDocument {
        let path = directory.appendingPathComponent("issue.txt").path
        try markup.write(toFile: path, atomically: true, encoding: .utf8)
        return TestSupport.parser(baseDirectory: directory.path).parse(try MarkupSource(fileName: path, bytes: Array(markup.utf8)))
    }

    private func errors(_ document: MarkupDocument) -> [String] {
        document.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    func testANameWrittenInNFCFindsAFileSavedInNFD() throws {
        let decomposed = "Mo\u{0308}wen"   // NFD, as a Mac saves it: o and a combining diaeresis
        let directory = try makeFolder(["\(decomposed)/ka\u{0308}se.txt": "Cheese.\n", "u\u{0308}ber.tss": "<meta author=\"Ada\">\n"])
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("grey8.png"),
                                         toPath: directory.appendingPathComponent("\(decomposed)/bild.png").path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("M") }.map(\.utf8.count),
                       [7], "the folder's name is stored decomposed")
        let document = try parse("<import src=\"über.tss\">\n<include src=\"Möwen/käse.txt\">\n<img src=\"Möwen/bild.png\">\n",
                                 in: directory)
        XCTAssertEqual(errors(document), [])
        XCTAssertTrue(document.text.string.contains("Cheese."), document.text.string)
        let picture = try XCTUnwrap(document.text.attachments.first?.image.path)
        XCTAssertTrue(picture.hasSuffix("/\(decomposed)/bild.png") && picture.utf8.count == directory.path.utf8.count + 17, picture)
    }

    func testATrailingSlashAfterAFileIsNotADirectory() throws {
        let directory = try makeFolder(["r": "Article.\n"])
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("grey8.png"), toPath: directory.appendingPathComponent("p").path)
        for (tag, kind) in [("<include src=\"r/\">", "included file"), ("<import src=\"r/\">", "style sheet"), ("<img src=\"p/\">", "image")] {
            let document = try parse(tag + "\nText.\n", in: directory)
            let name = tag.contains("p/") ? "p" : "r"
            XCTAssertEqual(errors(document), ["\(kind) \"\(name)/\": Not a directory (\(directory.path)/\(name) is a file; a name ending in / names a folder)"], tag)
            XCTAssertFalse(document.text.string.contains("Article."), tag)
        }
    }
}
