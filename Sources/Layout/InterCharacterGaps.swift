/// A paragraph's gaps between characters (`InterCharacterGap`) by the offset of the character
/// after each: a slot for every UTF-16 offset from the first gap to the last, so that a look-up
/// is an index, not a hash. A Chinese paragraph has a gap before nearly every character, and
/// the breaker and the line's adjustment ask at each: hashed, the look-ups, the table's
/// growth and its hashing were 5 % of a Chinese book's instructions.
struct InterCharacterGaps {
    /// The offset of `slots[0]`.
    private var first = 0
    private var slots: [InterCharacterGap?] = []

    init() {}

    /// `gaps`, each at its offset, in any order; a later one at an offset replaces an earlier.
    init(_ gaps: [(offset: Int, gap: InterCharacterGap)]) {
        guard let low = gaps.lazy.map({ $0.offset }).min(), let high = gaps.lazy.map({ $0.offset }).max() else { return }
        first = low
        slots = Array(repeatElement(InterCharacterGap?.none, count: high - low + 1))
        for (offset, gap) in gaps { slots[offset - low] = gap }
    }

    var isEmpty: Bool { slots.isEmpty }

    subscript(offset: Int) -> InterCharacterGap? {
        let index = offset &- first
        guard index >= 0, index < slots.count else { return nil }
        return slots[index]
    }

    /// The bytes the table holds, for the paragraph cache's budget.
    var heldBytes: Int { slots.capacity * MemoryLayout<InterCharacterGap?>.stride }
}
