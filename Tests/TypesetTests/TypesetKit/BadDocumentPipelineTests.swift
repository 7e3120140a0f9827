import Foundation
import Pages
import TypesetKit
import XCTest

/// The bad documents of the markup language, all the way through the pipeline: each one is
/// either a valid PDF or a located error, never a crash or a hang.
final class BadDocumentPipelineTests: XCTestCase {
    private func typeset(_ markup: String, configure: (inout TypesetOptions) -> Void = { _ in }) throws -> (report: TypesetReport, pdf: Data) {
        let (report, path) = try typesetToPDF(markup, configure: configure)
        return (report, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testAnEmptyDocumentIsOneBlankPageWithAWarning() throws {
        for markup in ["", "<p align=\"center\">\n</p>\n", "<!-- nothing -->"] {
            let (report, pdf) = try typeset(markup)
            XCTAssertEqual(report.pageCount, 1, markup)
            XCTAssertTrue(pdf.starts(with: Data("%PDF".utf8)))
            XCTAssertTrue(report.diagnostics.contains { $0.message.contains("no text") }, "\(report.diagnostics)")
        }
    }

    func testA300KilobyteWordIsCutAcrossLinesAndPages() throws {
        let (report, _) = try typeset(String(repeating: "x", count: 300_000))
        XCTAssertGreaterThan(report.pageCount, 10)
    }

    func testTwentyThousandNestedTagsTypeset() throws {
        let markup = String(repeating: "<font color=\"red\">", count: 20_000) + "deep" + String(repeating: "</font>", count: 20_000)
        let (report, _) = try typeset(markup)
        XCTAssertEqual(report.pageCount, 1)
    }

    func testExtremeButValidValuesTypesetWithoutOverlapOrLoop() throws {
        let markup = """
        <p line-height="0.01pt" indent="-9999" head-indent="5000" tabs="10 decimal, 5 right">\tnarrow\t1.5</p>
        <font size="0.5" tracking="-900" baseline="999">tiny</font> <font size="1000">Huge</font>
        <li type="number" start="1000000">item
        """
        // These values ask for text off the page and lines on one another (a first line 9,999 pt
        // to the left, 1,000 pt letters on a 0.01 pt leading): the page check says so, as an
        // error where it runs; without it the pages are written, as a release build writes them.
        if PageChecking.isOn() {
            XCTAssertThrowsError(try typeset(markup)) { error in
                XCTAssertTrue("\(error)".contains("page check:"), "\(error)")
            }
        }
        let (report, pdf) = try typeset(markup) { $0.checksPages = false }
        XCTAssertGreaterThanOrEqual(report.pageCount, 1)
        XCTAssertTrue(pdf.starts(with: Data("%PDF".utf8)))
    }
}
