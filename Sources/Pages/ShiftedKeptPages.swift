import Layout
import Text

// The offsets a kept page names beyond its layout values' (`Layout/ShiftedLayoutValues.swift`):
// what `PageReuse` shifts a page of the last setting by when it takes it after an edit that
// changed the text's length.

extension KeptPage: TextOffsetsHolder {
    mutating func shift(by shift: TextShift) {
        parts.shift(by: shift)
        flowAfter.shift(by: shift)
        read = shift(read)
        furthestReadSoFar = shift(furthestReadSoFar)
    }
}

extension PageParts: TextOffsetsHolder {
    mutating func shift(by shift: TextShift) {
        frames.shift(by: shift)
        pictures.shift(by: shift)
        leftOutBoxes.shift(by: shift)
        for index in tints.indices { tints[index].section = shift.numbers.sections(tints[index].section) }
    }
}

extension PlacedPicture: TextOffsetsHolder {
    public mutating func shift(by shift: TextShift) {
        anchor = shift(anchor)
        content.shift(by: shift)
    }
}

extension SpanningAnchor: TextOffsetsHolder {
    mutating func shift(by shift: TextShift) {
        index = shift(index)
        switch content {
        case .picture(let image, let spanning): content = .picture(image.renumbered(by: shift.numbers), spanning)
        case .box(let box): content = .box(box.shifted(by: shift))
        }
    }
}

extension Paginator.Flow: TextOffsetsHolder {
    mutating func shift(by shift: TextShift) {
        position = shift(position)
        carry.shift(by: shift)
        heldFloats.shift(by: shift)
        waitingPictures.shift(by: shift)
        pageNotes.shift(by: shift)
    }
}
