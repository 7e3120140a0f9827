import Breaking
import Foundation
import Text

/// Chooses where a paragraph's lines break, as TeX does: Knuth–Plass over its words (boxes),
/// spaces (glue) and possible hyphens (penalties), in up to three passes — without
/// hyphenation at a strict tolerance; then with hyphenation; then with emergency stretch —
/// so that words are hyphenated only when a paragraph cannot be set well without it; in a
/// paragraph not hyphenated, a last pass with hyphenation for a word wider than the line.
/// Returns nil when even the last pass fails (a word wider than the line), and the caller
/// falls back on first-fit breaking, which cuts such a word.
struct ParagraphBreaker {
    let paragraph: PreparedParagraph
    /// The hyphenation dictionary for a language, or nil when there is none.
    let hyphenator: (String) -> Hyphenator?

    /// TeX's costs: a hyphen 50, an explicit hyphen 50; \pretolerance 100, \tolerance 200.
    static let hyphenPenalty = 50.0
    static let explicitHyphenPenalty = 50.0
    /// A break inside a URL or an e-mail address costs what a hyphen costs: word spaces are
    /// preferred, but it is taken before a line is spaced out (see docs/pipeline.md, "Narrow
    /// columns: URLs, closing marks and French spacing").
    static let addressBreakPenalty = 50.0
    /// The break after a slash inside a word of ragged text: more than a line at the second
    /// pass's tolerance costs ((\linepenalty + 200)² demerits), see `slashPenalty`.
    static let raggedSlashPenalty = 10 + secondPassTolerance
    static let firstPassTolerance = 100.0
    static let secondPassTolerance = 200.0
    /// "Infinite" stretch of the glue that ends a paragraph or precedes a hard break.
    static let fill = 100_000.0

    /// Break opportunities one search takes in: the rest of a paragraph with no more is broken
    /// whole, as TeX would; a longer one window by window (see `breaks(from:widths:otherWidth:)`).
    /// 2,000 opportunities are some 150 lines of a column, far more than the few lines over
    /// which one choice of Knuth–Plass changes another, and their items take some 300 KB.
    static let windowOpportunities = 2_000
    /// Opportunities in one search (`windowOpportunities` but in tests).
    var window = Self.windowOpportunities
    /// Where the lines start, for a list item's marker and tab (see TabLayout).
    let tabs: TabOrigin
    /// The line (from the first one broken) that must end at a word's end, the last line of a
    /// column (see ColumnEndHyphen); nil: none.
    var wholeWordLine: Int?
    /// Whether only settings within the tolerance are taken: no pass with emergency stretch.
    var withinTolerance = false
    /// Where the items of earlier searches are kept (nil: each search builds its own).
    var itemMemo: BreakItemMemo?

    init(paragraph: PreparedParagraph, hyphenator: @escaping (String) -> Hyphenator?, tabs: TabOrigin = .columnEdge) {
        self.paragraph = paragraph
        self.hyphenator = hyphenator
        self.tabs = tabs
    }

    /// Breaks for the lines from `start` (a paragraph start or a previous break) to the end;
    /// the first line may be `firstWidth` wide, the others `otherWidth`.
    func breaks(from start: Int, firstWidth: Double, otherWidth: Double) -> [LineBreak]? {
        breaks(from: start, widths: [firstWidth], otherWidth: otherWidth)
    }

    func breaks(from start: Int, widths: [Double], otherWidth: Double) -> [LineBreak]? {
        var effort = KnuthPlassLineBreaker.Effort()
        return breaks(from: start, widths: widths, otherWidth: otherWidth, effort: &effort)
    }

    /// Breaks for lines of different widths (a shaped container's): line `n` from `start` may be
    /// `widths[n]` wide, lines past the list `otherWidth`.
    ///
    /// When more than `window` opportunities are left, only the material up to the window's
    /// last one is searched, and only the lines that end in its first three quarters are
    /// returned: the rest are set again, with the material after them, by the search that
    /// starts where these lines end. Time and memory are then bounded by the window however
    /// long the paragraph; the breaks are those of the whole search for any shorter rest.
    /// `effort` takes the largest counts of the searches (see KnuthPlassLineBreaker.Effort).
    /// A display paragraph (`ParagraphStyle.balance`) is balanced (see DisplayLines).
    func breaks(from start: Int, widths: [Double], otherWidth: Double,
                effort: inout KnuthPlassLineBreaker.Effort) -> [LineBreak]? {
        guard paragraph.style.balance else {
            return optimalBreaks(from: start, widths: widths, otherWidth: otherWidth, tieLastWord: false, effort: &effort)
        }
        return DisplayLines(breaker: self).breaks(from: start, widths: widths, otherWidth: otherWidth, effort: &effort)
    }

    /// The optimal breaks for those widths (see `breaks(from:widths:otherWidth:effort:)`);
    /// with `tieLastWord`, the paragraph's last space is no break (see `items`).
    func optimalBreaks(from start: Int, widths: [Double], otherWidth: Double, tieLastWord: Bool,
                       effort: inout KnuthPlassLineBreaker.Effort) -> [LineBreak]? {
        let style = paragraph.style
        let justified = style.alignment == .justify
        let size = paragraph.styleRuns.first?.attributes.fontSize ?? 10
        var parameters = KnuthPlassParameters()
        parameters.unhyphenatedLine = wholeWordLine
        // Ragged text does not stretch its spaces; its lines may end up to 2 em short. Its
        // spaces are alike on every line, so a short line beside a full one is no loose line
        // beside a tight one: TeX's \adjdemerits would set a verse line's last word alone on
        // a third line rather than end a short first line with a full last one.
        if !justified {
            parameters.lineEndStretch = 2 * size
            parameters.adjacentFitnessDemerits = 0
        }
        let width: (Int) -> Double = { $0 < widths.count ? widths[$0] : otherWidth }
        let firstWidth = width(0)
        let offsets = paragraph.opportunities.offsets, mandatory = paragraph.opportunities.mandatory
        let first = GreedyLineBreaker.firstOpportunity(after: start, in: offsets)
        // Most paragraphs of a book are a line or two: one that fits needs no search. It is
        // measured as it will be set: a tab's glyph is not as wide as the tab stop makes it.
        let wholeWidth = paragraph.hasTabs ? paragraph.width(from: start, to: paragraph.range.upperBound, tabs: tabs)
            : advance(from: start, to: paragraph.range.upperBound)
        if wholeWidth <= firstWidth,
           !offsets[first...].indices.contains(where: { offsets[$0] < paragraph.range.upperBound && mandatory[$0] }) {
            return [LineBreak(end: paragraph.range.upperBound, kind: .mandatory)]
        }
        // The window's last opportunity, when the rest of the paragraph goes past it.
        let windowEnd = offsets.count - first > window ? first + window - 1 : nil

        let limit = style.hyphenation.consecutiveLimit
        // A centred line is ragged at both ends: a short one is not loose, and a hyphen would
        // only make it fuller (a designer's pull quote: "…neighbourhood's ex- / traordinary
        // transformation.”" in a box 10 pt wider than one that set it whole). It is hyphenated
        // only where a word is wider than its line, as a paragraph without hyphenation is.
        let hyphenatesToFill = style.hyphenate && style.alignment != .center
        typealias Pass = (hyphenate: Bool, tolerance: Double, emergency: Double, limit: Int, capitalsWiderThan: Double)
        var passes: [Pass] = [(false, Self.firstPassTolerance, 0, limit, .infinity)]
        if hyphenatesToFill { passes.append((true, Self.secondPassTolerance, 0, limit, .infinity)) }
        if !withinTolerance {
            passes.append((hyphenatesToFill, 10_000, 3 * size, limit, .infinity))
            // A limit no setting obeys (long compounds in a sliver of a column) gives way
            // before a word is cut by first-fit breaking.
            if hyphenatesToFill, limit > 0 { passes.append((true, 10_000, 3 * size, 0, .infinity)) }
            // A word wider than the line (a display word in a narrow column) is hyphenated even
            // where hyphenation is off, rather than cut by first-fit breaking with no hyphen; not
            // while the last word is tied, which display lines untie first ("Zombie / Monthly",
            // not "Zom- / bie Monthly").
            if !hyphenatesToFill, !tieLastWord { passes.append((true, 10_000, 3 * size, 0, .infinity)) }
            // So is a capitalised one (a title in a table's cell, "Observatory" in 46 pt), which
            // the rules otherwise keep whole: it breaks anyway, better at a syllable with a hyphen
            // than at any letter without one. Only the words wider than the narrowest line.
            if !tieLastWord, style.hyphenation.capitalized != true {
                passes.append((true, 10_000, 3 * size, 0, min(widths.min() ?? otherWidth, otherWidth)))
            }
        }
        // The last passes share their items, and searches at other widths from the same line
        // share them through the memo.
        let memo = itemMemo ?? BreakItemMemo()
        for pass in passes {
            parameters.tolerance = pass.tolerance
            parameters.emergencyStretch = pass.emergency
            parameters.consecutiveHyphenLimit = pass.limit
            let key = BreakItemMemo.Key(start: start, hyphenate: pass.hyphenate, capitalsWiderThan: pass.capitalsWiderThan,
                                        lastOpportunity: windowEnd, tieLastWord: tieLastWord, tabs: tabs)
            let items = memo.items(ofParagraphAt: paragraph.range.lowerBound, key) {
                self.items(from: start, hyphenate: pass.hyphenate, justified: justified, through: windowEnd,
                           tieLastWord: tieLastWord, capitalsWiderThan: pass.capitalsWiderThan)
            }
            let breaker = KnuthPlassLineBreaker(parameters: parameters)
            guard let windowEnd else {
                guard let found = breaker.breaks(items, lineWidth: width, effort: &effort) else { continue }
                return found.map { lineBreak(at: items[$0.item], ratio: $0.ratio) }
            }
            guard let found = breaker.windowBreaks(items, lineWidth: width, effort: &effort) else { continue }
            // A window too short for a single line (zero-width text) is searched whole.
            guard let firstBreak = found.first else {
                var whole = self
                whole.window = .max
                return whole.optimalBreaks(from: start, widths: widths, otherWidth: otherWidth, tieLastWord: tieLastWord,
                                           effort: &effort)
            }
            let settled = offsets[first + (windowEnd - first) * 3 / 4]
            let kept = found.prefix { items[$0.item].offset <= settled }
            return (kept.isEmpty ? [firstBreak] : Array(kept)).map { lineBreak(at: items[$0.item], ratio: $0.ratio) }
        }
        return nil
    }

    private func lineBreak(at item: BreakItem, ratio: Double) -> LineBreak {
        let kind: LineBreak.Kind
        if item.kind == .penalty, item.penalty == -.infinity {
            kind = .mandatory
        } else if item.kind == .penalty, item.width > 0 {
            kind = .hyphenated
        } else {
            kind = .opportunity
        }
        return LineBreak(end: item.offset, kind: kind, ratio: Float(ratio))
    }

    // MARK: Items

    /// The paragraph from `start` as boxes, glue and penalties; with `lastOpportunity` (an
    /// index into the paragraph's opportunities), only as far as it, with no forced break at the end.
    /// With `tieLastWord`, the last space of a paragraph that ends in the items binds the last
    /// word to the one before it, as a no-break space would. Capitalised words wider than
    /// `capitalsWiderThan` are hyphenated whatever the rules say of capitals.
    func items(from start: Int, hyphenate: Bool, justified: Bool, through lastOpportunity: Int? = nil,
               tieLastWord: Bool = false, capitalsWiderThan: Double = .infinity) -> [BreakItem] {
        let end = paragraph.range.upperBound
        let offsets = paragraph.opportunities.offsets, mandatory = paragraph.opportunities.mandatory
        let firstOpportunity = GreedyLineBreaker.firstOpportunity(after: start, in: offsets)
        // A box and a glue (or penalty) an opportunity, and the end: room made once, not
        // grown a dozen times a paragraph (hyphenation points may still add some).
        var items: [BreakItem] = []
        let lastIncluded = min(lastOpportunity ?? offsets.count - 1, offsets.count - 1)
        items.reserveCapacity(2 * max(0, lastIncluded + 1 - firstOpportunity) + 2)
        var previous = start
        // The boxes and spaces come in order: their gives are walked on from one to the next.
        var gives = GiveCursor(paragraph: paragraph)
        var dictionaries = LanguageDictionaries(lookUp: hyphenator)
        for index in firstOpportunity ..< offsets.count {
            let offset = offsets[index]
            if previous == start, paragraph.hasTabs, paragraph.units[start ..< offset].contains(TabLayout.tab) {
                // A list item's marker and tab: as wide as the tab stop makes them, with the text
                // after them kept a word space off (seed 9162: a row's number, set at the next
                // stop, was measured at the stop the marker nearly reached), unbreakable.
                let glyphs = paragraph.glyphIndex(atOrAfter: start) ..< paragraph.glyphIndex(atOrAfter: offset)
                let marker = TabLayout(paragraph: paragraph, glyphs: glyphs, startX: tabs.startX, endX: tabs.endX, textFollows: offset < end)
                items.append(.box(marker.width, offset: start))
                previous = offset
                continue
            }
            let contentEnd = paragraph.trimmedEnd(from: previous, to: offset)
            appendBoxes(from: previous, to: contentEnd, hyphenate: hyphenate, capitalsWiderThan: capitalsWiderThan,
                        justified: justified, gives: &gives, dictionaries: &dictionaries, into: &items)
            let spaces = advance(from: contentEnd, to: offset)
            if offset >= end || mandatory[index] {
                // The last line, or one ended by a hard break, is not stretched. Its fill glue is
                // no break (TeX's \penalty10000 before \parfillskip): a break there would leave
                // the forced break an empty line of its own, starting where it ends.
                items.append(.penalty(.infinity, offset: offset))
                items.append(.glue(0, stretch: Self.fill, shrink: 0, offset: offset))
                items.append(.penalty(-.infinity, offset: offset))
                if offset >= end { break }
            } else if spaces > 0 {
                // Before a URL or an e-mail address the line may end short: the break is this
                // penalty, which takes the place of the glue's (see PreparedParagraph.raggedEnd).
                if paragraph.addressStarts.contains(offset) {
                    items.append(.penalty(0, lineEndStretch: paragraph.lineEndStretch(breakingAt: offset), offset: offset))
                }
                let give = justified ? gives.gives(of: glyphs(from: contentEnd, to: offset)).spaces : JustificationGives.Give()
                items.append(.glue(spaces, stretch: give.stretch, shrink: give.shrink, offset: offset))
            } else if let blank = paragraph.lineEndBlank(at: offset), let gap = paragraph.interCharacterGaps[offset] {
                // After a closing mark the line keeps the shrink of its blank half if it ends
                // here: it is in glue before the break, the rest of the gap in glue after it,
                // which a break drops ("Carterは引退するつもりはない。" fits its line this way,
                // where it was spread letter by letter without "い。").
                items.append(.penalty(.infinity, offset: offset))
                items.append(.glue(0, stretch: 0, shrink: blank, offset: offset))
                items.append(.penalty(0, offset: offset))
                items.append(.glue(0, stretch: gap.stretch, shrink: gap.shrink - blank, offset: offset))
            } else {
                items.append(penaltyWithoutSpace(at: offset, hyphenate: hyphenate, justified: justified))
            }
            previous = offset
            if index == lastOpportunity { return items }
        }
        if items.last?.penalty != -.infinity {
            items.append(.penalty(.infinity, offset: end))
            items.append(.glue(0, stretch: Self.fill, shrink: 0, offset: end))
            items.append(.penalty(-.infinity, offset: end))
        }
        if tieLastWord, items.last?.offset == end { Self.tieLastWord(&items) }
        return items
    }

    /// Makes the last space before the paragraph's end no break: glue is a break only after
    /// a box, so a forbidding penalty goes in front of it. Breaks inside the last word (soft
    /// hyphens, CJK gaps) stay.
    private static func tieLastWord(_ items: inout [BreakItem]) {
        // The paragraph's end is fill glue and a forced break: the last space is before them.
        guard items.count > 2,
              let space = items[..<(items.count - 2)].lastIndex(where: { $0.kind == .glue && $0.width > 0 }),
              space > 0, items[space - 1].kind == .box else { return }
        items.insert(.penalty(.infinity, offset: items[space].offset), at: space)
    }

    /// A break where no space is: inside a URL or an e-mail address (no hyphen shows), after a
    /// soft hyphen (a hyphen will show), after a hyphen or dash already there or a slash, or between
    /// characters that need no space (CJK, where justified text may stretch the gap).
    private func penaltyWithoutSpace(at offset: Int, hyphenate: Bool, justified: Bool) -> BreakItem {
        if let gap = paragraph.interCharacterGaps[offset] {
            return .glue(0, stretch: gap.stretch, shrink: gap.shrink, offset: offset)
        }
        if paragraph.addressBreaks.contains(offset) {
            return .penalty(Self.addressBreakPenalty, lineEndStretch: paragraph.lineEndStretch(breakingAt: offset), offset: offset)
        }
        let previous = paragraph.units[offset - 1]
        if previous == PreparedParagraph.softHyphen {
            return .penalty(Self.hyphenPenalty, width: paragraph.hyphenAdvance(before: offset), flagged: true, offset: offset)
        }
        if previous == 0x2D || previous == 0x2010 {
            return .penalty(Self.explicitHyphenPenalty, flagged: true, offset: offset)
        }
        if previous == 0x2F { return slashPenalty(at: offset, hyphenate: hyphenate, justified: justified) }
        return .penalty(0, offset: offset)
    }

    /// A break after a slash inside a word (`V/cm`, `and/or`), no hyphen shown: TeX's `\slash`,
    /// an explicit hyphen's cost, where lines are justified. A ragged line is rated against its
    /// end's 2 em, not TeX's infinite `\raggedright` stretch, so "8.319" 25 pt short of its
    /// measure was worse than "8.319 V/" over "cm": there the break is offered only where
    /// hyphens are, and costs more than any line within the tolerance (`raggedSlashPenalty`), so
    /// that the word goes whole to the next line whenever a line can end short instead — as
    /// under TeX's `\raggedright` — and breaks at its slash only when it is wider than its line.
    private func slashPenalty(at offset: Int, hyphenate: Bool, justified: Bool) -> BreakItem {
        if justified { return .penalty(Self.explicitHyphenPenalty, offset: offset) }
        return .penalty(hyphenate ? Self.raggedSlashPenalty : .infinity, offset: offset)
    }

    /// The text from `start` to `end` as one box, or, with hyphenation, as boxes with a
    /// hyphen penalty at each place a word may be hyphenated. CJK gaps where no line may
    /// break (before a full stop, say) still stretch: unbreakable glue between two boxes.
    private func appendBoxes(from start: Int, to end: Int, hyphenate: Bool, capitalsWiderThan: Double, justified: Bool,
                             gives: inout GiveCursor, dictionaries: inout LanguageDictionaries, into items: inout [BreakItem]) {
        guard start < end else { return }
        let hyphens = hyphenate
            ? hyphenationPoints(from: start, to: end, dictionaries: &dictionaries, capitalsWiderThan: capitalsWiderThan) : []
        let points = paragraph.interCharacterGaps.isEmpty
            ? hyphens : (hyphens + (start + 1 ..< end).filter { paragraph.interCharacterGaps[$0] != nil }).sorted()
        var boxStart = start
        for point in points {
            items.append(box(from: boxStart, to: point, justified: justified, gives: &gives))
            if let gap = paragraph.interCharacterGaps[point] {
                items.append(.penalty(.infinity, offset: point))
                items.append(.glue(0, stretch: gap.stretch, shrink: gap.shrink, offset: point))
            } else {
                items.append(.penalty(Self.hyphenPenalty, width: paragraph.hyphenAdvance(before: point), flagged: true, offset: point))
            }
            boxStart = point
        }
        items.append(box(from: boxStart, to: end, justified: justified, gives: &gives))
    }

    /// The text from `start` to `end` as a box: justified, it stretches and shrinks by what its
    /// letters and glyphs may give (see JustificationGives).
    private func box(from start: Int, to end: Int, justified: Bool, gives cursor: inout GiveCursor) -> BreakItem {
        let glyphs = glyphs(from: start, to: end)
        var box = BreakItem.box(paragraph.prefixAdvance[glyphs.upperBound] - paragraph.prefixAdvance[glyphs.lowerBound], offset: start)
        guard justified else { return box }
        let gives = cursor.gives(of: glyphs)
        box.stretch = gives.letters.stretch + gives.glyphs.stretch
        box.shrink = gives.letters.shrink + gives.glyphs.shrink
        return box
    }

    /// The glyphs of the characters `start ..< end`.
    @inline(__always)
    private func glyphs(from start: Int, to end: Int) -> Range<Int> {
        paragraph.glyphIndex(atOrAfter: start) ..< paragraph.glyphIndex(atOrAfter: end)
    }

    /// Hyphenation points of the words (runs of letters) between `start` and `end`, under the
    /// paragraph's rules (`HyphenationRules`), at cluster boundaries only (never inside a ligature).
    func hyphenationPoints(from start: Int, to end: Int) -> [Int] {
        var dictionaries = LanguageDictionaries(lookUp: hyphenator)
        return hyphenationPoints(from: start, to: end, dictionaries: &dictionaries)
    }

    /// The same, each word's dictionary found through `dictionaries`; a capitalised word wider
    /// than `capitalsWiderThan` hyphenated as one opening a sentence is.
    func hyphenationPoints(from start: Int, to end: Int, dictionaries: inout LanguageDictionaries,
                           capitalsWiderThan: Double = .infinity) -> [Int] {
        let rules = paragraph.style.hyphenation
        var points: [Int] = []
        var wordStart: Int?
        var offset = start
        while offset <= end {
            let isLetter = offset < end && Self.isLetter(paragraph.units[offset])
            if isLetter, wordStart == nil { wordStart = offset }
            if !isLetter, let first = wordStart {
                // A word has at least as many UTF-16 units as letters: one with fewer is too short.
                if offset - first >= rules.minimumWord, let run = paragraph.styleRun(containing: first), run.attributes.runDelegate == nil,
                   !run.attributes.noBreak, !isInURLOrNumber(first ..< offset),
                   let dictionary = dictionaries.dictionary(for: run.attributes.language) {
                    for point in dictionary.hyphenationPoints(in: paragraph.units[first ..< offset].unitsAlone, rules: rules,
                                                              startsSentence: startsSentence(at: first)
                                                                || advance(from: first, to: offset) > capitalsWiderThan) {
                        let absolute = first + point
                        let glyph = paragraph.glyphIndex(atOrAfter: absolute)
                        if glyph < paragraph.clusters.count, paragraph.clusters[glyph] == absolute { points.append(absolute) }
                    }
                }
                wordStart = nil
            }
            offset += 1
        }
        return points
    }

    /// Whether the word at `offset` opens a sentence: nothing but spaces and opening marks
    /// (quotes, brackets) between it and a full stop, a question or exclamation mark, or the
    /// paragraph's start. Its capital is then the sentence's, not a name's.
    private func startsSentence(at offset: Int) -> Bool {
        var index = offset
        let lowest = max(paragraph.range.lowerBound, offset - Self.longestToken)
        while index > lowest {
            let unit = paragraph.units[index - 1]
            if PreparedParagraph.isSpace(unit) || [0x22, 0x27, 0x28, 0x5B, 0x2018, 0x201C, 0xAB].contains(unit) {
                index -= 1
                continue
            }
            return unit == 0x2E || unit == 0x21 || unit == 0x3F || unit == 0x2026
        }
        return index == paragraph.range.lowerBound
    }

    /// Whether the letters `word` belong to a URL, an e-mail address or a token with digits
    /// (the text between spaces around them holds '/', ':', '@' or a digit, or is an address:
    /// `www.zombie-monthly.example`): never hyphenated, as a hyphen added inside an address
    /// would read as part of it.
    /// A footnote's mark is not the word's: "Konzernjahresüberschusses.³" is hyphenated as the
    /// word it is (it was not, and left a report's narrow line loose, "Prozent      des").
    private func isInURLOrNumber(_ word: Range<Int>) -> Bool {
        // Looked for within a bound: a text of such words with no space would otherwise be
        // scanned whole for each of them.
        let lowest = max(paragraph.range.lowerBound, word.lowerBound - Self.longestToken)
        let highest = min(paragraph.range.upperBound, word.upperBound + Self.longestToken)
        var start = word.lowerBound, end = word.upperBound
        while start > lowest, !PreparedParagraph.isSpace(paragraph.units[start - 1]) { start -= 1 }
        while end < highest, !PreparedParagraph.isSpace(paragraph.units[end]) { end += 1 }
        let token = paragraph.units[start ..< end]
        return token.indices.contains { index in
            let unit = paragraph.units[index]
            return unit == 0x2F || unit == 0x3A || unit == 0x40 || (0x30 ... 0x39).contains(unit) && !isFootnoteMark(index)
        } || !URLTokens.find(in: token).isEmpty
    }

    /// Whether the character at `index` is a footnote's mark in the text.
    private func isFootnoteMark(_ index: Int) -> Bool {
        paragraph.styleRunIndex(containing: index).map { paragraph.styleRuns[$0].attributes.footnote != nil } ?? false
    }

    /// How far from a word its token's '/', ':', '@' or digit is looked for.
    static let longestToken = 256

    /// Letters of words that can be hyphenated (surrogate pairs end a word: such scripts have
    /// no patterns here).
    private static func isLetter(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return (0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit) }
        guard !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit), let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isAlphabetic
    }

    /// Advance of the glyphs of characters `start ..< end`.
    func advance(from start: Int, to end: Int) -> Double {
        paragraph.prefixAdvance[paragraph.glyphIndex(atOrAfter: end)] - paragraph.prefixAdvance[paragraph.glyphIndex(atOrAfter: start)]
    }
}
