import Foundation
import TypesetKit
import XCTest

/// A PDF's running heads are drawn after its last page and laid on their pages by the
/// finishing step (their text the layer's, `PDFTextLayer.runningHeads`; what Cairo draws of
/// them a form, `RunningHeadsOverlays`): the pages show what heads drawn on each page show,
/// pixel for pixel, no page of heads is left in the file, and the pages' own content is
/// Cairo's stream as drawn, not read and written again.
final class RunningHeadsOverlayTests: XCTestCase {
    private static let fixture = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/running-heads/running-heads.txt")

    /// The fixture typeset into a PDF; with `layoutJSON`, the heads are drawn on each page (the
    /// layout JSON records each page with its heads).
    private func typeset(layoutJSON: Bool, in directory: URL, change: (inout TypesetOptions) -> Void = { _ in }) throws -> String {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let name = layoutJSON ? "on-each-page" : "laid-over"
        if layoutJSON { options.layoutJSONPath = directory.appendingPathComponent("\(name).json").path }
        change(&options)
        let output = directory.appendingPathComponent("\(name).pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: Self.fixture.path, outputPath: output)
        return output
    }

    /// Each page of `pdf` rendered by poppler at 72 dpi, as PNG bytes.
    private func renderedPages(_ pdf: String) throws -> [Data] {
        let base = pdf + "-page"
        guard TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "72", "-png", pdf, base]) != nil else {
            throw XCTSkip("pdftoppm is not installed")
        }
        let directory = URL(fileURLWithPath: pdf).deletingLastPathComponent()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(URL(fileURLWithPath: base).lastPathComponent) }.sorted()
        return try names.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
    }

    func testTheHeadsLaidOverThePagesDrawWhatHeadsOnEachPageDraw() throws {
        // On a sheet with a bleed and crop marks, where the page is drawn away from the sheet's
        // corner (the trimmed page's heads: `RunningHeadOutputTests`, their words' boxes).
        for sheet in [PrintSheet(bleed: 8.5, cropMarks: true)] {
            let directory = try makeTemporaryDirectory()
            let laidOver = try renderedPages(try typeset(layoutJSON: false, in: directory) { $0.sheet = sheet })
            let onEachPage = try renderedPages(try typeset(layoutJSON: true, in: directory) { $0.sheet = sheet })
            XCTAssertGreaterThan(laidOver.count, 1)
            XCTAssertEqual(laidOver.count, onEachPage.count, "no page of heads is left in the file")
            for (index, (a, b)) in zip(laidOver, onEachPage).enumerated() {
                XCTAssertTrue(a == b, "page \(index + 1) shows the same pixels, bleed \(sheet.bleed)")
            }
        }
    }

    func testEachPagePaintsItsHeadsTextFirstAndItsFeetTextLastAsPaginationArtifacts() throws {
        let directory = try makeTemporaryDirectory()
        // Crop marks: the finishing step's other addition to the pages comes with it.
        let pdf = try typeset(layoutJSON: false, in: directory) { $0.sheet = PrintSheet(bleed: 8.5, cropMarks: true) }
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
