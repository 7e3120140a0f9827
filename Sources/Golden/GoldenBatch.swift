import Diagnostics
import Foundation
import TypesetKit

/// What golden-image regression found for one document of many.
public enum GoldenDocumentOutcome: Sendable {
    /// Its pages compared with their goldens.
    case checked(GoldenCheckReport)
    /// Its goldens approved as the pages render now.
    case updated(GoldenUpdateReport)
    /// It could not be set or drawn: nothing was compared, and its goldens were left alone.
    case failed(DocumentFailure)
}

/// Golden-image regression for many documents at once, each checked (or updated) on a thread
/// of its own, as a batch is typeset: document `NAME.txt` against `goldenRoot/NAME/`, its diff
/// images into `diffRoot/NAME/`.
public struct GoldenBatch: Sendable {
    public var goldenRoot: String
    public var diffRoot: String
    public var tolerance: GoldenTolerance
    /// Approve the pages instead of checking them (`GoldenCheck.update`).
    public var update: Bool
    public var options: TypesetOptions
    /// How many documents are checked at the same time (at least 1).
    public var jobs: Int
    /// The memory the jobs' page comparisons share: however many jobs run, no more is held.
    public var memory: ComparisonMemory

    public init(goldenRoot: String, diffRoot: String, tolerance: GoldenTolerance = .standard, update: Bool = false,
                options: TypesetOptions, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                memory: ComparisonMemory = .forThisProcess) {
        self.memory = memory
        self.goldenRoot = goldenRoot
        self.diffRoot = diffRoot
        self.tolerance = tolerance
        self.update = update
        self.options = options
        self.jobs = jobs
    }

    /// Checks every input and returns the outcomes in the order of `inputs`; `whenFinished` is
    /// called on the calling thread, one call at a time, as each document finishes.
    public func run(_ inputs: [String],
                    whenFinished: (_ index: Int, _ outcome: GoldenDocumentOutcome) -> Void = { _, _ in }) -> [GoldenDocumentOutcome] {
        let batch = self
        return ParallelJobs.run(count: inputs.count, jobs: jobs, { batch.outcome(of: inputs[$0]) },
                                whenFinished: { index, outcome, _ in whenFinished(index, outcome) })
    }

    private func outcome(of input: String) -> GoldenDocumentOutcome {
        let name = GoldenCheck.name(ofInput: input)
        let check = GoldenCheck(name: name, goldenDirectory: (goldenRoot as NSString).appendingPathComponent(name),
                                diffDirectory: (diffRoot as NSString).appendingPathComponent(name), tolerance: tolerance,
                                memory: memory)
        do {
            return update ? .updated(try check.update(inputPath: input, options: options))
                          : .checked(try check.check(inputPath: input, options: options))
        } catch let failure as DocumentFailure {
            return .failed(failure)
        } catch {
            return .failed(DocumentFailure([.error("\(error)")]))
        }
    }
}
