import Foundation
import Render
import TypesetKit
import XCTest

/// The crop marks' content streams, read back with qpdf: the `q` before a page's own content
/// and the `Q` and marks after it are objects every page of a size shares, and a page whose
/// content the artifact marking rewrites (a box's background here) gets one stream of its own
/// holding its content and its marks, the shared ones left as they were.
final class RegistrationMarksPDFTests: XCTestCase {
    private let sentence = "The keepers wrote every night by the lamp, and read the notes of the night before at dawn. "

    private func typeset(sheet: PrintSheet) throws -> PDFObjectTree {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        let body = (1 ... 40).map { "Night \($0). " + String(repeating: sentence, count: 6) }.joined(separator: "\n")
        try write("<aside float=\"left\" width=\"150\" background=\"#f2e6c9\">The lamp room.</aside>\n\(body)\n", to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.sheet = sheet
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        return try PDFObjectTree(pdfAt: output)
    }

    func testPagesShareTheMarksStreamsAndARewrittenPageHoldsItsOwn() throws {
        let pdf = try typeset(sheet: PrintSheet(bleed: 3 * 72 / 25.4, cropMarks: true))
        let pages = pdf.pages
        XCTAssertGreaterThan(pages.count, 2)
        // The first page has the aside's background, an artifact: its content was rewritten.
        let rewritten = try XCTUnwrap(pages[0]["/Contents"] as? String, "one stream, not an array")
        let content = try String(decoding: pdf.streamData(rewritten), as: UTF8.self)
        XCTAssertTrue(content.hasPrefix("q\n"), String(content.prefix(40)))
        XCTAssertTrue(content.contains("/Artifact BMC"))
        XCTAssertTrue(content.contains("/TypesetRegistration CS 1 SCN"), "its marks")
        XCTAssertEqual(content.components(separatedBy: " l\n").count - 1, 8, "two marks at each corner")

        var openings = Set<String>(), closings = Set<String>(), own = Set<String>()
        for (index, page) in pages.enumerated().dropFirst() {
            let contents = try XCTUnwrap(page["/Contents"] as? [Any], "page \(index + 1)").compactMap { $0 as? String }
            XCTAssertEqual(contents.count, 3, "page \(index + 1)")
            openings.insert(contents[0])
            closings.insert(contents[2])
            own.insert(contents[1])
        }
        XCTAssertEqual(openings.count, 1, "one `q` for every page")
        XCTAssertEqual(closings.count, 1, "one stream of marks for every page of the size")
        XCTAssertEqual(own.count, pages.count - 1, "each page's own content")
        XCTAssertFalse(openings.union(closings).contains(rewritten))
        XCTAssertEqual(try pdf.streamData(XCTUnwrap(openings.first)), Data("q\n".utf8), "the shared stream left as it was")
        let marks = try String(decoding: pdf.streamData(XCTUnwrap(closings.first)), as: UTF8.self)
        XCTAssertTrue(marks.hasPrefix("Q\n/Artifact BMC\n"), marks)
    }

    /// Without marks, the page's one stream is rewritten in place, as before.
    func testWithoutMarksARewrittenPageKeepsItsOneStream() throws {
        let pdf = try typeset(sheet: PrintSheet(bleed: 3 * 72 / 25.4))
        for (index, page) in pdf.pages.enumerated() {
            XCTAssertNotNil(page["/Contents"] as? String, "page \(index + 1): one stream")
        }
    }
}
