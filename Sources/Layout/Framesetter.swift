import Breaking
import Fonts
import Shaping
import Text

/// Fills containers with lines, like CTFramesetter: "set this container starting at
/// character i". Ask for the next container from the end of the previous frame's visible range.
///
/// Paragraphs are shaped and their break opportunities found once, when first reached; the
/// framesetter keeps only the paragraphs of the column in progress, so memory does not grow
/// with the text. A column ends where its paragraphs allow (see ColumnBreak): no orphans, no
/// widows, no heading left at its foot. Containers with a shape or exclusions are filled band
/// by band (see ShapedFramesetting and docs/shapes.md).
public final class Framesetter {
    public let text: AttributedText
    private let fonts: FontTable
    private let shaper: Shaper
    private let itemizer: TextItemizer
    private let breaker = GreedyLineBreaker()
    /// Consecutive paragraphs from the one the last frame ended in: a column's end may move
    /// back into paragraphs already set, and they keep their shaping and breaks.
    private var paragraphs: [ParagraphState] = []
    private var hyphenators: [String: Hyphenator?] = [:]
    /// While set, the paragraphs from this offset on stay prepared (with their breaks) however
    /// far later frames go: a caller about to set the same text again — trial layouts that
    /// balance columns — finds them ready. Set it to nil when done; memory holds them till then.
    public var keepsParagraphs: Int?
    /// The largest counts of the line-breaking searches so far (see ParagraphBreaker's window).
    private(set) var largestBreakSearch = KnuthPlassLineBreaker.Effort()
    /// The text's floated pictures, in order (see FloatFramesetting).
    lazy var floatAnchors: [FloatAnchor] = text.attachments.compactMap {
        $0.image.float == nil ? nil : FloatAnchor(index: $0.index, image: $0.image)
    }
    /// Floats that did not fit in the frame that ended at the key, for the frame starting there.
    var deferredFloats: [Int: [FloatAnchor]] = [:]

    /// A paragraph met while setting frames, with its optimal breaks.
    final class ParagraphState {
        let paragraph: PreparedParagraph
        /// Its breaks for the line widths they were made for.
        var plan: LinePlan?

        init(_ paragraph: PreparedParagraph) {
            self.paragraph = paragraph
        }
    }

    /// Breaks chosen for a paragraph from one of its lines on: the next frame continues with
    /// them when its lines are as wide, and breaks anew from where it starts when they are not,
    /// or when they end before the paragraph does (a long paragraph is broken window by window).
    struct LinePlan {
        var lineStarts: [Int]
        var breaks: [LineBreak]?
        /// The widths the breaks were made for: line `n` of the plan `widths[n]`, lines past
        /// the list `otherWidth` (in a rectangle the list holds the first line's width alone).
        var widths: [Double]
        var otherWidth: Double

        func width(ofLine line: Int) -> Double {
            line < widths.count ? widths[line] : otherWidth
        }
    }

    public init(text: AttributedText, fonts: FontTable, shaper: Shaper = Shaper()) {
        self.text = text
        self.fonts = fonts
        self.shaper = shaper
        itemizer = TextItemizer(fonts: fonts)
    }

    /// Lines set in `container` from character `index` on, until the container is full, the
    /// text reaches `end` (a paragraph's start; the text's end when nil) or a paragraph that
    /// must start a new column or page (`ParagraphStyle.breakBefore`), then ended where its
    /// paragraphs allow (see ColumnBreak). An empty container still takes one line, so that a
    /// caller looping over containers always makes progress — unless it has a shape or
    /// exclusions that leave no line fragment anywhere: then the frame is empty (see docs/shapes.md).
    public func frame(in container: Container, from index: Int, to end: Int? = nil) -> Frame {
        let end = min(end ?? text.length, text.length)
        forgetParagraphs(before: index)
        if !deferredFloats.isEmpty {
            let keep = min(index, keepsParagraphs ?? index)
            deferredFloats = deferredFloats.filter { $0.key >= keep }
        }
        return mayHoldFloats(from: index, to: end) ? floatingFrame(in: container, from: index, to: end)
            : plainFrame(in: container, from: index, to: end)
    }

    /// A frame of text alone, without placing floats.
    func plainFrame(in container: Container, from index: Int, to end: Int) -> Frame {
        container.isRectangular ? rectangularFrame(in: container, from: index, to: end)
            : shapedFrame(in: container, from: index, to: end)
    }

    /// Where a frame's next line begins: the paragraph at `position`, whether the line starts it,
    /// and the space above it.
    struct LineStart {
        var state: ParagraphState
        var startsParagraph: Bool
        var spaceBefore: Double
    }

    /// The next line's start; nil when a forced break ends the frame before its paragraph (at
    /// the frame's top the break is met already).
    func lineStart(at position: Int, frameHasLines: Bool) -> LineStart? {
        let state = paragraphState(containing: position)
        let style = state.paragraph.style
        let startsParagraph = position == state.paragraph.range.lowerBound
        if startsParagraph, style.breakBefore != nil, frameHasLines { return nil }
        // Space above a paragraph at the top of a column is dropped, as in TeX.
        return LineStart(state: state, startsParagraph: startsParagraph,
                         spaceBefore: startsParagraph && frameHasLines ? style.spaceBefore : 0)
    }

    /// Every line as wide as the container's rectangle.
    private func rectangularFrame(in container: Container, from index: Int, to end: Int) -> Frame {
        let rect = container.rect
        var lines: [Line] = []
        var setLines: [ColumnBreak.SetLine] = []
        var overflow: ColumnBreak.Overflow?
        var position = index
        var y = rect.minY
        var linesOfParagraph: Int?   // lines of the current paragraph in this frame, when it began here
        while position < end {
            guard let next = lineStart(at: position, frameHasLines: !lines.isEmpty) else { break }
            let state = next.state, paragraph = next.state.paragraph, style = next.state.paragraph.style
            let startsParagraph = next.startsParagraph, spaceBefore = next.spaceBefore

            let indent = style.headIndent + (startsParagraph ? style.firstLineIndent : 0)
            let fragment = (minX: rect.minX, maxX: rect.maxX)
            // A right-to-left paragraph's lines start at the right: its head indent is there.
            let rightToLeft = paragraph.bidi.isRightToLeft
            let left = fragment.minX + (rightToLeft ? style.tailIndent : indent)
            let available = max(1, fragment.maxX - (rightToLeft ? indent : style.tailIndent) - left)
            paragraph.lineStartX = left - fragment.minX
            paragraph.lineEndX = left - fragment.minX + available
            let lineBreak: LineBreak
            let other = max(1, fragment.maxX - fragment.minX - style.tailIndent - style.headIndent)
            if paragraph.range.isEmpty {
                lineBreak = LineBreak(end: paragraph.range.upperBound, kind: .mandatory)
            } else {
                lineBreak = nextBreak(in: state, from: position, available: available, otherLines: other)
            }
            var line = LineBuilder(paragraph: paragraph).makeLine(from: position, to: lineBreak, left: left, available: available,
                                                                  startX: left - fragment.minX)

            // The line box: ascent and descent, with the leading split above and below.
            let top = y + spaceBefore
            let natural = top + line.leading / 2 + line.ascent
            // On a grid the line moves down onto the next grid line, taking the space before with it.
            let baseline = container.baselineGrid?.snap(natural) ?? natural
            if baseline + line.descent > rect.maxY + 0.001, !lines.isEmpty {
                overflow = ColumnBreak.Overflow(
                    startsParagraph: startsParagraph,
                    linesLeft: startsParagraph ? 0 : linesLeft(in: state, from: position, available: available,
                                                               otherLines: other, atMost: style.widows))
                break
            }
            line.origin.y = baseline
            linesOfParagraph = startsParagraph ? 0 : linesOfParagraph
            setLines.append(ColumnBreak.SetLine(linesBefore: linesOfParagraph, endsParagraph: line.endsParagraph,
                                                isBlank: paragraph.range.isEmpty, rules: KeepRules(style), bottom: baseline + line.descent - rect.minY))
            linesOfParagraph = linesOfParagraph.map { $0 + 1 }
            lines.append(line)
            y = top + line.height + (baseline - natural)
            if line.endsParagraph { y += style.spaceAfter }
            position = line.stringRange.upperBound
        }
        return endedWhereParagraphsAllow(container, from: index, to: position, lines: lines, setLines: setLines, overflow: overflow)
    }

    /// The frame of the lines set, its end moved back where the keep rules ask (see ColumnBreak).
    func endedWhereParagraphsAllow(_ container: Container, from index: Int, to position: Int, lines: [Line],
                                   setLines: [ColumnBreak.SetLine], overflow: ColumnBreak.Overflow?) -> Frame {
        var lines = lines, end = position
        let kept = ColumnBreak(lines: setLines, overflow: overflow, height: container.rect.height).lineCount()
        if kept < lines.count {
            end = lines[kept].stringRange.lowerBound
            lines.removeSubrange(kept...)
        }
        return Frame(container: container, lines: lines, visibleRange: index ..< end, text: text)
    }

    /// The break ending the line that starts at `position`: from the paragraph's optimal
    /// breaks when it has them (paragraphs with tabs past their first word — tables — and
    /// those no optimal setting fits are filled first-fit).
    private func nextBreak(in state: ParagraphState, from position: Int, available: Double, otherLines: Double) -> LineBreak {
        nextBreak(in: state, from: position, available: available,
                  planFits: { plan, line in
                      abs(plan.width(ofLine: line) - available) < 0.001 && abs(plan.otherWidth - otherLines) < 0.001
                          && plan.widths.dropFirst(line + 1).allSatisfy { abs($0 - otherLines) < 0.001 }
                  },
                  widths: { ([available], otherLines) })
    }

    /// The break ending the line at `position`, from the paragraph's plan when `planFits` its
    /// line there, else from a new plan for the `widths` (this line's and the next ones', and
    /// the width of any line after those).
    func nextBreak(in state: ParagraphState, from position: Int, available: Double,
                   planFits: (LinePlan, Int) -> Bool, widths: () -> ([Double], Double)) -> LineBreak {
        let paragraph = state.paragraph
        if !paragraph.hasTabs || paragraph.tabsOnlyBeforeFirstSpace {
            if !planCovers(state.plan, position, fits: planFits) {
                let (lineWidths, otherWidth) = widths()
                var effort = KnuthPlassLineBreaker.Effort()
                let breaks = ParagraphBreaker(paragraph: paragraph, hyphenator: hyphenator(for:))
                    .breaks(from: position, widths: lineWidths, otherWidth: otherWidth, effort: &effort)
                largestBreakSearch.include(effort)
                var starts = [position]
                for lineBreak in breaks?.dropLast() ?? [] { starts.append(lineBreak.end) }
                state.plan = LinePlan(lineStarts: starts, breaks: breaks, widths: lineWidths, otherWidth: otherWidth)
            }
            if let breaks = state.plan?.breaks, let line = state.plan?.lineStarts.firstIndex(of: position) {
                return breaks[line]
            }
            // No optimal setting: the rest of the paragraph is filled first-fit (see planCovers).
        }
        return firstFitBreak(in: paragraph, from: position, available: available)
    }

    func firstFitBreak(in paragraph: PreparedParagraph, from position: Int, available: Double) -> LineBreak {
        var greedy = breaker.nextLine(from: position, opportunities: paragraph.opportunities, available: available, measure: paragraph)
        if greedy.kind == .opportunity, paragraph.units[greedy.end - 1] == PreparedParagraph.softHyphen {
            greedy.kind = .hyphenated
        }
        return greedy
    }

    /// Lines of the paragraph from the line starting at `position` (which `nextBreak` has just
    /// set) to its end, counted up to `limit`, in lines as wide as this one: what would go on
    /// to the next column if this one ended before it.
    func linesLeft(in state: ParagraphState, from position: Int, available: Double, otherLines: Double,
                   atMost limit: Int) -> Int {
        let paragraph = state.paragraph
        if let plan = state.plan, let breaks = plan.breaks, let line = plan.lineStarts.firstIndex(of: position) {
            let planned = plan.lineStarts.count - line
            // A window's plan ends before its paragraph: a quarter of a window's lines follow.
            return (breaks.last?.end ?? paragraph.range.upperBound) < paragraph.range.upperBound ? max(planned + 1, limit) : planned
        }
        var count = 0
        var start = position
        while start < paragraph.range.upperBound, count < max(limit, 1) {
            let end = firstFitBreak(in: paragraph, from: start, available: count == 0 ? available : otherLines).end
            guard end > start else { break }
            start = end
            count += 1
        }
        return max(count, 1)
    }

    /// Whether `plan` has a line starting at `position` that `fits` the line about to be set.
    private func planCovers(_ plan: LinePlan?, _ position: Int, fits: (LinePlan, Int) -> Bool) -> Bool {
        guard let plan else { return false }
        // A paragraph no optimal setting fits (a word wider than the line) is not tried again
        // line after line: that would search it once per line.
        if plan.breaks == nil, let first = plan.lineStarts.first, position >= first { return true }
        guard let line = plan.lineStarts.firstIndex(of: position) else { return false }
        return fits(plan, line)
    }

    private func hyphenator(for language: String) -> Hyphenator? {
        if let known = hyphenators[language] { return known }
        let made = Hyphenator(language: language)
        hyphenators[language] = made
        return made
    }

    /// Drops the paragraphs a frame starting at `index` will not return to; all of them when
    /// `index` is not in the first one kept (a caller may ask for any position).
    private func forgetParagraphs(before index: Int) {
        let keep = min(index, keepsParagraphs ?? index)
        let passed = paragraphs.prefix { $0.paragraph.fullRange.upperBound <= keep }.count
        paragraphs.removeFirst(passed)
        if let first = paragraphs.first, !first.paragraph.fullRange.contains(keep) { paragraphs.removeAll() }
    }

    /// The paragraph containing `index`, kept or prepared now. Frames ask in text order, so the
    /// last one kept, or the one after it, is usually the one.
    func paragraphState(containing index: Int) -> ParagraphState {
        if let last = paragraphs.last, last.paragraph.fullRange.contains(index) { return last }
        if let kept = paragraphs.last(where: { $0.paragraph.fullRange.contains(index) }) { return kept }
        let state = ParagraphState(PreparedParagraph(text: text, range: text.paragraphRange(containing: index), fonts: fonts,
                                                     itemizer: itemizer, shaper: shaper))
        // Kept paragraphs are consecutive: one not after the last starts the list anew.
        if let last = paragraphs.last, last.paragraph.fullRange.upperBound != state.paragraph.fullRange.lowerBound {
            paragraphs.removeAll()
        }
        paragraphs.append(state)
        return state
    }
}
