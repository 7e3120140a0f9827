import Foundation
import TypesetKit
import XCTest

/// Glyph scaling as a PDF reader sees it: the glyphs are drawn wider by the scale (in the text
/// matrix, one embedded face), and the words still extract whole and in order.
final class GlyphScalingPDFTests: XCTestCase {
    /// The words of the PDF of `markup` with their widths, from `pdftotext -bbox`.
    private func words(of markup: String) throws -> [(text: String, width: Double)] {
        let (report, output) = try typesetToPDF(markup)
        XCTAssertEqual(report.diagnostics, [])
        PDFCheck.assertClean(pdfAt: output)
        guard let boxes = TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", output, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        return boxes.components(separatedBy: "<word ").dropFirst().compactMap { word in
            func number(_ name: String) -> Double? {
                guard let range = word.range(of: name + "=\"") else { return nil }
                return Double(word[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let xMin = number("xMin"), let xMax = number("xMax"),
                  let start = word.firstIndex(of: ">"), let end = word.range(of: "</word>") else { return nil }
            let text = String(word[word.index(after: start) ..< end.lowerBound])
                .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            return (text, xMax - xMin)
        }
    }

    func testScaledGlyphsAreDrawnWiderAndStillExtract() throws {
        let plain = try words(of: "<p align=\"left\">Lorem ipsum dolor\n")
        let wide = try words(of: "<p align=\"left\" glyph-scaling=\"120 120 120\">Lorem ipsum dolor\n")
        XCTAssertEqual(wide.map(\.text), ["Lorem", "ipsum", "dolor"])
        XCTAssertEqual(plain.map(\.text), wide.map(\.text))
        for (a, b) in zip(plain, wide) {
            XCTAssertEqual(b.width / a.width, 1.2, accuracy: 0.01, a.text)
        }
    }

    func testTheWordsOfAParagraphGivenWideRangesExtractInOrder() throws {
        let text = JustificationText.prose
        let found = try words(of: "<p glyph-scaling=\"96 100 104\" letter-spacing=\"-1 0 3\">\(text)\n")
        let expected = text.split(separator: " ").map(String.init)
        // Hyphenated words come out in two pieces: compare the letters.
        XCTAssertEqual(found.map(\.text).joined().replacingOccurrences(of: "-", with: ""),
                       expected.joined().replacingOccurrences(of: "-", with: ""))
    }
}
