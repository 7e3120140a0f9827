import Breaking
import Text

/// One frame being set: the only state setting a frame has, and it lives for one call — the
/// breaks chosen so far for each paragraph the frame has reached, beginning with those carried
/// in from the frame before.
struct FrameSetting {
    let framesetter: Framesetter
    /// Breaks chosen for each paragraph reached, by the paragraph's start.
    var plans: [Int: LinePlan] = [:]
    /// The foot of the lowest band the frame has read its container in so far (its lines', the
    /// widths predicted for a paragraph's breaks, the look-ahead's); infinite once it has read
    /// the container otherwise (see ResumableSetting).
    var readDownTo = -Double.infinity
    /// The number of the box whose paragraphs the frame sets (nil: the column's text, which
    /// passes over every box's paragraphs; see BoxLayout).
    let settingBox: Int?
    /// Whether the frame sets one table cell's paragraphs (else it passes over every table's
    /// cells, which are set row by row; see TableLayout).
    let settingTableCell: Bool
    /// The table rows the frame before split at its foot, for this one to go on with.
    let carriedTableRows: TableRowContinuation?
    /// The notes the frame before split or held over, for this one's foot.
    let carriedNotes: [ContinuedNote]
    /// Whether the frame already holds floats that waited for it, placed at its top: then it
    /// need take no line, as a column otherwise must (see FloatFramesetting).
    let holdsWaitingFloats: Bool

    init(framesetter: Framesetter, carrying plan: LinePlan?, settingBox: Int? = nil, settingTableCell: Bool = false,
         tableRows: TableRowContinuation? = nil, notes: [ContinuedNote] = [], holdsWaitingFloats: Bool = false) {
        self.framesetter = framesetter
        self.settingBox = settingBox
        self.settingTableCell = settingTableCell
        carriedTableRows = tableRows
        carriedNotes = notes
        self.holdsWaitingFloats = holdsWaitingFloats
        if let plan { plans[plan.paragraph] = plan }
    }

    var text: AttributedText { framesetter.text }
    var cache: ParagraphCache { framesetter.cache }

    /// The breaks of the paragraph holding `position` (where the frame ended), for the next frame.
    func plan(containing position: Int) -> LinePlan? {
        guard position < text.length else { return nil }
        return plans[cache.paragraph(containing: position).range.lowerBound]
    }

    /// Sets the breaks the frame follows for `plan`'s paragraph from its first line on (see ColumnEndHyphen).
    mutating func use(_ plan: LinePlan) {
        plans[plan.paragraph] = plan
    }

    /// Where a frame's next line begins: the paragraph at `position`, whether the line starts it,
    /// and the space above it.
    struct LineStart {
        var paragraph: PreparedParagraph
        var startsParagraph: Bool
        var spaceBefore: Double
    }

    /// The next line's start; nil when a forced break ends the frame before its paragraph (at
    /// the frame's top the break is met already).
    func lineStart(at position: Int, frameHasLines: Bool) -> LineStart? {
        let paragraph = cache.paragraph(containing: position)
        let style = paragraph.style
        let startsParagraph = position == paragraph.range.lowerBound
        if startsParagraph, style.breakBefore != nil, frameHasLines { return nil }
        // Space above a paragraph at the top of a column is dropped, as in TeX.
        return LineStart(paragraph: paragraph, startsParagraph: startsParagraph,
                         spaceBefore: startsParagraph && frameHasLines ? style.spaceBefore : 0)
    }

    /// The frame of the lines set, its end moved back where the keep rules ask (see ColumnBreak).
    func endedWhereParagraphsAllow(_ container: Container, from index: Int, to position: Int, lines: [Line],
                                   setLines: [ColumnBreak.SetLine], overflow: ColumnBreak.Overflow?) -> Frame {
        var lines = lines, end = position
        let columnBreak = ColumnBreak(lines: setLines, overflow: overflow, height: container.rect.height,
                                      tallerColumnsFollow: container.tallerColumnsFollow)
        let kept = columnBreak.lineCount()
        let reason = frameEnd(in: container, at: position, keeping: kept, of: setLines, lines: lines, overflow: overflow)
        if kept < lines.count {
            end = lines[kept].stringRange.lowerBound
            lines.removeSubrange(kept...)
        }
        var frame = Frame(container: container, lines: lines, visibleRange: index ..< end, text: text)
        frame.end = reason
        frame.keepRulesGaveWay = columnBreak.givesWay(keeping: kept)
        return frame
    }

    /// The break ending the line at `position`, placed at `tabs`: from the paragraph's optimal
    /// breaks when it has them (paragraphs with tabs past their first word — tables — and those
    /// no optimal setting fits are filled first-fit). They are its plan when `planFits` its line
    /// there, else a new plan for the `widths` (this line's and the next ones', and the width
    /// of any line after those).
    mutating func nextBreak(in paragraph: PreparedParagraph, from position: Int, available: Double, tabs: TabOrigin,
                            planFits: (LinePlan, Int) -> Bool, widths: () -> ([Double], Double)) -> LineBreak {
        if !paragraph.hasTabs || paragraph.tabsOnlyBeforeFirstBreak {
            let key = paragraph.range.lowerBound
            // Looked up once: a plan copied retains its three arrays.
            var plan = plans[key]
            if !(plan?.covers(position, fits: planFits) ?? false) {
                let (lineWidths, otherWidth) = widths()
                plan = cache.plan(for: paragraph, from: position, widths: lineWidths, otherWidth: otherWidth, tabs: tabs)
                plans[key] = plan
            }
            if let lineBreak = plan?.lineBreak(startingAt: position) { return lineBreak }
            // No optimal setting: the rest of the paragraph is filled first-fit (see LinePlan.covers).
        }
        return framesetter.firstFitBreak(in: paragraph, from: position, available: available, tabs: tabs)
    }

    /// Lines of the paragraph from the line starting at `position` (which `nextBreak` has just
    /// set) to its end, counted up to `limit`, in lines as wide as this one: what would go on
    /// to the next column if this one ended before it.
    func linesLeft(in paragraph: PreparedParagraph, from position: Int, available: Double, otherLines: Double, tabs: TabOrigin,
                   atMost limit: Int) -> Int {
        if let plan = plans[paragraph.range.lowerBound], let breaks = plan.breaks, let line = plan.lineStarts.firstIndex(of: position) {
            let planned = plan.lineStarts.count - line
            // A window's plan ends before its paragraph: a quarter of a window's lines follow.
            return (breaks.last?.end ?? paragraph.range.upperBound) < paragraph.range.upperBound ? max(planned + 1, limit) : planned
        }
        var count = 0
        var start = position
        while start < paragraph.range.upperBound, count < max(limit, 1) {
            let end = framesetter.firstFitBreak(in: paragraph, from: start, available: count == 0 ? available : otherLines, tabs: tabs).end
            guard end > start else { break }
            start = end
            count += 1
        }
        return max(count, 1)
    }
}
