import Layout
import Markup

extension ExclusionDeclaration {
    /// The layout's exclusion for this `<exclusion>`: page coordinates are layout coordinates
    /// (points, y down from the page's top-left corner), so nothing moves.
    public var exclusion: Exclusion {
        let shape: Shape
        switch outline {
        case let .circle(cx, cy, r):
            shape = .circle(center: Point(x: cx, y: cy), radius: r)
        case let .ellipse(cx, cy, rx, ry):
            shape = .ellipse(center: Point(x: cx, y: cy), radiusX: rx, radiusY: ry)
        case let .rect(x, y, width, height):
            shape = .rectangle(Rect(x: x, y: y, width: width, height: height))
        case let .polygon(points):
            shape = .polygon(points.map { Point(x: $0.x, y: $0.y) })
        }
        return Exclusion(shape, padding: padding)
    }

    /// The declarations' exclusions, by the page they are on.
    public static func byPage(_ declarations: [ExclusionDeclaration]) -> [Int: [Exclusion]] {
        Dictionary(grouping: declarations, by: \.page).mapValues { $0.map(\.exclusion) }
    }
}
