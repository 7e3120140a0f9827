/// The region a frame's lines are set in, like NSTextContainer: a rectangle for now;
/// exclusions and shaped regions narrow the line fragments it proposes.
public struct Container: Hashable, Sendable {
    public var rect: Rect

    public init(rect: Rect) {
        self.rect = rect
    }

    /// The usable horizontal span for a line whose top is at `y` and whose height is `height`.
    public func lineFragment(atY y: Double, height: Double) -> (minX: Double, maxX: Double) {
        (rect.minX, rect.maxX)
    }
}
