/// Where two texts differ, characters or attributes: one range in each, between the part
/// they begin with alike and the part they end with alike. What `typeset watch` finds between
/// a run's text and the run before's, to keep the pages the edit did not reach.
public struct TextChange: Equatable, Sendable {
    /// Where the texts start to differ: the same offset in both.
    public var start: Int
    /// Where the differing part ends in the old text and in the new; the rest is alike.
    public var oldEnd: Int
    public var newEnd: Int

    /// How much longer the new text is: what the old text's offsets after the change move by.
    public var lengthChange: Int { newEnd - oldEnd }
    /// How the pictures, boxes, tables, sections and kept blocks the change adds or takes away
    /// move the numbers of those after it: the texts are alike after the change with the old
    /// numbers moved so.
    public var numbers: ElementNumberShift

    /// The change from `old` to `new`; nil when they are alike.
    public init?(from old: AttributedText, to new: AttributedText) {
        let shorter = Swift.min(old.length, new.length)
        let prefix = Swift.min(Self.commonPrefix(old.storage, new.storage),
                               old.attributeRuns.alikeLength(fromStartOf: new.attributeRuns),
                               old.paragraphStyleRuns.alikeLength(fromStartOf: new.paragraphStyleRuns))
        if prefix >= shorter, old.length == new.length { return nil }
        start = Swift.min(prefix, shorter)
        let numbers = ElementNumberShift(from: old, to: new, alikeUpTo: start)
        let suffix = Swift.min(Self.commonSuffix(old.storage, new.storage),
                               old.attributeRuns.alikeLength(fromEndOf: new.attributeRuns) { $0.renumbered(by: numbers) },
                               old.paragraphStyleRuns.alikeLength(fromEndOf: new.paragraphStyleRuns) { $0.renumbered(by: numbers) },
                               shorter - start)
        oldEnd = old.length - suffix
        newEnd = new.length - suffix
        self.numbers = numbers
    }

    /// How many units the two texts begin with alike, each read at its width (TextUnits).
    private static func commonPrefix(_ a: TextUnits, _ b: TextUnits) -> Int {
        let count = Swift.min(a.count, b.count)
        if case .narrow(let a) = a, case .narrow(let b) = b {
            return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in commonPrefix(a, b, count: count) } }
        }
        return a[0 ..< a.count].withUnsafeBufferPointer { a in b[0 ..< b.count].withUnsafeBufferPointer { b in commonPrefix(a, b, count: count) } }
    }

    private static func commonPrefix<Unit: Equatable>(_ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>, count: Int) -> Int {
        var index = 0
        while index < count, a[index] == b[index] { index += 1 }
        return index
    }

    /// How many units the two texts end with alike.
    private static func commonSuffix(_ a: TextUnits, _ b: TextUnits) -> Int {
        let count = Swift.min(a.count, b.count)
        if case .narrow(let a) = a, case .narrow(let b) = b {
            return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in commonSuffix(a, b, count: count) } }
        }
        return a[0 ..< a.count].withUnsafeBufferPointer { a in b[0 ..< b.count].withUnsafeBufferPointer { b in commonSuffix(a, b, count: count) } }
    }

    private static func commonSuffix<Unit: Equatable>(_ a: UnsafeBufferPointer<Unit>, _ b: UnsafeBufferPointer<Unit>, count: Int) -> Int {
        var length = 0
        while length < count, a[a.count - 1 - length] == b[b.count - 1 - length] { length += 1 }
        return length
    }
}

extension RunArray {
    /// How many elements from the start the two carry the same values over, at least (runs
    /// are compared, not elements: equal neighbouring runs may end it early, never late).
    func alikeLength(fromStartOf other: RunArray) -> Int {
        let count = Swift.min(runCount, other.runCount)
        var values = AlikeValues<Value>()
        for run in 0 ..< count {
            let end = run + 1 < runCount ? starts[run + 1] : length
            let otherEnd = run + 1 < other.runCount ? other.starts[run + 1] : other.length
            guard values.alike(sharedValue(ofRun: run), other.sharedValue(ofRun: run)) else { return starts[run] }
            if end != otherEnd { return Swift.min(end, otherEnd) }
        }
        return Swift.min(length, other.length)
    }

    /// The same from the end: how many elements at the end the two carry the same values over,
    /// this one's values `renumbered` as the other numbers its pictures and boxes.
    func alikeLength(fromEndOf other: RunArray, renumbered: (Value) -> Value) -> Int {
        let count = Swift.min(runCount, other.runCount)
        var values = AlikeValues<Value>()
        for back in 0 ..< count {
            let run = runCount - 1 - back, otherRun = other.runCount - 1 - back
            let behind = run + 1 < runCount ? length - starts[run + 1] : 0
            guard values.alike(sharedValue(ofRun: run), other.sharedValue(ofRun: otherRun), renumbered: renumbered) else { return behind }
            let reach = length - starts[run], otherReach = other.length - other.starts[otherRun]
            if reach != otherReach { return Swift.min(reach, otherReach) }
        }
        return Swift.min(length, other.length)
    }
}

/// Whether two texts' run values are equal, each pair of distinct values compared once: a
/// text's thousands of runs share a few dozen values (each one copy, `RunArray.sharedValue`),
/// and comparing them run by run, paragraph styles whole, was most of the 32 M instructions
/// finding an edit on the 99-page magazine cost.
private struct AlikeValues<Value: Hashable & Sendable> {
    private struct Pair: Hashable {
        var old: ObjectIdentifier
        var new: ObjectIdentifier
    }

    private var known: [Pair: Bool] = [:]

    /// `renumbered`: the old value as the new text numbers its elements (after a change).
    mutating func alike(_ old: Shared<Value>, _ new: Shared<Value>, renumbered: (Value) -> Value = { $0 }) -> Bool {
        let pair = Pair(old: ObjectIdentifier(old), new: ObjectIdentifier(new))
        if let found = known[pair] { return found }
        let alike = old === new || renumbered(old.value) == new.value
        known[pair] = alike
        return alike
    }
}
