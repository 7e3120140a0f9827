import CCairo
import Layout

/// Draws a drop cap's initial as filled outlines, not as text: its letter is read from the
/// text of the line beside it (see PageDrawer's clusters), so that "The" extracts as one
/// word rather than as a large "T" apart from "he".
enum InitialDrawer {
    static func draw(_ initial: DropInitial, of line: Line, face: OpaquePointer, in context: OpaquePointer) {
        guard !initial.glyphIDs.isEmpty else { return }
        var glyphs = zip(initial.glyphIDs, initial.positions).map { glyph, position in
            cairo_glyph_t(index: UInt(glyph), x: line.origin.x + position.x, y: line.origin.y + position.y)
        }
        let color = initial.color
        cairo_save(context)
        cairo_set_font_face(context, face)
        cairo_set_font_size(context, initial.size)
        cairo_new_path(context)
        cairo_glyph_path(context, &glyphs, Int32(glyphs.count))
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_fill(context)
        cairo_restore(context)
    }
}
