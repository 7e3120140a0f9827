import Diagnostics
import Foundation
import Markup

/// Typesets many documents at once, each on a thread of its own, up to `jobs` at a time.
///
/// Documents share nothing that changes while they are set: each gets its own `Typesetter`,
/// and so its own font library, FreeType library, shaper, caches and Cairo surfaces; what
/// the process shares (hyphenation patterns, fontconfig, Cairo's font caches) is read-only
/// or locked. docs/pipeline.md, "Batches", has the evidence. A document's bytes therefore do
/// not depend on `jobs` nor on which documents it is set with.
public final class BatchTypesetter: Sendable {
    public let options: TypesetOptions
    /// How many documents are set at the same time (at least 1).
    public let jobs: Int

    public init(options: TypesetOptions, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.options = options
        self.jobs = max(1, jobs)
    }

    /// Typesets every document and returns the outcomes in the order of `documents`.
    /// `whenFinished` is called on the calling thread as each document finishes, one call at a
    /// time, with its outcome and how many documents have finished so far.
    public func typeset(_ documents: [BatchDocument],
                        whenFinished: (_ outcome: BatchOutcome, _ finishedCount: Int) -> Void = { _, _ in }) -> [BatchOutcome] {
        let options = options
        return ParallelJobs.run(count: documents.count, jobs: jobs, { Self.typeset(documents[$0], options: options) },
                                whenFinished: { _, outcome, finished in whenFinished(outcome, finished) })
    }

    /// One document, with every way it can fail turned into its diagnostics. `keptBetweenRuns`:
    /// what its run before handed on (`typeset watch`), which this run hands on in turn.
    public static func typeset(_ document: BatchDocument, options: TypesetOptions,
                               keptBetweenRuns: KeptBetweenRuns? = nil) -> BatchOutcome {
        let typesetter = Typesetter(options: options, keptBetweenRuns: keptBetweenRuns)
        do {
            let report: TypesetReport
            switch document.source {
            case .file(let path):
                report = try typesetter.typeset(inputPath: path, outputPath: document.outputPath)
            case .markup(let name, let bytes, let baseDirectory):
                let source: MarkupSource
                do {
                    source = try MarkupSource(fileName: name, bytes: bytes)
                } catch let diagnostic as Diagnostic {
                    throw DocumentFailure([diagnostic])
                }
                report = try typesetter.typeset(source, baseDirectory: baseDirectory, outputPath: document.outputPath)
            }
            return BatchOutcome(document: document, result: .success(report))
        } catch let failure as DocumentFailure {
            return BatchOutcome(document: document, result: .failure(failure))
        } catch {
            return BatchOutcome(document: document, result: .failure(DocumentFailure([.error("\(error)")])))
        }
    }
}
