/// A stretch of x from `minX` to `maxX`: what a shape covers, or a container leaves usable,
/// across one line's band.
public struct HorizontalSpan: Hashable, Sendable {
    public var minX: Double
    public var maxX: Double

    public init(minX: Double, maxX: Double) {
        self.minX = minX
        self.maxX = maxX
    }

    public var width: Double { maxX - minX }
}

/// Operations on lists of spans kept sorted by `minX` and disjoint, which is how shapes
/// return them.
enum SpanList {
    /// The spans merged where they overlap or touch, sorted; empty spans dropped.
    static func normalized(_ spans: [HorizontalSpan]) -> [HorizontalSpan] {
        let sorted = spans.filter { $0.maxX > $0.minX }.sorted { $0.minX < $1.minX }
        var merged: [HorizontalSpan] = []
        for span in sorted {
            if let last = merged.last, span.minX <= last.maxX {
                merged[merged.count - 1].maxX = max(last.maxX, span.maxX)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// Where both lists cover.
    static func intersection(_ a: [HorizontalSpan], _ b: [HorizontalSpan]) -> [HorizontalSpan] {
        var result: [HorizontalSpan] = []
        var i = 0, j = 0
        while i < a.count, j < b.count {
            let low = max(a[i].minX, b[j].minX), high = min(a[i].maxX, b[j].maxX)
            if high > low { result.append(HorizontalSpan(minX: low, maxX: high)) }
            if a[i].maxX < b[j].maxX { i += 1 } else { j += 1 }
        }
        return result
    }

    /// What `a` covers and `b` does not.
    static func subtracting(_ b: [HorizontalSpan], from a: [HorizontalSpan]) -> [HorizontalSpan] {
        guard !b.isEmpty else { return a }
        var result: [HorizontalSpan] = []
        for span in a {
            var start = span.minX
            for cut in b where cut.maxX > start && cut.minX < span.maxX {
                if cut.minX > start { result.append(HorizontalSpan(minX: start, maxX: cut.minX)) }
                start = max(start, cut.maxX)
            }
            if span.maxX > start { result.append(HorizontalSpan(minX: start, maxX: span.maxX)) }
        }
        return result
    }
}
