/// A polygon's spans over a band, found by following its edges through the band.
///
/// The band is cut into slabs at the y of every vertex inside it (and, for an outline that
/// crosses itself, where two edges cross). Within a slab the same edges cross every y, in the
/// same order, so the inside is a row of trapezoids, each between a left and a right edge:
/// over the slab a trapezoid covers from the leftmost to the rightmost x of its two edges, and
/// encloses from the rightmost x of its left edge to the leftmost of its right edge. The band
/// covers what any slab covers, and encloses what every slab encloses.
///
/// The slabs are followed from the top down, each crossing found between two edges that are
/// neighbours in x, so a slab costs a sort of the edges through it; the sweep stops as soon
/// as no slab below can change the answer; `workBudget` bounds what a tangle costs.
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
        // Covered spans reach no further than the edges over the band.
        var sweep = Sweep(covered: covered, reach: boundingSpans(from: top, to: bottom, edges: edges, covered: covered).first)
        for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
            guard sweep.workLeft > 0 else {
                _ = sweep.add(boundingSpans(from: a, to: bottom, edges: edges, covered: covered))
                break
            }
            // Between two vertices the edges that meet the slab run through all of it.
            let through = edges.filter { $0.minY <= a && b <= $0.maxY }
            guard follow(from: a, to: b, edges: through, into: &sweep) else { break }
        }
        return SpanList.normalized(sweep.result)
    }

    /// The spans found so far over the band's slabs, from the top down, and what is left to find.
    private struct Sweep {
        let covered: Bool
        /// Covered: the most the band can cover (every edge's extent over it); once covered,
        /// the slabs below add nothing.
        let reach: HorizontalSpan?
        var result: [HorizontalSpan] = []
        var started = false
        /// How many more edges may be sorted to follow slabs exactly; past them, what the rest
        /// of the band holds is bounded from the safe side (see `workBudget`).
        var workLeft = PolygonSpans.workBudget

        /// Adds a slab's spans; false when the slabs below cannot change the result.
        mutating func add(_ spans: [HorizontalSpan]) -> Bool {
            if covered {
                result = SpanList.normalized(result + spans)
                if let reach, result.count == 1, result[0].minX <= reach.minX, result[0].maxX >= reach.maxX { return false }
            } else {
                result = started ? SpanList.intersection(result, spans) : spans
                if result.isEmpty { return false }
            }
            started = true
            return true
        }
    }

    /// An outline of random points crosses itself O(n²) times, so a band can hold thousands
    /// of crossings, each a slab: past this many edges sorted, the rest of a band is taken
    /// whole, as covering from its leftmost edge to its rightmost and enclosing nothing. That
    /// keeps text out of at least the shape and never puts it outside it, and bounds the work
    /// on a band whatever the outline. Only a tangle reaches it: a band of a convex outline
    /// sorts two edges a vertex, one of 1,000 random points a few hundred a crossing.
    static let workBudget = 20_000

    /// Adds to `sweep` the spans over a slab that no vertex lies strictly inside, through
    /// which `edges` run; false when the slabs below cannot change the result. Where two edges
    /// cross within it, their order changes and so do the trapezoids: the slab is followed down
    /// from crossing to crossing, each the first between two neighbours in the order of the
    /// edges just below the last (the first crossing of all is always between neighbours, as in
    /// a plane sweep).
    private func follow(from a: Double, to b: Double, edges: [Edge], into sweep: inout Sweep) -> Bool {
        var from = a
        while from < b {
            guard sweep.workLeft > 0 else {
                return sweep.add(boundingSpans(from: from, to: b, edges: edges, covered: sweep.covered))
            }
            sweep.workLeft -= edges.count
            var to = firstCrossing(of: edges, from: from, to: b) ?? b
            // Rounding where two edges crossed can leave them out of order at `from`, hiding a
            // neighbour's crossing: cut earlier wherever the order does not hold to the slab's ends.
            var ordered = false
            while sweep.workLeft > 0 {
                sweep.workLeft -= edges.count
                guard let earlier = crossingOutOfOrder(edges, from: from, to: to) else {
                    ordered = true
                    break
                }
                to = earlier
            }
            guard ordered else { return sweep.add(boundingSpans(from: from, to: b, edges: edges, covered: sweep.covered)) }
            guard sweep.add(elementarySpans(from: from, to: to, edges: edges, covered: sweep.covered)) else { return false }
            from = to
        }
        return true
    }

    /// Where, strictly inside the slab from `a` to `b`, two edges neighbouring in their order
    /// just below `a` first cross; nil when none do.
    private func firstCrossing(of edges: [Edge], from a: Double, to b: Double) -> Double? {
        let tolerance = 1e-9
        // Ordered at `a`, and where two meet there (the crossing just passed), by where they go.
        let sorted = edges.map { (edge: $0, a: $0.x(at: a), b: $0.x(at: b)) }
            .sorted { $0.a != $1.a ? $0.a < $1.a : $0.b < $1.b }
        var first: Double?
        for (left, right) in zip(sorted, sorted.dropFirst()) {
            // x_left(y) − x_right(y) is linear in y: where it turns from negative to positive.
            let da = left.a - right.a, db = left.b - right.b
            guard da < 0, db > 0 else { continue }
            let y = a + (b - a) * da / (da - db)
            if y > a + tolerance, y < b - tolerance, y < (first ?? .infinity) { first = y }
        }
        return first
    }

    /// Where, strictly inside the slab, the first pair of edges neighbouring at its middle and
    /// in the other order at one of its ends crosses; nil when the order holds throughout.
    private func crossingOutOfOrder(_ edges: [Edge], from a: Double, to b: Double) -> Double? {
        let tolerance = 1e-9
        let middle = (a + b) / 2
        let sorted = edges.map { (edge: $0, x: $0.x(at: middle)) }.sorted { $0.x < $1.x }.map(\.edge)
        var first: Double?
        for (left, right) in zip(sorted, sorted.dropFirst()) {
            let da = left.x(at: a) - right.x(at: a), db = left.x(at: b) - right.x(at: b)
            guard da > tolerance || db > tolerance, (da < 0) != (db < 0), da != db else { continue }
            let y = a + (b - a) * da / (da - db)
            if y > a + tolerance, y < b - tolerance, y < (first ?? .infinity) { first = y }
        }
        return first
    }

    /// The spans over a slab in which no edges cross: a row of trapezoids.
    private func elementarySpans(from a: Double, to b: Double, edges: [Edge], covered: Bool) -> [HorizontalSpan] {
        let middle = (a + b) / 2
        var spans: [HorizontalSpan] = []
        // A trapezoid of no width (two edges on one line: a polygon of no area) holds nothing.
        for (left, right) in trapezoids(edges, at: middle) where right.x(at: middle) - left.x(at: middle) > 1e-9 {
            let leftA = left.x(at: a), leftB = left.x(at: b), rightA = right.x(at: a), rightB = right.x(at: b)
            let span = covered
                ? HorizontalSpan(minX: min(leftA, leftB), maxX: max(rightA, rightB))
                : HorizontalSpan(minX: max(leftA, leftB), maxX: min(rightA, rightB))
            if span.width > 0 { spans.append(span) }
        }
        return covered ? SpanList.normalized(spans) : spans
    }

    /// The safe side of the band from `a` to `b`, not followed slab by slab: covering from the
    /// leftmost x of the edges over it to the rightmost, enclosing nothing.
    private func boundingSpans(from a: Double, to b: Double, edges: [Edge], covered: Bool) -> [HorizontalSpan] {
        guard covered else { return [] }
        var minX = Double.infinity, maxX = -Double.infinity
        for edge in edges where edge.minY <= b && edge.maxY >= a {
            for x in [edge.x(at: max(a, edge.minY)), edge.x(at: min(b, edge.maxY))] {
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
        }
        return minX < maxX ? [HorizontalSpan(minX: minX, maxX: maxX)] : []
    }

    /// Pairs of edges (left, right) between which the polygon is inside, for `crossing`
    /// sorted by x at `y`. Edges the inside goes on across are passed over, so each pair is a
    /// whole stretch of the inside.
    private func trapezoids(_ crossing: [Edge], at y: Double) -> [(left: Edge, right: Edge)] {
        let sorted = crossing.map { (edge: $0, x: $0.x(at: y)) }.sorted { $0.x < $1.x }.map(\.edge)
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
}
