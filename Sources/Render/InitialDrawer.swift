import CCairo
import Layout

/// Draws a drop cap's initial as glyphs whose text is empty: its letter is read from the text
/// of the line beside it (see PageDrawer's clusters), so that "The" extracts as one word
/// rather than as a large "T" apart from "he". Only a line that shows nothing else (a
/// paragraph of one letter) gives the initial its text, to be read at all. In a PDF the initial
/// is the text layer's, read the same way (`PDFTextLayer`, `RunTextClusters.fill(for:readAlone:)`);
/// Cairo draws it on PNG pages and in a face the layer cannot embed.
enum InitialDrawer {
    static func draw(_ initial: DropInitial, of line: Line, face: OpaquePointer, asText: Bool, in context: OpaquePointer) {
        guard !initial.glyphIDs.isEmpty else { return }
        var glyphs = zip(initial.glyphIDs, initial.positions).map { glyph, position in
            cairo_glyph_t(index: UInt(glyph), x: line.origin.x + position.x, y: line.origin.y + position.y)
        }
        let color = initial.color
        cairo_save(context)
        cairo_set_font_face(context, face)
        cairo_set_font_size(context, initial.size)
        CairoPrintedColour.setSource(color, in: context)
        // Glyphs with their text, or with a cluster of no text, as Cairo allows (it is read
        // with the line beside it): either way drawn as text, which rasterises as every other
        // glyph does — an outline filled as a path would be anti-aliased as shapes are.
        let utf8 = asText ? Array(initial.characters.utf8CString) : [0]
        var cluster = cairo_text_cluster_t(num_bytes: Int32(utf8.count - 1), num_glyphs: Int32(glyphs.count))
        cairo_show_text_glyphs(context, utf8, Int32(utf8.count - 1), &glyphs, Int32(glyphs.count), &cluster, 1,
                               cairo_text_cluster_flags_t(rawValue: 0))
        cairo_restore(context)
    }
}
