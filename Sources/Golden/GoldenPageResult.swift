import Diagnostics

/// How one page of a document compares with its golden image.
public struct GoldenPageResult: Sendable, CustomStringConvertible {
    public enum Outcome: Sendable {
        /// Within the tolerance.
        case matches(GoldenComparison)
        /// Beyond the tolerance; the diff image marks the differing pixels.
        case differs(GoldenComparison, diffPath: String, actualPath: String)
        /// The page and its golden are not the same size (rendered at another --dpi, or another page size).
        case sizeMismatch(actual: PixelSize, golden: PixelSize, actualPath: String)
        /// The page has no golden image yet.
        case missingGolden(actualPath: String)
        /// The golden file is there but is not a PNG that can be read.
        case unreadableGolden(reason: String, actualPath: String)
        /// A golden image for a page the document no longer has.
        case extraGolden
    }

    /// The page number, from 1.
    public var page: Int
    public var goldenPath: String
    public var outcome: Outcome
    /// Where the page's text begins in the markup: the paragraph to look at when it changed
    /// (nil for a golden of a page the document no longer has, or a page without text).
    public var textStart: SourceLocation?

    public init(page: Int, goldenPath: String, outcome: Outcome, textStart: SourceLocation? = nil) {
        self.page = page
        self.goldenPath = goldenPath
        self.outcome = outcome
        self.textStart = textStart
    }

    public var passed: Bool {
        if case .matches = outcome { return true }
        return false
    }

    /// "page 2 differs: 3 of 501,000 pixels differ …; diff: …; actual: …; its text begins at
    /// doc.txt:14:1".
    public var description: String {
        outcomeDescription + (textStart.map { "; its text begins at \($0)" } ?? "")
    }

    private var outcomeDescription: String {
        switch outcome {
        case .matches(let comparison):
            return "page \(page) matches \(goldenPath): \(comparison.summary)"
        case .differs(let comparison, let diffPath, let actualPath):
            return "page \(page) differs from \(goldenPath): \(comparison.summary); diff: \(diffPath); actual: \(actualPath)"
        case .sizeMismatch(let actual, let golden, let actualPath):
            return "page \(page) is \(actual) pixels but \(goldenPath) is \(golden) (made at another --dpi or page size?); actual: \(actualPath)"
        case .missingGolden(let actualPath):
            return "page \(page) has no golden image \(goldenPath); actual: \(actualPath)"
        case .unreadableGolden(let reason, let actualPath):
            return "page \(page): cannot read the golden image \(goldenPath) (\(reason)); actual: \(actualPath)"
        case .extraGolden:
            return "page \(page) is missing: \(goldenPath) is the golden of a page the document no longer has"
        }
    }
}
