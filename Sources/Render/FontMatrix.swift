import CCairo

/// The size glyphs are drawn at, widened by justification's glyph scaling: Cairo writes the
/// scale into the PDF's text matrix, so the face is embedded once however many widths a page
/// uses, and text extraction is unchanged.
enum FontMatrix {
    static func set(size: Double, horizontalScale: Double, in context: OpaquePointer) {
        guard horizontalScale != 1 else {
            cairo_set_font_size(context, size)
            return
        }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, size * horizontalScale, size)
        cairo_set_font_matrix(context, &matrix)
    }
}
