import Text

/// A box kept in the column (`<figure>` without `float`) that does not fit below the text
/// already in its column does not hold the text up: the line loop passes over it, the text
/// after it goes on filling the column, and the box waits for the top of the next frame, carried
/// as a float is (`FlowCarry.waitingFloats`), as wide as it is in the column and with nothing
/// beside it. Boxes after it in the same frame wait behind it, so that boxes keep their order.
/// So a column never ends early for a figure (LaTeX's floats and InDesign's anchored objects
/// move on the same way); the tagged PDF still reads the box where it is written.
extension Framesetter {
    /// The boxes kept in the column that `frame` passed over without setting, as floats waiting
    /// for the next frame, in text order.
    func boxesWaiting(after frame: Frame) -> [FloatAnchor] {
        let range = frame.visibleRange
        guard !range.isEmpty, !boxes.all.isEmpty else { return [] }
        let set = Set(frame.lines.compactMap { $0.box?.box.style.number })
        return boxes.all.compactMap { box in
            guard box.style.placement == .inColumn, range.contains(box.range.lowerBound), !set.contains(box.style.number) else { return nil }
            return FloatAnchor(index: box.range.lowerBound, content: .box(box))
        }
    }
}
