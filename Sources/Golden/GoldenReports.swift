import Diagnostics

/// What `GoldenCheck.check` found for one document.
public struct GoldenCheckReport: Sendable {
    /// Pages the document has now.
    public var pageCount: Int
    /// Every page in order, then each golden of a page the document no longer has.
    public var pages: [GoldenPageResult]
    /// Warnings met while setting the document.
    public var diagnostics: [Diagnostic]

    public var failures: [GoldenPageResult] { pages.filter { !$0.passed } }
    public var passed: Bool { failures.isEmpty }
}

/// What `GoldenCheck.update` changed for one document.
public struct GoldenUpdateReport: Sendable {
    public var pageCount: Int
    /// The goldens written or removed; pages within the tolerance are not listed.
    public var changes: [GoldenChange]
    public var diagnostics: [Diagnostic]
}

/// A golden image written or removed by `GoldenCheck.update`.
public struct GoldenChange: Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The page had no golden.
        case added
        /// The page's golden differed beyond the tolerance (or could not be read).
        case replaced
        /// The document no longer has the page.
        case removed
    }

    public var page: Int
    public var goldenPath: String
    public var kind: Kind
    /// Where the page's text begins in the markup (see `GoldenPageResult.textStart`).
    public var textStart: SourceLocation?

    public init(page: Int, goldenPath: String, kind: Kind, textStart: SourceLocation? = nil) {
        self.page = page
        self.goldenPath = goldenPath
        self.kind = kind
        self.textStart = textStart
    }

    public var description: String {
        let change = switch kind {
        case .added: "page \(page): wrote \(goldenPath) (new)"
        case .replaced: "page \(page): rewrote \(goldenPath)"
        case .removed: "page \(page): removed \(goldenPath) (the document no longer has the page)"
        }
        return change + (textStart.map { "; its text begins at \($0)" } ?? "")
    }
}
