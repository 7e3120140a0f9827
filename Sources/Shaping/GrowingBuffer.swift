/// Elements one after another in memory of their own, growing by doubling: what the shaped-word
/// cache keeps its words in. Not an array: an array held by a class is retained and released
/// around each `withUnsafeBufferPointer`, which lending a word's glyphs did for every word of a
/// book. Elements are plain values (no references), so memory is moved, never deinitialized.
struct GrowingBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity = 0

    init() {
        base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    }

    deinit {
        base.deallocate()
    }

    /// The memory held, spare room included.
    var bytesHeld: Int { capacity * MemoryLayout<Element>.stride }

    /// Room for `more` elements past `count`, growing (at least doubling) when there is not.
    mutating func reserve(more: Int) {
        guard count + more > capacity else { return }
        let larger = grownCapacity(toHold: count + more)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// The memory that making room for `total` elements allocates: the larger buffer, held
    /// beside the old one while the elements move; nothing when there is room.
    func bytesToHold(_ total: Int) -> Int {
        total > capacity ? grownCapacity(toHold: total) * MemoryLayout<Element>.stride : 0
    }

    private func grownCapacity(toHold total: Int) -> Int {
        max(total, 2 * capacity, 256)
    }

    mutating func append(_ element: Element) {
        reserve(more: 1)
        (base + count).initialize(to: element)
        count += 1
    }

    /// Sets `count` back to `newCount` (no more than it is), keeping the memory.
    mutating func shrink(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// Forgets every element and gives the memory back.
    mutating func removeAll() {
        base.deallocate()
        base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
        count = 0
        capacity = 0
    }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count)
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    /// The elements at `range`, valid until the buffer next changes.
    func elements(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
