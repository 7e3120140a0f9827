import Breaking
import Text

/// A row whose last tab goes to a stop at the line's end: a contents entry, a dish and its
/// price, an event, its place and its price. Its title (the text before that tab) may wrap;
/// its number stays whole at the end of the title's last line, after its leader, as InDesign
/// and TeX's contents lines set it — never alone at the next line's start.
public enum EntryRow {
    /// The offset of the row's last tab, when the paragraph whose content is `units` (indexed
    /// as the text's storage) in `style` is such a row; nil otherwise: a row of one tab, or of
    /// a tab for each stop whose last is a right stop with a leader (`tabs="36, end right
    /// leader=."`: a date, the event, the price) — without the leader, cells to stops past the
    /// column (`tabs="250 right, 330 decimal, end decimal"`) are a table's that does not fit.
    public static func tab(in units: TextUnitSlice, style: ParagraphStyle) -> Int? {
        guard let end = style.tabStops.last, end.location == TabStop.lineEnd, let last = units.lastIndex(of: TabLayout.tab) else { return nil }
        return units.firstIndex(of: TabLayout.tab) == last || leadsToItsValue(units, style: style) ? last : nil
    }

    /// The most words after the tab that are still the row's number: a price, a page, a
    /// quantity and its unit (`500 ml`, `a pinch`). Longer text after it (`Friday<TAB>Feed the
    /// cat…` where a left stop comes first) is a cell that wraps, and keeps its breaks — but
    /// after a leader (`leadsToItsValue`).
    static let numberWords = 3

    /// The offset of the row's last tab when the text after it is its number: the tab that
    /// goes to the stop at the line's end on whatever line of the row it falls (TabLayout).
    static func numberTab(in units: TextUnitSlice, style: ParagraphStyle) -> Int? {
        guard let tab = tab(in: units, style: style) else { return nil }
        let value = units[(tab + 1)...]
        return wordCount(of: value, atMost: numberWords + 1) <= numberWords || leadsToItsValue(units, style: style) ? tab : nil
    }

    /// Whether the row's last tab is sure to go to a right stop with a leader, the style's last
    /// (at the line's end, when `tab(in:style:)` asks): a tab for each stop. What follows such
    /// a tab is the row's value however many words it has (`Servicekosten VvE<TAB>€ 185 per
    /// maand` in a 130 pt aside): broken after its third, its fourth went on at the next line's
    /// start, under the title, reading as another title.
    private static func leadsToItsValue(_ units: TextUnitSlice, style: ParagraphStyle) -> Bool {
        guard let end = style.tabStops.last, end.alignment == .right, end.leader != nil else { return false }
        return units.reduce(0) { $0 + ($1 == TabLayout.tab ? 1 : 0) } == style.tabStops.count
    }

    /// Where no line of such a row may start: at its tab (after the spaces before it) and
    /// anywhere in the number after it. A span whose inside holds no break, as `<nobr>`'s,
    /// for `units` of content `range`; nil when the paragraph is no such row.
    static func unbreakableEnd(of units: TextUnitSlice, content range: Range<Int>, style: ParagraphStyle) -> Range<Int>? {
        guard let tab = numberTab(in: units, style: style), tab > range.lowerBound else { return nil }
        return tab - 1 ..< range.upperBound
    }

    /// The breaks a line of such a row is filled first-fit by, in `available` points measured
    /// by `measure`: the paragraph's own, while the title's last word, the leader and the number
    /// fit one line; when they do not (`The Harbourmaster<TAB>Agnieszka Wróblewska` in a third
    /// of a page), a break before the tab too, so that the title's last line ends short and the
    /// next holds the leader and the number whole, at the line's end; and when the number alone
    /// is wider than a line, a break after each of its spaces, so that it wraps at its words
    /// rather than being cut inside one. `tabBreak` is the break before the tab when it is offered.
    static func breaks(of paragraph: PreparedParagraph, tab: Int, available: Double,
                       measure: some LineMeasuring) -> (opportunities: BreakOpportunities, tabBreak: Int?) {
        let own = paragraph.opportunities, end = paragraph.range.upperBound
        let titleLastWord = own.offsets.last { $0 < tab } ?? paragraph.range.lowerBound
        guard measure.width(from: titleLastWord, to: end) > available + TabLayout.endTolerance else { return (own, nil) }
        var added = [tab]
        if measure.width(from: tab, to: end) > available + TabLayout.endTolerance {
            added += (tab + 2 ..< end).filter { paragraph.units[$0 - 1] == 0x20 && paragraph.units[$0] != 0x20 }
        }
        var offsets = own.offsets, mandatory = own.mandatory
        for offset in added where !offsets.contains(offset) {
            let index = offsets.firstIndex { $0 > offset } ?? offsets.endIndex
            offsets.insert(offset, at: index)
            mandatory.insert(false, at: index)
        }
        return (BreakOpportunities(offsets: offsets, mandatory: mandatory), tab)
    }

    /// The words (runs of anything but spaces) of `units`, counted up to `limit`.
    private static func wordCount(of units: TextUnitSlice, atMost limit: Int) -> Int {
        var count = 0, inWord = false
        for unit in units {
            let isSpace = unit == 0x20
            if !isSpace, !inWord {
                count += 1
                if count >= limit { return count }
            }
            inWord = !isSpace
        }
        return count
    }
}
