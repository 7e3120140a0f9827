import CCairo
import Layout
import Text

/// Underlines, strike-through lines and backgrounds of glyph runs.
enum DecorationDrawer {
    /// Fills the run's box, from its font's ascent to its descent, behind its glyphs.
    static func drawBackground(_ color: Color, run: GlyphRun, line: Line, in context: OpaquePointer) {
        let bounds = run.typographicBounds()
        CairoPrintedColour.setSource(color, in: context)
        cairo_rectangle(context, line.origin.x + bounds.minX, line.origin.y + bounds.minY - run.attributes.baselineOffset,
                        bounds.width, bounds.height)
        cairo_fill(context)
    }

    static func drawDecorations(of run: GlyphRun, line: Line, in context: OpaquePointer) {
        let attributes = run.attributes
        guard attributes.underline != nil || attributes.strikethrough != nil else { return }
        let metrics = run.font.decorationMetrics(at: run.fontSize)
        // Lines follow raised and lowered text.
        let baseline = line.origin.y - attributes.baselineOffset
        let start = line.origin.x + run.x
        if let underline = attributes.underline {
            draw(underline, centreY: baseline + metrics.underlinePosition, thickness: metrics.underlineThickness,
                 from: start, width: run.width, textColor: attributes.color, in: context)
        }
        if let strike = attributes.strikethrough {
            draw(strike, centreY: baseline - metrics.strikeoutPosition + metrics.strikeoutThickness / 2,
                 thickness: metrics.strikeoutThickness, from: start, width: run.width, textColor: attributes.color, in: context)
        }
    }

    private static func draw(_ decoration: TextDecoration, centreY: Double, thickness: Double, from x: Double, width: Double,
                             textColor: Color, in context: OpaquePointer) {
        let color = decoration.color ?? textColor
        cairo_save(context)
        CairoPrintedColour.setSource(color, in: context)
        var lineWidth = thickness
        var offsets = [0.0]
        switch decoration.style {
        case .single: break
        case .thick: lineWidth = thickness * 2
        case .double: offsets = [-thickness, thickness]
        case .dotted:
            var dash: [Double] = [0, thickness * 2.5]
            cairo_set_dash(context, &dash, 2, 0)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            lineWidth = thickness * 1.3
        case .dashed:
            var dash: [Double] = [thickness * 4, thickness * 2.5]
            cairo_set_dash(context, &dash, 2, 0)
        }
        cairo_set_line_width(context, lineWidth)
        for offset in offsets {
            cairo_move_to(context, x, centreY + offset)
            cairo_line_to(context, x + width, centreY + offset)
        }
        cairo_stroke(context)
        cairo_restore(context)
    }
}
