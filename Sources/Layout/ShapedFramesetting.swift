import Breaking
import Text

/// Filling a container that has a shape or exclusions, band by band (docs/shapes.md).
///
/// A line's height depends on what it holds, and what it holds on the width its band leaves,
/// so each band is proposed at the height a line of the paragraph's text takes, its fragments
/// found and lines set in them; when the lines turn out taller (a picture, a larger size), the
/// band is proposed again, tall enough for them, a few times at most, as TextKit and CSS
/// shapes do. A band with two or more fragments takes one line in each, left to right (right
/// to left in a right-to-left paragraph), consecutive in the text and on one baseline. A band
/// with none, or none the next word fits, moves down a point.
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
        var top: Double
        var metrics: BandMetrics
        var lines: [Line]
        /// The measure of its last line.
        var lastAvailable: Double
    }

    mutating func shapedFrame(in container: Container, from index: Int, to end: Int) -> Frame {
        let rect = container.rect
        var lines: [Line] = []
        var setLines: [ColumnBreak.SetLine] = []
        var overflow: ColumnBreak.Overflow?
        var position = index
        var y = rect.minY
        var linesOfParagraph: Int?
        var lastAvailable = rect.width
        while position < end {
            guard let next = lineStart(at: position, frameHasLines: !lines.isEmpty) else { break }
            let paragraph = next.paragraph, style = next.paragraph.style
            let startsParagraph = next.startsParagraph, spaceBefore = next.spaceBefore
            let top = y + spaceBefore
            var placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: true, beyondBottom: false)
            if placed == nil, lines.isEmpty {
                // Nothing fits: the frame still takes a line wherever there is a fragment,
                // the next word or picture sticking out of it as out of a narrow rectangle.
                placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: false, beyondBottom: false)
                    ?? placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: false, beyondBottom: true)
            }
            guard let band = placed else {
                if !lines.isEmpty {
                    overflow = ColumnBreak.Overflow(
                        startsParagraph: startsParagraph,
                        linesLeft: startsParagraph ? 0 : linesLeft(in: paragraph, from: position, available: lastAvailable,
                                                                   otherLines: lastAvailable, atMost: style.widows))
                }
                break
            }
            for line in band.lines {
                linesOfParagraph = line.stringRange.lowerBound == paragraph.range.lowerBound ? 0 : linesOfParagraph
                setLines.append(ColumnBreak.SetLine(linesBefore: linesOfParagraph, endsParagraph: line.endsParagraph,
                                                    isBlank: paragraph.range.isEmpty, rules: KeepRules(style),
                                                    bottom: line.origin.y + line.descent - rect.minY))
                linesOfParagraph = linesOfParagraph.map { $0 + 1 }
                lines.append(line)
            }
            lastAvailable = band.lastAvailable
            y = band.top + band.metrics.advance
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
    mutating func placeBand(in container: Container, paragraph: PreparedParagraph, from position: Int, top: Double,
                   fitWords: Bool, beyondBottom: Bool) -> PlacedBand? {
        let rect = container.rect
        let expected = BandMetrics.expected(in: paragraph, at: position)
        var proposed = expected
        let grid = container.baselineGrid
        // On a grid a band is proposed where its baseline falls on a grid line, and moves a grid line at a time.
        var bandTop = grid.map { $0.snap(top + expected.baseline) - expected.baseline } ?? top
        repeat {
            if !beyondBottom, bandTop + expected.textBottom > rect.maxY + 0.001 { return nil }
            for _ in 0 ..< Self.bandAttempts {
                let fragments = container.lineFragments(top: bandTop + proposed.upper, height: proposed.height)
                guard !fragments.isEmpty else { break }
                var set = setLines(in: fragments, container: container, paragraph: paragraph, from: position,
                                   bandTop: bandTop, expected: expected, fitWords: fitWords)
                guard !set.lines.isEmpty else { break }
                let actual = BandMetrics(lines: set.lines)
                guard proposed.holds(actual) else {
                    proposed = proposed.enlarged(toHold: actual)
                    continue
                }
                // Lines taller than expected put the baseline off the grid: the band moves down onto it and is proposed again.
                if let grid {
                    let onGrid = grid.snap(bandTop + actual.baseline) - actual.baseline
                    if onGrid > bandTop + 0.001 {
                        bandTop = onGrid
                        continue
                    }
                }
                if !beyondBottom, bandTop + actual.textBottom > rect.maxY + 0.001 { return nil }
                for index in set.lines.indices {
                    // (Summed as in a rectangle, so that a band of one line lands on the same baseline.)
                    let line = set.lines[index]
                    set.lines[index].origin.y = bandTop + line.leading / 2 + line.ascent + (actual.baseline - (line.leading / 2 + line.ascent))
                }
                return PlacedBand(top: bandTop, metrics: actual, lines: set.lines, lastAvailable: set.lastAvailable)
            }
            bandTop += Self.bandStep(on: grid)
        } while bandTop < rect.maxY
        return nil
    }

    /// Lines from `position` in a band's fragments, one a fragment, in reading order; a
    /// paragraph's last line ends the band.
    private mutating func setLines(in fragments: [HorizontalSpan], container: Container, paragraph: PreparedParagraph, from position: Int,
                          bandTop: Double, expected: BandMetrics, fitWords: Bool) -> (lines: [Line], lastAvailable: Double) {
        let style = paragraph.style
        let rightToLeft = paragraph.bidi.isRightToLeft
        let ordered = rightToLeft ? Array(fragments.reversed()) : fragments
        var lines: [Line] = []
        var start = position
        var lastAvailable = 0.0
        for (index, fragment) in ordered.enumerated() {
            if let last = lines.last, last.endsParagraph { break }
            let indent = style.headIndent + (start == paragraph.range.lowerBound ? style.firstLineIndent : 0)
            let left = fragment.minX + (rightToLeft ? style.tailIndent : indent)
            var available = fragment.maxX - (rightToLeft ? indent : style.tailIndent) - left
            if available < 1 {
                if fitWords { continue }
                available = 1
            }
            paragraph.lineStartX = left - fragment.minX
            paragraph.lineEndX = left - fragment.minX + available
            if fitWords, !paragraph.range.isEmpty, !firstWordFits(paragraph, from: start, available: available),
               firstWordFits(paragraph, from: start, available: container.rect.width - style.headIndent - style.tailIndent
                                                                - (start == paragraph.range.lowerBound ? style.firstLineIndent : 0)) {
                continue
            }
            let lineBreak: LineBreak
            if paragraph.range.isEmpty {
                lineBreak = LineBreak(end: paragraph.range.upperBound, kind: .mandatory)
            } else {
                let lineStart = start
                lineBreak = nextBreak(in: paragraph, from: start, available: available,
                                      planFits: { plan, line in abs(plan.width(ofLine: line) - available) < 0.001 },
                                      widths: {
                                          Self.predictedWidths(container: container, paragraph: paragraph, from: lineStart,
                                                               firstWidth: available, rest: ordered[(index + 1)...],
                                                               bandTop: bandTop, expected: expected)
                                      })
            }
            let line = LineBuilder(paragraph: paragraph).makeLine(from: start, to: lineBreak, left: left, available: available,
                                                                  startX: left - fragment.minX, hanging: false)
            lines.append(line)
            start = line.stringRange.upperBound
            lastAvailable = available
        }
        return (lines, lastAvailable)
    }

    /// Whether the text from `position` to its first break fits `available` (and so a line
    /// need not cut a word or overhang).
    private func firstWordFits(_ paragraph: PreparedParagraph, from position: Int, available: Double) -> Bool {
        let greedy = framesetter.firstFitBreak(in: paragraph, from: position, available: available)
        return greedy.kind != .forced && paragraph.width(from: position, to: greedy.end) <= available + 1e-6
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
