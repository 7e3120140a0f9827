import CCairo
import Layout
import Text

/// The leaders of a line's tabs (`LineLeader`): marks drawn as shapes in the tab's colour, not
/// as characters, so that the page reads "Salt from the Sea 5" and not a row of full stops
/// (the caller marks them as an artifact). Each mark stands on the leader's pitch from the
/// page's edge, so the leaders of a contents list line up in columns.
enum TabLeaderDrawer {
    /// A dot's diameter, a dash's length and a rule's thickness, in ems of the tab's size:
    /// about a full stop of a book face.
    static let dotSize = 0.11
    static let dashLength = 0.28
    static let ruleThickness = 0.05

    static func draw(_ leaders: [LineLeader], of line: Line, in context: OpaquePointer) {
        for leader in leaders {
            let size = leader.fontSize, baseline = line.origin.y
            cairo_save(context)
            defer { cairo_restore(context) }
            CairoPrintedColour.setSource(leader.color, in: context)
            switch leader.leader {
            case .dots:
                let radius = dotSize * size / 2
                for x in leader.markCentres(lineX: line.origin.x) {
                    cairo_new_sub_path(context)
                    cairo_arc(context, x, baseline - radius, radius, 0, 2 * Double.pi)
                }
                cairo_fill(context)
            case .dashes:
                let half = dashLength * size / 2, thickness = ruleThickness * size
                for x in leader.markCentres(lineX: line.origin.x) {
                    cairo_rectangle(context, x - half, baseline - 0.25 * size - thickness / 2, 2 * half, thickness)
                }
                cairo_fill(context)
            case .rule:
                // One rule from the first mark's place to the last's: flush with neither text.
                let centres = leader.markCentres(lineX: line.origin.x)
                guard let first = centres.first, let last = centres.last else { continue }
                let half = LineLeader.pitch * size / 4, thickness = ruleThickness * size
                cairo_rectangle(context, first - half, baseline - thickness, last - first + 2 * half, thickness)
                cairo_fill(context)
            }
        }
    }
}
