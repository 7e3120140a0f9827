import Breaking

/// What each pass of the searches of paragraphs found — its breaks, or none when no setting
/// keeps within its tolerance — kept with the widths of the lines the search read. A search
/// is a function of its items and of those widths alone, so another search of the same items
/// and costs whose lines are as wide, line for line, as far as the first one read, finds the
/// same: it is not run again. Trial layouts ask for such searches all the time — a column
/// beside a float breaks a paragraph at a list of widths that differs from the last trial's
/// only below the lines the search reached — and in narrow columns most first passes fail
/// within a few lines (TeX's \pretolerance pass: a line no looser than badness 100 without
/// hyphens), and failed again at every trial.
///
/// Bounded by bytes and dropped with the paragraphs (see ParagraphCache).
final class PassOutcomeMemo {
    /// All a pass depends on besides the paragraph and the widths.
    struct Key: Hashable {
        var items: BreakItemMemo.Key
        var tolerance: Double
        var emergencyStretch: Double
        var consecutiveHyphenLimit: Int
        var unhyphenatedLine: Int?
    }

    /// A search's breaks (nil: it failed) and the widths of lines 0, 1, … it read.
    struct Outcome {
        var widthsRead: [Double]
        var breaks: [KnuthPlassLineBreaker.Break]?

        var heldBytes: Int {
            widthsRead.capacity * MemoryLayout<Double>.stride
                + (breaks?.capacity ?? 0) * MemoryLayout<KnuthPlassLineBreaker.Break>.stride + MemoryLayout<Outcome>.stride
        }

        func holds(for lineWidth: (Int) -> Double) -> Bool {
            widthsRead.indices.allSatisfy { lineWidth($0) == widthsRead[$0] }
        }
    }

    /// Outcomes kept for one pass of one paragraph from one line, the latest: trials come back
    /// to the last few settings, and each look-up compares them all.
    static let outcomesPerKey = 8

    /// Bytes kept at most: a few numbers a line read of the paragraphs a page's trials search
    /// (forgotten at each page): 1 MiB, as the plans' budget.
    static let byteBudget = 1 << 20

    private var memo = ParagraphKeyedMemo<Key, [Outcome]>(budget: PassOutcomeMemo.byteBudget) { outcomes in
        outcomes.reduce(MemoryLayout<Key>.stride) { $0 + $1.heldBytes }
    }

    /// Searches run, and searches whose outcome was known: what tests compare.
    private(set) var searches = 0
    private(set) var searchesSpared = 0

    /// The bytes held.
    var bytesHeld: Int { memo.weightHeld }

    /// The breaks of `key`'s pass at `lineWidth`, found by `search` (which reads widths only
    /// through the function it is given) unless an earlier search read the same widths.
    func breaks(ofParagraphAt paragraph: Int, _ key: Key, lineWidth: @escaping (Int) -> Double,
                search: ((Int) -> Double) -> [KnuthPlassLineBreaker.Break]?) -> [KnuthPlassLineBreaker.Break]? {
        let kept = memo[key, paragraph: paragraph] ?? []
        if let known = kept.last(where: { $0.holds(for: lineWidth) }) {
            searchesSpared += 1
            return known.breaks
        }
        searches += 1
        var deepest = -1
        let found = search { line in
            deepest = max(deepest, line)
            return lineWidth(line)
        }
        let outcome = Outcome(widthsRead: (0 ..< deepest + 1).map(lineWidth), breaks: found)
        memo.insert(Array(kept.suffix(Self.outcomesPerKey - 1)) + [outcome], for: key, paragraph: paragraph)
        return found
    }

    /// Drops the outcomes of the paragraphs starting before `start`.
    func forget(paragraphsBefore start: Int) {
        memo.forget(paragraphsBefore: start)
    }

    /// Drops the outcomes of the paragraph starting at `start`.
    func forget(paragraph start: Int) {
        memo.forget(paragraph: start)
    }
}
