import CCairo
import Fonts
import Layout
import Text

/// Glyphs of faces with colour bitmaps (emoji), painted as pictures at the face's largest
/// strike, the same way in a PDF and a PNG. Cairo 1.16 would draw them as pictures at the
/// surface's resolution, which in a PDF is 72 ppi (a 12 pt emoji is 15 pixels square, blurred
/// in print).
final class ColorGlyphDrawer {
    private let bitmaps = ColorGlyphBitmaps()
    private let repeatedPictures: RepeatedPictures

    /// - Parameter repeatedPictures: the page's, shared with its other pictures.
    init(repeatedPictures: RepeatedPictures) {
        self.repeatedPictures = repeatedPictures
    }

    /// Paints the run's colour glyphs (with its shadow), and returns the glyphs that have no
    /// colour bitmap but an outline, for the caller to draw as text. In a face of bitmaps only,
    /// a glyph without one (a space) has nothing to draw.
    /// - Parameter glyphs: the run's glyphs in page coordinates.
    func draw(_ run: GlyphRun, glyphs: [cairo_glyph_t], shadowBox: (x: Double, y: Double, width: Double, height: Double),
              in context: OpaquePointer) -> [cairo_glyph_t] {
        if let shadow = run.attributes.shadow {
            // A silhouette of the pictures in the shadow colour.
            ShadowDrawer.draw(shadow, box: shadowBox, in: context) { target, offsetX, offsetY in
                forEachPicture(of: run, glyphs: glyphs, in: target, offsetX: offsetX, offsetY: offsetY) { cairo_mask(target, $0) }
            }
        }
        // A picture keeps its own colours; the text colour's opacity still fades it.
        let alpha = run.attributes.color.alpha
        let missing = forEachPicture(of: run, glyphs: glyphs, in: context) { pattern in
            cairo_set_source(context, pattern)
            cairo_paint_with_alpha(context, alpha)
        }
        return run.font.isScalable ? missing : []
    }

    /// Pictures are made again for each page, so memory follows one page.
    func endPage() {
        bitmaps.removeAll()
    }

    /// Calls `body` for each glyph that has a picture, with the context transformed so that
    /// the picture's pixels land on the glyph's box. Returns the glyphs that have none.
    @discardableResult
    private func forEachPicture(of run: GlyphRun, glyphs: [cairo_glyph_t], in context: OpaquePointer,
                                offsetX: Double = 0, offsetY: Double = 0, _ body: (OpaquePointer) -> Void) -> [cairo_glyph_t] {
        var missing: [cairo_glyph_t] = []
        let size = run.fontSize
        for glyph in glyphs {
            guard let picture = bitmaps.glyph(UInt32(glyph.index), of: run.font) else {
                missing.append(glyph)
                continue
            }
            let pattern = cairo_pattern_create_for_surface(picture.surface)!
            // Emoji are scaled down from the strike (109 ppem for Noto Color Emoji) in a PNG.
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            repeatedPictures.paint(picture.surface, in: context) {
                cairo_save(context)
                cairo_translate(context, glyph.x + offsetX + picture.left * size, glyph.y + offsetY + picture.top * size)
                cairo_scale(context, picture.emsPerPixelX * size, picture.emsPerPixelY * size)
                body(pattern)
                cairo_restore(context)
            }
            cairo_pattern_destroy(pattern)
        }
        return missing
    }
}
