/// A polygon's spans over a band, found by following its edges through the band.
///
/// The band is cut into slabs at the y of every vertex inside it (and, for an outline that
/// crosses itself, where two edges cross). Within a slab the same edges cross every y, in the
/// same order, so the inside is a row of trapezoids, each between a left and a right edge:
/// over the slab a trapezoid covers from the leftmost to the rightmost x of its two edges, and
/// encloses from the rightmost x of its left edge to the leftmost of its right edge. The band
/// covers what any slab covers, and encloses what every slab encloses.
struct PolygonSpans {
    let points: [Point]
    let fillRule: Shape.FillRule

    /// An edge that is not horizontal (horizontal edges cross no y, so they bound nothing).
    private struct Edge {
        var start: Point
        var end: Point
        /// +1 going down the page, −1 going up: what the edge adds to the winding number.
        var winding: Int
        var minY: Double { min(start.y, end.y) }
        var maxY: Double { max(start.y, end.y) }

        func x(at y: Double) -> Double {
            start.x + (y - start.y) * (end.x - start.x) / (end.y - start.y)
        }
    }

    func spans(top: Double, bottom: Double, covered: Bool) -> [HorizontalSpan] {
        guard points.count >= 3 else { return [] }
        var edges: [Edge] = []
        for index in points.indices {
            let start = points[index], end = points[(index + 1) % points.count]
            guard start.y != end.y else { continue }
            let edge = Edge(start: start, end: end, winding: end.y > start.y ? 1 : -1)
            if edge.minY <= bottom, edge.maxY >= top { edges.append(edge) }
        }
        // A band of no height is the cross-section at its y.
        guard bottom > top else {
            let crossing = edges.filter { $0.minY <= top && top < $0.maxY }
            return SpanList.normalized(trapezoids(crossing, at: top).map { HorizontalSpan(minX: $0.left.x(at: top), maxX: $0.right.x(at: top)) })
        }
        var cuts = [top, bottom]
        for point in points where point.y > top && point.y < bottom { cuts.append(point.y) }
        cuts.sort()
        var result: [HorizontalSpan]? = nil
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
            let slab = slabSpans(from: a, to: b, edges: edges, covered: covered, depth: 0)
            if let sofar = result {
                result = covered ? sofar + slab : SpanList.intersection(sofar, slab)
            } else {
                result = slab
            }
            if !covered, result?.isEmpty == true { return [] }
        }
        return SpanList.normalized(result ?? [])
    }

    /// The spans over a slab that no vertex lies strictly inside.
    private func slabSpans(from a: Double, to b: Double, edges: [Edge], covered: Bool, depth: Int) -> [HorizontalSpan] {
        let middle = (a + b) / 2
        let crossing = edges.filter { $0.minY < middle && middle < $0.maxY }.sorted { $0.x(at: middle) < $1.x(at: middle) }
        // Edges that change order within the slab cross inside it: cut the slab there too.
        if depth < 32, let cut = crossingY(of: crossing, from: a, to: b) {
            let upper = slabSpans(from: a, to: cut, edges: edges, covered: covered, depth: depth + 1)
            let lower = slabSpans(from: cut, to: b, edges: edges, covered: covered, depth: depth + 1)
            return covered ? SpanList.normalized(upper + lower) : SpanList.intersection(upper, lower)
        }
        var spans: [HorizontalSpan] = []
        // A trapezoid of no width (two edges on one line: a polygon of no area) holds nothing.
        for (left, right) in trapezoids(crossing, at: middle) where right.x(at: middle) - left.x(at: middle) > 1e-9 {
            let leftA = left.x(at: a), leftB = left.x(at: b), rightA = right.x(at: a), rightB = right.x(at: b)
            let span = covered
                ? HorizontalSpan(minX: min(leftA, leftB), maxX: max(rightA, rightB))
                : HorizontalSpan(minX: max(leftA, leftB), maxX: min(rightA, rightB))
            if span.width > 0 { spans.append(span) }
        }
        return covered ? SpanList.normalized(spans) : spans
    }

    /// Pairs of edges (left, right) between which the polygon is inside, for `crossing`
    /// sorted by x at `y`. Edges the inside goes on across are passed over, so each pair is a
    /// whole stretch of the inside.
    private func trapezoids(_ crossing: [Edge], at y: Double) -> [(left: Edge, right: Edge)] {
        let sorted = crossing.sorted { $0.x(at: y) < $1.x(at: y) }
        var result: [(left: Edge, right: Edge)] = []
        var winding = 0
        var left: Edge?
        for edge in sorted {
            let wasInside = isInside(winding)
            winding += edge.winding
            let inside = isInside(winding)
            if !wasInside, inside { left = edge }
            if wasInside, !inside, let start = left {
                result.append((start, edge))
                left = nil
            }
        }
        return result
    }

    private func isInside(_ winding: Int) -> Bool {
        fillRule == .nonZero ? winding != 0 : winding % 2 != 0
    }

    /// Where, strictly inside the slab, the first pair of edges whose order at `a` or `b`
    /// differs from their order at the middle crosses; nil when the order holds throughout.
    private func crossingY(of sorted: [Edge], from a: Double, to b: Double) -> Double? {
        let tolerance = 1e-9
        var swapped = false
        for (first, second) in zip(sorted, sorted.dropFirst())
        where first.x(at: a) > second.x(at: a) + tolerance || first.x(at: b) > second.x(at: b) + tolerance {
            swapped = true
            break
        }
        guard swapped else { return nil }
        var best: Double?
        for i in sorted.indices {
            for j in sorted.indices where j > i {
                // x_i(y) − x_j(y) is linear in y: where it is zero.
                let da = sorted[i].x(at: a) - sorted[j].x(at: a), db = sorted[i].x(at: b) - sorted[j].x(at: b)
                guard (da < 0) != (db < 0), da != db else { continue }
                let y = a + (b - a) * da / (da - db)
                if y > a + tolerance, y < b - tolerance, y < (best ?? .infinity) { best = y }
            }
        }
        return best
    }
}
