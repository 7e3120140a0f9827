/// Each distinct value of a `RunArray` once, numbered in the order first added, and found again
/// by its hash. The index holds numbers, never a value: a dictionary keyed by the values held
/// a second copy of each, and a table's cells, each a paragraph style of its own (1.8 kB),
/// cost 5.5 kB a cell in that dictionary's slots besides the shared copy.
struct DistinctValues<Value: Hashable & Sendable>: Sendable {
    /// The values, each the one copy every run of it shares.
    private(set) var shared: [Shared<Value>] = []
    /// The last number added with each hash; the numbers before it with the same hash are
    /// chained through `earlierWithSameHash`.
    private var lastWithHash: [Int: Int32] = [:]
    /// For each number, the number added before it with the same hash, or -1.
    private var earlierWithSameHash: [Int32] = []

    var count: Int { shared.count }

    subscript(number: Int32) -> Shared<Value> { shared[Int(number)] }

    /// The number of `value`, added now if it has none.
    mutating func number(for value: Value) -> Int32 {
        let hash = value.hashValue
        var candidate = lastWithHash[hash] ?? -1
        while candidate >= 0 {
            if shared[Int(candidate)].value == value { return candidate }
            candidate = earlierWithSameHash[Int(candidate)]
        }
        let number = Int32(shared.count)
        shared.append(Shared(value))
        earlierWithSameHash.append(lastWithHash[hash] ?? -1)
        lastWithHash[hash] = number
        return number
    }

    /// Forgets the values numbered `count` and after. Each is the last of its hash when the
    /// ones after it are gone, so they are unchained from the last down.
    mutating func keepFirst(_ count: Int) {
        for number in (count ..< shared.count).reversed() {
            let hash = shared[number].value.hashValue
            let earlier = earlierWithSameHash[number]
            lastWithHash[hash] = earlier >= 0 ? earlier : nil
        }
        shared.removeSubrange(count...)
        earlierWithSameHash.removeSubrange(count...)
    }
}
