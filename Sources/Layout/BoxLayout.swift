import Text

/// Setting a figure's or an aside's paragraphs in their box: how wide the box is where it is
/// placed, how tall its text makes it at that width, and its frames once it has a place. The
/// box's paragraphs are set by the same line loop as the column's, in one frame as tall as
/// they need (a box never splits).
extension Framesetter {
    /// A box's text is set in a frame this tall, which no box reaches (a page is at most
    /// `LayoutLimits.maximumPageSide`).
    static let unboundedBoxHeight = 100_000.0

    /// The box's outer width where `available` points are free for it (see `BoxRange.width`).
    public func width(of box: BoxRange, available: Double) -> Double {
        box.width(available: available, in: text)
    }

    /// The box's outer height at `width`: its text's, from the top of the first line to the
    /// bottom of the last, with its border and padding.
    public func height(of box: BoxRange, width: Double) -> Double {
        if let known = cache.boxHeight(of: box.style.number, width: width) { return known }
        let text = textFrame(of: box, in: PlacedBox.textRect(of: Rect(x: 0, y: 0, width: width, height: Self.unboundedBoxHeight),
                                                               style: box.style))
        let height = text.usedHeight + 2 * box.style.inset
        cache.noteBoxHeight(height, of: box.style.number, width: width)
        return height
    }

    /// The box set in `rect` (as wide and tall as `width(of:available:)` and `height(of:width:)` say).
    public func place(_ box: BoxRange, in rect: Rect) -> PlacedBox {
        let inner = PlacedBox.textRect(of: rect, style: box.style)
        var frame = textFrame(of: box, in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: Self.unboundedBoxHeight))
        frame.container.rect.size.height = inner.height
        return PlacedBox(rect: rect, box: box, frames: [frame])
    }

    /// The box's paragraphs set from the top of `rect`.
    private func textFrame(of box: BoxRange, in rect: Rect) -> Frame {
        var setting = FrameSetting(framesetter: self, carrying: nil, settingBox: box.style.number)
        return setting.lines(in: Container(rect: rect), from: box.range.lowerBound, to: box.range.upperBound)
    }

}

extension BoxRange {
    /// The box's outer width where `available` points are free for it (its column's width, or
    /// the width of the columns it spans): the width it asks for, or else its natural width —
    /// the full width in the column and at a page's edge; beside the text, a figure as wide as
    /// its widest picture and an aside half the column; over a gutter, a third of its columns
    /// (a sixth of each of two beside it: the text beside it keeps two thirds of its measure).
    /// Never wider than `available`.
    public func width(available: Double, in text: AttributedText) -> Double {
        if let asked = style.width { return min(asked, available) }
        switch style.placement {
        case .inColumn, .edge: return available
        case .center: return available / 3
        case .side:
            guard style.kind == .figure, let picture = widestPicture(in: text) else { return available / 2 }
            return min(available, picture + 2 * style.inset)
        }
    }

    /// The width of the widest picture set in the box's lines, if it has any.
    private func widestPicture(in text: AttributedText) -> Double? {
        text.attributeRuns(in: range).compactMap { run in run.attributes.image == nil ? nil : run.attributes.runDelegate?.width }.max()
    }
}
