/// A memo of values made for paragraphs, kept by paragraph so that a paragraph's entries are
/// dropped in one step. One flat table filtered whole at each paragraph the cache let go
/// cost the size of the table for every paragraph evicted: with figures and floats, whose
/// heights are measured paragraph by paragraph past the cache's glyph budget, that was the
/// superlinear part of their layout (issue 40, item 10).
struct ParagraphKeyedMemo<Key: Hashable, Value> {
    /// What it holds at most, in the units `weight` weighs its values in (1 a value counts
    /// them; a value's bytes bound it by memory); past it the memo starts afresh.
    let budget: Int
    private let weight: (Value) -> Int
    /// The entries of each paragraph, by the paragraph's start, with their weight.
    private var byParagraph: [Int: (entries: [Key: Value], weight: Int)] = [:]
    /// Entries held, of all paragraphs.
    private(set) var count = 0
    /// Their weight.
    private(set) var weightHeld = 0

    init(budget: Int, weight: @escaping (Value) -> Int = { _ in 1 }) {
        self.budget = budget
        self.weight = weight
    }

    subscript(key: Key, paragraph paragraph: Int) -> Value? {
        byParagraph[paragraph]?.entries[key]
    }

    mutating func insert(_ value: Value, for key: Key, paragraph: Int) {
        if weightHeld >= budget {
            byParagraph.removeAll(keepingCapacity: true)
            (count, weightHeld) = (0, 0)
        }
        // The paragraph's entries looked up once and changed where they lie.
        let (added, isNew) = Self.put(value, for: key, into: &byParagraph[paragraph, default: ([:], 0)], weighedBy: weight)
        if isNew { count += 1 }
        weightHeld += added
    }

    /// Puts `value` among a paragraph's entries; returns the weight it adds and whether its key is new there.
    private static func put(_ value: Value, for key: Key, into paragraph: inout (entries: [Key: Value], weight: Int),
                            weighedBy weight: (Value) -> Int) -> (added: Int, isNew: Bool) {
        let replaced = paragraph.entries.updateValue(value, forKey: key)
        let added = weight(value) - (replaced.map(weight) ?? 0)
        paragraph.weight += added
        return (added, replaced == nil)
    }

    /// Drops the entries of the paragraphs starting before `start`.
    mutating func forget(paragraphsBefore start: Int) {
        let passed = byParagraph.keys.filter { $0 < start }
        for paragraph in passed { forget(paragraph: paragraph) }
    }

    /// Drops the entries of the paragraph starting at `start`.
    mutating func forget(paragraph start: Int) {
        guard let dropped = byParagraph.removeValue(forKey: start) else { return }
        count -= dropped.entries.count
        weightHeld -= dropped.weight
    }
}
