import Breaking

/// Lines made before, by all a line depends on: its paragraph, its characters and how it
/// ends, where it starts and how wide it is set, and which of its ends may hang punctuation
/// or stand beside a float. Trial layouts set the same lines again and again — each balancing
/// trial, each float placed, a page set again with a spanning picture — and only move them
/// down: making a line (its runs, justified) costs some 10,000 instructions, finding it a
/// hash. Part of the paragraph cache's pure memo: a line found is the line that would be made.
struct LineMemo {
    /// What `LineBuilder.makeLine` is given, the paragraph by its start.
    struct Key: Hashable {
        /// The start of the line's paragraph.
        var paragraph: Int
        /// The line's characters, and how it ends.
        var start: Int, end: Int, kind: LineBreak.Kind
        /// Where it starts, its measure, and where tab stops are measured from.
        var left: Double, available: Double, startX: Double
        /// Which ends may hang punctuation; whether a loose line is set flush; whether it
        /// stands against a drop cap's initial.
        var hangsLeft: Bool, hangsRight: Bool, flushWhenLoose: Bool, besideInitial: Bool

        /// The fields that tell a paragraph's lines apart, hashed; all of them compared.
        func hash(into hasher: inout Hasher) {
            hasher.combine(paragraph)
            hasher.combine(start)
            hasher.combine(end)
            hasher.combine(available)
        }
    }

    /// Lines kept at most: a few pages of trials. Past it the memo starts afresh.
    static let budget = 16_384

    /// Kept by paragraph: the paginator forgets those it passes at each page, and the
    /// paragraph cache each paragraph it lets go, so it holds a page's trials.
    private var lines = ParagraphKeyedMemo<Key, Line>(budget: LineMemo.budget)
    /// Lines made, those found not counted: the work trials cost, which tests compare.
    private(set) var made = 0

    /// Lines held.
    var count: Int { lines.count }

    /// The line for `key`, made by `make` unless made before.
    mutating func line(_ key: Key, orMake make: () -> Line) -> Line {
        if let known = lines[key, paragraph: key.paragraph] { return known }
        let line = make()
        made += 1
        lines.insert(line, for: key, paragraph: key.paragraph)
        return line
    }

    /// Drops the lines of the paragraphs starting before `start`.
    mutating func forget(paragraphsBefore start: Int) {
        lines.forget(paragraphsBefore: start)
    }

    /// Drops the lines of the paragraph starting at `start`.
    mutating func forget(paragraph start: Int) {
        lines.forget(paragraph: start)
    }
}
