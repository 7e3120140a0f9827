/// How a line gives to fill its measure: word spaces, the gaps after letters and the width of
/// glyphs (by the paragraph's justification ranges, see JustificationGives) and, in CJK text,
/// the gaps between characters (see InterCharacterGap). The slack is shared in proportion to
/// what each can give, which is how Knuth–Plass rated the line; past what letters and glyphs
/// may give (a line looser or tighter than its ranges allow), they stay at their limit and
/// the spaces take the rest, as InDesign lets word spacing go past its maximum.
struct LineAdjustment {
    /// Word spaces and CJK gaps: space added after a glyph.
    private var spaces: [(glyph: Int, give: JustificationGives.Give)] = []
    /// Letter gaps: space added after a letter's last glyph.
    private var letters: [(glyph: Int, give: JustificationGives.Give)] = []
    /// Totals, and what the glyphs' widths give.
    private var spaceTotal = JustificationGives.Give()
    private var letterTotal = JustificationGives.Give()
    private var glyphTotal = JustificationGives.Give()
    /// The width of the word spaces as set (at their desired value).
    private var spaceWidth = 0.0
    /// The glyphs' give as a share of their width (they scale together).
    private let glyphShare: JustificationGives.Give

    /// How the line is set: the space after each glyph, and the horizontal scale of the glyphs
    /// that may be scaled.
    struct Setting {
        /// Indexed from the line's first glyph; empty when nothing is added.
        var extra: [Double] = []
        var glyphScale = 1.0
    }

    /// - Parameters:
    ///   - glyphs: the glyphs that may give (those after a line's last tab stop);
    ///   - endGlyph: the line's end: a gap after its last glyph is not inside it;
    ///   - scalesGlyphs: whether the glyphs may be scaled and spaced (not on a line with tab
    ///     stops, whose positions are fixed);
    ///   - hyphen: the width of the hyphen that ends the line, which scales with its glyphs.
    init(paragraph: PreparedParagraph, glyphs: Range<Int>, endGlyph: Int, scalesGlyphs: Bool, hyphen: Double) {
        let gaps = paragraph.interCharacterGaps
        let scaling = paragraph.style.justification.glyphScaling
        glyphShare = JustificationGives.Give(stretch: scaling.stretch / scaling.desired, shrink: scaling.shrink / scaling.desired)
        // One allocation each per line: grown glyph by glyph, they were copied some ten times a line.
        spaces.reserveCapacity(glyphs.count)
        let letterRange = paragraph.style.justification.letterSpacing
        if scalesGlyphs, letterRange.stretch > 0 || letterRange.shrink > 0 { letters.reserveCapacity(glyphs.count) }
        paragraph.forEachGive(in: glyphs) { glyph, kind, give in
            switch kind {
            case .space:
                spaces.append((glyph, give))
                spaceTotal += give
                spaceWidth += paragraph.advances[glyph]
            case .letter where scalesGlyphs && glyph + 1 < endGlyph:
                letters.append((glyph, give))
                letterTotal += give
            case .glyph where scalesGlyphs:
                glyphTotal += give
            default:
                break
            }
        }
        if scalesGlyphs, hyphen > 0, glyphTotal.stretch > 0 || glyphTotal.shrink > 0 {
            glyphTotal += JustificationGives.Give(stretch: hyphen * glyphShare.stretch, shrink: hyphen * glyphShare.shrink)
        }
        guard !gaps.isEmpty else { return }
        for glyph in glyphs where glyph + 1 < endGlyph && paragraph.clusters[glyph + 1] != paragraph.clusters[glyph] {
            guard !PreparedParagraph.isSpace(paragraph.units[paragraph.clusters[glyph]]),
                  let gap = gaps[paragraph.clusters[glyph + 1]] else { continue }
            let give = JustificationGives.Give(stretch: gap.stretch, shrink: gap.shrink)
            spaces.append((glyph, give))
            spaceTotal += give
        }
    }

    /// Whether a line `natural` wide would be spaced out to reach `measure`: past what its
    /// ranges give, its word spaces would have to grow by more than their own width again
    /// (two words pulled to the edges of a strip beside a picture).
    func isSpacedOut(natural: Double, measure: Double) -> Bool {
        measure - natural > spaceTotal.stretch + letterTotal.stretch + glyphTotal.stretch + spaceWidth + 0.001
    }

    /// How `line` is set: a line set wider than its measure shrinks whatever its alignment; a
    /// justified line that is short stretches. A line that may end ragged by up to
    /// `lineEndStretch` (see `PreparedParagraph.raggedEnd(ofLineFrom:to:)`) gives only as far as
    /// it can and leaves the rest blank, as Knuth–Plass rated it (`stretchRatio`).
    func setting(natural: Double, measure: Double, justify: Bool, line: Range<Int>, lineEndStretch: Double = 0) -> Setting {
        let stretching: Bool
        if natural > measure {
            stretching = false
        } else if justify, natural < measure {
            stretching = true
        } else {
            return Setting()
        }
        let amount = { (give: JustificationGives.Give) in stretching ? give.stretch : give.shrink }
        var slack = abs(measure - natural)
        let spaceGive = amount(spaceTotal), letterGive = amount(letterTotal), glyphGive = amount(glyphTotal)
        let total = spaceGive + letterGive + glyphGive
        guard total > 0 else { return Setting() }
        if stretching, lineEndStretch > 0, slack > total { slack = slack <= total + lineEndStretch ? total : slack - lineEndStretch }
        // The share of its give each takes: the same for all, unless that is more than letters
        // and glyphs may give and spaces are there to take the rest.
        var spaceRatio = slack / total, otherRatio = slack / total
        if otherRatio > 1 {
            // Letters and glyphs never pass their limits: spaces take the rest, and a line
            // without any (one word) is left short rather than spaced out letter by letter.
            otherRatio = 1
            spaceRatio = spaceGive > 0 ? (slack - letterGive - glyphGive) / spaceGive : 0
        }
        let sign = stretching ? 1.0 : -1.0
        var setting = Setting()
        var letterRatio = otherRatio
        if glyphGive > 0, amount(glyphShare) > 0 {
            // Glyph widths come in steps, as pdfTeX's font expansion does: each width is a font
            // Cairo scales and caches apart. What the step leaves, spaces (or letters) take.
            let steps = (otherRatio * amount(glyphShare) / Self.glyphScaleStep).rounded()
            let glyphRatio = steps * Self.glyphScaleStep / amount(glyphShare)
            setting.glyphScale = 1 + sign * steps * Self.glyphScaleStep
            let leftover = (otherRatio - glyphRatio) * glyphGive
            if spaceGive > 0 {
                spaceRatio += leftover / spaceGive
            } else if letterGive > 0 {
                letterRatio += leftover / letterGive
            }
        }
        setting.extra = [Double](repeating: 0, count: line.count)
        for space in spaces { setting.extra[space.glyph - line.lowerBound] += sign * spaceRatio * amount(space.give) }
        for letter in letters { setting.extra[letter.glyph - line.lowerBound] += sign * letterRatio * amount(letter.give) }
        return setting
    }

    /// The step of glyph scaling: a quarter of a percent, seventeen widths from 98 to 102 %.
    static let glyphScaleStep = 0.0025
}
