/// The gives of a paragraph's stretches taken one after the other from its start, as the line
/// breaker takes its boxes and spaces: the paragraph's rates are worked out once, and the style
/// run that holds the last stretch is kept, so that the next one, in the same run as most are,
/// is summed without looking for its run. A box or a space is one to a dozen glyphs: finding
/// its run and working the rates out again cost more than its glyphs.
/// The sums are those of `JustificationGives(paragraph:glyphs:)`, to the bit: the same
/// shares added in the same order.
struct GiveCursor {
    let paragraph: PreparedParagraph
    private let rates: PreparedParagraph.GiveRates
    /// The style run that holds the next stretch if it starts where the last one ended, and its
    /// glyphs; nil when none does.
    private var run: Int?
    private var runGlyphs = 0 ..< 0

    init(paragraph: PreparedParagraph) {
        self.paragraph = paragraph
        rates = PreparedParagraph.GiveRates(paragraph)
    }

    mutating func gives(of glyphs: Range<Int>) -> JustificationGives {
        if let run, runGlyphs.lowerBound <= glyphs.lowerBound, glyphs.upperBound <= runGlyphs.upperBound {
            return JustificationGives(paragraph: paragraph, glyphs: glyphs, rates: rates, inRun: run)
        }
        // The first stretch, or one that starts or ends in another run: the runs searched for.
        let gives = JustificationGives(paragraph: paragraph, glyphs: glyphs, rates: rates,
                                       fromRun: paragraph.styleRunIndex(endingAfterGlyph: glyphs.lowerBound))
        let next = paragraph.styleRunIndex(endingAfterGlyph: glyphs.upperBound)
        if next < paragraph.styleRuns.count {
            run = next
            runGlyphs = paragraph.styleRuns[next].glyphRange
        } else {
            run = nil
        }
        return gives
    }
}
