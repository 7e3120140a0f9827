import CCairo
import Layout

/// Draws the trim marks of a `PrintSheet`: at each corner of the trim, one mark along each of
/// its edges' lines, beyond the bleed, as hairlines in solid black.
struct CropMarks {
    var sheet: PrintSheet

    /// Draws the marks round the trim of a page of `page` on a sheet drawn in `context`'s
    /// sheet coordinates (origin at the sheet's top left).
    func draw(for page: Size, in context: OpaquePointer) {
        guard sheet.cropMarks else { return }
        let trim = sheet.trimBox(for: page)
        let start = sheet.markStart
        let end = start + PrintSheet.markLength
        cairo_save(context)
        // Registration colour proper (a separation named All, on every plate) is a colour
        // space Cairo cannot write; it belongs with the PDF/X output intent.
        cairo_set_source_rgb(context, 0, 0, 0)
        cairo_set_line_width(context, PrintSheet.markWidth)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        let left = trim.origin.x, right = trim.origin.x + trim.size.width
        let top = trim.origin.y, bottom = trim.origin.y + trim.size.height
        for (x, outwardX) in [(left, -1.0), (right, 1.0)] {
            for (y, outwardY) in [(top, -1.0), (bottom, 1.0)] {
                // The mark on the vertical edge's line, beyond the top or bottom edge.
                cairo_move_to(context, x, y + outwardY * start)
                cairo_line_to(context, x, y + outwardY * end)
                // The mark on the horizontal edge's line, beyond the left or right edge.
                cairo_move_to(context, x + outwardX * start, y)
                cairo_line_to(context, x + outwardX * end, y)
            }
        }
        cairo_stroke(context)
        cairo_restore(context)
    }
}
