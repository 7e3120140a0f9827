import Text

/// The exclusion of a picture floated with `wrap="contour"`: its contour's bands placed on the
/// picture's rect, each grown by the margin on every side but the top of the picture (the lines
/// above its anchor's line were set without it), and joined into one staircase polygon — the
/// left edge down, the right edge back up — whose covered spans are the bands' exact extents.
/// Each band reaches to the picture's outer side, against the column's edge: text flows on the
/// inner side only, never into a gap between the picture and the column's edge.
enum ContourExclusion {
    static func shape(_ contour: PictureContour, in rect: Rect, side: PictureFloat.Side, margin: Double) -> Shape {
        let grown = contour.bands.map { band in
            (top: max(rect.minY, rect.minY + band.top * rect.height - margin),
             bottom: rect.minY + band.bottom * rect.height + margin,
             left: side == .left ? rect.minX : rect.minX + band.left * rect.width - margin,
             right: side == .right ? rect.maxX : rect.minX + band.right * rect.width + margin)
        }
        // Between consecutive edges the same grown bands overlap: each slab's extent is theirs.
        let edges = Set(grown.flatMap { [$0.top, $0.bottom] }).sorted()
        var slabs: [(top: Double, bottom: Double, left: Double, right: Double)] = []
        for (top, bottom) in zip(edges, edges.dropFirst()) {
            let over = grown.filter { $0.top < bottom && $0.bottom > top }
            guard let left = over.map(\.left).min(), let right = over.map(\.right).max() else { continue }
            if let last = slabs.last, last.bottom == top, last.left == left, last.right == right {
                slabs[slabs.count - 1].bottom = bottom
            } else {
                slabs.append((top, bottom, left, right))
            }
        }
        // A gap between slabs (transparent rows taller than twice the margin) is bridged by the
        // polygon's slanted edges: holes and gaps do not matter for wrapping.
        let leftEdge = slabs.flatMap { [Point(x: $0.left, y: $0.top), Point(x: $0.left, y: $0.bottom)] }
        let rightEdge = slabs.reversed().flatMap { [Point(x: $0.right, y: $0.bottom), Point(x: $0.right, y: $0.top)] }
        return .polygon(leftEdge + rightEdge)
    }
}
