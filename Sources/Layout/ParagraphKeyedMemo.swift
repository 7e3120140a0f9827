/// A memo of values made for paragraphs, kept by paragraph so that a paragraph's entries are
/// dropped in one step. One flat table filtered whole at each paragraph the cache let go
/// cost the size of the table for every paragraph evicted: with figures and floats, whose
/// heights are measured paragraph by paragraph past the cache's glyph budget, that was the
/// superlinear part of their layout (issue 40, item 10).
struct ParagraphKeyedMemo<Key: Hashable, Value> {
    /// Entries held at most; past it the memo starts afresh.
    let budget: Int
    /// The entries of each paragraph, by the paragraph's start.
    private var byParagraph: [Int: [Key: Value]] = [:]
    /// Entries held, of all paragraphs.
    private(set) var count = 0

    init(budget: Int) {
        self.budget = budget
    }

    subscript(key: Key, paragraph paragraph: Int) -> Value? {
        byParagraph[paragraph]?[key]
    }

    mutating func insert(_ value: Value, for key: Key, paragraph: Int) {
        if count >= budget {
            byParagraph.removeAll(keepingCapacity: true)
            count = 0
        }
        if byParagraph[paragraph, default: [:]].updateValue(value, forKey: key) == nil { count += 1 }
    }

    /// Drops the entries of the paragraphs starting before `start`.
    mutating func forget(paragraphsBefore start: Int) {
        let passed = byParagraph.keys.filter { $0 < start }
        for paragraph in passed { forget(paragraph: paragraph) }
    }

    /// Drops the entries of the paragraph starting at `start`.
    mutating func forget(paragraph start: Int) {
        count -= byParagraph.removeValue(forKey: start)?.count ?? 0
    }
}
