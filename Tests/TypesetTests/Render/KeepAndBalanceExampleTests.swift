import Foundation
import XCTest

/// The `keep` and `balance` examples of docs/markup.md, typeset to PDF and read back with
/// pdftotext: the headline in balanced lines, the kept schedule in one column.
final class KeepAndBalanceExampleTests: XCTestCase {
    /// The PDF's text, line by line, without empty lines.
    private func lines(ofExample name: String) throws -> [String] {
        let (report, pdf) = try typesetToPDF(MarkupExample.named(name).markup)
        XCTAssertTrue(report.diagnostics.isEmpty, "\(report.diagnostics)")
        XCTAssertEqual(report.pageCount, 1)
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", [pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func testTheBalanceExampleSetsTheHeadlineInTwoEvenLines() throws {
        let lines = try lines(ofExample: "balance")
        XCTAssertEqual(Array(lines.prefix(2)), ["The Last Keepers", "of the Light"], "\(lines)")
        XCTAssertFalse(lines.contains("Light"), "no word alone on a line: \(lines)")
    }

    func testTheKeepExampleKeepsTheScheduleInOneColumn() throws {
        let (document, pages) = try SectionTesting.layOut(MarkupExample.named("keep").markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let text = document.text.string
        let frames = ["Opening hours", "Monday", "Tuesday", "Wednesday", "Thursday"].map { row -> Int? in
            let offset = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: row)!.lowerBound)
            return pages.first?.frames.firstIndex { $0.visibleRange.contains(offset) }
        }
        XCTAssertEqual(Set(frames).count, 1, "\(frames)")
        XCTAssertNotNil(frames[0])
        let lines = try lines(ofExample: "keep")
        XCTAssertTrue(lines.contains("Thursday: 2 to 7"), "\(lines)")
    }
}
