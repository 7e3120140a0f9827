/// Where a line gives to fill its measure: inter-word spaces (stretching by half and shrinking
/// by a third of their width, as the line breaker assumed) and, in CJK text, the gaps between
/// characters (see InterCharacterGap). The slack is shared in proportion to what each can give,
/// which is how Knuth–Plass rated the line.
struct LineAdjustment {
    private var stretch: [(glyph: Int, amount: Double)] = []
    private var shrink: [(glyph: Int, amount: Double)] = []

    /// - Parameters:
    ///   - glyphs: the glyphs that may give (those after a line's last tab stop);
    ///   - endGlyph: the line's end: a gap after its last glyph is not inside it.
    init(paragraph: PreparedParagraph, glyphs: Range<Int>, endGlyph: Int) {
        let gaps = paragraph.interCharacterGaps
        for glyph in glyphs {
            if PreparedParagraph.isSpace(paragraph.units[paragraph.clusters[glyph]]) {
                let width = paragraph.advances[glyph]
                stretch.append((glyph, width * ParagraphBreaker.spaceStretch))
                shrink.append((glyph, width * ParagraphBreaker.spaceShrink))
            } else if !gaps.isEmpty, glyph + 1 < endGlyph, paragraph.clusters[glyph + 1] != paragraph.clusters[glyph],
                      let gap = gaps[paragraph.clusters[glyph + 1]] {
                stretch.append((glyph, gap.stretch))
                if gap.shrink > 0 { shrink.append((glyph, gap.shrink)) }
            }
        }
    }

    /// The space to add after each glyph of `line` (indexed from its first glyph; empty when
    /// none): a line set wider than its measure shrinks whatever its alignment; a justified
    /// line that is short stretches. A line that may end ragged by up to `lineEndStretch` (see
    /// `PreparedParagraph.raggedEnd(ofLineFrom:to:)`) stretches its spaces only as far as they
    /// can give and leaves the rest blank, as Knuth–Plass rated it (`stretchRatio`).
    func extraSpace(natural: Double, measure: Double, justify: Bool, line: Range<Int>, lineEndStretch: Double = 0) -> [Double] {
        let gives: [(glyph: Int, amount: Double)]
        if natural > measure {
            gives = shrink
        } else if justify, natural < measure {
            gives = stretch
        } else {
            return []
        }
        let total = gives.reduce(0) { $0 + $1.amount }
        guard total > 0 else { return [] }
        var slack = measure - natural
        if slack > total, lineEndStretch > 0 { slack = slack <= total + lineEndStretch ? total : slack - lineEndStretch }
        var extra = [Double](repeating: 0, count: line.count)
        for give in gives { extra[give.glyph - line.lowerBound] += slack * give.amount / total }
        return extra
    }
}
