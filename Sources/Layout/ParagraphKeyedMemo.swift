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
    private var byParagraph: [Int: (entries: ParagraphEntries<Key, Value>, weight: Int)] = [:]
    /// Entries held, of all paragraphs.
    private(set) var count = 0
    /// Their weight.
    private(set) var weightHeld = 0
    /// Paragraphs whose entries outgrew one and were put in a table of their own: what a
    /// paragraph set once (a book's, a catalogue's) never needs.
    private(set) var tablesMade = 0

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
        var added = weight(value)
        guard let index = byParagraph.index(forKey: paragraph) else {
            byParagraph[paragraph] = (.one(key, value), added)
            count += 1
            weightHeld += added
            return
        }
        let outcome = byParagraph.values[index].entries.insert(value, for: key)
        switch outcome {
        case .replaced(let replaced): added -= weight(replaced)
        case .added(let madeTable):
            count += 1
            if madeTable { tablesMade += 1 }
        }
        byParagraph.values[index].weight += added
        weightHeld += added
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

/// One paragraph's entries. Most paragraphs have one (a line set once, its breaks found once):
/// it is held as it is, compared rather than hashed, and with no table of its own, which cost
/// some 2,000 instructions a paragraph to make, fill and let go (a catalogue's one-line
/// paragraphs, each with a plan and a line); a second entry moves both into a table.
enum ParagraphEntries<Key: Hashable, Value> {
    case one(Key, Value)
    case table([Key: Value])

    /// What an insertion did: replaced a value, or added one (and whether it made the table).
    enum Insertion {
        case replaced(Value)
        case added(madeTable: Bool)
    }

    var count: Int {
        switch self {
        case .one: 1
        case .table(let table): table.count
        }
    }

    subscript(key: Key) -> Value? {
        switch self {
        case .one(let held, let value): held == key ? value : nil
        case .table(let table): table[key]
        }
    }

    mutating func insert(_ value: Value, for key: Key) -> Insertion {
        switch self {
        case .one(let held, let heldValue):
            if held == key {
                self = .one(key, value)
                return .replaced(heldValue)
            }
            self = .table([held: heldValue, key: value])
            return .added(madeTable: true)
        case .table(var table):
            // Out of `self` while it changes, so that the table is not copied.
            self = .one(key, value)
            let replaced = table.updateValue(value, forKey: key)
            self = .table(table)
            return replaced.map { .replaced($0) } ?? .added(madeTable: false)
        }
    }
}
