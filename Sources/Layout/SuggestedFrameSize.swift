/// "How much room does this text need at this width?", like
/// CTFramesetterSuggestFrameSizeWithConstraints and NSAttributedString's boundingRect.
extension Framesetter {
    /// A height no text reaches: the container of a frame that is only limited in width.
    public static let unboundedHeight = 1_000_000_000.0

    /// The size of the whole text set `width` points wide with no limit on height: the height
    /// is the `usedHeight` of the frame a container of that width and unbounded height takes
    /// (from its top to the last line's descent or the lowest float), and the width is the
    /// widest line's set width (trailing spaces excluded). A paragraph that must start a new
    /// column or page ends the frame; the next frame is stacked below it, and the heights add.
    public func suggestedFrameSize(width: Double) -> Size {
        var position = 0, height = 0.0, widest = 0.0
        var carry = FlowCarry.none
        repeat {
            let container = Container(rect: Rect(x: 0, y: height, width: width, height: Self.unboundedHeight))
            let result = self.frame(in: container, from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            widest = frame.lines.reduce(widest) { max($0, $1.width) }
            height += frame.usedHeight
            guard frame.visibleRange.upperBound > position else { break }
            position = frame.visibleRange.upperBound
        } while position < text.length
        return Size(width: widest, height: height)
    }
}
