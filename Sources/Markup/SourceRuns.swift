/// Where each UTF-16 unit of a text came from in the markup source, kept as runs rather than
/// one offset per unit: a run either copies the source unit for unit, or was made from one
/// place in it (a character reference, a list marker, a picture), all its units located there.
struct SourceRuns: Sendable, Equatable {
    struct Run: Sendable, Equatable {
        /// Index of the run's first unit in the text.
        var start: Int
        /// Source offset of the run's first unit (of every unit, when it does not copy).
        var sourceOffset: Int
        var copiesSource: Bool
    }

    /// Where one unit came from.
    struct Origin: Equatable {
        var sourceOffset: Int
        var isCopy: Bool
    }

    private(set) var runs: [Run] = []
    /// How many units the runs cover.
    private(set) var count = 0

    /// Empties it, keeping the room it has.
    mutating func removeAll() {
        runs.removeAll(keepingCapacity: true)
        count = 0
    }

    /// `length` units copied from the source, the first from `sourceOffset`.
    mutating func appendCopied(length: Int, from sourceOffset: Int) {
        guard length > 0 else { return }
        // Continuing the last copied stretch adds no run: plain text is one run a chunk.
        let continues = runs.last.map { $0.copiesSource && $0.sourceOffset + (count - $0.start) == sourceOffset } ?? false
        if !continues { runs.append(Run(start: count, sourceOffset: sourceOffset, copiesSource: true)) }
        count += length
    }

    /// `length` units that stand for the source character or tag at `sourceOffset`.
    mutating func appendMade(length: Int, at sourceOffset: Int) {
        guard length > 0 else { return }
        let continues = runs.last.map { !$0.copiesSource && $0.sourceOffset == sourceOffset } ?? false
        if !continues { runs.append(Run(start: count, sourceOffset: sourceOffset, copiesSource: false)) }
        count += length
    }

    private mutating func append(_ origin: Origin, length: Int) {
        if origin.isCopy { appendCopied(length: length, from: origin.sourceOffset) } else { appendMade(length: length, at: origin.sourceOffset) }
    }

    /// The origins of `other`'s units in `range`, after these.
    mutating func append(_ other: SourceRuns, range: Range<Int>) {
        guard !range.isEmpty else { return }
        var index = other.runIndex(containing: range.lowerBound)
        var position = range.lowerBound
        while position < range.upperBound {
            let run = other.runs[index]
            let end = min(range.upperBound, index + 1 < other.runs.count ? other.runs[index + 1].start : other.count)
            let offset = run.sourceOffset + (run.copiesSource ? position - run.start : 0)
            append(Origin(sourceOffset: offset, isCopy: run.copiesSource), length: end - position)
            position = end
            index += 1
        }
    }

    /// Keeps the origins of the first `length` units, as appending them made the runs.
    mutating func truncate(toLength length: Int) {
        guard length < count else { return }
        runs.removeSubrange((length == 0 ? 0 : runIndex(containing: length - 1) + 1)...)
        count = length
    }

    /// Where the unit at `index` came from; nil outside the text.
    func origin(of index: Int) -> Origin? {
        guard index >= 0, index < count else { return nil }
        let run = runs[runIndex(containing: index)]
        return Origin(sourceOffset: run.sourceOffset + (run.copiesSource ? index - run.start : 0), isCopy: run.copiesSource)
    }

    private func runIndex(containing index: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].start <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
