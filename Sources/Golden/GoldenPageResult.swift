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

    public var passed: Bool {
        if case .matches = outcome { return true }
        return false
    }

    /// "page 2 differs: 3 of 501,000 pixels differ …; diff: …; actual: …".
    public var description: String {
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
