import Breaking
import Text

/// The one loop that fills every container with lines, band by band (docs/shapes.md). A band
/// is a stretch of the container's height holding lines on one baseline: in a rectangle it has
/// one fragment, its width, and takes one line; a shape, exclusions or floats may give it
/// several, and it takes one line in each, left to right (right to left in a right-to-left
/// paragraph), consecutive in the text. The indents, hanging punctuation, tab stops, line
/// heights and the baseline grid are the same in every fragment.
///
/// A line's height depends on what it holds, and what it holds on the width its band leaves,
/// so each band is proposed at the height a line of the paragraph's text takes, its fragments
/// found and lines set in them; when the lines turn out taller (a picture, a larger size), the
/// band is proposed again, tall enough for them, a few times at most, as TextKit and CSS
/// shapes do. A band with no fragment, or none the next word fits, moves down a point (a
/// rectangle's bands are all alike, so there it never moves).
extension FrameSetting {
    /// How far a band moves down when it has no room: a point, so that lines resume within
    /// a point of where an exclusion or a shape's narrow end gives way.
    static let bandStep = 1.0

    /// How far a band with no room moves down on `grid`: the fewest grid lines that make at
    /// least `bandStep`. A finer grid would take millions of steps down a page, and a step too
    /// small to change the band's y none at all.
    static func bandStep(on grid: BaselineGrid?) -> Double {
        guard let step = grid?.step else { return bandStep }
        return step >= bandStep ? step : step * (bandStep / step).rounded(.up)
    }
    /// How many times a band is proposed when its lines turn out taller than proposed.
    static let bandAttempts = 4

    /// Lines set in one band, on its baseline.
    struct PlacedBand {
        var lines: [Line]
        /// Where the next band starts: below the line boxes.
        var next: Double
        /// The stretch its last line was set in.
        var lastFragment: HorizontalSpan
    }

    /// Lines set in `container` from `index` until it is full or the text reaches `end`, the
    /// frame's end then moved back where the keep rules ask (see ColumnBreak).
    mutating func lines(in container: Container, from index: Int, to end: Int) -> Frame {
        let rect = container.rect
        var lines: [Line] = []
        var setLines: [ColumnBreak.SetLine] = []
        var overflow: ColumnBreak.Overflow?
        var position = index
        var y = rect.minY
        var linesOfParagraph: Int?   // lines of the current paragraph in this frame, when it began here
        var lastFragment = HorizontalSpan(minX: rect.minX, maxX: rect.maxX)
        // In a rectangle every band is alike: a word that does not fit one fits no other.
        let fitWords = !container.isRectangular
        while position < end {
            guard let next = lineStart(at: position, frameHasLines: !lines.isEmpty) else { break }
            let paragraph = next.paragraph, style = next.paragraph.style
            let top = y + next.spaceBefore
            var placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: fitWords, beyondBottom: false)
            if placed == nil, lines.isEmpty {
                // Nothing fits: the frame still takes a line wherever there is a fragment,
                // the next word or picture sticking out of it as out of a narrow rectangle.
                if fitWords {
                    placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: false, beyondBottom: false)
                }
                placed = placed
                    ?? placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: false, beyondBottom: true)
            }
            guard let band = placed else {
                if !lines.isEmpty {
                    overflow = ColumnBreak.Overflow(
                        startsParagraph: next.startsParagraph,
                        linesLeft: next.startsParagraph ? 0 : linesLeft(in: paragraph, from: position, after: lastFragment,
                                                                        container: container, atMost: style.widows),
                        keep: KeptBlock(style, paragraphStart: paragraph.range.lowerBound))
                }
                break
            }
            let keep = KeptBlock(style, paragraphStart: paragraph.range.lowerBound)
            for line in band.lines {
                linesOfParagraph = line.stringRange.lowerBound == paragraph.range.lowerBound ? 0 : linesOfParagraph
                setLines.append(ColumnBreak.SetLine(linesBefore: linesOfParagraph, endsParagraph: line.endsParagraph,
                                                    isBlank: paragraph.range.isEmpty, rules: KeepRules(style), keep: keep,
                                                    bottom: line.origin.y + line.descent - rect.minY))
                linesOfParagraph = linesOfParagraph.map { $0 + 1 }
                lines.append(line)
            }
            lastFragment = band.lastFragment
            y = band.next
            let last = band.lines[band.lines.count - 1]
            if last.endsParagraph { y += style.spaceAfter }
            position = last.stringRange.upperBound
        }
        return endedWhereParagraphsAllow(container, from: index, to: position, lines: lines, setLines: setLines, overflow: overflow)
    }

    /// The first band from `top` down that takes at least one line from `position`, with its
    /// lines set, or nil when none does above the container's bottom.
    /// - Parameters:
    ///   - fitWords: pass over fragments the next word (or picture) does not fit, when it
    ///     would fit the container's full width;
    ///   - beyondBottom: accept lines that reach below the container's bottom.
    private mutating func placeBand(in container: Container, paragraph: PreparedParagraph, from position: Int, top: Double,
                                    fitWords: Bool, beyondBottom: Bool) -> PlacedBand? {
        let rect = container.rect
        let expected = BandMetrics.expected(in: paragraph, at: position)
        let grid = container.baselineGrid
        // Where the band starts before a grid moves it, and where it is proposed: on a grid,
        // where its expected baseline falls on a grid line.
        var bandTop = top
        func proposedTop() -> Double { grid.map { $0.snap(bandTop + expected.baseline) - expected.baseline } ?? bandTop }
        var proposed = expected
        repeat {
            var fragmentsTop = proposedTop()
            if !beyondBottom, fragmentsTop + expected.textBottom > rect.maxY + 0.001 { return nil }
            for _ in 0 ..< Self.bandAttempts {
                let fragments = container.lineFragments(top: fragmentsTop + proposed.upper, height: proposed.height)
                guard !fragments.isEmpty else { break }
                var set = setLines(in: fragments, container: container, paragraph: paragraph, from: position,
                                   bandTop: fragmentsTop, expected: expected, fitWords: fitWords)
                guard let lastFragment = set.lastFragment else { break }
                let actual = BandMetrics(lines: set.lines)
                guard proposed.holds(actual) else {
                    proposed = proposed.enlarged(toHold: actual)
                    continue
                }
                // Each line's baseline where the band's puts it (summed as one line alone is, so
                // that a band of one line lands where a rectangle's line does), moved down onto
                // the grid when there is one.
                var shift = 0.0
                for index in set.lines.indices {
                    let line = set.lines[index]
                    let natural = bandTop + line.leading / 2 + line.ascent + (actual.baseline - (line.leading / 2 + line.ascent))
                    set.lines[index].origin.y = grid?.snap(natural) ?? natural
                    if index == 0 { shift = set.lines[0].origin.y - natural }
                }
                // Lines taller than expected put the baseline lower than proposed: the band's
                // fragments are found again where it lands.
                if set.lines[0].origin.y - actual.baseline > fragmentsTop + 0.001 {
                    fragmentsTop = set.lines[0].origin.y - actual.baseline
                    continue
                }
                let bottom = set.lines.map { $0.origin.y + $0.descent }.max() ?? fragmentsTop
                if !beyondBottom, bottom > rect.maxY + 0.001 { return nil }
                return PlacedBand(lines: set.lines, next: bandTop + actual.advance + shift, lastFragment: lastFragment)
            }
            bandTop += Self.bandStep(on: grid)
        } while proposedTop() < rect.maxY
        return nil
    }

    /// Lines from `position` in a band's fragments, one a fragment, in reading order; a
    /// paragraph's last line ends the band.
    private mutating func setLines(in fragments: [HorizontalSpan], container: Container, paragraph: PreparedParagraph,
                                   from position: Int, bandTop: Double, expected: BandMetrics,
                                   fitWords: Bool) -> (lines: [Line], lastFragment: HorizontalSpan?) {
        let style = paragraph.style
        let rect = container.rect
        let rightToLeft = paragraph.bidi.isRightToLeft
        let ordered = rightToLeft ? Array(fragments.reversed()) : fragments
        var lines: [Line] = []
        var start = position
        var lastFragment: HorizontalSpan?
        for (index, fragment) in ordered.enumerated() {
            if let last = lines.last, last.endsParagraph { break }
            let startsParagraph = start == paragraph.range.lowerBound
            var measure = LineMeasure(in: fragment, style: style, rightToLeft: rightToLeft, startsParagraph: startsParagraph)
            if measure.available < 1 {
                if fitWords { continue }
                measure.available = 1
            }
            let available = measure.available, tabs = measure.tabs
            if fitWords, !paragraph.range.isEmpty, !firstWordFits(paragraph, from: start, available: available, tabs: tabs),
               firstWordFits(paragraph, from: start, available: rect.width - style.headIndent - style.tailIndent
                                                                - (startsParagraph ? style.firstLineIndent : 0), tabs: tabs) {
                continue
            }
            let lineBreak: LineBreak
            if paragraph.range.isEmpty {
                lineBreak = LineBreak(end: paragraph.range.upperBound, kind: .mandatory)
            } else {
                let lineStart = start
                // A rectangle's lines below are all as wide as its other lines; a shape's are predicted.
                let other = container.isRectangular ? LineMeasure.otherLines(in: fragment.width, style: style) : nil
                lineBreak = nextBreak(in: paragraph, from: start, available: available, tabs: tabs,
                                      planFits: { plan, line in Self.plan(plan, fits: line, available: available, otherLines: other) },
                                      widths: {
                                          if let other { return ([available], other) }
                                          return Self.predictedWidths(container: container, paragraph: paragraph, from: lineStart,
                                                                      firstWidth: available, rest: ordered[(index + 1)...],
                                                                      bandTop: bandTop, expected: expected)
                                      })
            }
            // Punctuation hangs into the column's margin, never against an exclusion or a shape's outline.
            let line = LineBuilder(paragraph: paragraph).makeLine(from: start, to: lineBreak, left: measure.left, available: available,
                                                                  startX: tabs.startX, hangsLeft: fragment.minX <= rect.minX + 0.001,
                                                                  hangsRight: fragment.maxX >= rect.maxX - 0.001)
            lines.append(line)
            start = line.stringRange.upperBound
            lastFragment = fragment
        }
        return (lines, lastFragment)
    }

    /// Whether line `line` of `plan` fits a line `available` wide: the plan was made for that
    /// width, and, where the lines below are known to be `otherLines` wide (a rectangle's),
    /// for that width below too.
    private static func plan(_ plan: LinePlan, fits line: Int, available: Double, otherLines: Double?) -> Bool {
        guard abs(plan.width(ofLine: line) - available) < 0.001 else { return false }
        guard let otherLines else { return true }
        return abs(plan.otherWidth - otherLines) < 0.001 && plan.widths.dropFirst(line + 1).allSatisfy { abs($0 - otherLines) < 0.001 }
    }

    /// Whether the text from `position` to its first break fits `available` (and so a line
    /// need not cut a word or overhang).
    private func firstWordFits(_ paragraph: PreparedParagraph, from position: Int, available: Double, tabs: TabOrigin) -> Bool {
        let greedy = framesetter.firstFitBreak(in: paragraph, from: position, available: available, tabs: tabs)
        return greedy.kind != .forced && paragraph.width(from: position, to: greedy.end, tabs: tabs) <= available + 1e-6
    }

    /// Lines of the paragraph from `position` (the line that did not fit) to its end, counted
    /// up to `limit`, in lines as wide as they would be in `fragment` (the last line's): what
    /// would go on to the next column if this one ended before it.
    private mutating func linesLeft(in paragraph: PreparedParagraph, from position: Int, after fragment: HorizontalSpan,
                                    container: Container, atMost limit: Int) -> Int {
        var measure = LineMeasure(in: fragment, style: paragraph.style, rightToLeft: paragraph.bidi.isRightToLeft, startsParagraph: false)
        measure.available = max(1, measure.available)
        let available = measure.available
        // The lines after it: a rectangle's other lines, or in a shape as wide as this one.
        let rectangular = container.isRectangular ? LineMeasure.otherLines(in: fragment.width, style: paragraph.style) : nil
        let other = rectangular ?? available
        // The breaks the line would have had (the paragraph's plan, or one made for this width).
        _ = nextBreak(in: paragraph, from: position, available: available, tabs: measure.tabs,
                      planFits: { plan, line in Self.plan(plan, fits: line, available: available, otherLines: rectangular) },
                      widths: { ([available], other) })
        return linesLeft(in: paragraph, from: position, available: available, otherLines: other, tabs: measure.tabs, atMost: limit)
    }

    /// The measures of the lines from `position` on, as the container would give them if
    /// every line were as tall as `expected`: `firstWidth`, the rest of this band's fragments, then the
    /// bands below, until there is enough room for twice the paragraph's remaining text or the
    /// container ends. Knuth–Plass breaks the paragraph for them; when a line turns out to have
    /// another width, the paragraph is broken again from there.
    private static func predictedWidths(container: Container, paragraph: PreparedParagraph, from position: Int,
                                        firstWidth: Double, rest: ArraySlice<HorizontalSpan>, bandTop: Double,
                                        expected: BandMetrics) -> ([Double], Double) {
        let style = paragraph.style
        let rect = container.rect
        let remaining = paragraph.prefixAdvance[paragraph.prefixAdvance.count - 1]
            - paragraph.prefixAdvance[paragraph.glyphIndex(atOrAfter: position)]
        var widths = [firstWidth]
        var total = firstWidth
        func add(_ fragment: HorizontalSpan) {
            let width = fragment.width - style.headIndent - style.tailIndent
            guard width >= 1 else { return }
            widths.append(width)
            total += width
        }
        rest.forEach(add)
        var top = bandTop + expected.advance
        while total < 2 * remaining, top + expected.textBottom <= rect.maxY + 0.001, widths.count < 10_000 {
            let below = container.lineFragments(top: top + expected.upper, height: expected.height)
            guard !below.isEmpty else {
                top += Self.bandStep
                continue
            }
            (paragraph.bidi.isRightToLeft ? Array(below.reversed()) : below).forEach(add)
            top += expected.advance
        }
        return (widths, widths[widths.count - 1])
    }
}
