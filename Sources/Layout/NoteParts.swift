import Text

/// A footnote's note set from a point inside it: the part of a split note that fits the room
/// left at a column's foot, and the rest that goes on in the next column (see ColumnNotes).
/// A note has one column, and its part is set by the one line loop in a frame of the room's
/// height, so its paragraphs' keep rules (orphans, widows) decide where it splits.
extension Framesetter {
    /// A note's lines from `start` that fit in `height` points, and their outer height.
    struct NotePart {
        var frame: Frame
        var height: Double
    }

    /// The note's outer height at `width` from `start` (its whole height from its start).
    func height(ofNote note: BoxRange, from start: Int, width: Double) -> Double {
        guard start > note.range.lowerBound else { return height(of: note, width: width) }
        return notePart(note, from: start, width: width, height: Self.unboundedHeight).height
    }

    /// The note's lines from `start` in a box `width` by `height`, ended where its paragraphs allow.
    func notePart(_ note: BoxRange, from start: Int, width: Double, height: Double) -> NotePart {
        let frame = noteFrame(note, from: start, in: Rect(x: 0, y: 0, width: width, height: height))
        return NotePart(frame: frame, height: frame.usedHeight + 2 * note.style.inset)
    }

    /// The note's lines from `start` placed in `rect`: the whole note, or the part of it that
    /// `notePart` set in `setIn` points (nil: the rest of it, as `height(ofNote:from:width:)`
    /// measured it), set again in as many so that its lines break where they did.
    func placeNote(_ note: BoxRange, from start: Int, setIn: Double?, in rect: Rect) -> PlacedBox {
        guard start > note.range.lowerBound || setIn != nil else { return place(note, in: rect) }
        var frame = noteFrame(note, from: start, in: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: setIn ?? Self.unboundedHeight))
        frame.container.rect = PlacedBox.textRect(of: rect, style: note.style)
        return PlacedBox(rect: rect, box: note, frames: [frame])
    }

    private func noteFrame(_ note: BoxRange, from start: Int, in rect: Rect) -> Frame {
        var setting = FrameSetting(framesetter: self, carrying: nil, settingBox: note.style.number)
        return setting.linesEndingOnWholeWord(in: Container(rect: PlacedBox.textRect(of: rect, style: note.style)), from: start,
                                              to: note.range.upperBound)
    }
}
