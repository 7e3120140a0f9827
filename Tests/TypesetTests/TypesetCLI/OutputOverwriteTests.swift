import Foundation
import XCTest

/// No output of a run takes the place of a file the document is made from (issue 40, item 4):
/// a picture or a font file, whichever output names it (`-o`, a PNG page, `--layout-json`,
/// `--depfile`), and no two outputs the same file. Each case is refused before anything is
/// written: the picture and the font are left as they were, and exit status 1 with a located error.
final class OutputOverwriteTests: XCTestCase {
    /// A folder with `doc.txt` placing `pic.png`, `out-001.png` (named as the first PNG page of
    /// `-o out.png`) and `shot.pdf` (a PNG: a picture is told by its bytes, not its name).
    private func project() throws -> URL {
        let directory = try makeTemporaryDirectory()
        for name in ["pic.png", "out-001.png", "shot.pdf"] {
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                             to: directory.appendingPathComponent(name))
        }
        try write("A note with three pictures.\n<img src=\"pic.png\" alt=\"\" width=\"40\">\n<img src=\"out-001.png\" alt=\"\" width=\"40\">\n<img src=\"shot.pdf\" alt=\"\" width=\"40\">\n",
                  to: directory.appendingPathComponent("doc.txt"))
        return directory
    }

    private func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    func testNoOutputOverwritesAPictureOfTheDocument() throws {
        let directory = try project()
        let original = try bytes(directory.appendingPathComponent("pic.png"))
        let cases: [(arguments: [String], message: String, line: Int)] = [
            (["doc.txt", "-o", "shot.pdf"], "the output shot.pdf would overwrite this picture", 4),
            (["doc.txt", "-o", "out.png"], "the page", 3),
            (["doc.txt", "-o", "doc.pdf", "--layout-json", "pic.png"], "--layout-json pic.png would overwrite this picture", 2),
            (["doc.txt", "-o", "doc.pdf", "--depfile", "./pic.png"], "--depfile ./pic.png would overwrite this picture", 2),
        ]
        for (arguments, message, line) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("doc.txt:\(line):"), "located at the <img>: \(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try bytes(directory.appendingPathComponent("pic.png")), original, "\(arguments)")
            XCTAssertEqual(try bytes(directory.appendingPathComponent("out-001.png")), original, "\(arguments)")
            XCTAssertEqual(try bytes(directory.appendingPathComponent("shot.pdf")), original, "\(arguments)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc.pdf").path), "\(arguments): nothing written")
        }
    }

    func testNoOutputOverwritesAFontFile() throws {
        let directory = try project()
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.copyItem(atPath: TestSupport.fontsDirectory, toPath: fonts.path)
        let font = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: fonts.path)
            .first { $0.lowercased().hasPrefix("texgyrepagella-regular") })
        let before = try bytes(fonts.appendingPathComponent(font))
        let result = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf", "--layout-json", "fonts/\(font)"], in: directory,
                                            environment: ["TYPESET_FONTS": fonts.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("would overwrite the font file"), result.stderr)
        XCTAssertEqual(try bytes(fonts.appendingPathComponent(font)), before)
    }

    func testTheLayoutJSONAndTheDepfileCannotBeOneFile() throws {
        let directory = try project()
        let result = try typeset(["doc.txt", "-o", "doc.pdf", "--layout-json", "x.out", "--depfile", "x.out"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--depfile x.out would overwrite --layout-json's file"), result.stderr)
    }
}
