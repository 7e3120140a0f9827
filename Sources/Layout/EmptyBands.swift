extension FrameSetting {
    /// Where a band with no usable stretch at `top` goes next: the first top below it, a whole
    /// number of `bandStep`s down, whose band (as tall as `band`) has a stretch at least
    /// `narrowest` wide; the container's bottom or below when none has. It steps down a
    /// line's height at a time, then halves back to within a step: a column of stretches too
    /// narrow to use (beside a tangled exclusion, a shape's narrow end) costs a query a line
    /// rather than a query a point, each query following every edge of the obstacles. It
    /// lands where stepping a point at a time does, except that a usable stretch shorter than
    /// a line's height between two unusable ones may be passed over.
    static func nextBandWithStretches(in container: Container, below top: Double, band: BandMetrics, narrowest: Double) -> Double {
        func bandTop(_ steps: Int) -> Double { top + Double(steps) * bandStep }
        func hasStretch(_ steps: Int) -> Bool {
            !container.lineFragments(top: bandTop(steps) + band.upper, height: band.height, narrowest: narrowest).isEmpty
        }
        let stride = max(1, Int((band.advance / bandStep).rounded(.down)))
        var low = 0, high = stride
        while bandTop(high) < container.rect.maxY, !hasStretch(high) {
            low = high
            high += stride
        }
        guard bandTop(high) < container.rect.maxY else { return bandTop(high) }
        while high - low > 1 {
            let middle = (low + high) / 2
            if hasStretch(middle) { high = middle } else { low = middle }
        }
        return bandTop(high)
    }

    /// How far below the top `nextBandWithStretches` found its search read the container, at
    /// most: a stride past it (a line's height, or a step), and the band's height.
    static func searchedPast(band: BandMetrics) -> Double {
        max(band.advance, bandStep) + band.upper + max(0, band.height)
    }
}
