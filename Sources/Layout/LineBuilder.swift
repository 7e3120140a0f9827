import Breaking
import Fonts
import Shaping
import Text

/// Turns a span of a prepared paragraph into a positioned `Line`: alignment, justification
/// (see LineAdjustment), and glyph runs split by style and bidi level, in visual order.
struct LineBuilder {
    let paragraph: PreparedParagraph

    /// - Parameters:
    ///   - start, lineBreak: the line's characters, as chosen by the line breaker.
    ///   - left: x of the line's left end after indents; `available`: its measure;
    ///     `startX`: the left end from the column's edge, where tab stops are measured from;
    ///   - hangsLeft, hangsRight: whether punctuation may hang out of the measure at that end
    ///     (into a column's margin, not against an exclusion or a shape's outline);
    ///   - flushWhenLoose: a justified line that would be spaced out (see
    ///     LineAdjustment.isSpacedOut) is set flush with its start instead (in an irregular
    ///     measure, where two words would be pulled to its edges: NarrowLines).
    ///   - besideInitial: the line stands beside the paragraph's drop cap, and is set flush
    ///     against it whatever the paragraph's alignment (see `alignment(ofLineFrom:besideInitial:)`).
    func makeLine(from start: Int, to lineBreak: LineBreak, left: Double, available: Double, startX: Double = 0,
                  hangsLeft: Bool = true, hangsRight: Bool = true, flushWhenLoose: Bool = false, besideInitial: Bool = false) -> Line {
        var contentEnd = paragraph.trimmedEnd(from: start, to: lineBreak.end)
        // At a soft hyphen the hyphen shown replaces it.
        if lineBreak.kind == .hyphenated, contentEnd > start, paragraph.units[contentEnd - 1] == PreparedParagraph.softHyphen {
            contentEnd -= 1
        }
        let endGlyph = paragraph.glyphIndex(atOrAfter: contentEnd)
        // The first line shows no glyph of a drop cap's initial (nor of the spaces after it).
        let shownStart = start == paragraph.range.lowerBound ? max(start, paragraph.initial?.hiddenEnd ?? start) : start
        let firstGlyph = min(paragraph.glyphIndex(atOrAfter: shownStart), endGlyph)
        let tabs = paragraph.hasTabs
            ? TabLayout(paragraph: paragraph, glyphs: firstGlyph ..< endGlyph, startX: startX, endX: startX + available) : nil
        // A line broken inside a word ends with a hyphen (a soft hyphen stays invisible).
        let hyphen = lineBreak.kind == .hyphenated && contentEnd > start ? paragraph.styleRunIndex(containing: contentEnd - 1).flatMap { paragraph.styleRuns[$0].hyphen } : nil
        // A word cut into pieces ends the line with its last glyph standing alone (KernAcrossCut).
        let cutKern = lineBreak.kind == .forced && endGlyph > firstGlyph ? paragraph.kernAcrossCut(at: contentEnd) : 0
        // The letter at the line's right end leaves its tracking out, so that the line aligns by its ink (LineEndTracking).
        let rightEndTracking = paragraph.trackingAtRightEnd(ofLine: firstGlyph ..< endGlyph, hyphenated: hyphen != nil) ?? (-1, 0)
        let natural = (tabs?.width ?? (paragraph.prefixAdvance[endGlyph] - paragraph.prefixAdvance[firstGlyph]))
            + (hyphen?.advance ?? 0) + cutKern - rightEndTracking.amount
        let endsParagraph = lineBreak.end >= paragraph.range.upperBound

        // With hanging punctuation the line is set as if the measure were wider by what hangs
        // out at each end.
        var hangLeft = 0.0, hangRight = 0.0
        // (Left-to-right paragraphs only: the protrusion amounts are for their left and right edges.)
        if paragraph.style.hangingPunctuation, !paragraph.bidi.isRightToLeft, endGlyph > firstGlyph {
            if hangsLeft {
                hangLeft = Protrusion.left(paragraph.units[paragraph.clusters[firstGlyph]]) * paragraph.advances[firstGlyph]
            }
            if !hangsRight {
                hangRight = 0
            } else if let hyphen {
                hangRight = Protrusion.right(0x2D) * hyphen.advance
            } else {
                hangRight = Protrusion.right(paragraph.units[paragraph.clusters[endGlyph - 1]]) * paragraph.advances[endGlyph - 1]
            }
        }
        let measure = available + hangLeft + hangRight
        // Text before a tab keeps its width (the tab stop places what follows); only the text
        // after the line's last tab gives, and only when that tab's stop is a left one (a list
        // item's text is justified as the line breaker rated it, spaces, letters and glyph
        // widths); a cell ended or centred on its stop would move off it.
        let mayGive = tabs?.lastTextMayGive ?? true
        let stretchFrom = mayGive ? (tabs?.tabAdvances.keys.max().map { $0 + 1 } ?? firstGlyph) : endGlyph
        let adjustment = LineAdjustment(paragraph: paragraph, glyphs: stretchFrom ..< max(stretchFrom, endGlyph), endGlyph: endGlyph,
                                        scalesGlyphs: mayGive, hyphen: hyphen?.advance ?? 0)
        var justify = paragraph.style.alignment == .justify && (lineBreak.kind == .opportunity || lineBreak.kind == .hyphenated)
        if justify, flushWhenLoose, adjustment.isSpacedOut(natural: natural, measure: measure) { justify = false }
        let setting = adjustment.setting(natural: natural, measure: measure, justify: justify, line: firstGlyph ..< endGlyph,
                                         lineEndStretch: paragraph.raggedEnd(ofLineFrom: start, to: lineBreak.end))

        var segments: [Segment] = []
        var text: LineMetrics?
        var pictures: LineMetrics?
        // Only the runs the line reaches: a paragraph may have many thousands.
        for index in paragraph.styleRunIndex(endingAfterGlyph: firstGlyph) ..< paragraph.styleRuns.count {
            // The fields read where they lie: a StyleRun copied retains its face and attributes.
            let runGlyphs = paragraph.styleRuns[index].glyphRange
            paragraph.styleRunsVisited += 1
            if runGlyphs.lowerBound >= endGlyph { break }
            let glyphs = runGlyphs.clamped(to: firstGlyph ..< endGlyph)
            guard !glyphs.isEmpty else { continue }
            let metrics = paragraph.styleRuns[index].metrics
            if paragraph.styleRuns[index].attributes.runDelegate != nil {
                // A float's anchor shows nothing in the line, and holds nothing up.
                if !(paragraph.styleRuns[index].attributes.image?.isSetApart ?? false) {
                    pictures = LineMetrics(ascent: max(pictures?.ascent ?? 0, metrics.ascent),
                                           descent: max(pictures?.descent ?? 0, metrics.descent), leading: 0)
                }
            } else {
                text = LineMetrics(ascent: max(text?.ascent ?? 0, metrics.ascent), descent: max(text?.descent ?? 0, metrics.descent),
                                   leading: max(text?.leading ?? 0, metrics.leading))
            }
            // Text before the line's last tab keeps its width, its stop placing what follows: only
            // the glyphs from `stretchFrom` take the line's glyph scale, so a run across it is cut.
            if setting.glyphScale != 1, glyphs.lowerBound < stretchFrom, stretchFrom < glyphs.upperBound {
                segments.append(Segment(styleRun: index, glyphs: glyphs.lowerBound ..< stretchFrom, scalesGlyphs: false,
                                        stringEnd: paragraph.clusters[stretchFrom]))
                segments.append(Segment(styleRun: index, glyphs: stretchFrom ..< glyphs.upperBound))
            } else {
                segments.append(Segment(styleRun: index, glyphs: glyphs, scalesGlyphs: glyphs.lowerBound >= stretchFrom))
            }
        }
        // A line broken inside a word ends with a hyphen (a soft hyphen stays invisible).
        if let hyphen, let last = segments.indices.last, paragraph.styleRuns[segments[last].styleRun].attributes.runDelegate == nil {
            segments[last].hyphen = hyphen
        }
        // Runs go left to right in visual order (UAX #9 L2); inside a right-to-left run the
        // glyphs, kept in logical order, are placed from its right end.
        // A line all at one even level is in order already (what visualOrder answers then):
        // no array of levels or of indices is made for it.
        let firstLevel = segments.first.map { paragraph.styleRuns[$0.styleRun].level } ?? 0
        let inOrder = firstLevel & 1 == 0 && segments.allSatisfy { paragraph.styleRuns[$0.styleRun].level == firstLevel }
        let order = inOrder ? nil : BidiParagraph.visualOrder(levels: segments.map { paragraph.styleRuns[$0.styleRun].level })
        var runs: [GlyphRun] = []
        runs.reserveCapacity(segments.count)
        var pen = 0.0
        for position in segments.indices {
            let index = order?[position] ?? position
            let run = makeRun(segments[index], x: pen, tabs: tabs, setting: setting, firstGlyph: firstGlyph, contentEnd: contentEnd,
                              lastGlyphKern: (endGlyph - 1, cutKern), rightEndTracking: rightEndTracking)
            pen += run.width
            runs.append(run)
        }
        var shift = 0.0
        switch alignment(ofLineFrom: start, besideInitial: besideInitial) {
        case .right: shift = max(0, measure - pen)
        case .center: shift = max(0, measure - pen) / 2
        // A right-to-left paragraph's last line, and any line that could not be filled, ends right.
        case .justify: shift = rightToLeft ? max(0, measure - pen) : 0
        default: break
        }
        if runs.isEmpty { text = paragraph.emptyMetrics }
        let end = endsParagraph ? paragraph.fullRange.upperBound : lineBreak.end
        let box = text == nil && pictures == nil ? LineBox.ofAnchorsAlone
            : LineBox(text: text, pictures: pictures, style: paragraph.style.lineHeight, strut: paragraph.emptyMetrics,
                      spaceAfter: endsParagraph ? paragraph.style.spaceAfter : nil)
        var line = Line(origin: Point(x: left - hangLeft + shift, y: 0),
                        ascent: box.ascent, descent: box.descent, leading: box.leading,
                        width: pen, stringRange: start ..< end, runs: runs, endsParagraph: endsParagraph)
        // Text before a tab keeps its width, so a tab's room is where the tab layout put it, in
        // a line in one left-to-right order; in a line whose runs the bidi order moved (a
        // right-to-left contents line: its number at the left, its leader between), the room
        // its glyph's step tiles where its run was placed.
        if let tabs, !tabs.leaders.isEmpty {
            line.leaders = tabs.leaders.compactMap { tab in
                let room = inOrder ? (tab.from, tab.to) : Self.placedStep(ofCharacter: paragraph.clusters[tab.glyph], in: runs)
                guard let (minX, maxX) = room else { return nil }
                let attributes = paragraph.styleRunIndex(containing: paragraph.clusters[tab.glyph]).map { paragraph.styleRuns[$0].attributes }
                return LineLeader(leader: tab.leader, minX: minX, maxX: maxX, fontSize: attributes?.fontSize ?? 0,
                                  color: attributes?.color ?? .black)
            }
        }
        return line
    }

    /// Where the glyph of the character at `offset` steps along the line, from the line's
    /// origin: the glyphs' advances tile each run from its `x`, in visual order (nil: no glyph shows it).
    private static func placedStep(ofCharacter offset: Int, in runs: [GlyphRun]) -> (Double, Double)? {
        for run in runs where run.stringRange.contains(offset) {
            var x = run.x
            for index in run.clusters.indices {
                if run.clusters[index] == offset { return (x, x + run.advances[index]) }
                x += run.advances[index]
            }
        }
        return nil
    }

    /// The glyphs of one style run on the line, and the hyphen that ends the line if it is the last.
    private struct Segment {
        var styleRun: Int
        var glyphs: Range<Int>
        /// Whether its glyphs take the line's glyph scale: not before the line's last tab.
        var scalesGlyphs = true
        /// Where its characters end when a tab cut its style run (else at the run's or the line's end).
        var stringEnd: Int?
        var hyphen: (glyph: UInt32, advance: Double)?
    }

    private var rightToLeft: Bool { paragraph.bidi.isRightToLeft }

    /// Start and end alignment resolved by the paragraph's direction.
    /// The paragraph's alignment, but for a line that goes on with an entry row's number (a
    /// name too wide for a line, wrapped at its spaces: EntryRow.breaks), which ends at the
    /// line's end as the number's first line does.
    /// How the line from `start` stands in its measure. One beside a drop cap's initial stands
    /// against it, flush with the paragraph's start side, whatever the paragraph's alignment:
    /// the initial is the first letter of the line's first word, and centred beside a 2-line
    /// 'M', "ilo" stood 100 pt from it. The lines below the initial keep the paragraph's.
    private func alignment(ofLineFrom start: Int, besideInitial: Bool) -> TextAlignment {
        if let tab = paragraph.entryRowTab, start > tab, !rightToLeft { return .right }
        if besideInitial, resolvedAlignment != .justify { return rightToLeft ? .right : .left }
        return resolvedAlignment
    }

    private var resolvedAlignment: TextAlignment {
        switch paragraph.style.alignment {
        case .start: return rightToLeft ? .right : .left
        case .end: return rightToLeft ? .left : .right
        case let alignment: return alignment
        }
    }

    /// - Parameters:
    ///   - setting: how the line gives: space added after each glyph of the line, from
    ///     `firstGlyph`, and the scale of the glyphs that may be scaled;
    ///   - lastGlyphKern: the kern the line's last glyph gives back where a word is cut (KernAcrossCut);
    ///   - rightEndTracking: the tracking the glyph at the line's right end leaves out (LineEndTracking; glyph -1: none).
    private func makeRun(_ segment: Segment, x: Double, tabs: TabLayout?, setting: LineAdjustment.Setting, firstGlyph: Int,
                         contentEnd: Int, lastGlyphKern: (glyph: Int, amount: Double),
                         rightEndTracking: (glyph: Int, amount: Double)) -> GlyphRun {
        // The style run's fields read where they lie (a StyleRun copied retains its face and
        // attributes); the glyph run keeps its own copy of the attributes.
        let styleRun = segment.styleRun
        let givesLetters = paragraph.styleRuns[styleRun].givesLetters, isRightToLeft = paragraph.styleRuns[styleRun].isRightToLeft
        let glyphs = segment.glyphs
        var run = GlyphRun(font: paragraph.styleRuns[styleRun].font, sharedAttributes: paragraph.styleRuns[styleRun].sharedAttributes,
                           stringRange: paragraph.clusters[glyphs.lowerBound]
                               ..< (segment.stringEnd ?? min(paragraph.styleRuns[styleRun].range.upperBound, contentEnd)),
                           glyphIDs: [], positions: [], advances: [], clusters: [], x: x, width: 0,
                           runDelegate: paragraph.styleRuns[styleRun].attributes.runDelegate)
        // The advances are stored at the desired glyph scale; the line scales them on from there.
        let scale = givesLetters && segment.scalesGlyphs ? setting.glyphScale : 1
        if givesLetters { run.horizontalScale = paragraph.style.justification.glyphScaling.desired / 100 * scale }
        let tabAdvances = tabs?.tabAdvances
        let hyphenAdvance = (segment.hyphen?.advance ?? 0) * scale
        // The paragraph's columns and the line's extra space read through pointers (see
        // GlyphColumnPointers).
        paragraph.withGlyphColumns { columns in
            setting.extra.withUnsafeBufferPointer { extra in
                // Spaces are not scaled: they give by the word-spacing range.
                let glyphScale = { (glyph: Int) in
                    scale == 1 || columns.isSpace(glyph) ? 1 : scale
                }
                // A glyph's step: its advance at its scale, or to its tab stop, with its share of the slack.
                let advance = { (glyph: Int, scaleOfGlyph: Double) in
                    (tabAdvances?[glyph] ?? columns.advances[glyph] * scaleOfGlyph) + (extra.isEmpty ? 0 : extra[glyph - firstGlyph])
                        + (glyph == lastGlyphKern.glyph ? lastGlyphKern.amount : 0)
                        - (glyph == rightEndTracking.glyph ? rightEndTracking.amount : 0)
                }
                setGlyphs(of: segment, into: &run, glyphScale: glyphScale, advance: advance, hyphenAdvance: hyphenAdvance,
                          isRightToLeft: isRightToLeft, x: x, columns: columns)
            }
        }
        return run
    }

    /// The run's glyphs with their steps and places (see `makeRun`).
    @inline(__always)
    private func setGlyphs(of segment: Segment, into run: inout GlyphRun, glyphScale: (Int) -> Double, advance: (Int, Double) -> Double,
                           hyphenAdvance: Double, isRightToLeft: Bool, x: Double, columns: GlyphColumnPointers) {
        let glyphs = segment.glyphs, clusters = paragraph.clusters
        // A picture has no glyphs; its placeholder's cluster still says which character it is.
        guard run.runDelegate == nil else {
            run.width = glyphs.reduce(0) { $0 + advance($1, glyphScale($1)) } + hyphenAdvance
            run.clusters = glyphs.map { clusters[$0] }
            return
        }
        // The arrays start as copies of the paragraph's, or of a repeated zero: both are
        // allocated by the standard library's specialised code, while
        // `init(unsafeUninitializedCapacity:)` looks the element type's metadata up at run time,
        // some 600 instructions an array (docs/pipeline.md, "Speed: the layout thread"). Each
        // glyph's step is computed once, in place; the width is the steps' sum in the same order
        // as before, so that no position moves by a rounding.
        let hyphen = segment.hyphen
        var steps = Self.copy(paragraph.advances[glyphs], appending: hyphen.map { _ in hyphenAdvance })
        var positions = Array(repeatElement(Point(x: 0, y: 0), count: steps.count))
        var width = 0.0
        let advances = columns.advances
        steps.withUnsafeMutableBufferPointer { steps in
            positions.withUnsafeMutableBufferPointer { positions in
                // Left to right, the pen moves right from the run's start; right to left, it moves
                // left from the run's end: each glyph then sits to the left of the one before it
                // (and the arrays are reversed at the end, into visual order).
                func place(_ index: Int, glyph: Int, scale scaleOfGlyph: Double, pen: Double) {
                    let left = isRightToLeft ? pen - advances[glyph] * scaleOfGlyph : pen
                    positions[index] = Point(x: left + columns.xOffset(glyph) * scaleOfGlyph, y: -columns.yOffset(glyph))
                }
                // Left to right, where the pen starts is known: each glyph is placed in the walk
                // that computes its step.
                var pen = x
                for index in 0 ..< glyphs.count {
                    let glyph = glyphs.lowerBound + index
                    let scaleOfGlyph = glyphScale(glyph)
                    steps[index] = advance(glyph, scaleOfGlyph)
                    width += steps[index]
                    if !isRightToLeft {
                        place(index, glyph: glyph, scale: scaleOfGlyph, pen: pen)
                        pen += steps[index]
                    }
                }
                width += hyphenAdvance
                if isRightToLeft {
                    pen = x + width
                    for index in 0 ..< glyphs.count {
                        place(index, glyph: glyphs.lowerBound + index, scale: glyphScale(glyphs.lowerBound + index), pen: pen)
                        pen -= steps[index]
                    }
                }
                if hyphen != nil {
                    positions[glyphs.count] = Point(x: isRightToLeft ? pen - hyphenAdvance : pen, y: 0)
                }
            }
        }
        run.width = width
        run.advances = steps
        run.positions = positions
        run.glyphIDs = Self.copy(paragraph.glyphIDs[glyphs], appending: hyphen?.glyph)
        run.clusters = Self.copy(clusters[glyphs], appending: hyphen.map { _ in GlyphRun.generatedHyphen })
        if isRightToLeft {
            run.isRightToLeft = true
            reverseKeepingMarksAfterTheirBase(&run, zeroWidth: glyphs.map { paragraph.advances[$0] == 0 })
        }
    }

    /// A stretch of the paragraph's glyphs as an array of the run's, with the line's hyphen after it.
    private static func copy<Element>(_ slice: ArraySlice<Element>, appending last: Element?) -> [Element] {
        var array = Array(slice)
        if let last { array.append(last) }
        return array
    }

    /// Puts a right-to-left run's glyphs, built in logical order, into visual order — but keeps
    /// each base glyph's marks (the zero-width glyphs after it) after it. Where they are drawn
    /// does not change; the order in the PDF does, and readers attach a combining mark to the
    /// character before it: reversed glyph by glyph, Arabic vowel marks extract on the wrong letters.
    private func reverseKeepingMarksAfterTheirBase(_ run: inout GlyphRun, zeroWidth: [Bool]) {
        var units: [Range<Int>] = []
        for index in run.glyphIDs.indices {
            if index < zeroWidth.count, zeroWidth[index], let last = units.indices.last {
                units[last] = units[last].lowerBound ..< index + 1
            } else {
                units.append(index ..< index + 1)
            }
        }
        let order = units.reversed().flatMap { $0 }
        run.glyphIDs = order.map { run.glyphIDs[$0] }
        run.positions = order.map { run.positions[$0] }
        run.advances = order.map { run.advances[$0] }
        run.clusters = order.map { run.clusters[$0] }
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
}
