import Breaking

/// The break items (boxes, glue and penalties, see `ParagraphBreaker.items`) of the searches
/// of paragraphs, kept between searches. They depend on where the lines start and on the pass
/// (hyphenated or not), not on how wide the lines are (but for the last pass's capitalised
/// words wider than the narrowest line): the searches of trial layouts — a
/// column beside a float, a balancing trial, the bisection of a display paragraph — break the
/// same paragraph from the same line at other widths, and each built them again (some 8 % of
/// a magazine's instructions).
///
/// Bounded by bytes and dropped with the paragraphs (see ParagraphCache).
final class BreakItemMemo {
    /// All a paragraph's items depend on besides the paragraph (whose alignment decides
    /// whether they stretch).
    struct Key: Hashable {
        var start: Int
        var hyphenate: Bool
        /// The last pass's: capitalised words wider than this are hyphenated too (infinity: none).
        var capitalsWiderThan: Double
        /// The last opportunity a window takes in (nil: the rest of the paragraph).
        var lastOpportunity: Int?
        var tieLastWord: Bool
        /// Where a list item's marker and tab are measured from (`.columnEdge` without tabs).
        var tabs: TabOrigin
    }

    /// Bytes of items kept at most: what trials share is the paragraphs of the page being set
    /// (forgotten at each page), a few hundred items each at 56 bytes an item; a search takes
    /// in at most `ParagraphBreaker.windowOpportunities` (some 4,000 items, 220 KB). 2 MiB, some
    /// nine such windows, a quarter of the paragraphs' own budget.
    static let byteBudget = 2 << 20

    private var memo = ParagraphKeyedMemo<Key, [BreakItem]>(budget: BreakItemMemo.byteBudget) {
        $0.capacity * MemoryLayout<BreakItem>.stride + MemoryLayout<Key>.stride
    }

    /// Items built, those found kept not counted: what tests compare.
    private(set) var builds = 0

    /// The bytes held.
    var bytesHeld: Int { memo.weightHeld }

    /// The items of the paragraph starting at `paragraph` for `key`, built by `build` unless kept.
    func items(ofParagraphAt paragraph: Int, _ key: Key, build: () -> [BreakItem]) -> [BreakItem] {
        if let known = memo[key, paragraph: paragraph] { return known }
        builds += 1
        let built = build()
        memo.insert(built, for: key, paragraph: paragraph)
        return built
    }

    /// Drops the items of the paragraphs starting before `start`.
    func forget(paragraphsBefore start: Int) {
        memo.forget(paragraphsBefore: start)
    }

    /// Drops the items of the paragraph starting at `start`.
    func forget(paragraph start: Int) {
        memo.forget(paragraph: start)
    }
}
