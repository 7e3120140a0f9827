import Breaking
import Fonts
import Shaping
import Text

/// What setting frames may reuse between calls, and nothing else: paragraphs shaped and
/// prepared, by their range; hyphenation dictionaries, by language; and breaks found, by all
/// they depend on (the paragraph, the line they start, the widths, and the tab origin); the
/// heights of figures and asides, by their width. It is
/// a pure memo: a frame is the same whatever it holds, so trial layouts (balancing, floats,
/// spanning pictures, the page count) share it freely.
///
/// Its memory is bounded twice over: whoever lays out a text in order drops what lies behind
/// (`forget(before:)`; the paginator does at each page), and past `byteBudget` the paragraphs
/// furthest behind the one asked for go first, so that a caller who never forgets does not
/// grow without bound either. Both budgets are in bytes, not in glyphs or entries: a count
/// lets the memory follow what each entry holds (a paragraph's glyphs, a plan's lines).
public final class ParagraphCache {
    public let text: AttributedText
    public let fonts: FontTable
    private let shaper: Shaper
    private let itemizer: TextItemizer
    /// Lent to each paragraph prepared, to gather its glyphs in (see GlyphColumns).
    private let glyphColumns = GlyphColumns()
    /// Prepared paragraphs, in text order (not always consecutive).
    private var paragraphs: [PreparedParagraph] = []
    /// The bytes of the paragraphs held (`PreparedParagraph.heldBytes`).
    private(set) var bytesHeld = 0
    /// Paragraphs asked for so far, each ask numbered (`PreparedParagraph.lastAsked`).
    private var asks = 0
    /// Paragraphs prepared so far, those prepared again after being dropped counted again.
    private(set) var paragraphsPrepared = 0
    /// Paragraphs dropped past the budget, and those looked at to choose and drop them: what
    /// dropping costs, which tests compare.
    private(set) var paragraphsDropped = 0
    private(set) var paragraphsVisitedDropping = 0
    private var hyphenators: [String: Hyphenator?] = [:]
    private var plans = ParagraphKeyedMemo<PlanKey, LinePlan>(budget: ParagraphCache.planByteBudget) { $0.heldBytes + MemoryLayout<PlanKey>.stride }
    private(set) var lines = LineMemo()
    /// Break items by paragraph, line start and pass (see BreakItemMemo).
    let breakItems = BreakItemMemo()
    /// Containers' line fragments, by band (see LineFragmentMemo).
    let fragments = LineFragmentMemo()
    /// Boxes' heights, by the box's number and its width (see BoxLayout).
    private var boxHeights: [BoxSize: Double] = [:]
    /// Tables' columns, by the table's number and the width free for it (see TableLayout).
    private var tableGeometries: [BoxSize: TableGeometry] = [:]
    /// Framesetters over the text with a box's pictures scaled to the narrower columns it is
    /// set in, by the box's first character and their width (see NarrowedBoxPictures).
    private var narrowedBoxes: [NarrowedBox: Framesetter] = [:]
    /// The paragraphs asked for, for `typeset watch`'s kept pages; shared with the framesetters
    /// of narrowed boxes, whose paragraphs the page reads too.
    public private(set) var reach = TextReach()
    /// Breaks searched for, those found earlier not counted: the work trial layouts cost,
    /// which tests compare.
    private(set) var breakSearches = 0
    /// The largest counts of the line-breaking searches so far (see ParagraphBreaker's window).
    private(set) var largestBreakSearch = KnuthPlassLineBreaker.Effort()

    /// Bytes of prepared paragraphs kept at most, unless one paragraph alone has more: a few
    /// pages' worth, so that trials of a page never prepare its paragraphs twice. 8 MiB: the power
    /// of two above what the 200,000 glyphs it was counted in before held of the book (35 bytes
    /// a glyph, 7.0 MB).
    static let byteBudget = 8 << 20
    /// What the cache holds once past `byteBudget`: dropping down to it, not just below the
    /// budget, makes each walk over the paragraphs held drop many (see keepWithinBudget).
    static let byteBudgetAfterDropping = byteBudget - byteBudget / 4
    /// Bytes of breaks kept at most: shaped containers find new ones at many widths. 1 MiB:
    /// the power of two above what the 4,096 plans it was counted in before held of the book
    /// (about 190 bytes a plan, 0.8 MB).
    static let planByteBudget = 1 << 20
    /// Boxes' heights and tables' columns kept at most, each a few numbers.
    static let boxBudget = 4_096

    /// Everything a paragraph's breaks depend on besides the paragraph itself.
    private struct PlanKey: Hashable {
        var paragraph: Int
        var start: Int
        var widths: [Double]
        var otherWidth: Double
        /// Where tab stops are measured from and to, for paragraphs with tabs (`.columnEdge` without).
        var tabs: TabOrigin
        /// The line that must end at a word's end (see ParagraphBreaker.wholeWordLine).
        var wholeWordLine: Int?
        var withinTolerance: Bool
    }

    private struct BoxSize: Hashable {
        var box: Int
        var width: Double
    }

    private struct NarrowedBox: Hashable {
        var start: Int
        var columnWidth: Double
    }

    /// Framesetters over narrowed boxes' text kept at most: a box is measured at a few widths
    /// on its way down beside an exclusion, and its pictures' text is the box's alone.
    static let narrowedBoxBudget = 64

    init(text: AttributedText, fonts: FontTable, shaper: Shaper) {
        self.text = text
        self.fonts = fonts
        self.shaper = shaper
        itemizer = TextItemizer(fonts: fonts)
    }

    /// The paragraph containing `index`, prepared now or earlier.
    func paragraph(containing index: Int) -> PreparedParagraph {
        // Frames ask in text order: the last paragraph prepared is usually the one.
        asks += 1
        if let last = paragraphs.last, last.fullRange.contains(index) {
            reach.note(last.fullRange)
            last.lastAsked = asks
            return last
        }
        let slot = insertionIndex(of: index)
        if slot < paragraphs.count, paragraphs[slot].fullRange.contains(index) {
            reach.note(paragraphs[slot].fullRange)
            paragraphs[slot].lastAsked = asks
            return paragraphs[slot]
        }
        let paragraph = PreparedParagraph(text: text, range: text.paragraphRange(containing: index), fonts: fonts,
                                          itemizer: itemizer, shaper: shaper, glyphs: glyphColumns)
        paragraphsPrepared += 1
        paragraph.lastAsked = asks
        reach.note(paragraph.fullRange)
        paragraphs.insert(paragraph, at: slot)
        bytesHeld += paragraph.heldBytes
        keepWithinBudget(sparing: paragraph)
        return paragraph
    }

    /// The index of the first paragraph that ends after `index`.
    private func insertionIndex(of index: Int) -> Int {
        var low = 0, high = paragraphs.count
        while low < high {
            let mid = (low + high) / 2
            if paragraphs[mid].fullRange.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Optimal breaks for `paragraph`'s lines from `start`, line `n` `widths[n]` wide and the
    /// lines after the list `otherWidth`, the first placed at `tabs`, found now or earlier;
    /// with `wholeWordLine`, that line ends at a word's end; `withinTolerance`, no emergency
    /// stretch is used (see ParagraphBreaker).
    func plan(for paragraph: PreparedParagraph, from start: Int, widths: [Double], otherWidth: Double, tabs: TabOrigin,
              wholeWordLine: Int? = nil, withinTolerance: Bool = false) -> LinePlan {
        // Without tabs the breaks do not depend on where the lines are placed.
        let tabs = paragraph.hasTabs ? tabs : .columnEdge
        let widths = Self.withoutTrailing(otherWidth, widths)
        let key = PlanKey(paragraph: paragraph.range.lowerBound, start: start, widths: widths, otherWidth: otherWidth, tabs: tabs,
                          wholeWordLine: wholeWordLine, withinTolerance: withinTolerance)
        if let known = plans[key, paragraph: key.paragraph] { return known }
        breakSearches += 1
        var effort = KnuthPlassLineBreaker.Effort()
        var breaker = ParagraphBreaker(paragraph: paragraph, hyphenator: hyphenator(for:), tabs: tabs)
        breaker.wholeWordLine = wholeWordLine
        breaker.withinTolerance = withinTolerance
        breaker.itemMemo = breakItems
        let breaks = breaker.breaks(from: start, widths: widths, otherWidth: otherWidth, effort: &effort)
        largestBreakSearch.include(effort)
        var starts = [start]
        // Unwrapped first: `breaks?.dropLast() ?? []` took Sequence's `dropLast`, which copies
        // the breaks into arrays.
        if let breaks {
            starts.reserveCapacity(breaks.count)
            for lineBreak in breaks.dropLast() { starts.append(lineBreak.end) }
        }
        let plan = LinePlan(paragraph: paragraph.range.lowerBound, lineStarts: starts, breaks: breaks, widths: widths,
                            otherWidth: otherWidth)
        plans.insert(plan, for: key, paragraph: key.paragraph)
        return plan
    }

    /// `widths` without the widths at its end equal to `otherWidth`: lines past the list are
    /// that wide anyway, so both lists ask for the same breaks. A column beside a float
    /// predicts its lines' widths as a long list (see LineLoop's `predictedWidths`), a
    /// rectangle as its first width alone, and balancing trials cut the list at different
    /// heights: in this form the lines above and below the float share one search.
    static func withoutTrailing(_ otherWidth: Double, _ widths: [Double]) -> [Double] {
        var count = widths.count
        while count > 0, widths[count - 1] == otherWidth { count -= 1 }
        return count == widths.count ? widths : Array(widths[..<count])
    }

    /// The line of `paragraph` from `start` to `lineBreak`, made now or earlier (see LineMemo
    /// and LineBuilder.makeLine for the rest).
    func line(of paragraph: PreparedParagraph, from start: Int, to lineBreak: LineBreak, left: Double, available: Double,
              startX: Double, hangsLeft: Bool, hangsRight: Bool, flushWhenLoose: Bool, besideInitial: Bool) -> Line {
        let key = LineMemo.Key(paragraph: paragraph.range.lowerBound, start: start, end: lineBreak.end, kind: lineBreak.kind, left: left, available: available, startX: startX,
                               hangsLeft: hangsLeft, hangsRight: hangsRight, flushWhenLoose: flushWhenLoose, besideInitial: besideInitial)
        return lines.line(key) {
            LineBuilder(paragraph: paragraph).makeLine(from: start, to: lineBreak, left: left, available: available, startX: startX,
                                                       hangsLeft: hangsLeft, hangsRight: hangsRight, flushWhenLoose: flushWhenLoose,
                                                       besideInitial: besideInitial)
        }
    }

    /// The height of box `number` at `width`, when found before.
    func boxHeight(of number: Int, width: Double) -> Double? {
        boxHeights[BoxSize(box: number, width: width)]
    }

    func noteBoxHeight(_ height: Double, of number: Int, width: Double) {
        if boxHeights.count >= Self.boxBudget { boxHeights.removeAll(keepingCapacity: true) }
        boxHeights[BoxSize(box: number, width: width)] = height
    }

    /// Table `number`'s columns where `width` is free for it, when found before.
    func tableGeometry(of number: Int, width: Double) -> TableGeometry? {
        tableGeometries[BoxSize(box: number, width: width)]
    }

    func noteTableGeometry(_ geometry: TableGeometry, of number: Int, width: Double) {
        if tableGeometries.count >= Self.boxBudget { tableGeometries.removeAll(keepingCapacity: true) }
        tableGeometries[BoxSize(box: number, width: width)] = geometry
    }

    /// The framesetter setting the box from `start` in columns `columnWidth` wide, made by
    /// `make` (from this cache's fonts and shaper) the first time it is asked for.
    func framesetter(settingBoxAt start: Int, columnWidth: Double,
                     make: (FontTable, Shaper) -> Framesetter) -> Framesetter {
        let key = NarrowedBox(start: start, columnWidth: columnWidth)
        if let known = narrowedBoxes[key] { return known }
        if narrowedBoxes.count >= Self.narrowedBoxBudget { narrowedBoxes.removeAll(keepingCapacity: true) }
        let made = make(fonts, shaper)
        made.cache.reach = reach
        narrowedBoxes[key] = made
        return made
    }

    func hyphenator(for language: String) -> Hyphenator? {
        if let known = hyphenators[language] { return known }
        let made = Hyphenator(language: language)
        hyphenators[language] = made
        return made
    }

    /// Drops the paragraphs that end at or before `index`, and their breaks: a caller setting
    /// the text in order does not come back to them.
    public func forget(before index: Int) {
        let passed = paragraphs.prefix { $0.fullRange.upperBound <= index }
        guard !passed.isEmpty else { return }
        for paragraph in passed { bytesHeld -= paragraph.heldBytes }
        paragraphs.removeFirst(passed.count)
        let first = paragraphs.first?.range.lowerBound ?? index
        plans.forget(paragraphsBefore: min(first, index))
        lines.forget(paragraphsBefore: min(first, index))
        breakItems.forget(paragraphsBefore: min(first, index))
        narrowedBoxes = narrowedBoxes.filter { $0.key.start >= index }
    }

    /// Past the byte budget, drops the paragraphs asked for longest ago, oldest first, until the
    /// cache holds a quarter of the budget less than it (`byteBudgetAfterDropping`) or `kept`
    /// alone. Not the one furthest behind in the text: a paragraph of 5,000 notes, its notes'
    /// paragraphs after it in the text, was dropped while its page was being set and prepared
    /// again 420 times, for the notes of pages long done. A batch, not one paragraph: finding the
    /// oldest walks everything held, and a table's measure, which prepares every cell, walked it
    /// once a cell dropped (3.38 G of 12.38 G instructions at 10,000 rows).
    private func keepWithinBudget(sparing kept: PreparedParagraph) {
        guard bytesHeld > Self.byteBudget, paragraphs.count > 1 else { return }
        var byAge = paragraphs.filter { $0 !== kept }
        byAge.sort { $0.lastAsked < $1.lastAsked }
        paragraphsVisitedDropping += paragraphs.count
        var dropped = Set<ObjectIdentifier>()
        for paragraph in byAge {
            guard bytesHeld > Self.byteBudgetAfterDropping else { break }
            dropped.insert(ObjectIdentifier(paragraph))
            bytesHeld -= paragraph.heldBytes
            let start = paragraph.range.lowerBound
            plans.forget(paragraph: start)
            lines.forget(paragraph: start)
            breakItems.forget(paragraph: start)
        }
        paragraphs.removeAll { dropped.contains(ObjectIdentifier($0)) }
        paragraphsDropped += dropped.count
        paragraphsVisitedDropping += paragraphs.count + dropped.count
    }
}
