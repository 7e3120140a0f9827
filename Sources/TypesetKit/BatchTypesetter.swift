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

    /// Secondary threads get 512 KB of stack by default; the main thread, on which a single
    /// document is set, has 8 MB. A document must not fail in a batch that passes alone.
    static let threadStackSize = 8 << 20

    public init(options: TypesetOptions, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.options = options
        self.jobs = max(1, jobs)
    }

    /// Typesets every document and returns the outcomes in the order of `documents`.
    /// `whenFinished` is called on the calling thread as each document finishes, one call at a
    /// time, with its outcome and how many documents have finished so far.
    public func typeset(_ documents: [BatchDocument],
                        whenFinished: (_ outcome: BatchOutcome, _ finishedCount: Int) -> Void = { _, _ in }) -> [BatchOutcome] {
        let queue = BatchQueue(count: documents.count)
        let options = options
        for _ in 0 ..< min(jobs, documents.count) {
            let worker = Thread {
                while let index = queue.nextDocument() {
                    queue.finish(index, Self.typeset(documents[index], options: options))
                }
            }
            worker.stackSize = Self.threadStackSize
            worker.start()
        }
        var outcomes = [BatchOutcome?](repeating: nil, count: documents.count)
        for finished in stride(from: 1, through: documents.count, by: 1) {
            let (index, outcome) = queue.waitForFinished()
            outcomes[index] = outcome
            whenFinished(outcome, finished)
        }
        return outcomes.map { $0! }
    }

    /// One document, with every way it can fail turned into its diagnostics.
    static func typeset(_ document: BatchDocument, options: TypesetOptions) -> BatchOutcome {
        let typesetter = Typesetter(options: options)
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

/// The documents not yet started and those finished but not yet reported, shared by the
/// workers and the thread that waits for them.
private final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var next = 0
    private var finished: [(index: Int, outcome: BatchOutcome)] = []

    init(count: Int) {
        self.count = count
    }

    /// The index of a document no worker has taken yet, or nil when all are taken.
    func nextDocument() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func finish(_ index: Int, _ outcome: BatchOutcome) {
        condition.lock()
        finished.append((index, outcome))
        condition.signal()
        condition.unlock()
    }

    /// The next document to finish, waiting for one when none is ready.
    func waitForFinished() -> (index: Int, outcome: BatchOutcome) {
        condition.lock()
        defer { condition.unlock() }
        while finished.isEmpty { condition.wait() }
        return finished.removeFirst()
    }
}
