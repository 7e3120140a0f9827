import Breaking
import Text

/// Turns a span of a prepared paragraph into a positioned `Line`: alignment, justification
/// (inter-word spaces stretched to the measure), and glyph runs split by style.
struct LineBuilder {
    let paragraph: PreparedParagraph

    /// - Parameters:
    ///   - start, lineBreak: the line's characters, as chosen by the line breaker.
    ///   - left: x of the line's left end after indents; `available`: its measure;
    ///     `startX`: the left end from the column's edge, where tab stops are measured from.
    func makeLine(from start: Int, to lineBreak: LineBreak, left: Double, available: Double, startX: Double = 0) -> Line {
        var contentEnd = paragraph.trimmedEnd(from: start, to: lineBreak.end)
        // At a soft hyphen the hyphen shown replaces it.
        if lineBreak.kind == .hyphenated, contentEnd > start, paragraph.units[contentEnd - 1] == PreparedParagraph.softHyphen {
            contentEnd -= 1
        }
        let firstGlyph = paragraph.glyphIndex(atOrAfter: start)
        let endGlyph = paragraph.glyphIndex(atOrAfter: contentEnd)
        let tabs = paragraph.hasTabs
            ? TabLayout(paragraph: paragraph, glyphs: firstGlyph ..< endGlyph, startX: startX, endX: startX + available) : nil
        // A line broken inside a word ends with a hyphen (a soft hyphen stays invisible).
        let hyphen = lineBreak.kind == .hyphenated && contentEnd > start ? paragraph.styleRun(containing: contentEnd - 1)?.hyphen : nil
        let natural = (tabs?.width ?? (paragraph.prefixAdvance[endGlyph] - paragraph.prefixAdvance[firstGlyph]))
            + (hyphen?.advance ?? 0)
        let endsParagraph = lineBreak.end >= paragraph.range.upperBound

        // With hanging punctuation the line is set as if the measure were wider by what hangs
        // out at each end.
        var hangLeft = 0.0, hangRight = 0.0
        if paragraph.style.hangingPunctuation, endGlyph > firstGlyph {
            hangLeft = Protrusion.left(paragraph.units[paragraph.clusters[firstGlyph]]) * paragraph.advances[firstGlyph]
            if let hyphen {
                hangRight = Protrusion.right(0x2D) * hyphen.advance
            } else {
                hangRight = Protrusion.right(paragraph.units[paragraph.clusters[endGlyph - 1]]) * paragraph.advances[endGlyph - 1]
            }
        }
        let measure = available + hangLeft + hangRight
        var shift = 0.0
        var extraPerSpace = 0.0
        // The optimal breaker may set a line a little wider than the measure, counting on its
        // spaces to shrink (the last line of a paragraph too, whatever the alignment).
        // Spaces before a tab keep their width (the tab stop places what follows); only those
        // after the line's last tab stretch or shrink: a list item's text is justified.
        let stretchFrom = tabs?.tabAdvances.keys.max().map { $0 + 1 } ?? firstGlyph
        let spaces = stretchableSpaces(in: stretchFrom ..< max(stretchFrom, endGlyph))
        if natural > measure, spaces > 0 {
            extraPerSpace = (measure - natural) / Double(spaces)
        }
        switch paragraph.style.alignment {
        case .left, .start: break
        case .right, .end: shift = max(0, measure - natural)
        case .center: shift = max(0, measure - natural) / 2
        case .justify:
            // The last line of a paragraph and a line ended by a hard break stay flush left.
            if lineBreak.kind == .opportunity || lineBreak.kind == .hyphenated, natural < measure, spaces > 0 {
                extraPerSpace = (measure - natural) / Double(spaces)
            }
        }

        var runs: [GlyphRun] = []
        var pen = 0.0
        var ascent = 0.0, descent = 0.0, leading = 0.0
        for styleRun in paragraph.styleRuns {
            let glyphs = styleRun.glyphRange.clamped(to: firstGlyph ..< endGlyph)
            guard !glyphs.isEmpty else { continue }
            ascent = max(ascent, styleRun.metrics.ascent)
            descent = max(descent, styleRun.metrics.descent)
            leading = max(leading, styleRun.metrics.leading)
            var run = GlyphRun(font: styleRun.font, attributes: styleRun.attributes,
                               stringRange: paragraph.clusters[glyphs.lowerBound] ..< min(styleRun.range.upperBound, contentEnd),
                               glyphIDs: [], positions: [], clusters: [], x: pen, width: 0,
                               runDelegate: styleRun.attributes.runDelegate)
            run.glyphIDs.reserveCapacity(glyphs.count)
            run.positions.reserveCapacity(glyphs.count)
            run.clusters.reserveCapacity(glyphs.count)
            for glyph in glyphs {
                let cluster = paragraph.clusters[glyph]
                run.glyphIDs.append(paragraph.glyphIDs[glyph])
                run.positions.append(Point(x: pen + paragraph.xOffsets[glyph], y: -paragraph.yOffsets[glyph]))
                run.clusters.append(cluster)
                pen += tabs?.tabAdvances[glyph] ?? paragraph.advances[glyph]
                if extraPerSpace != 0, glyph >= stretchFrom, PreparedParagraph.isSpace(paragraph.units[paragraph.clusters[glyph]]) {
                    pen += extraPerSpace
                }
            }
            run.width = pen - run.x
            if run.runDelegate != nil {
                run.glyphIDs = []
                run.positions = []
            }
            runs.append(run)
        }
        if let hyphen, let last = runs.indices.last, runs[last].runDelegate == nil {
            runs[last].glyphIDs.append(hyphen.glyph)
            runs[last].positions.append(Point(x: pen, y: 0))
            runs[last].clusters.append(GlyphRun.generatedHyphen)
            pen += hyphen.advance
            runs[last].width = pen - runs[last].x
        }
        if runs.isEmpty {
            ascent = paragraph.emptyMetrics.ascent
            descent = paragraph.emptyMetrics.descent
            leading = paragraph.emptyMetrics.leading
        }
        let end = endsParagraph ? paragraph.fullRange.upperBound : lineBreak.end
        let height = Self.lineHeight(natural: ascent + descent + leading, style: paragraph.style.lineHeight)
        return Line(origin: Point(x: left - hangLeft + max(0, shift), y: 0),
                    ascent: ascent, descent: descent, leading: height - ascent - descent,
                    width: pen, stringRange: start ..< end, runs: runs, endsParagraph: endsParagraph)
    }

    /// Baseline-to-baseline distance for a line whose fonts ask for `natural`.
    static func lineHeight(natural: Double, style: LineHeight) -> Double {
        switch style {
        case .multiple(let factor): return natural * factor
        case .fixed(let points): return points
        case .range(let minimum, let maximum):
            return min(max(natural, minimum ?? natural), maximum ?? .infinity)
        }
    }

    private func stretchableSpaces(in glyphs: Range<Int>) -> Int {
        glyphs.reduce(0) { count, glyph in
            PreparedParagraph.isSpace(paragraph.units[paragraph.clusters[glyph]]) ? count + 1 : count
        }
    }
}
