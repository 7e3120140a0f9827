import Foundation
import Render
import TypesetKit
import XCTest

/// The crop marks' content streams, read back with qpdf: the `q` before a page's content and
/// the `Q` and marks after it are objects every page of a size shares, round the page's own
/// streams (Cairo's and the text layer's); a page whose Cairo stream the artifact marking
/// rewrites (a box's background here) has it rewritten in place, the shared ones left as they were.
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

    func testPagesShareTheMarksStreamsRoundTheirOwn() throws {
        let pdf = try typeset(sheet: PrintSheet(bleed: 3 * 72 / 25.4, cropMarks: true))
        let pages = pdf.pages
        XCTAssertGreaterThan(pages.count, 2)
        var openings = Set<String>(), closings = Set<String>(), own: [[String]] = []
        for (index, page) in pages.enumerated() {
            let contents = try XCTUnwrap(page["/Contents"] as? [Any], "page \(index + 1)").compactMap { $0 as? String }
            XCTAssertGreaterThanOrEqual(contents.count, 3, "page \(index + 1)")
            openings.insert(contents[0])
            closings.insert(contents[contents.count - 1])
            own.append(Array(contents.dropFirst().dropLast()))
        }
        XCTAssertEqual(openings.count, 1, "one `q` for every page")
        XCTAssertEqual(closings.count, 1, "one stream of marks for every page of the size")
        XCTAssertFalse(own.contains { !Set($0).isDisjoint(with: openings.union(closings)) }, "the shared streams are the marks' alone")
        XCTAssertEqual(try pdf.streamData(XCTUnwrap(openings.first)), Data("q\n".utf8), "the shared stream left as it was")
        let marks = try String(decoding: pdf.streamData(XCTUnwrap(closings.first)), as: UTF8.self)
        XCTAssertTrue(marks.hasPrefix("Q\n/Artifact BMC\n"), marks)
        XCTAssertTrue(marks.contains("/TypesetRegistration CS 1 SCN"), "its marks")
        XCTAssertEqual(marks.components(separatedBy: " l\n").count - 1, 8, "two marks at each corner")
        // The first page's aside has a background, an artifact: Cairo's stream was rewritten in place.
        let first = try own[0].map { try String(decoding: pdf.streamData($0), as: UTF8.self) }
        XCTAssertTrue(first.contains { $0.contains("/Artifact BMC") && $0.contains(" re") }, "\(first)")
        XCTAssertTrue(first.contains { $0.contains("TJ") }, "the page's text, in the layer's stream")
    }

    /// Without marks, a page's content is Cairo's one stream and the text layer's after it,
    /// Cairo's rewritten in place where it has an artifact.
    func testWithoutMarksCairosStreamIsRewrittenInPlace() throws {
        let pdf = try typeset(sheet: PrintSheet(bleed: 3 * 72 / 25.4))
        for (index, page) in pdf.pages.enumerated() {
            let contents = try XCTUnwrap(page["/Contents"] as? [Any], "page \(index + 1)").compactMap { $0 as? String }
            let texts = try contents.map { try String(decoding: pdf.streamData($0), as: UTF8.self) }
            XCTAssertEqual(texts.count, 4, "page \(index + 1)")
            XCTAssertEqual(texts.first, "q\n")
            XCTAssertEqual(texts.dropFirst(2).first, "Q\n")
            if index == 0 { XCTAssertTrue(texts[1].contains("/Artifact BMC"), texts[1]) }
        }
    }
}
