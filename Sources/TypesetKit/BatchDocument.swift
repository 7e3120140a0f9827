import Diagnostics
import Markup

/// One document of a batch: where its markup comes from and where its pages go.
public struct BatchDocument: Sendable {
    public enum Source: Sendable {
        /// A markup file.
        case file(path: String)
        /// Markup already read, such as standard input: `name` is what diagnostics call it,
        /// and pictures are looked up in `baseDirectory`.
        case markup(name: String, bytes: [UInt8], baseDirectory: String)
    }

    public var source: Source
    /// The PDF, or the first part of each PNG page's name (`NAME-001.png`, …).
    public var outputPath: String

    public init(source: Source, outputPath: String) {
        self.source = source
        self.outputPath = outputPath
    }

    /// The path or name diagnostics give the document.
    public var name: String {
        switch source {
        case .file(let path): return path
        case .markup(let name, _, _): return name
        }
    }
}

/// What became of one document of a batch: its pages, or every problem that stopped it
/// (then it wrote nothing).
public struct BatchOutcome: Sendable {
    public var document: BatchDocument
    public var result: Result<TypesetReport, DocumentFailure>

    /// Warnings of a good document, errors (and the warnings before them) of a failed one.
    public var diagnostics: [Diagnostic] {
        switch result {
        case .success(let report): return report.diagnostics
        case .failure(let failure): return failure.diagnostics
        }
    }

    public var succeeded: Bool {
        if case .success = result { return true }
        return false
    }

    /// Pages written: none for a failed document.
    public var pageCount: Int {
        if case .success(let report) = result { return report.pageCount }
        return 0
    }
}
