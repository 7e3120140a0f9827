import XCTest

/// A PDF's words as poppler finds them (`pdftotext -bbox`), page by page, each with its box.
enum PopplerWordBoxes {
    struct Word {
        var text: String
        var xMin: Double
        var xMax = 0.0
        var yMin: Double
        var yMax: Double
    }

    /// Each page's words; skips the test when pdftotext is not installed.
    static func pages(of pdf: String) throws -> [[Word]] {
        guard let boxes = TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        return boxes.components(separatedBy: "<page ").dropFirst().map { page in
            page.components(separatedBy: "<word ").dropFirst().compactMap { word in
                func number(_ name: String) -> Double? {
                    guard let range = word.range(of: name + "=\"") else { return nil }
                    return Double(word[range.upperBound...].prefix { $0 != "\"" })
                }
                guard let xMin = number("xMin"), let yMin = number("yMin"), let yMax = number("yMax"),
                      let start = word.firstIndex(of: ">"), let end = word.range(of: "</word>") else { return nil }
                return Word(text: String(word[word.index(after: start) ..< end.lowerBound]), xMin: xMin, xMax: number("xMax") ?? xMin,
                            yMin: yMin, yMax: yMax)
            }
        }
    }
}
