import Text

/// What a text view asks of a frame: which character a tap is on, where the caret goes, and
/// what to highlight for a selection. Positions are page coordinates; indices are UTF-16
/// offsets into the frame's text; carets stand between grapheme clusters.
///
/// Direction boundaries: the caret at an index stands at the leading edge of the grapheme
/// that starts there (Core Text's primary caret), so where a left-to-right and a
/// right-to-left run meet, it follows the character after it. At the end of a line's set
/// text — also for its trailing spaces and its paragraph's terminator, which have no glyphs —
/// it stands at the trailing edge of the line's last grapheme in logical order.
///
/// Figures and asides (`boxes`) answer for their own text: a point inside one, or an index of
/// its paragraphs, is answered by its frames.
extension Frame {
    /// The caret offset nearest to `point`: on the line nearest in y (then in x, where lines
    /// share a band beside an exclusion), the edge of a grapheme nearest in x. Left or right of
    /// the set text it is the offset at that end. Nil only when the frame has no lines.
    ///
    /// A point inside a figure or an aside the frame holds is answered by the box's own text.
    public func characterIndex(at point: Point) -> Int? {
        if let box = boxes.first(where: { $0.rect.contains(Rect(x: point.x, y: point.y, width: 0, height: 0)) }) {
            return box.frames.lazy.compactMap { $0.characterIndex(at: point) }.first
        }
        guard let line = nearestLine(to: point) else { return nil }
        let boxes = line.graphemeBoxes(in: text)
        guard let first = boxes.first, let last = boxes.last else { return line.stringRange.lowerBound }
        if point.x < first.minX { return first.indexAtLeft }
        guard let box = boxes.first(where: { $0.minX <= point.x && point.x < $0.maxX }) else { return last.indexAtRight }
        return point.x < (box.minX + box.maxX) / 2 ? box.indexAtLeft : box.indexAtRight
    }

    /// The caret before the character at `index`: zero wide, at its x, as tall as its line's
    /// box (`Line.lineBox`). An index inside a grapheme gives the caret before that grapheme.
    /// The end of the text counts as in its last frame. Nil when the index is not in the frame.
    public func caretRect(at index: Int) -> Rect? {
        if let box = boxes.first(where: { $0.box.range.contains(index) }) {
            return box.frames.lazy.compactMap { $0.caretRect(at: index) }.first
        }
        guard let line = line(containingCaret: index) else { return nil }
        let box = line.lineBox
        return Rect(x: line.caretX(at: index, in: text), y: box.minY, width: 0, height: box.height)
    }

    /// The highlight for `range`: per line, one rect for each visually contiguous stretch of
    /// selected graphemes, as tall as the line's box, left to right; lines in the frame's
    /// order. A selection across a change of direction gives several rects on one line.
    /// Characters without glyphs (trailing spaces, a paragraph's terminator) add nothing.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        for line in lines where line.stringRange.overlaps(range) && line.box == nil {
            let box = line.lineBox
            var stretch: (minX: Double, maxX: Double)?
            func closeStretch() {
                if let done = stretch { rects.append(Rect(x: done.minX, y: box.minY, width: done.maxX - done.minX, height: box.height)) }
                stretch = nil
            }
            for grapheme in line.graphemeBoxes(in: text) {
                guard grapheme.characters.overlaps(range) else {
                    closeStretch()
                    continue
                }
                if let open = stretch, abs(open.maxX - grapheme.minX) < 0.001 {
                    stretch = (open.minX, grapheme.maxX)
                } else {
                    closeStretch()
                    stretch = (grapheme.minX, grapheme.maxX)
                }
            }
            closeStretch()
        }
        // A figure's or an aside's text, where the box is.
        for box in boxes where box.box.range.overlaps(range) {
            rects += box.frames.flatMap { $0.selectionRects(for: range) }
        }
        return rects
    }

    /// The figures, asides and notes the frame holds: floated beside its text, kept in its
    /// column, or at its foot.
    public var boxes: [PlacedBox] {
        floats.compactMap(\.box) + lines.compactMap(\.box) + (footnotes?.notes.map(\.box) ?? [])
    }

    /// The line nearest to `point` in y, its box counted from the top of its leading to the
    /// bottom; among lines equally near (side by side), the one nearest in x.
    private func nearestLine(to point: Point) -> Line? {
        func distance(_ value: Double, from low: Double, to high: Double) -> Double {
            value < low ? low - value : (value > high ? value - high : 0)
        }
        return lines.min { a, b in
            let boxA = a.lineBox, boxB = b.lineBox
            let dyA = distance(point.y, from: boxA.minY, to: boxA.maxY), dyB = distance(point.y, from: boxB.minY, to: boxB.maxY)
            if abs(dyA - dyB) > 0.001 { return dyA < dyB }
            return distance(point.x, from: boxA.minX, to: boxA.maxX) < distance(point.x, from: boxB.minX, to: boxB.maxX)
        }
    }

    /// The line holding the caret at `index`: the one whose characters include it, or the last
    /// line when the index is the end of the text.
    private func line(containingCaret index: Int) -> Line? {
        guard visibleRange.contains(index) || (index == text.length && visibleRange.upperBound == text.length) else { return nil }
        if let line = lines.first(where: { $0.stringRange.contains(index) }) { return line }
        return index == text.length ? lines.last : nil
    }
}

extension Line {
    /// The x of the caret at `index`, an offset in the line (see `Frame` for the rules).
    func caretX(at index: Int, in text: AttributedText) -> Double {
        let boxes = graphemeBoxes(in: text)
        if let box = boxes.first(where: { $0.characters.contains(index) }) { return box.leadingX }
        guard let last = boxes.max(by: { $0.characters.lowerBound < $1.characters.lowerBound }) else {
            // An empty line: its start, which is its end.
            return origin.x
        }
        return last.trailingX
    }
}
