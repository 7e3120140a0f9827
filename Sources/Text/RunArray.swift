/// Values over consecutive ranges of a sequence, stored as runs (start offsets + values),
/// with equal neighbours merged. Lookup is a binary search.
///
/// Each distinct value is stored once and runs refer to it by number: a document styled by
/// rules has tens of thousands of runs but only a handful of distinct attribute sets.
public struct RunArray<Value: Hashable>: Sendable where Value: Sendable {
    /// Start offset of each run; `starts[0] == 0` when not empty.
    public private(set) var starts: [Int] = []
    /// For each run, its value's number in `distinctValues`.
    private var valueNumbers: [Int32] = []
    /// Each distinct value once, shared with whoever reads a run (`sharedValue(ofRun:)`).
    private var distinctValues = DistinctValues<Value>()
    public private(set) var length = 0

    public init() {}

    public var runCount: Int { valueNumbers.count }

    /// The value of run `index`.
    public func value(ofRun index: Int) -> Value {
        distinctValues[valueNumbers[index]].value
    }

    /// The value of run `index` as the one copy every run of that value shares.
    public func sharedValue(ofRun index: Int) -> Shared<Value> {
        distinctValues[valueNumbers[index]]
    }

    private mutating func number(for value: Value) -> Int32 {
        distinctValues.number(for: value)
    }

    /// Extends the sequence by `count` elements carrying `value`.
    public mutating func append(count: Int, value: Value) {
        guard count > 0 else { return }
        // Most appends carry the last run's value on: compared, which costs less than hashing
        // a whole paragraph style to find its number.
        if let last = valueNumbers.last, distinctValues[last].value == value {
            length += count
            return
        }
        let number = number(for: value)
        starts.append(length)
        valueNumbers.append(number)
        length += count
    }

    /// Keeps the first `newLength` elements: the runs as appending them made them, the values
    /// first appended after them forgotten (values are numbered as first appended, so those
    /// the kept runs use are the first numbers).
    public mutating func truncate(toLength newLength: Int) {
        guard newLength < length else { return }
        guard newLength > 0 else { return self = RunArray() }
        let lastKept = runIndex(at: newLength - 1)
        starts.removeSubrange((lastKept + 1)...)
        valueNumbers.removeSubrange((lastKept + 1)...)
        length = newLength
        let numbersUsed = Int(valueNumbers.max()!) + 1
        distinctValues.keepFirst(numbersUsed)
    }

    /// Extends the last run by `count` elements: for a caller that knows they carry its value,
    /// which is then not compared.
    public mutating func extendLastRun(by count: Int) {
        precondition(!valueNumbers.isEmpty, "no run to extend")
        length += count
    }

    /// Index of the run holding `offset` (0 ..< length).
    public func runIndex(at offset: Int) -> Int {
        precondition(offset >= 0 && offset < length, "offset \(offset) outside 0..<\(length)")
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    public func range(ofRun index: Int) -> Range<Int> {
        starts[index] ..< (index + 1 < starts.count ? starts[index + 1] : length)
    }

    public func value(at offset: Int) -> (value: Value, range: Range<Int>) {
        let index = runIndex(at: offset)
        return (value(ofRun: index), range(ofRun: index))
    }

    /// A run's range and its value, the copy every run of that value shares: a paragraph
    /// restyled by a rule has a run a match, and text attributes take about a kilobyte.
    public struct Run {
        public var range: Range<Int>
        public let shared: Shared<Value>
        public var value: Value { shared.value }
    }

    /// The runs overlapping `range`, clipped to it.
    public func runs(in range: Range<Int>) -> [Run] {
        var result: [Run] = []
        forEachRun(in: range) { index, clipped in result.append(Run(range: clipped, shared: sharedValue(ofRun: index))) }
        return result
    }

    /// The ranges of the runs overlapping `range` (clipped to it) whose value passes `test`,
    /// each value read where it lies: no run's value is copied.
    public func ranges(in range: Range<Int>, where test: (Value) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        forEachRun(in: range) { index, clipped in
            if test(distinctValues[valueNumbers[index]].value) { result.append(clipped) }
        }
        return result
    }

    /// Calls `body` with the index of each run overlapping `range` and its range clipped to it.
    func forEachRun(in range: Range<Int>, _ body: (Int, Range<Int>) -> Void) {
        guard !range.isEmpty else { return }
        var index = runIndex(at: range.lowerBound)
        while index < runCount, starts[index] < range.upperBound {
            body(index, self.range(ofRun: index).clamped(to: range))
            index += 1
        }
    }

    /// Sets `value` over `range`, splitting and merging runs as needed. Only the runs the range
    /// overlaps, and a neighbour equal to what replaces them, are rewritten: a document fits
    /// each of its hundreds of pictures with a call, and rebuilding every run each time (each
    /// value compared, and hashed where it changed) made fitting them quadratic.
    public mutating func set(_ value: Value, in range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= length)
        let first = runIndex(at: range.lowerBound), last = runIndex(at: range.upperBound - 1)
        let lastEnd = self.range(ofRun: last).upperBound
        let number = number(for: value)
        // What replaces runs `first` through `last`: the part of the first before the range,
        // the range, the part of the last after it.
        var pieces: [(start: Int, number: Int32)] = []
        if starts[first] < range.lowerBound { pieces.append((starts[first], valueNumbers[first])) }
        pieces.append((range.lowerBound, number))
        if range.upperBound < lastEnd { pieces.append((range.upperBound, valueNumbers[last])) }
        // Equal values have one number: a piece that carries its left neighbour's value on
        // merges into it, and a right neighbour that carries the last piece's merges into it.
        var replaced = first ..< last + 1
        if replaced.upperBound < runCount, valueNumbers[replaced.upperBound] == pieces[pieces.count - 1].number {
            replaced = replaced.lowerBound ..< replaced.upperBound + 1
        }
        var merged: [(start: Int, number: Int32)] = []
        var previous = replaced.lowerBound > 0 ? valueNumbers[replaced.lowerBound - 1] : nil
        for piece in pieces where piece.number != previous {
            merged.append(piece)
            previous = piece.number
        }
        starts.replaceSubrange(replaced, with: merged.map(\.start))
        valueNumbers.replaceSubrange(replaced, with: merged.map(\.number))
    }
}
