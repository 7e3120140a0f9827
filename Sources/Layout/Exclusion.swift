/// A shape text keeps out of, with clear space around it (CSS's shape-margin): a picture's
/// outline, a pull quote's circle.
public struct Exclusion: Hashable, Sendable {
    public var shape: Shape
    /// Space kept clear round the shape, in points. A circle grows by exactly this; other
    /// shapes are padded by a square (the band is widened by it above and below, the spans
    /// on each side), which keeps at least this much space everywhere and a little more by
    /// corners and slopes.
    public var padding: Double

    public init(_ shape: Shape, padding: Double = 0) {
        self.shape = shape
        self.padding = max(0, padding)
    }

    /// The stretches of x the padded shape touches between `top` and `bottom`.
    public func coveredSpans(top: Double, bottom: Double) -> [HorizontalSpan] {
        guard padding > 0 else { return shape.coveredSpans(top: top, bottom: bottom) }
        if case .circle(let center, let radius) = shape {
            return Shape.circle(center: center, radius: radius + padding).coveredSpans(top: top, bottom: bottom)
        }
        let spans = shape.coveredSpans(top: top - padding, bottom: bottom + padding)
        return SpanList.normalized(spans.map { HorizontalSpan(minX: $0.minX - padding, maxX: $0.maxX + padding) })
    }
}
