import Breaking
import Text

// Every offset a layout value names, shifted by an edit before it (`TextShift`): what `typeset
// watch` applies to a page it takes again after an edit that changed the text's length. One
// file, so that a field added to one of these values is added here beside its siblings.

extension Frame: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        lines.shift(by: shift)
        visibleRange = shift(visibleRange)
        text = shift.text
        floats.shift(by: shift)
        footnotes.shift(by: shift)
        notesGoingOn.shift(by: shift)
        end.shift(by: shift)
    }
}

extension Line: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        stringRange = shift(stringRange)
        runs.shift(by: shift)
        // Kept apart behind their getters, and few lines have one: each is set only where it is.
        if box != nil { box.shift(by: shift) }
        if initial != nil { initial.shift(by: shift) }
        if tableRows != nil { tableRows.shift(by: shift) }
    }
}

extension GlyphRun: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        stringRange = shift(stringRange)
        // A generated hyphen's cluster (-1) lies before any change: it stays.
        shift.move(&clusters)
        // A picture's or a footnote marker's run names its element's number.
        if !shift.numbers.movesNone, sharedAttributes.value.image != nil || sharedAttributes.value.footnote != nil {
            attributes = attributes.renumbered(by: shift.numbers)
        }
    }
}

extension DropInitial: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        stringRange = shift(stringRange)
        hiddenRange = shift(hiddenRange)
    }
}

extension PlacedFloat: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        anchor = shift(anchor)
        content.shift(by: shift)
    }
}

extension PlacedContent: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        switch self {
        case .picture(let image): self = .picture(image.renumbered(by: shift.numbers))
        case .box(let box): self = .box(box.shifted(by: shift))
        }
    }
}

extension PlacedBox: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        box.shift(by: shift)
        frames.shift(by: shift)
        bledPictures = Dictionary(uniqueKeysWithValues: bledPictures.map { (shift($0.key), $0.value) })
    }
}

extension BoxRange: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        range = shift(range)
        style = style.renumbered(by: shift.numbers)
    }
}

extension FootnoteArea: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        for index in notes.indices {
            notes[index].reference.shift(by: shift)
            notes[index].box.shift(by: shift)
        }
    }
}

extension FootnoteReference: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        marker = shift(marker)
        note.shift(by: shift)
    }
}

extension ContinuedNote: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        reference.shift(by: shift)
        from = shift(from)
    }
}

extension FrameEnd: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        switch self {
        case .endOfText, .full: break
        case .forcedBreak(let at): self = .forcedBreak(at: shift(at))
        case .keptBlock(let at): self = .keptBlock(at: shift(at))
        case .keepWithNext(let at): self = .keepWithNext(at: shift(at))
        case .widowsAndOrphans(let at): self = .widowsAndOrphans(at: shift(at))
        case .initialDidNotFit(let at): self = .initialDidNotFit(at: shift(at))
        case .tallerLineDidNotFit(let at): self = .tallerLineDidNotFit(at: shift(at))
        case .narrowRoomBelow(let at): self = .narrowRoomBelow(at: shift(at))
        case .tableRowDidNotFit(let at): self = .tableRowDidNotFit(at: shift(at))
        case .boxDidNotFit(let at): self = .boxDidNotFit(at: shift(at))
        case .footnoteDidNotFit(let at): self = .footnoteDidNotFit(at: shift(at))
        }
    }
}

extension PlacedTableRows: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        style = style.renumbered(by: shift.numbers)
        for index in cells.indices {
            cells[index].cell.shift(by: shift)
            cells[index].frame.shift(by: shift)
        }
        continuation.shift(by: shift)
    }
}

extension TableCellRange: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        range = shift(range)
        // A renumbered cell takes its table from the new text's cell, as a cold setting's does:
        // the table's cells keep sharing one copy of its look (`TableCell.table`).
        let number = shift.numbers.tables(cell.table.number)
        guard number != cell.table.number else { return }
        if let new = shift.text.paragraphStyle(at: range.lowerBound).tableCell, new.table.number == number {
            cell.shareTable(of: new)
        } else {
            cell.table = cell.table.renumbered(by: shift.numbers)
        }
    }
}

extension TableRowContinuation: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        table = shift.numbers.tables(table)
        for index in cells.indices {
            cells[index].cell.shift(by: shift)
            cells[index].start = shift(cells[index].start)
        }
        position = shift(position)
    }
}

extension FlowCarry: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        for index in waitingFloats.indices {
            waitingFloats[index].index = shift(waitingFloats[index].index)
            switch waitingFloats[index].content {
            case .picture(let image): waitingFloats[index].content = .picture(image.renumbered(by: shift.numbers))
            case .box(let box): waitingFloats[index].content = .box(box.shifted(by: shift))
            }
        }
        if plan != nil {
            plan!.paragraph = shift(plan!.paragraph)
            shift.move(&plan!.lineStarts)
            plan!.breaks = plan!.breaks?.map { LineBreak(end: shift($0.end), kind: $0.kind) }
        }
        tableRows.shift(by: shift)
        notes.shift(by: shift)
    }
}
