import Text

/// What the glyphs of a paragraph give when a justified line is filled, by the paragraph's
/// justification ranges (`ParagraphStyle.justification`): a word space stretches and shrinks
/// by its range, the gap after a letter by the letter-spacing range, a glyph's width by the
/// glyph-scaling range. The advances the paragraph stores are at the desired values already;
/// these are the amounts around them. The line breaker makes them the stretch and shrink of
/// its glue and boxes; a line shares its slack out by them (LineAdjustment).
struct JustificationGives {
    /// The most and least a stretch of text can give.
    struct Give {
        var stretch = 0.0
        var shrink = 0.0

        static func += (total: inout Give, give: Give) {
            total.stretch += give.stretch
            total.shrink += give.shrink
        }
    }

    /// Word spaces, the gaps after letters, and the glyphs' widths.
    var spaces = Give()
    var letters = Give()
    var glyphs = Give()

    var total: Give {
        Give(stretch: spaces.stretch + letters.stretch + glyphs.stretch, shrink: spaces.shrink + letters.shrink + glyphs.shrink)
    }

    /// The gives of `glyphRange` of `paragraph`.
    init(paragraph: PreparedParagraph, glyphs glyphRange: Range<Int>) {
        self.init(paragraph: paragraph, glyphs: glyphRange, rates: PreparedParagraph.GiveRates(paragraph),
                  fromRun: paragraph.styleRunIndex(endingAfterGlyph: glyphRange.lowerBound))
    }

    /// The gives of `glyphRange`, with the paragraph's rates and the first style run with glyphs
    /// at or after the range's start already known (see GiveCursor).
    init(paragraph: PreparedParagraph, glyphs glyphRange: Range<Int>, rates: PreparedParagraph.GiveRates, fromRun firstRun: Int) {
        paragraph.forEachGive(in: glyphRange, rates: rates, fromRun: firstRun) { _, kind, give in add(give, kind) }
    }

    /// The gives of `glyphRange`, all in style run `run` (see GiveCursor).
    init(paragraph: PreparedParagraph, glyphs glyphRange: Range<Int>, rates: PreparedParagraph.GiveRates, inRun run: Int) {
        paragraph.forEachGive(ofRun: run, in: glyphRange, rates: rates) { _, kind, give in add(give, kind) }
    }

    @inline(__always)
    private mutating func add(_ give: Give, _ kind: PreparedParagraph.GiveKind) {
        switch kind {
        case .space: spaces += give
        case .letter: letters += give
        case .glyph: glyphs += give
        }
    }

    /// Scripts whose letters stand apart: spacing them or widening their glyphs keeps words
    /// whole. Joined scripts (Arabic, the Indic scripts' headstrokes) and the square cells of
    /// CJK text (see InterCharacterGap) justify otherwise. Nil: no script of its own (digits,
    /// punctuation).
    static func spacesLetters(_ script: String?) -> Bool {
        guard let script else { return true }
        return ["Latn", "Grek", "Cyrl", "Armn", "Geor", "Zyyy", "Zinh"].contains(script)
    }
}

extension PreparedParagraph {
    enum GiveKind {
        case space, letter, glyph
    }

    /// What the paragraph's justification ranges make of its advances, the same for every
    /// stretch of it: worked out once by a caller that walks many (see GiveCursor).
    struct GiveRates {
        let spaceStretch: Double, spaceShrink: Double
        let glyphStretch: Double, glyphShrink: Double
        let letter: SpacingRange
        /// CJK text is justified between its characters (InterCharacterGap), Latin words in it too.
        let lettersGive: Bool

        init(_ paragraph: PreparedParagraph) {
            let ranges = paragraph.style.justification
            let word = ranges.wordSpacing, scaling = ranges.glyphScaling
            // Advances are stored at the desired values: the gives are shares of what those are.
            spaceStretch = word.desired > 0 ? word.stretch / word.desired : 0
            spaceShrink = word.desired > 0 ? word.shrink / word.desired : 0
            glyphStretch = scaling.stretch / scaling.desired
            glyphShrink = scaling.shrink / scaling.desired
            letter = ranges.letterSpacing
            lettersGive = paragraph.interCharacterGaps.isEmpty
        }
    }

    /// Calls `body` with each give of the glyphs in `glyphRange`: a word space's; the gap after
    /// the last glyph of each letter's cluster; and each glyph's width. Pictures give nothing.
    func forEachGive(in glyphRange: Range<Int>, _ body: (_ glyph: Int, _ kind: GiveKind, _ give: JustificationGives.Give) -> Void) {
        forEachGive(in: glyphRange, rates: GiveRates(self), fromRun: styleRunIndex(endingAfterGlyph: glyphRange.lowerBound), body)
    }

    /// `forEachGive(in:_:)` with the rates and the first style run with glyphs at or after the
    /// range's start (`styleRunIndex(endingAfterGlyph:)`) already known.
    func forEachGive(in glyphRange: Range<Int>, rates: GiveRates, fromRun firstRun: Int,
                     _ body: (_ glyph: Int, _ kind: GiveKind, _ give: JustificationGives.Give) -> Void) {
        for index in firstRun ..< styleRuns.count {
            if styleRuns[index].glyphRange.lowerBound >= glyphRange.upperBound { break }
            forEachGive(ofRun: index, in: glyphRange, rates: rates, body)
        }
    }

    /// `forEachGive(in:_:)` for the glyphs of `glyphRange` in style run `index`.
    @inline(__always)
    func forEachGive(ofRun index: Int, in glyphRange: Range<Int>, rates: GiveRates,
                     _ body: (_ glyph: Int, _ kind: GiveKind, _ give: JustificationGives.Give) -> Void) {
        let spaceStretch = rates.spaceStretch, spaceShrink = rates.spaceShrink
        let glyphStretch = rates.glyphStretch, glyphShrink = rates.glyphShrink
        let letter = rates.letter, lettersGive = rates.lettersGive
        let run = styleRuns[index]
        guard run.attributes.runDelegate == nil else { return }
        let em = run.attributes.fontSize
        let letterGive = JustificationGives.Give(stretch: em * letter.stretch / 100, shrink: em * letter.shrink / 100)
        withGlyphColumns { columns in
            let clusters = columns.clusters
            for glyph in run.glyphRange.clamped(to: glyphRange) {
                let advance = columns.advances[glyph]
                if columns.isSpace(glyph) {
                    body(glyph, .space, JustificationGives.Give(stretch: advance * spaceStretch, shrink: advance * spaceShrink))
                    continue
                }
                guard lettersGive, run.givesLetters, advance > 0 else { continue }
                body(glyph, .glyph, JustificationGives.Give(stretch: advance * glyphStretch, shrink: advance * glyphShrink))
                let endsCluster = glyph + 1 >= clusters.count || clusters[glyph + 1] != clusters[glyph]
                if endsCluster, letter.stretch > 0 || letter.shrink > 0 { body(glyph, .letter, letterGive) }
            }
        }
    }
}
