/// How a line gives to fill its measure: word spaces, the gaps after letters and the width of
/// glyphs (by the paragraph's justification ranges, see JustificationGives) and, in CJK text,
/// the gaps between characters (see InterCharacterGap). The slack is shared in proportion to
/// what each can give, which is how Knuth–Plass rated the line; past what letters and glyphs
/// may give (a line looser or tighter than its ranges allow), they stay at their limit and
/// the spaces take the rest, as InDesign lets word spacing go past its maximum.
struct LineAdjustment {
    private let paragraph: PreparedParagraph
    /// The glyphs that may give, the line's end, and whether glyphs may be scaled and spaced.
    private let glyphs: Range<Int>
    private let endGlyph: Int
    private let scalesGlyphs: Bool
    /// The width of the hyphen that ends the line.
    private let hyphen: Double
    /// The glyphs' give as a share of their width (they scale together).
    private let glyphShare: JustificationGives.Give

    /// What word spaces and CJK gaps, letter gaps and the glyphs' widths give, and the width of
    /// the word spaces as set (at their desired value).
    private struct Totals {
        var spaces = JustificationGives.Give()
        var letters = JustificationGives.Give()
        var glyphs = JustificationGives.Give()
        var spaceWidth = 0.0
        /// How far the CJK gaps may open before the line is spaced out (see InterCharacterGap).
        var gapOpening = 0.0
    }

    /// How the line is set: the space after each glyph, and the horizontal scale of the glyphs
    /// that may be scaled.
    struct Setting {
        /// Indexed from the line's first glyph; empty when nothing is added.
        var extra: [Double] = []
        var glyphScale = 1.0
    }

    /// What a glyph of the line gives.
    private enum Share {
        /// A word space, a CJK gap (InterCharacterGap) after the glyph, the gap after a
        /// letter, the glyph's own width.
        case space, gap, letter, glyph
    }

    /// - Parameters:
    ///   - glyphs: the glyphs that may give (those after a line's last tab stop);
    ///   - endGlyph: the line's end: a gap after its last glyph is not inside it;
    ///   - scalesGlyphs: whether the glyphs may be scaled and spaced (not after a tab stop
    ///     that fixes where its text ends);
    ///   - hyphen: the width of the hyphen that ends the line, which scales with its glyphs.
    init(paragraph: PreparedParagraph, glyphs: Range<Int>, endGlyph: Int, scalesGlyphs: Bool, hyphen: Double) {
        self.paragraph = paragraph
        self.glyphs = glyphs
        self.endGlyph = endGlyph
        self.scalesGlyphs = scalesGlyphs
        self.hyphen = hyphen
        let scaling = paragraph.style.justification.glyphScaling
        glyphShare = JustificationGives.Give(stretch: scaling.stretch / scaling.desired, shrink: scaling.shrink / scaling.desired)
    }

    /// The line's totals, summed when it is asked to give: a line set at its natural width (a
    /// paragraph's last, a third of a book's lines) never walks its glyphs. Only the totals are
    /// kept: the shares are walked again if the line gives (setting), rather than kept in two
    /// arrays a line.
    private func totals() -> Totals {
        var totals = Totals()
        forEachShare { glyph, share, give in
            switch share {
            case .space:
                totals.spaces += give
                totals.spaceWidth += paragraph.advances[glyph]
            case .gap:
                totals.spaces += give
                totals.gapOpening += give.stretch * InterCharacterGap.spacedOutPerEm / InterCharacterGap.stretchPerEm
            case .letter: totals.letters += give
            case .glyph: totals.glyphs += give
            }
        }
        if scalesGlyphs, hyphen > 0, totals.glyphs.stretch > 0 || totals.glyphs.shrink > 0 {
            totals.glyphs += JustificationGives.Give(stretch: hyphen * glyphShare.stretch, shrink: hyphen * glyphShare.shrink)
        }
        return totals
    }

    /// Calls `body` with each give of the line's glyphs, in the order the totals sum them:
    /// word spaces, letters and glyph widths in the glyphs' order (letters and widths only
    /// where glyphs may be scaled and spaced, and no gap after the line's last glyph), then
    /// CJK gaps.
    private func forEachShare(_ body: (_ glyph: Int, _ share: Share, _ give: JustificationGives.Give) -> Void) {
        paragraph.forEachGive(in: glyphs) { glyph, kind, give in
            switch kind {
            case .space: body(glyph, .space, give)
            case .letter where scalesGlyphs && glyph + 1 < endGlyph: body(glyph, .letter, give)
            case .glyph where scalesGlyphs: body(glyph, .glyph, give)
            default: break
            }
        }
        let gaps = paragraph.interCharacterGaps
        guard !gaps.isEmpty else { return }
        for glyph in glyphs where glyph + 1 < endGlyph && paragraph.clusters[glyph + 1] != paragraph.clusters[glyph] {
            guard !PreparedParagraph.isSpace(paragraph.units[paragraph.clusters[glyph]]),
                  let gap = gaps[paragraph.clusters[glyph + 1]] else { continue }
            body(glyph, .gap, JustificationGives.Give(stretch: gap.stretch, shrink: gap.shrink))
        }
        // The closing mark that ends the line may give up its blank half, as the breaker rated it.
        if let last = glyphs.last, last + 1 == endGlyph, endGlyph < paragraph.clusters.count,
           let blank = paragraph.lineEndBlank(at: paragraph.clusters[endGlyph]) {
            body(last, .gap, JustificationGives.Give(stretch: 0, shrink: blank))
        }
    }

    /// Whether a line `natural` wide would be spaced out to reach `measure`: past what its
    /// ranges give, its word spaces would have to grow by more than their own width again
    /// (two words pulled to the edges of a strip beside a picture), its CJK gaps by more than
    /// half a cell. (Judged on spaces alone, every short Chinese line of a narrow column was
    /// set flush: "食物，也是一" 60 pt wide in 72 pt, a hole at its end.)
    func isSpacedOut(natural: Double, measure: Double) -> Bool {
        let totals = totals()
        return measure - natural > totals.spaces.stretch + totals.letters.stretch + totals.glyphs.stretch + totals.spaceWidth
            + totals.gapOpening + 0.001
    }

    /// How `line` is set: a line set wider than its measure shrinks whatever its alignment, as
    /// far as its ranges let it; a
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
        let totals = totals()
        let spaceGive = amount(totals.spaces), letterGive = amount(totals.letters), glyphGive = amount(totals.glyphs)
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
        // A glyph has at most two shares (a space or a gap, and a letter's): their sum from
        // zero is the same in either order, so one walk gives what a walk over the spaces and
        // then one over the letters gave.
        // Spaces shrink past their minimum only by what the glyph widths' steps leave (well
        // under their give again): a line still too wide sticks out of its measure, which the
        // frame checks report, rather than printing its words over each other ("Winthdeclockwork").
        if !stretching { spaceRatio = min(spaceRatio, Self.spaceShrinkLimit) }
        let spaceFactor = sign * spaceRatio, letterFactor = sign * letterRatio
        // Filled through its buffer: an array captured by the closure would be boxed, and
        // checked for uniqueness at each glyph. Made of a repeated zero: `init(repeating:count:)`
        // and `init(unsafeUninitializedCapacity:)` allocate unspecialised (docs/pipeline.md,
        // "Speed: the layout thread").
        var extra = Array(repeatElement(0.0, count: line.count))
        extra.withUnsafeMutableBufferPointer { extra in
            forEachShare { glyph, share, give in
                switch share {
                case .space, .gap: extra[glyph - line.lowerBound] += spaceFactor * amount(give)
                case .letter: extra[glyph - line.lowerBound] += letterFactor * amount(give)
                case .glyph: break
                }
            }
        }
        setting.extra = extra
        return setting
    }

    /// How far spaces may shrink, in their give: twice it, 60 % of a space with the default
    /// 80 % minimum, which the steps of glyph scaling never need.
    static let spaceShrinkLimit = 2.0

    /// The step of glyph scaling: a quarter of a percent, seventeen widths from 98 to 102 %.
    static let glyphScaleStep = 0.0025
}
