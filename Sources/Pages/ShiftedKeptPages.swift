import Layout
import Text

// The offsets a kept page names beyond its layout values' (`Layout/ShiftedLayoutValues.swift`):
// what `PageReuse` shifts a page of the last setting by when it takes it after an edit that
// changed the text's length.

extension KeptPage: TextOffsetsHolder {
    func shifted(by shift: TextShift) -> KeptPage {
        var page = self
        page.parts = parts.shifted(by: shift)
        page.flowAfter = flowAfter.shifted(by: shift)
        page.read = shift(read)
        page.furthestReadSoFar = shift(furthestReadSoFar)
        return page
    }
}

extension PageParts: TextOffsetsHolder {
    func shifted(by shift: TextShift) -> PageParts {
        PageParts(frames: frames.shifted(by: shift), pictures: pictures.shifted(by: shift), rules: rules, tints: tints)
    }
}

extension PlacedPicture: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> PlacedPicture {
        var picture = self
        picture.anchor = shift(anchor)
        picture.content = content.shifted(by: shift)
        return picture
    }
}

extension SpanningAnchor: TextOffsetsHolder {
    func shifted(by shift: TextShift) -> SpanningAnchor {
        var anchor = self
        anchor.index = shift(index)
        if case .box(let box) = content { anchor.content = .box(box.shifted(by: shift)) }
        return anchor
    }
}

extension Paginator.Flow: TextOffsetsHolder {
    func shifted(by shift: TextShift) -> Paginator.Flow {
        var flow = self
        flow.position = shift(position)
        flow.carry = carry.shifted(by: shift)
        flow.heldFloats = heldFloats.shifted(by: shift)
        flow.waitingPictures = waitingPictures.shifted(by: shift)
        flow.pageNotes = pageNotes.shifted(by: shift)
        return flow
    }
}
