import Diagnostics
import Foundation
import Render
import TypesetKit

/// Golden-image regression for one document: its pages rendered to pixels and compared with
/// approved images (`check`), or approved as they are now (`update`). `typeset compare` and
/// the project's own golden tests both run it.
public struct GoldenCheck: Sendable {
    /// The document's name, which names its golden pages: `NAME-001.png`, `NAME-002.png`, …
    public var name: String
    /// The folder of this document's golden pages.
    public var goldenDirectory: String
    /// Where a failing page's diff and actual images go; made only when one is written.
    public var diffDirectory: String
    public var tolerance: GoldenTolerance
    /// The memory this comparison shares with the other documents' (`ComparisonMemory`).
    public var memory: ComparisonMemory

    public init(name: String, goldenDirectory: String, diffDirectory: String, tolerance: GoldenTolerance = .standard,
                memory: ComparisonMemory = .forThisProcess) {
        self.name = name
        self.goldenDirectory = goldenDirectory
        self.diffDirectory = diffDirectory
        self.tolerance = tolerance
        self.memory = memory
    }

    /// The name a document's goldens go by: its file's name without the extension.
    public static func name(ofInput path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    private var files: GoldenFiles {
        GoldenFiles(name: name, goldenDirectory: goldenDirectory, diffDirectory: diffDirectory)
    }

    /// Lays out the file as `options` say, renders each page at `options.dpi` and compares it
    /// with its golden. Throws `DocumentFailure` when the document cannot be set or drawn.
    public func check(inputPath: String, options: TypesetOptions) throws -> GoldenCheckReport {
        let document = try Typesetter(options: options).prepare(fileAt: inputPath)
        var results: [GoldenPageResult] = []
        let checks = PageCheckRun(of: document, checksPages: options.checksPages)
        let pages = try failingAsDocument(document) {
            try files.removeEarlierDiffs()
            return try forEachPage(of: document, dpi: options.dpi, checks: checks) { page, textStart, actual in
                var result = try compare(page: page, actual: actual)
                result.textStart = textStart
                results.append(result)
            }
        }
        for page in files.goldenPages() where !pages.contains(page) {
            results.append(GoldenPageResult(page: page, goldenPath: files.goldenPath(page: page), outcome: .extraGolden))
        }
        return GoldenCheckReport(pageCount: pages.count, pages: results,
                                 diagnostics: document.diagnostics + checks.warnings + checks.errors)
    }

    /// Approves the document's pages as they render now: writes the goldens that are missing
    /// or fail the tolerance, leaves those within it alone (goldens made elsewhere do not churn),
    /// and removes the goldens of pages the document no longer has. Each file is replaced
    /// whole; nothing is removed unless every page rendered.
    public func update(inputPath: String, options: TypesetOptions) throws -> GoldenUpdateReport {
        let document = try Typesetter(options: options).prepare(fileAt: inputPath)
        var changes: [GoldenChange] = []
        let checks = PageCheckRun(of: document, checksPages: options.checksPages)
        let pages = try failingAsDocument(document) {
            try FileManager.default.createDirectory(atPath: goldenDirectory, withIntermediateDirectories: true)
            let pages = try forEachPage(of: document, dpi: options.dpi, checks: checks) { page, textStart, actual in
                let path = files.goldenPath(page: page)
                let kind: GoldenChange.Kind
                if !FileManager.default.fileExists(atPath: path) {
                    kind = .added
                } else if let golden = try? RasterImage.readPNG(path),
                          try GoldenComparison.compare(actual: actual, golden: golden, tolerance: tolerance).passed {
                    return
                } else {
                    kind = .replaced
                }
                try actual.writePNG(path, links: .refused)
                changes.append(GoldenChange(page: page, goldenPath: path, kind: kind, textStart: textStart))
            }
            for page in files.goldenPages() where !pages.contains(page) {
                let path = files.goldenPath(page: page)
                try FileManager.default.removeItem(atPath: path)
                changes.append(GoldenChange(page: page, goldenPath: path, kind: .removed))
            }
            // The pages are approved: diffs of an earlier check no longer say anything.
            try files.removeEarlierDiffs()
            return pages
        }
        return GoldenUpdateReport(pageCount: pages.count, changes: changes,
                                  diagnostics: document.diagnostics + checks.warnings + checks.errors)
    }

    private func compare(page: Int, actual: RasterImage) throws -> GoldenPageResult {
        let goldenPath = files.goldenPath(page: page)
        func result(_ outcome: GoldenPageResult.Outcome) -> GoldenPageResult {
            GoldenPageResult(page: page, goldenPath: goldenPath, outcome: outcome)
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            return result(.missingGolden(actualPath: try writeActual(actual, page: page)))
        }
        let golden: RasterImage
        do {
            golden = try RasterImage.readPNG(goldenPath)
        } catch RenderError.cannotRead(_, let reason) {
            return result(.unreadableGolden(reason: reason, actualPath: try writeActual(actual, page: page)))
        }
        let comparison = try GoldenComparison.compare(actual: actual, golden: golden, tolerance: tolerance,
                                                      diffPath: files.diffPath(page: page))
        if comparison.passed { return result(.matches(comparison)) }
        let actualPath = try writeActual(actual, page: page)
        if let mismatch = comparison.sizeMismatch {
            return result(.sizeMismatch(actual: mismatch.actual, golden: mismatch.golden, actualPath: actualPath))
        }
        return result(.differs(comparison, diffPath: files.diffPath(page: page), actualPath: actualPath))
    }

    /// The page as rendered, beside its diff: what `--update` would approve.
    private func writeActual(_ image: RasterImage, page: Int) throws -> String {
        try FileManager.default.createDirectory(atPath: diffDirectory, withIntermediateDirectories: true)
        let path = files.actualPath(page: page)
        try image.writePNG(path, links: .refused)
        return path
    }

    /// Renders the pages one at a time, letting each go before the next, each told to
    /// `checks` as it is laid out and drawn, and gives each with where its text begins in the
    /// markup (nil: a page without text); returns their numbers.
    private func forEachPage(of document: PreparedDocument, dpi: Double, checks: PageCheckRun,
                             _ body: (_ page: Int, _ textStart: SourceLocation?, _ actual: RasterImage) throws -> Void) throws -> Set<Int> {
        var numbers: Set<Int> = []
        // A page's memory is held from before it is drawn until the next page is, when its
        // images are gone.
        var heldBytes = 0
        defer { memory.give(heldBytes) }
        func holdMemory(for page: Page) throws {
            memory.give(heldBytes)
            heldBytes = 0
            let bytes = ComparisonMemory.bytes(toCompare: PagePixels(pageSize: page.size, dpi: dpi))
            try memory.take(bytes, toCompare: "\(name) page \(page.number)")
            heldBytes = bytes
        }
        // Page N + 1 is laid out while page N is drawn and compared.
        try PagesAhead.withPages(of: document.pages()) { pages in
            try checks.watching(DocumentWriter(text: document.text, pictureFiles: document.pictures))
                .rasterize(pages.lazy.map(checks.laidOut), dpi: dpi, beforeDrawing: holdMemory) { page, actual in
                numbers.insert(page.number)
                let textStart = page.frames.lazy.map(\.visibleRange).filter { !$0.isEmpty }.map(\.lowerBound).min()
                try body(page.number, textStart.flatMap { document.sourceMap?.location(ofTextOffset: $0) }, actual)
            }
        }
        checks.finish()
        return numbers
    }

    /// Runs `work`, reporting a failure to draw a page or to write a file as the document's,
    /// with its diagnostics, as `Typesetter.typeset` does.
    private func failingAsDocument<Result>(_ document: PreparedDocument, _ work: () throws -> Result) throws -> Result {
        do {
            return try work()
        } catch let failure as DocumentFailure {
            throw failure
        } catch {
            throw DocumentFailure(document.diagnostics + [.error("\(error)")])
        }
    }
}
