import Foundation
import TypesetKit
import XCTest

/// A PDF's running heads are drawn after its last page and laid on their pages by the
/// finishing step (their text the layer's, `PDFTextLayer.runningHeads`; what Cairo draws of
/// them a form, `RunningHeadsOverlays`): on a sheet they go with their page, no page of heads
/// is left in the file, and the pages' own content is
/// Cairo's stream as drawn, not read and written again.
final class RunningHeadsOverlayTests: XCTestCase {
    private static let fixture = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/running-heads/running-heads.txt")

    /// The fixture typeset into a PDF named `name`.
    private func typeset(_ name: String, in directory: URL, change: (inout TypesetOptions) -> Void = { _ in }) throws -> String {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        change(&options)
        let output = directory.appendingPathComponent("\(name).pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: Self.fixture.path, outputPath: output)
        return output
    }

    /// On a sheet with a bleed and crop marks the page is drawn away from the sheet's corner,
    /// and the heads laid over it go with it: every word of every page, heads and body, stands
    /// where it stands on the trimmed page, moved by the sheet's margin. (Heads drawn on each
    /// page were the reference once; a PDF's heads are now always laid over, the layout JSON's
    /// file too: `RunningHeadOutputTests.testAPDFBesideTheLayoutJSONIsThePDFWrittenWithoutIt`.)
    func testTheHeadsLaidOverThePagesMoveWithThePageOnASheet() throws {
        let directory = try makeTemporaryDirectory()
        let sheet = PrintSheet(bleed: 8.5, cropMarks: true)
        let trimmed = try PopplerWordBoxes.pages(of: try typeset("trimmed", in: directory))
        let onSheet = try PopplerWordBoxes.pages(of: try typeset("on-sheet", in: directory) { $0.sheet = sheet })
        XCTAssertGreaterThan(trimmed.count, 1)
        XCTAssertEqual(trimmed.count, onSheet.count, "no page of heads is left in the file")
        for (index, (expected, found)) in zip(trimmed, onSheet).enumerated() {
            XCTAssertEqual(found.map(\.text), expected.map(\.text), "page \(index + 1)")
            for (word, moved) in zip(expected, found) {
                XCTAssertEqual(moved.xMin, word.xMin + sheet.margin, accuracy: 0.01, "page \(index + 1): \(word.text)")
                XCTAssertEqual(moved.yMin, word.yMin + sheet.margin, accuracy: 0.01, "page \(index + 1): \(word.text)")
            }
        }
    }

    func testEachPagePaintsItsHeadsTextFirstAndItsFeetTextLastAsPaginationArtifacts() throws {
        let directory = try makeTemporaryDirectory()
        // Crop marks: the finishing step's other addition to the pages comes with it.
        let pdf = try typeset("laid-over", in: directory) { $0.sheet = PrintSheet(bleed: 8.5, cropMarks: true) }
        let json = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--json=2", "--json-key=pages", "--json-key=qpdf",
                                                                     "--json-stream-data=inline", "--decode-level=generalized", pdf]))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func dictionary(_ reference: Any?) -> [String: Any]? {
            guard let reference = reference as? String else { return reference as? [String: Any] }
            let object = objects["obj:\(reference)"] as? [String: Any]
            return (object?["value"] as? [String: Any]) ?? ((object?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        }
        func text(_ reference: Any?) -> String {
            let data = ((objects["obj:\(reference as? String ?? "")"] as? [String: Any])?["stream"] as? [String: Any])?["data"] as? String
            return String(decoding: Data(base64Encoded: data ?? "") ?? Data(), as: UTF8.self)
        }
        let pages = try XCTUnwrap(root["pages"] as? [[String: Any]]).compactMap { dictionary($0["object"]) }
        XCTAssertGreaterThan(pages.count, 1)
        for (index, page) in pages.enumerated() {
            // Cairo drew nothing of the heads: no form of theirs is left.
            XCTAssertNil(dictionary(dictionary(page["/Resources"])?["/XObject"])?["/TypesetRunningHeads"], "page \(index + 1)")
            let contents = try XCTUnwrap(page["/Contents"] as? [Any]).map(text)
            // The header's text is read before the page's, the footer's after it, each a
            // stream of the layer's in a `q` … `Q` of its own.
            if index > 0 {
                XCTAssertTrue(contents.first?.contains("/Artifact <</Type /Pagination /Subtype /Header>> BDC") ?? false, "page \(index + 1)")
            }
            XCTAssertTrue(contents.last?.contains("/Artifact <</Type /Pagination /Subtype /Footer>> BDC") ?? false, "page \(index + 1)")
            for heads in [contents.first, contents.last].compactMap({ $0 }) where heads.contains("/Pagination") {
                XCTAssertTrue(heads.hasPrefix("q\n") && heads.hasSuffix("Q\n"), heads)
            }
            let cairos = contents.filter { $0.hasPrefix("1 0 0 -1 0 ") }
            XCTAssertEqual(cairos.count, 1, "Cairo's own stream, as drawn")
            XCTAssertFalse(cairos.first?.contains("/Artifact") ?? true, "the page's content holds no artifact to be marked")
            XCTAssertTrue(contents.contains { $0.contains("/TypesetRegistration CS") }, "the crop marks are there too")
        }
    }
}
