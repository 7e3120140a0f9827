import Foundation
import XCTest

/// Characters Cairo cannot draw and sizes it cannot scale to, run through the `typeset`
/// executable: each is a message at its place in the document, never "drawing failed".
final class UnprintableInputCommandLineTests: XCTestCase {
    /// Typesets `markup` beside a picture `pic.png` (240 × 160 pixels) and checks the exit
    /// status, that the PDF is written exactly when it is 0, and that each of `messages` is printed.
    private func check(_ markup: String, _ options: [String] = [], status: Int32, messages: [String],
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: directory.appendingPathComponent("pic.png").path)
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "-o", "doc.pdf"] + options, in: directory)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertEqual(FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc.pdf").path), status == 0,
                       file: file, line: line)
        XCTAssertFalse(result.stderr.contains("drawing failed"), result.stderr, file: file, line: line)
        for message in messages {
            XCTAssertTrue(result.stderr.contains(message), "\(message)\n\(result.stderr)", file: file, line: line)
        }
    }

    func testNoncharactersAreLocatedWarningsAndThePagePrints() throws {
        let fdd0 = String(Unicode.Scalar(UInt32(0xFDD0))!)   // Swift refuses it in a literal
        let markup = "Title\nA \u{FFFF} and &#xFFFE; and \u{10FFFE}.\n<meta title=\"x\(fdd0)\">"
        try check(markup, status: 0, messages: [
            "doc.txt:2:3: warning: U+FFFF is a noncharacter, which cannot be printed; replaced by U+FFFD",
            "doc.txt:2:9: warning: &#xFFFE; is a noncharacter, which cannot be printed; kept as text",
            "doc.txt:2:22: warning: U+10FFFE is a noncharacter",
            "doc.txt:3:15: warning: U+FDD0 is a noncharacter",
        ])
        try check(markup, ["--strict"], status: 1, messages: ["doc.txt:2:3: error: U+FFFF is a noncharacter"])
    }

    func testOtherCharactersCairoRefusesAreLocatedToo() throws {
        // Surrogates, values beyond U+10FFFF and NUL cannot be written raw in UTF-8; as
        // references they stay text. Control characters pass Cairo's check.
        try check("a &#xD800; &#x110000; &#0; \u{1} \u{7F} \u{85} b", status: 0,
                  messages: ["doc.txt:1:3: warning:", "doc.txt:1:12: warning:", "doc.txt:1:23: warning:"])
    }

    func testATinyPictureWidthIsALocatedError() throws {
        try check("A picture <img src=\"pic.png\" width=\"0.0001\"> here.", status: 1,
                  messages: ["doc.txt:1:37: error: width 0.0001 is too small (at least 0.01 pt)"])
    }

    func testTinyAndDerivedSizesAreLocatedErrors() throws {
        let markup = """
        <font size="0.0001">a</font> <p line-height="1e-200">b</p>
        <img src="pic.png" height="1e-3"> <img src="pic.png" width="0.012">
        """
        // A line height without a unit is a multiple, not a length: its exponent is read.
        try check(markup, status: 1, messages: [
            "doc.txt:1:13: error: size 0.0001 is too small (at least 0.01 pt)",
            "doc.txt:1:46: error: line-height 1e-200 is too small (at least 0.01)",
            "doc.txt:2:28: error: height \"1e-3\" has an exponent",
            "doc.txt:2:61: error: with width \"0.012\" the picture (240×160 px) would be 0.008 pt in height",
        ])
    }
}
