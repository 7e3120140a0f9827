import Fonts

/// The vertical extent of a band of lines set side by side on one baseline, measured from the
/// band's top: where the baseline is, how far the text reaches above and below, and where
/// the next band starts. A shaped container is asked for the fragments of `upper ..< lower`.
struct BandMetrics {
    /// The baseline's distance below the band's top.
    var baseline: Double
    /// The top of what the lines occupy: their boxes, and glyph boxes where those stick out
    /// (above the band's top under a fixed line height tighter than the fonts).
    var upper: Double
    var lower: Double
    /// The bottom of the lowest descent: what must stay above the container's bottom.
    var textBottom: Double
    /// How far the faces reach above the baseline at most (their ascent, not the leading).
    var ascent: Double
    /// Where the next band starts: the bottom of the line boxes.
    var advance: Double

    var height: Double { lower - upper }

    /// What a line of the paragraph's text at `position` takes, before it is set: the style
    /// run's metrics with the paragraph's line height. The anchors of pictures set apart (a
    /// float's) show nothing in the line: the text after them is what it holds (a paragraph
    /// opening with a float's anchor expected a line of no height, and its first line looked
    /// for the stretch below it in its own band: seed 6197).
    static func expected(in paragraph: PreparedParagraph, at position: Int) -> BandMetrics {
        var run = paragraph.styleRunIndex(containing: position)
        while let index = run, index + 1 < paragraph.styleRuns.count, paragraph.styleRuns[index].attributes.image?.isSetApart ?? false {
            run = index + 1
        }
        let metrics = run.map { paragraph.styleRuns[$0].metrics } ?? paragraph.emptyMetrics
        let isPicture = run.map { paragraph.styleRuns[$0].attributes.runDelegate != nil } ?? false
        let box = LineBox(text: isPicture ? nil : metrics, pictures: isPicture ? metrics : nil,
                          style: paragraph.style.lineHeight, strut: paragraph.emptyMetrics)
        let baseline = box.baseline
        return BandMetrics(baseline: baseline, upper: min(0, baseline - box.ascent),
                           lower: max(box.height, baseline + box.descent), textBottom: baseline + box.descent,
                           ascent: box.ascent, advance: box.height)
    }

    /// What `lines`, set on one baseline, take: the baseline is as low as the line whose box
    /// reaches highest above it needs, as one line alone is in a rectangle.
    init(lines: [Line]) {
        var baseline = 0.0, ascent = 0.0, descent = 0.0, glyphAbove = 0.0, glyphBelow = 0.0
        for line in lines {
            baseline = max(baseline, line.leading / 2 + line.ascent)
            ascent = max(ascent, line.ascent)
        }
        var advance = 0.0
        for line in lines {
            // (Summed as a rectangle's lines are, so that a band of one line moves down exactly as far.)
            advance = max(advance, baseline - (line.leading / 2 + line.ascent) + line.height)
            descent = max(descent, line.descent)
            glyphAbove = max(glyphAbove, line.ascent)
            glyphBelow = max(glyphBelow, line.descent)
            for run in line.runs {
                let box = run.typographicBounds()
                glyphAbove = max(glyphAbove, -box.minY)
                glyphBelow = max(glyphBelow, box.maxY)
            }
        }
        self.baseline = baseline
        self.ascent = ascent
        self.advance = advance
        textBottom = baseline + descent
        upper = min(0, baseline - glyphAbove)
        lower = max(advance, baseline + glyphBelow)
    }

    init(baseline: Double, upper: Double, lower: Double, textBottom: Double, ascent: Double, advance: Double) {
        self.baseline = baseline
        self.upper = upper
        self.lower = lower
        self.textBottom = textBottom
        self.ascent = ascent
        self.advance = advance
    }

    /// Where the band below one at `top` of these metrics is proposed (`placeBand`): a line's
    /// advance down, moved down to where its baseline falls on the grid when there is one.
    func nextTop(after top: Double, grid: BaselineGrid?) -> Double {
        let next = top + advance
        return grid.map { $0.snap(next + baseline) - baseline } ?? next
    }

    /// Whether `other` occupies no more of the band than this does.
    func holds(_ other: BandMetrics) -> Bool {
        other.upper >= upper - 1e-9 && other.lower <= lower + 1e-9
    }

    /// This band made tall enough for `other` as well.
    func enlarged(toHold other: BandMetrics) -> BandMetrics {
        var result = other
        result.upper = min(upper, other.upper)
        result.lower = max(lower, other.lower)
        return result
    }
}
