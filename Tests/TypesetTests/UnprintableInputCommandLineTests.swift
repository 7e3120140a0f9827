import Foundation
import XCTest

/// Characters Cairo cannot draw and sizes it cannot scale to, run through the `typeset`
/// executable: each is a message at its place in the document, never "drawing failed".
final class UnprintableInputCommandLineTests: XCTestCase {
    private func run(_ markup: String, _ options: [String] = []) throws -> (result: CommandResult, pdf: Bool) {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: directory.appendingPathComponent("pic.png").path)
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "-o", "doc.pdf"] + options, in: directory)
        XCTAssertFalse(result.stderr.contains("drawing failed"), result.stderr)
        return (result, FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc.pdf").path))
    }

    func testNoncharactersAreLocatedWarningsAndThePagePrints() throws {
        let fdd0 = String(Unicode.Scalar(UInt32(0xFDD0))!)   // Swift refuses it in a literal
        let markup = "Title\nA \u{FFFF} and &#xFFFE; and \u{10FFFE}.\n<meta title=\"x\(fdd0)\">"
        let (result, pdf) = try run(markup)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(pdf)
        for expected in ["doc.txt:2:3: warning: U+FFFF is a noncharacter, which cannot be printed; replaced by U+FFFD",
                         "doc.txt:2:9: warning: &#xFFFE; is a noncharacter, which cannot be printed; kept as text",
                         "doc.txt:2:22: warning: U+10FFFE is a noncharacter",
                         "doc.txt:3:15: warning: U+FDD0 is a noncharacter"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
        let strict = try run(markup, ["--strict"])
        XCTAssertEqual(strict.result.status, 1, strict.result.stderr)
        XCTAssertFalse(strict.pdf)
    }

    func testOtherCharactersCairoRefusesAreLocatedToo() throws {
        // Surrogates, values beyond U+10FFFF and NUL cannot be written raw in UTF-8; as references they stay text.
        let (result, pdf) = try run("a &#xD800; &#x110000; &#0; \u{1} \u{7F} \u{85} b")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(pdf)
        for column in [3, 12, 23] { XCTAssertTrue(result.stderr.contains("doc.txt:1:\(column): warning:"), "\(column)\n\(result.stderr)") }
    }

    func testATinyPictureWidthIsALocatedError() throws {
        let (result, pdf) = try run("A picture <img src=\"pic.png\" width=\"1e-200\"> here.")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(pdf)
        XCTAssertTrue(result.stderr.contains("doc.txt:1:37: error: width 1e-200 is too small (at least 0.01 pt)"), result.stderr)
    }

    func testTinyAndDerivedSizesAreLocatedErrors() throws {
        let markup = """
        <font size="1e-200">a</font> <p line-height="1e-200">b</p>
        <img src="pic.png" height="1e-3"> <img src="pic.png" width="0.012">
        """
        let (result, pdf) = try run(markup)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(pdf)
        for expected in ["doc.txt:1:13: error: size 1e-200 is too small (at least 0.01 pt)",
                         "doc.txt:1:46: error: line-height 1e-200 is too small (at least 0.01)",
                         "doc.txt:2:28: error: height 0.001 is too small (at least 0.01 pt)",
                         "doc.txt:2:61: error: with width \"0.012\" the picture (240×160 pixels) would be 0.008 pt in height"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected)\n\(result.stderr)")
        }
    }
}
