/// TeX's `\lineskip` rule: lines keep the pitch their line height gives unless a line's
/// text would print into what is above it (the line before, a drop cap's tail, a figure's
/// foot, the frame's top), and then it moves down until it does not (on a grid, by whole grid
/// lines, as the loop snaps it). A fixed pitch smaller than a run's text (`<font size="15">` in
/// 13 pt lines, a 16 pt deck on 11 pt lines, a taller fallback face) would otherwise overprint:
/// InDesign does, TeX and Typst do not, and typeset's pages go to press unseen.
///
/// As TeX's boxes are its glyphs' heights and depths, the distance is between the glyphs' ink,
/// not the faces' ascent and descent: a solid-set paragraph (10/10, whose faces' boxes overlap)
/// keeps its pitch, since its letters do not touch. The ink is looked at only where the
/// faces' boxes overlap, which under a line height that follows the text they never do.
struct LineSkip {
    /// How deep a line's ink may reach into the ink above before it moves: the page checker's
    /// tolerance for ink over ink (half a point, under a pixel at 72 dpi), so that a face a
    /// few hundredths of a point taller (an italic run) or a solid-set paragraph's 'p' over
    /// a 'd' does not push a line onto the next grid line and leave a blank one above it.
    static let tolerance = 0.5

    /// The lines of the band set last, which the next band's text keeps clear of.
    var above: [Line] = []
    /// What else the next band keeps clear of: the frame's top, a kept box's foot, the ink of a
    /// drop cap from its last line on.
    var floor: Double

    /// The baseline for `band`, lines set on one baseline proposed at `natural`: `natural`, or
    /// lower when their ink would reach into what is above.
    func baseline(for band: [Line], natural: Double) -> Double {
        let faceTop = natural - (band.map { Self.reach(of: $0, ink: false).above }.max() ?? -.infinity)
        let faceBottom = above.map { $0.origin.y + Self.reach(of: $0, ink: false).below }.max() ?? -.infinity
        guard faceTop < max(floor, faceBottom) - 1e-9 else { return natural }
        let inkTop = band.map { Self.reach(of: $0, ink: true).above }.max() ?? -.infinity
        let inkBottom = above.map { $0.origin.y + Self.reach(of: $0, ink: true).below }.max() ?? -.infinity
        let needed = max(floor, inkBottom) + inkTop
        return needed > natural + Self.tolerance ? needed : natural
    }

    /// The band just set becomes what is above; a line that holds a box (a figure kept in the
    /// column) is a floor at its foot.
    mutating func set(_ band: [Line]) {
        above = band.filter { !$0.runs.isEmpty }
        for line in band where line.box != nil { floor = max(floor, line.origin.y) }
    }

    /// How far `line`'s runs reach above and below its baseline: by their faces' ascent and
    /// descent, or by their glyphs' ink (a picture by its box).
    private static func reach(of line: Line, ink: Bool) -> (above: Double, below: Double) {
        var above = -Double.infinity, below = -Double.infinity
        for run in line.runs {
            guard ink, run.runDelegate == nil else {
                // A run raised or lowered (`baseline`, `<sup>`) reaches as far further.
                let box = run.typographicBounds()
                let raised = run.positions.map(\.y).min() ?? 0, lowered = run.positions.map(\.y).max() ?? 0
                above = max(above, -(box.minY + min(0, raised)))
                below = max(below, box.maxY + max(0, lowered))
                continue
            }
            for (glyph, position) in zip(run.glyphIDs, run.positions) {
                guard let glyphInk = run.font.ink(of: glyph, size: run.fontSize) else { continue }
                above = max(above, -(position.y + glyphInk.minY))
                below = max(below, position.y + glyphInk.maxY)
            }
        }
        return (above, below)
    }
}
