import Layout
import Text

extension BandSetter {
    /// The outline of a `<section shape=…>` inscribed in its band: a circle as wide as the
    /// band's smaller side, centred, or an ellipse filling the band.
    static func outline(_ shape: SectionShape, in band: Rect) -> Shape {
        switch shape {
        case .circle:
            let center = Point(x: band.minX + band.width / 2, y: band.minY + band.height / 2)
            return .circle(center: center, radius: min(band.width, band.height) / 2)
        case .ellipse:
            return .ellipse(in: band)
        }
    }

    /// A shaped section's band: one frame inside `shape`, from `start` (carrying on from
    /// `carried`) until the section ends at `end`, a page break, or the shape is full. Not balanced: the band keeps its height,
    /// so the next section starts below the whole shape, as a designer drew it.
    ///
    /// A shape that holds no line (too small for one, or covered by exclusions) takes nothing,
    /// and the caller moves on to the next page. Given a `fallback` (the band is the first on
    /// its page, so the next page would meet the same shape again), the text is set in that
    /// rectangle instead, which always takes a line: the text always goes on.
    func fill(_ shape: SectionShape, band: Rect, fallback: Rect?, from start: Int, to end: Int, carrying carried: FlowCarry,
              exclusions: [Exclusion]) -> Band {
        var result = framesetter.frame(in: Container(rect: band, shape: Self.outline(shape, in: band), exclusions: exclusions,
                                                     baselineGrid: grid),
                                       from: start, to: end, carrying: carried)
        var bottom = band.maxY
        if result.frame.visibleRange.upperBound <= start, let fallback {
            result = framesetter.frame(in: Container(rect: fallback, exclusions: exclusions, baselineGrid: grid), from: start, to: end,
                                       carrying: carried)
            bottom = result.frame.lines.last.map { max(band.maxY, $0.origin.y + $0.descent) } ?? band.maxY
        }
        let frame = result.frame
        let position = frame.visibleRange.upperBound
        let stop: Band.Stop
        if position >= end {
            stop = .sectionEnd
        } else if position > start, framesetter.text.forcedBreak(before: position) == .page {
            stop = .pageBreak
        } else {
            stop = .full
        }
        return Band(frames: [frame], end: max(position, start), carry: result.carry, stop: stop, bottom: bottom)
    }
}
