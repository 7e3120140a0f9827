import Layout

/// The one rule for how far a glyph's ink may reach past the area it was set in (a column's
/// frame, a box's text area): the page checker's `AreaCheck` on drawn pages and the tests'
/// `FrameInkCheck` on laid-out ones both ask it, so that the two cannot judge a page apart.
///
/// Ink, not the face's box: under a fixed line height tighter than its text (13.75 pt display
/// text on a body's 12 pt) a line's face reaches above its line box, and a box's or a column's
/// first line's face above the area — as the half-leading of CSS and InDesign's first baseline
/// at the leading set it. What prints is held: the layout keeps the ink below the area's top
/// (`LineSkip`'s floor) and the checker holds it there (docs/pipeline.md, "A line's ink, not its
/// face, is held to its area").
///
/// What may reach past, and by how much (measured on every fixture's pages: ink reaches past
/// the frame by at most 0.04 em sideways — a j's tail at a line's start, an italic M's
/// 0.019 em at its end — and 0.002 em below):
/// - every glyph, `tolerance` (half a point, well under a pixel at 72 dpi) and
///   `sideBearingShare` of its size sideways: an italic's overhang, a roman f's hook or a j's
///   tail reach past the advance by design;
/// - every glyph, `verticalShare` of its size above or below: accents over capitals and
///   descenders at a column's edges;
/// - hanging punctuation, `hangingShare` of its advance more sideways (Layout's Protrusion);
/// - ink the face draws past the glyph's own advance (an italic f's hook, 0.14 em in
///   Liberation Serif Italic, reaching out of a line that ends in a hanging hyphen).
public enum InkAllowance {
    public static let tolerance = 0.5
    public static let sideBearingShare = 0.06
    public static let verticalShare = 0.1
    public static let hangingShare = 0.7

    /// How much further than allowed the `ink` of a glyph of `size`, advancing from
    /// `advanceMinX` to `advanceMaxX`, reaches past `area` (0 or less: it does not). `hangs`: a
    /// punctuation mark that may hang into the margin; `above`: what it may rise above the area's
    /// top, when not the share of its own size (a drop cap's initial: AreaCheck).
    public static func excess(ink: Rect, advanceMinX: Double, advanceMaxX: Double, size: Double, hangs: Bool,
                              above: Double? = nil, in area: Rect) -> Double {
        let side = reach(ink: ink, advanceMinX: advanceMinX, advanceMaxX: advanceMaxX, size: size, hangs: hangs, above: above, in: area)
        return side.past - side.allowed
    }

    /// How far the ink reaches past `area` on the side where it goes furthest beyond what it may,
    /// and what it may there: both figures a message needs (an excess alone rounds to "0.0 pt").
    public static func reach(ink: Rect, advanceMinX: Double, advanceMaxX: Double, size: Double, hangs: Bool,
                             above: Double? = nil, in area: Rect) -> (past: Double, allowed: Double) {
        var sideways = tolerance + sideBearingShare * size
        if hangs { sideways += hangingShare * (advanceMaxX - advanceMinX) }
        // Ink the face itself puts past the glyph's advance (an italic f's hook).
        let overhangLeft = max(0, advanceMinX - ink.minX), overhangRight = max(0, ink.maxX - advanceMaxX)
        let vertical = tolerance + verticalShare * size
        let sides = [(area.minX - ink.minX, sideways + overhangLeft), (ink.maxX - area.maxX, sideways + overhangRight),
                     (area.minY - ink.minY, above ?? vertical), (ink.maxY - area.maxY, vertical)]
        let furthest = sides.max { $0.0 - $0.1 < $1.0 - $1.1 } ?? (0, 0)
        return (furthest.0, furthest.1)
    }
}
