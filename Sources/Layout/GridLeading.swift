/// Where a band's baseline goes after the line above it on a baseline grid: its own line height
/// (its pitch) below the baseline before, plus the space between them, then down onto the grid —
/// as InDesign measures a line's leading from the baseline before. Without a grid a band is set
/// below the line box above (CSS's line boxes), and the two agree between lines of one size.
/// They part where a line with little leading follows one with much: a bold 11 pt heading on
/// 13.2 pt (0.46 pt of leading over it) after 9.5 pt text on 16 pt lines (3.2 pt under it), 16 pt
/// of space between, comes 32.3 pt below the baseline before box to box, 0.3 pt past the grid
/// line, and a grid rounds that up to a second blank grid line above the heading; pitched, it
/// needs 29.2. So on a grid a band rises from below the box above by as much as its own pitch
/// allows, but never so far that its faces' ascent comes within the descent above: nothing
/// overprints, and it never goes lower than the boxes put it.
struct GridLeading {
    /// The baseline of the band above, how far its line boxes reach below it (descent and half
    /// the leading), and its faces' deepest descent.
    var baseline: Double
    var depth: Double
    var descent: Double

    /// The band above: `lines` on one baseline, the next band starting at `next` (below their boxes).
    init(lines: [Line], next: Double) {
        baseline = lines.map(\.origin.y).max() ?? next
        depth = next - baseline
        descent = lines.map(\.descent).max() ?? 0
    }

    /// How far a band of `metrics`, proposed right below the boxes of the band above, rises:
    /// to where its baseline is its pitch below the baseline above (space aside), or its
    /// ascent below the descent above when that is lower; never down.
    func rise(of metrics: BandMetrics) -> Double {
        // A line of a float's anchors alone has no pitch: it stays where it is.
        guard metrics.advance > 0 else { return 0 }
        let boxesApart = depth + metrics.baseline
        return max(0, boxesApart - max(metrics.advance, descent + metrics.ascent))
    }
}
