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
        // The boxes are in text order, so those starting in the frame's text are one stretch,
        // found by two binary searches: a frame is set many times over (balancing, floats,
        // trials), and copying every box of a magazine's hundreds each time took 7 % of its
        // instructions.
        let first = boxes.all.partitionIndex { $0.range.lowerBound >= range.lowerBound }
        let end = boxes.all.partitionIndex { $0.range.lowerBound >= range.upperBound }
        guard first < end else { return [] }
        let inLines = Set(frame.lines.compactMap { $0.box?.box.style.number })
        return boxes.all[first ..< end].compactMap { box in
            guard box.style.placement == .inColumn, !inLines.contains(box.style.number) else { return nil }
            return FloatAnchor(index: box.range.lowerBound, content: .box(box))
        }
    }

    /// The waiting `box` at the top of the frame, from `top` down, placed as the column places
    /// it (see LineLoop's `blockLine`): at the left, as wide as it asks, in the first band clear
    /// of the container's exclusions and the floats already `placed` there (narrower, if it asks
    /// for no width, in a narrower stretch), with nothing beside it. With no clear band it waits
    /// on for the next frame (nil): drawn at the top it would lie over what covers it. In a
    /// plain rectangle or a shape it stays at the top, as a box opening a column always has, so
    /// that it is placed at all (a page of waiting floats is one).
    func placeWaiting(_ box: BoxRange, top: Double, in container: Container, beside placed: [PlacedFloat]) -> PlacedFloat? {
        var clear = container
        clear.exclusions += placed.map(\.exclusion)
        let rect = container.rect
        var width = width(of: box, available: rect.width)
        var height = height(of: box, width: width)
        var x = rect.minX, boxTop = top
        if !clear.isRectangular {
            // Narrower than its pictures only beside the container's own shape and exclusions,
            // which the next frame may have too; floats placed in this frame are not in the next.
            let setting = FrameSetting(framesetter: self, carrying: nil)
            if let found = setting.clearPlace(for: box, in: clear, from: top, width: width, height: height,
                                              narrowerThanItsPictures: placed.isEmpty || container.shape != nil),
               found.top + found.height <= rect.maxY + 0.001 {
                (x, boxTop, width, height) = (found.x, found.top, found.width, found.height)
            } else if container.shape == nil {
                return nil
            }
        }
        // Below another band, one reaching past the foot waits on for a taller column.
        if container.tallerColumnsFollow, boxTop + height > rect.maxY + 0.001 { return nil }
        let frame = Rect(x: x, y: boxTop, width: width, height: height)
        return PlacedFloat(rect: frame, content: .box(place(box, in: frame)), anchor: box.range.lowerBound, side: .left,
                           margin: box.style.margin, clearSpan: HorizontalSpan(minX: rect.minX, maxX: rect.maxX))
    }
}
