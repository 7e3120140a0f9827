/// How many lines short of its foot a frame's column ends: what the warning of an early column
/// (EarlyColumnEnd) measures, and what balancing must not add to a band (BandSetter), so that
/// both call the same column early.
extension Frame {
    /// Whole lines of its last text line's pitch between the bottom of what it holds (lines,
    /// floats) and its foot, its notes' top when it has notes (nil: no lines). A float the last
    /// line stands beside holds none of the room below that line: the stretch beside it is
    /// left empty there, the text going on in the next column (a band balanced as tall as a
    /// picture, one line beside it and the rest of the paragraph in the next column).
    public var linesShortOfItsFoot: Int? {
        guard let last = lines.last(where: { $0.box == nil }) ?? lines.last else { return nil }
        var bottom = lines.map { $0.origin.y + $0.descent }.max() ?? container.rect.minY
        let lastTop = last.origin.y - last.ascent, lastBottom = last.origin.y + last.descent
        for float in floats where float.rect.minY >= lastBottom || float.rect.maxY <= lastTop {
            bottom = max(bottom, float.rect.maxY)
        }
        let pitch = ColumnRoom.pitch(last.height, gridStep: container.baselineGrid?.step)
        return ColumnRoom.linesShort(foot: footnotes?.top ?? container.rect.maxY, contentBottom: bottom, pitch: pitch)
    }

    /// Whether it ends more than `ColumnRoom.linesAllowed` lines short of its foot where the text
    /// went on past it (not where the text ends, nor at a column or page break, which its author asked for).
    public var endsEarly: Bool {
        switch end {
        case .endOfText, .forcedBreak: return false
        default: return (linesShortOfItsFoot ?? 0) > ColumnRoom.linesAllowed
        }
    }

    /// Whether it ends before a unit that went on whole to the next column: a kept block, a box
    /// kept in the column, or a paragraph too short to leave its orphans here and its widows
    /// there. These are the units balanced columns share out, ending at different heights
    /// (InDesign's balanced frames do the same): three schedules in three columns, or three
    /// paragraphs and a figure, the third paragraph of three lines opening the second column.
    public var endsBeforeAWholeUnit: Bool {
        switch end {
        case .keptBlock, .boxDidNotFit: return true
        case .widowsAndOrphans(let at): return text.paragraphRange(containing: at).lowerBound == at
        default: return false
        }
    }
}
