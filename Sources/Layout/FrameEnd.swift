import Text

/// Why a frame's lines stop where they do: a value the frame returns with its lines, so that
/// a column that ends short of its foot can be explained (a located warning) or, when nothing
/// explains it, reported as a fault (the page checker). Each reason that moved something on
/// names the character that moved: where the markup that caused it is.
public enum FrameEnd: Hashable, Sendable {
    /// The text ran out, or the range the frame was asked to set (a section's end).
    case endOfText
    /// The next line did not fit below the last: the column is full.
    case full
    /// The paragraph at this offset must start a new column or page (`<columnbreak>`, `<pagebreak>`).
    case forcedBreak(at: Int)
    /// The kept block (`<keep>`, `keep-together`) starting at this offset went on whole to the next column.
    case keptBlock(at: Int)
    /// The paragraph at this offset keeps with the next (a heading) and went on with it.
    case keepWithNext(at: Int)
    /// Lines from this offset went on so that no widow or orphan is left.
    case widowsAndOrphans(at: Int)
    /// The paragraph at this offset opens with a drop cap that did not fit: it went on with its initial.
    case initialDidNotFit(at: Int)
    /// The line from this offset (a heading, a line with a tall picture) needs more room, with
    /// the space above it and its baseline on the grid, than the column had left, though that
    /// was more than two lines of its text (`ColumnRoom`): set there, it reached below the foot.
    case tallerLineDidNotFit(at: Int)
    /// The line from this offset fits no stretch left below the last line, though the room is
    /// more than two lines of its text: a shape, an exclusion or a float narrows the rest of the column
    /// below its first word or picture, or below the paragraph's `min-line-width`.
    case narrowRoomBelow(at: Int)
    /// The table rows from this offset did not fit below the last line and went on whole to the
    /// next column, which holds them (rows taller than a column are split instead).
    case tableRowDidNotFit(at: Int)
    /// The figure or aside kept in the column at this offset did not fit below the text, and
    /// opens the next column (in balanced columns: `Container.boxesEndTheColumn`).
    case boxDidNotFit(at: Int)
    /// The line from this offset holds a footnote's mark, and the note had no room left at
    /// the column's foot: the line went on to the next column with it (see FootnoteArea).
    case footnoteDidNotFit(at: Int)

    /// The character whose markup caused the end, when one did.
    public var cause: Int? {
        switch self {
        case .endOfText, .full: return nil
        case .forcedBreak(let at), .keptBlock(let at), .keepWithNext(let at), .widowsAndOrphans(let at),
             .initialDidNotFit(let at), .tallerLineDidNotFit(let at), .narrowRoomBelow(let at), .tableRowDidNotFit(let at),
             .boxDidNotFit(let at), .footnoteDidNotFit(let at):
            return at
        }
    }

    /// Whether the reason accounts for room left at the column's foot: every reason but a
    /// full column, which leaves none worth a line.
    public var explainsRoomLeft: Bool { self != .full }

    /// The reason in a few words, for a warning ("column 2 of page 3 ends 7 lines early: …").
    public var reason: String {
        switch self {
        case .endOfText: return "the text (or its section) ends"
        case .full: return "no reason (the next line was found not to fit)"
        case .forcedBreak: return "a column or page break"
        case .keptBlock: return "a kept block that did not fit went on to the next column"
        case .keepWithNext: return "a paragraph kept with the next went on with it"
        case .widowsAndOrphans: return "lines went on to leave no widow or orphan"
        case .initialDidNotFit: return "a drop cap that did not fit went on with its paragraph"
        case .tallerLineDidNotFit: return "the next line, taller than the room left, went on to the next column"
        case .narrowRoomBelow: return "the room a shape, an exclusion or a float leaves below is too narrow for the next line"
        case .tableRowDidNotFit: return "a table row that did not fit went on to the next column"
        case .boxDidNotFit: return "a figure or aside that did not fit went on to the next column"
        case .footnoteDidNotFit: return "the next line's footnote had no room left at the foot and went on with it to the next column"
        }
    }
}

extension FrameSetting {
    /// Why a frame whose lines were set up to `position` ends there: `kept` of its `setLines`
    /// kept by the keep rules, `overflow` the first line that did not fit (nil: none was tried).
    func frameEnd(in container: Container, at position: Int, keeping kept: Int, of setLines: [ColumnBreak.SetLine], lines: [Line],
                  overflow: ColumnBreak.Overflow?) -> FrameEnd {
        // Only a heading opening the column, with taller columns to follow, leaves it empty.
        if kept == 0, let first = lines.first { return .keepWithNext(at: first.stringRange.lowerBound) }
        if kept < lines.count {
            let moved = lines[kept].stringRange.lowerBound
            if let block = setLines[kept].keep, kept > 0, setLines[kept - 1].keep == block || overflow?.keep == block {
                return .keptBlock(at: keptBlockStart(block, from: moved))
            }
            // The column ends before a heading that would otherwise be left at its foot.
            if setLines[kept].linesBefore == 0, setLines[kept].rules.keepWithNext {
                return .keepWithNext(at: moved)
            }
            if setLines[kept].keep != nil, setLines[kept].linesBefore == 0 || lines[kept].box != nil {
                return .keptBlock(at: moved)
            }
            return .widowsAndOrphans(at: moved)
        }
        guard position < text.length else { return .endOfText }
        if let overflow {
            if overflow.movesTableRow { return .tableRowDidNotFit(at: position) }
            if overflow.boxDidNotFit { return .boxDidNotFit(at: position) }
            if overflow.footnoteDidNotFit { return .footnoteDidNotFit(at: position) }
            if overflow.startsParagraph, text.paragraphStyle(at: position).dropCap.lines > 0 {
                return .initialDidNotFit(at: position)
            }
            // Less room than a column may be left short of its foot: full.
            guard leavesLinesOfRoom(lines, in: container) else { return .full }
            // The line was set where the room left begins and reached below the foot: it is
            // taller than the room, as measured, with its pictures, its space above and its
            // baseline on the grid.
            if overflow.reachedBelowFoot { return .tallerLineDidNotFit(at: position) }
            // Only a container narrowed somewhere passes bands over: the line loop searched down
            // to the foot and no stretch took the line.
            if !container.isRectangular { return .narrowRoomBelow(at: position) }
            return .full
        }
        // Nothing overflowed: a paragraph that must start a new column stopped the lines, or
        // the range asked for ended.
        if text.forcedBreak(before: position) != nil, text.paragraphRange(containing: position).lowerBound == position {
            return .forcedBreak(at: position)
        }
        return .endOfText
    }

    /// Whether the room below `lines` holds more lines of the column's text than a column may be
    /// left short (`ColumnRoom`, as the early-column warning and the page checker count them):
    /// lines of its last line of text, on the grid — not of a box kept in the column, whose
    /// height is no line (a 155 pt figure made 39 pt of room "less than two lines").
    private func leavesLinesOfRoom(_ lines: [Line], in container: Container) -> Bool {
        guard let last = lines.last(where: { $0.box == nil }) ?? lines.last else { return false }
        let bottom = lines.map { $0.origin.y + $0.descent }.max() ?? container.rect.minY
        let pitch = ColumnRoom.pitch(last.height, gridStep: container.baselineGrid?.step)
        return ColumnRoom.linesShort(foot: container.rect.maxY, contentBottom: bottom, pitch: pitch) > ColumnRoom.linesAllowed
    }

    /// The first character of kept block `block`, which holds `offset`.
    private func keptBlockStart(_ block: KeptBlock, from offset: Int) -> Int {
        switch block {
        case .paragraph(let start): return start
        case .block:
            var start = text.paragraphRange(containing: offset).lowerBound
            while start > 0 {
                let before = text.paragraphRange(containing: start - 1).lowerBound
                guard KeptBlock(text.paragraphStyle(at: before), paragraphStart: before) == block else { break }
                start = before
            }
            return start
        }
    }
}
