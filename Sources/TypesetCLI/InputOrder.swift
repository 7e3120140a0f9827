/// Outcomes of a batch's inputs, which finish in any order, handed on in the order of the
/// inputs: each as soon as every one before it has finished, so that two runs of the same batch
/// print the same lines in the same order (render's diagnostics, compare's report).
struct InputOrder<Outcome> {
    private var waiting: [Int: Outcome] = [:]
    private var nextIndex = 0

    /// Takes the outcome of input `index` and hands on, in order, every outcome now due.
    mutating func finished(_ outcome: Outcome, at index: Int, handOn: (_ index: Int, _ outcome: Outcome) -> Void) {
        waiting[index] = outcome
        while let due = waiting.removeValue(forKey: nextIndex) {
            handOn(nextIndex, due)
            nextIndex += 1
        }
    }
}
