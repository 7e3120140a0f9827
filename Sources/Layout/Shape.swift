/// A region of the page in layout coordinates (points, y down): something text keeps out of
/// (`Container.exclusions`) or the region a container fills instead of its rectangle
/// (`Container.shape`), like TextKit's exclusion paths and its circular text container.
///
/// Line layout needs one question answered: across a line's band, from `top` to `bottom`,
/// which stretches of x does the shape touch (`coveredSpans`, for keeping text out), and
/// which stretches lie inside it all the way down the band (`enclosedSpans`, for keeping text
/// in)? Both are exact: a circle's widest (or narrowest) extent over the band, not its width
/// at one y; a polygon's edges followed through the band.
public enum Shape: Hashable, Sendable {
    case rectangle(Rect)
    case circle(center: Point, radius: Double)
    /// An axis-aligned ellipse.
    case ellipse(center: Point, radiusX: Double, radiusY: Double)
    /// A closed polygon through `points` (the last joins the first). Which points are inside
    /// follows `fillRule`, as in PDF and SVG; a polygon that does not cross itself is the same
    /// under both.
    case polygon([Point], fillRule: FillRule = .nonZero)

    public enum FillRule: Hashable, Sendable {
        /// Inside where a ray crosses the outline an odd number of times: a star drawn in one
        /// stroke has a hole in the middle.
        case evenOdd
        /// Inside where the outline winds round the point at least once (SVG's default).
        case nonZero
    }

    /// The ellipse that fits `rect`.
    public static func ellipse(in rect: Rect) -> Shape {
        .ellipse(center: Point(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2),
                 radiusX: rect.width / 2, radiusY: rect.height / 2)
    }

    /// The smallest rectangle holding the shape.
    public var bounds: Rect {
        switch self {
        case .rectangle(let rect):
            return rect
        case .circle(let center, let radius):
            return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case .ellipse(let center, let radiusX, let radiusY):
            return Rect(x: center.x - radiusX, y: center.y - radiusY, width: 2 * radiusX, height: 2 * radiusY)
        case .polygon(let points, _):
            guard let first = points.first else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for point in points {
                minX = min(minX, point.x); maxX = max(maxX, point.x)
                minY = min(minY, point.y); maxY = max(maxY, point.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// The stretches of x where the shape has a point at some y between `top` and `bottom`:
    /// the union of its cross-sections over the band, sorted and disjoint. Spans of no width
    /// (a band that only grazes a circle, a polygon of no area) are left out.
    public func coveredSpans(top: Double, bottom: Double) -> [HorizontalSpan] {
        switch self {
        case .rectangle(let rect):
            guard top < rect.maxY, bottom > rect.minY, rect.width > 0 else { return [] }
            return [HorizontalSpan(minX: rect.minX, maxX: rect.maxX)]
        case .circle(let center, let radius):
            return Self.ellipseSpans(center: center, radiusX: radius, radiusY: radius, top: top, bottom: bottom, covered: true)
        case .ellipse(let center, let radiusX, let radiusY):
            return Self.ellipseSpans(center: center, radiusX: radiusX, radiusY: radiusY, top: top, bottom: bottom, covered: true)
        case .polygon(let points, let fillRule):
            return PolygonSpans(points: points, fillRule: fillRule).spans(top: top, bottom: bottom, covered: true)
        }
    }

    /// The stretches of x where the shape holds every y from `top` to `bottom`: the
    /// intersection of its cross-sections over the band, sorted and disjoint. Empty when the
    /// band reaches above or below the shape.
    public func enclosedSpans(top: Double, bottom: Double) -> [HorizontalSpan] {
        switch self {
        case .rectangle(let rect):
            guard top >= rect.minY, bottom <= rect.maxY, rect.width > 0, rect.height > 0 else { return [] }
            return [HorizontalSpan(minX: rect.minX, maxX: rect.maxX)]
        case .circle(let center, let radius):
            return Self.ellipseSpans(center: center, radiusX: radius, radiusY: radius, top: top, bottom: bottom, covered: false)
        case .ellipse(let center, let radiusX, let radiusY):
            return Self.ellipseSpans(center: center, radiusX: radiusX, radiusY: radiusY, top: top, bottom: bottom, covered: false)
        case .polygon(let points, let fillRule):
            return PolygonSpans(points: points, fillRule: fillRule).spans(top: top, bottom: bottom, covered: false)
        }
    }

    /// An ellipse is widest at its centre's height: over a band it covers its width at the y
    /// of the band nearest the centre, and encloses its width at the y farthest from it.
    private static func ellipseSpans(center: Point, radiusX: Double, radiusY: Double, top: Double, bottom: Double,
                                     covered: Bool) -> [HorizontalSpan] {
        guard radiusX > 0, radiusY > 0 else { return [] }
        let distance: Double
        if covered {
            distance = top <= center.y && center.y <= bottom ? 0 : min(abs(top - center.y), abs(bottom - center.y))
        } else {
            distance = max(abs(top - center.y), abs(bottom - center.y))
        }
        guard distance < radiusY else { return [] }
        let half = radiusX * (1 - (distance / radiusY) * (distance / radiusY)).squareRoot()
        guard half > 0 else { return [] }
        return [HorizontalSpan(minX: center.x - half, maxX: center.x + half)]
    }
}
