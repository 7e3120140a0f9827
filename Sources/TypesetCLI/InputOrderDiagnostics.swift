import TypesetKit

/// A batch's diagnostics in the order of its inputs, whatever order the documents finish in:
/// each document's are printed as soon as every document before it has finished, so two runs
/// of the same batch print the same lines in the same order.
final class InputOrderDiagnostics {
    private let indexByOutput: [String: Int]
    private var order = InputOrder<BatchOutcome>()

    /// Documents are told apart by their output paths, which the output plan makes unique.
    init(_ documents: [BatchDocument]) {
        indexByOutput = Dictionary(documents.enumerated().map { ($1.outputPath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Takes a finished document and prints, in order, every outcome now due.
    func finished(_ outcome: BatchOutcome, print: (BatchOutcome) -> Void) {
        guard let index = indexByOutput[outcome.document.outputPath] else { return print(outcome) }
        order.finished(outcome, at: index) { _, due in print(due) }
    }
}
