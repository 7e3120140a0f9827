import CCairo
import Layout
import Text

/// The leaders of a line's tabs (`LineLeader`): marks drawn as shapes in the tab's colour, not
/// as characters, so that the page reads "Salt from the Sea 5" and not a row of full stops
/// (the caller marks them as an artifact). Each mark stands on the leader's pitch from the
/// page's edge, so the leaders of a contents list line up in columns.
///
/// A leader is one path whatever its length: dots and dashes are a dashed stroke from the first
/// mark to the last, a rule a rectangle. A dot is a dash of next to no length with a round cap,
/// which PDF paints as a disc the line's width across (ISO 32000-1, 8.4.3.6); drawn as a circle each,
/// a phone directory's 604,000 dots were 90 MB of content (docs/pipeline.md, "Speed: drawing and
/// the content streams").
enum TabLeaderDrawer {
    /// A dot's diameter, a dash's length and a rule's thickness, in ems of the tab's size:
    /// about a full stop of a book face.
    static let dotSize = 0.11
    static let dashLength = 0.28
    static let ruleThickness = 0.05
    /// A dot's dash, in points: not zero, because pdfium lengthens a zero-length dash to 0.1
    /// unit, and a leader's dots then drift 0.1 point a dot off their pitch.
    static let dotDashLength = 0.01

    static func draw(_ leaders: [LineLeader], of line: Line, in context: OpaquePointer) {
        for leader in leaders {
            guard let marks = leader.markSpan(lineX: line.origin.x) else { continue }
            let size = leader.fontSize, baseline = line.origin.y
            cairo_save(context)
            defer { cairo_restore(context) }
            CairoPrintedColour.setSource(leader.color, in: context)
            switch leader.leader {
            case .dots:
                // The path runs half a pitch past the last dot, so that rounding cannot drop it.
                let diameter = dotSize * size
                strokeDashed(from: marks.lowerBound - dotDashLength / 2, to: marks.upperBound + leader.step / 2, y: baseline - diameter / 2,
                             width: diameter, dash: dotDashLength, step: leader.step, cap: CAIRO_LINE_CAP_ROUND, in: context)
            case .dashes:
                let length = dashLength * size
                strokeDashed(from: marks.lowerBound - length / 2, to: marks.upperBound + length / 2, y: baseline - 0.25 * size,
                             width: ruleThickness * size, dash: length, step: leader.step, cap: CAIRO_LINE_CAP_BUTT, in: context)
            case .rule:
                // One rule from the first mark's place to the last's: flush with neither text.
                let half = leader.step / 4, thickness = ruleThickness * size
                cairo_rectangle(context, marks.lowerBound - half, baseline - thickness, marks.upperBound - marks.lowerBound + 2 * half, thickness)
                cairo_fill(context)
            }
        }
    }

    /// A horizontal line at `y` stroked `width` thick, a `dash` long mark every `step` from its
    /// start: the start of the first mark, on the pitch from the page's edge, so that the
    /// pattern needs no phase for the marks of lines one above another to stand in columns.
    private static func strokeDashed(from start: Double, to end: Double, y: Double, width: Double, dash: Double, step: Double,
                                     cap: cairo_line_cap_t, in context: OpaquePointer) {
        let pattern = [dash, step - dash]
        cairo_set_dash(context, pattern, Int32(pattern.count), 0)
        cairo_set_line_cap(context, cap)
        cairo_set_line_width(context, width)
        cairo_move_to(context, start, y)
        cairo_line_to(context, end, y)
        cairo_stroke(context)
    }
}
