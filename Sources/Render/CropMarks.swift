import CCairo
import Layout

/// The trim marks of a `PrintSheet`: at each corner of the trim, one mark along each of its
/// edges' lines, beyond the bleed, as hairlines.
///
/// In a PDF they are drawn by the finishing step in registration colour (`RegistrationMarks`),
/// which Cairo cannot write; page images draw the same strokes here, in black.
struct CropMarks {
    var sheet: PrintSheet

    /// One straight mark, in the sheet's coordinates (origin at its top left, y down).
    struct Stroke: Equatable {
        var from: Point
        var to: Point
    }

    /// The marks round the trim of a page of `page`: eight strokes, none when the sheet has no marks.
    func strokes(for page: Size) -> [Stroke] {
        guard sheet.cropMarks else { return [] }
        let trim = sheet.trimBox(for: page)
        let start = sheet.markStart
        let end = start + PrintSheet.markLength
        let left = trim.origin.x, right = trim.origin.x + trim.size.width
        let top = trim.origin.y, bottom = trim.origin.y + trim.size.height
        var strokes: [Stroke] = []
        for (x, outwardX) in [(left, -1.0), (right, 1.0)] {
            for (y, outwardY) in [(top, -1.0), (bottom, 1.0)] {
                // The mark on the vertical edge's line, beyond the top or bottom edge.
                strokes.append(Stroke(from: Point(x: x, y: y + outwardY * start), to: Point(x: x, y: y + outwardY * end)))
                // The mark on the horizontal edge's line, beyond the left or right edge.
                strokes.append(Stroke(from: Point(x: x + outwardX * start, y: y), to: Point(x: x + outwardX * end, y: y)))
            }
        }
        return strokes
    }

    /// Draws the marks round the trim of a page of `page` on a sheet drawn in `context`'s
    /// sheet coordinates (origin at the sheet's top left): in page images, where black shows
    /// what registration colour prints as.
    func draw(for page: Size, in context: OpaquePointer) {
        let strokes = strokes(for: page)
        guard !strokes.isEmpty else { return }
        cairo_save(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        cairo_set_line_width(context, PrintSheet.markWidth)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        for stroke in strokes {
            cairo_move_to(context, stroke.from.x, stroke.from.y)
            cairo_line_to(context, stroke.to.x, stroke.to.y)
        }
        cairo_stroke(context)
        cairo_restore(context)
    }
}
