import Foundation
import TypesetKit
import XCTest

/// The running heads as a PDF reader sees them.
final class RunningHeadOutputTests: XCTestCase {
    /// Words of each page with their boxes, from `pdftotext -bbox`.
    private func words(of pdf: String) throws -> [[(text: String, yMin: Double, yMax: Double)]] {
        guard let boxes = TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        return boxes.components(separatedBy: "<page ").dropFirst().map { page in
            page.components(separatedBy: "<word ").dropFirst().compactMap { word -> (String, Double, Double)? in
                func number(_ name: String) -> Double? {
                    guard let range = word.range(of: name + "=\"") else { return nil }
                    return Double(word[range.upperBound...].prefix { $0 != "\"" })
                }
                guard let yMin = number("yMin"), let yMax = number("yMax"),
                      let start = word.firstIndex(of: ">"), let end = word.range(of: "</word>") else { return nil }
                return (String(word[word.index(after: start) ..< end.lowerBound]), yMin, yMax)
            }
        }
    }

    func testAPDFsHeadsAndTitle() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} of {pages}\">\n"
                  + RunningHeadLayoutTests.longText, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options)
        XCTAssertEqual(report.diagnostics, [])
        let pages = try words(of: output)
        XCTAssertEqual(pages.count, report.pageCount)
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        let margin = options.page.margins.top
        let bottom = options.page.size.height - options.page.margins.bottom
        for (index, words) in pages.enumerated() {
            let top = words.filter { $0.yMax < margin }.map(\.text)
            XCTAssertEqual(top, index == 0 ? [] : ["Night", "Watch"], "page \(index + 1)")
            let foot = words.filter { $0.yMin > bottom }.map(\.text)
            XCTAssertEqual(foot, ["\(index + 1)", "of", "\(pages.count)"], "page \(index + 1)")
        }
        if let info = TestSupport.runTool("/usr/bin/pdfinfo", [output]) {
            XCTAssertTrue(info.contains("Title:           Night Watch"), info)
        }
    }
}
