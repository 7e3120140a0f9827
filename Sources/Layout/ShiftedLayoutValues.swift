import Breaking
import Text

// Every offset a layout value names, shifted by an edit before it (`TextShift`): what `typeset
// watch` applies to a page it takes again after an edit that changed the text's length. One
// file, so that a field added to one of these values is added here beside its siblings.

extension Frame: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> Frame {
        var frame = self
        frame.lines = lines.shifted(by: shift)
        frame.visibleRange = shift(visibleRange)
        frame.text = shift.text
        frame.floats = floats.shifted(by: shift)
        frame.footnotes = footnotes.shifted(by: shift)
        frame.notesGoingOn = notesGoingOn.shifted(by: shift)
        frame.end = end.shifted(by: shift)
        return frame
    }
}

extension Line: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> Line {
        var line = self
        line.stringRange = shift(stringRange)
        line.runs = runs.shifted(by: shift)
        line.box = box.shifted(by: shift)
        line.initial = initial.shifted(by: shift)
        line.tableRows = tableRows.shifted(by: shift)
        return line
    }
}

extension GlyphRun: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> GlyphRun {
        var run = self
        run.stringRange = shift(stringRange)
        // A generated hyphen's cluster (-1) lies before any change: it stays.
        run.clusters = clusters.map { shift($0) }
        return run
    }
}

extension DropInitial: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> DropInitial {
        var initial = self
        initial.stringRange = shift(stringRange)
        initial.hiddenRange = shift(hiddenRange)
        return initial
    }
}

extension PlacedFloat: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> PlacedFloat {
        var float = self
        float.anchor = shift(anchor)
        float.content = content.shifted(by: shift)
        return float
    }
}

extension PlacedContent: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> PlacedContent {
        switch self {
        case .picture: self
        case .box(let box): .box(box.shifted(by: shift))
        }
    }
}

extension PlacedBox: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> PlacedBox {
        var placed = self
        placed.box = box.shifted(by: shift)
        placed.frames = frames.shifted(by: shift)
        placed.bledPictures = Dictionary(uniqueKeysWithValues: bledPictures.map { (shift($0.key), $0.value) })
        return placed
    }
}

extension BoxRange: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> BoxRange {
        BoxRange(range: shift(range), style: style)
    }
}

extension FootnoteArea: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> FootnoteArea {
        var area = self
        area.notes = notes.map { PlacedFootnote(reference: $0.reference.shifted(by: shift), box: $0.box.shifted(by: shift)) }
        return area
    }
}

extension FootnoteReference: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> FootnoteReference {
        FootnoteReference(marker: shift(marker), note: note.shifted(by: shift))
    }
}

extension ContinuedNote: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> ContinuedNote {
        ContinuedNote(reference: reference.shifted(by: shift), from: shift(from))
    }
}

extension FrameEnd: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> FrameEnd {
        switch self {
        case .endOfText, .full: self
        case .forcedBreak(let at): .forcedBreak(at: shift(at))
        case .keptBlock(let at): .keptBlock(at: shift(at))
        case .keepWithNext(let at): .keepWithNext(at: shift(at))
        case .widowsAndOrphans(let at): .widowsAndOrphans(at: shift(at))
        case .initialDidNotFit(let at): .initialDidNotFit(at: shift(at))
        case .tallerLineDidNotFit(let at): .tallerLineDidNotFit(at: shift(at))
        case .narrowRoomBelow(let at): .narrowRoomBelow(at: shift(at))
        case .tableRowDidNotFit(let at): .tableRowDidNotFit(at: shift(at))
        case .footnoteDidNotFit(let at): .footnoteDidNotFit(at: shift(at))
        }
    }
}

extension PlacedTableRows: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> PlacedTableRows {
        var rows = self
        rows.cells = cells.map { PlacedTableCell(rect: $0.rect, textRect: $0.textRect, cell: $0.cell.shifted(by: shift),
                                                 frame: $0.frame.shifted(by: shift)) }
        rows.continuation = continuation.shifted(by: shift)
        return rows
    }
}

extension TableCellRange: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> TableCellRange {
        TableCellRange(range: shift(range), cell: cell)
    }
}

extension TableRowContinuation: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> TableRowContinuation {
        var continuation = self
        continuation.cells = cells.map { CellText(cell: $0.cell.shifted(by: shift), start: shift($0.start)) }
        continuation.position = shift(position)
        return continuation
    }
}

extension FlowCarry: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> FlowCarry {
        var carry = self
        carry.waitingFloats = waitingFloats.map { anchor in
            var anchor = anchor
            anchor.index = shift(anchor.index)
            if case .box(let box) = anchor.content { anchor.content = .box(box.shifted(by: shift)) }
            return anchor
        }
        carry.plan = plan.map { plan in
            var plan = plan
            plan.paragraph = shift(plan.paragraph)
            plan.lineStarts = plan.lineStarts.map { shift($0) }
            plan.breaks = plan.breaks?.map { LineBreak(end: shift($0.end), kind: $0.kind) }
            return plan
        }
        carry.tableRows = tableRows.shifted(by: shift)
        carry.notes = notes.shifted(by: shift)
        return carry
    }
}
