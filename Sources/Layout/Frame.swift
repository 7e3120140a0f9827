/// Lines set in one container, like CTFrame.
public struct Frame: Sendable {
    public var container: Container
    public var lines: [Line]
    /// The characters this frame shows; the next frame starts at its upper bound, as the
    /// Core Text tutorial does with CTFrameGetVisibleStringRange.
    public var visibleRange: Range<Int>

    public var lineOrigins: [Point] { lines.map(\.origin) }

    /// Bottom of the last line's descent, or the top of the container when empty.
    public var usedHeight: Double {
        guard let last = lines.last else { return 0 }
        return last.origin.y + last.descent - container.rect.minY
    }
}
