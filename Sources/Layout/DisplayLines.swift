import Breaking

/// The breaks of a display paragraph (`ParagraphStyle.balance`: headlines, subheadlines,
/// `<p balance="true">`): lines of nearly equal length, as CSS `text-wrap: balance` sets them.
/// The paragraph keeps the number of lines it takes at its full measure, and is broken at the
/// narrowest measure that still holds it in that many, found by bisection; the lines are then
/// set at the full measure (flush: the styles that balance do not justify). A measure that
/// differs from line to line (a shape, a float beside the lines) is narrowed as a whole: every
/// line's width scaled by the same factor, so the lines keep their proportions.
///
/// No word stands alone on the last line when another break exists: the last space is tied
/// (see `ParagraphBreaker.items`) unless the paragraph cannot be set with it.
struct DisplayLines {
    let breaker: ParagraphBreaker

    /// Narrower measures tried after the full one: each halves the interval the narrowest
    /// lies in, so seven find it within a percent of the full measure, a search each of a
    /// paragraph of a few lines.
    static let bisectionSteps = 7

    func breaks(from start: Int, widths: [Double], otherWidth: Double,
                effort: inout KnuthPlassLineBreaker.Effort) -> [LineBreak]? {
        if fitsOneLineShrunk(from: start, width: widths.first ?? otherWidth) {
            return [LineBreak(end: breaker.paragraph.range.upperBound, kind: .mandatory)]
        }
        var tie = true
        var full = search(from: start, widths: widths, otherWidth: otherWidth, scale: 1, tie: true, effort: &effort)
        if full == nil {
            tie = false
            full = search(from: start, widths: widths, otherWidth: otherWidth, scale: 1, tie: false, effort: &effort)
        }
        let end = breaker.paragraph.range.upperBound
        // One line (unchanged), no setting at all, or a paragraph long enough to be broken
        // window by window (not a display line): as found.
        guard let full, full.count > 1, full.last?.end == end else { return full }
        let count = full.count
        // The lines cannot be narrower than the text shared out evenly over them.
        let widest = max(widths.max() ?? otherWidth, otherWidth)
        let narrowest = min(1, breaker.advance(from: start, to: end) / (Double(count) * widest)) * 0.9
        let balanced = narrowestSetting(from: start, widths: widths, otherWidth: otherWidth, between: narrowest, and: 1,
                                        lines: count, tie: tie, effort: &effort) ?? (full, 1)
        // A compound broken at its own hyphen ("Vollmer- / Ashdown") is taken only when no
        // setting broken at spaces balances almost as well (TeX's \exhyphenpenalty for display).
        guard balanced.breaks.contains(where: breaksAtOwnHyphen) else { return balanced.breaks }
        let spaced = narrowestSetting(from: start, widths: widths, otherWidth: otherWidth, between: balanced.scale, and: 1,
                                      lines: count, tie: tie, effort: &effort, accepting: { !$0.contains(where: breaksAtOwnHyphen) })
        guard let spaced, spaced.scale <= balanced.scale + Self.ownHyphenAllowance else { return balanced.breaks }
        return spaced.breaks
    }

    /// How much wider (a share of the measure) display lines broken at spaces may be than
    /// lines broken at a compound's hyphen, and still be taken.
    static let ownHyphenAllowance = 0.1

    /// The narrowest setting, by bisection between the scales `narrow` (too narrow) and `wide`,
    /// in at most `lines` lines that `accepting` takes, and its scale; nil when none is found
    /// at or below `wide`.
    private func narrowestSetting(from start: Int, widths: [Double], otherWidth: Double, between narrow: Double,
                                  and wide: Double, lines: Int, tie: Bool, effort: inout KnuthPlassLineBreaker.Effort,
                                  accepting: ([LineBreak]) -> Bool = { _ in true }) -> (breaks: [LineBreak], scale: Double)? {
        let end = breaker.paragraph.range.upperBound
        func setting(at scale: Double, effort: inout KnuthPlassLineBreaker.Effort) -> [LineBreak]? {
            guard let found = search(from: start, widths: widths, otherWidth: otherWidth, scale: scale, tie: tie, effort: &effort),
                  found.count <= lines, found.last?.end == end, accepting(found) else { return nil }
            return found
        }
        var narrow = narrow, wide = wide
        var best: (breaks: [LineBreak], scale: Double)?
        for _ in 0 ..< Self.bisectionSteps {
            let scale = (narrow + wide) / 2
            if let found = setting(at: scale, effort: &effort) {
                best = (found, scale)
                wide = scale
            } else {
                narrow = scale
            }
        }
        if best == nil, let found = setting(at: wide, effort: &effort) { best = (found, wide) }
        return best
    }

    /// Whether `lineBreak` ends its line after a hyphen of the text (not one added there).
    private func breaksAtOwnHyphen(_ lineBreak: LineBreak) -> Bool {
        let paragraph = breaker.paragraph
        guard lineBreak.kind == .opportunity, lineBreak.end > paragraph.range.lowerBound,
              lineBreak.end < paragraph.range.upperBound else { return false }
        let unit = paragraph.units[lineBreak.end - 1]
        return unit == 0x2D || unit == 0x2010
    }

    /// Whether the paragraph from `start` fits one line `width` wide shrunk as far as its
    /// justification ranges allow (`word-spacing`, `letter-spacing`, `glyph-scaling` at their
    /// minimum), as a justified line may be. Ragged breaks give nothing shrink, so a
    /// masthead that fits only that way ("Zombie Monthly", 40 pt in a 232 pt column) would be
    /// broken in two; InDesign's ragged lines take the minimum word spacing too, and TeX's
    /// ragged-right keeps the space's shrink. Only the one-line case: balanced lines of two or
    /// more are narrower than the measure and never shrink (letting them shrink set every one
    /// at the full measure; docs/pipeline.md, "Display lines are not squeezed"). The line is
    /// set shrunk into its measure by LineAdjustment, as any line wider than its measure.
    private func fitsOneLineShrunk(from start: Int, width: Double) -> Bool {
        let paragraph = breaker.paragraph
        let end = paragraph.range.upperBound
        guard !paragraph.hasTabs, start < end else { return false }
        let offsets = paragraph.opportunities.offsets, mandatory = paragraph.opportunities.mandatory
        let first = GreedyLineBreaker.firstOpportunity(after: start, in: offsets)
        guard !offsets[first...].indices.contains(where: { offsets[$0] < end && mandatory[$0] }) else { return false }
        let natural = breaker.advance(from: start, to: end)
        guard natural > width else { return false }
        let contentEnd = paragraph.trimmedEnd(from: start, to: end)
        let glyphs = paragraph.glyphIndex(atOrAfter: start) ..< paragraph.glyphIndex(atOrAfter: contentEnd)
        let shrink = JustificationGives(paragraph: paragraph, glyphs: glyphs).total.shrink
        return natural - shrink <= width
    }

    /// The optimal breaks with every width scaled by `scale`.
    private func search(from start: Int, widths: [Double], otherWidth: Double, scale: Double, tie: Bool,
                        effort: inout KnuthPlassLineBreaker.Effort) -> [LineBreak]? {
        breaker.optimalBreaks(from: start, widths: widths.map { $0 * scale }, otherWidth: otherWidth * scale,
                              tieLastWord: tie, effort: &effort)
    }
}
