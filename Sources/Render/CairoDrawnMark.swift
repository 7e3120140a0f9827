import CCairo
import Layout
import Text

/// A dot a hundredth of a point wide at the faintest alpha Cairo draws (`PageDrawer.invisibleAlpha`):
/// nothing on paper or screen, but drawing to Cairo 1.16, which needs some on a page whose text
/// is all the text layer's (`PDFTextLayer`).
///
/// - Cairo replays a page's tags only when something was drawn on it: a link annotation on a
///   page Cairo drew nothing else on would be lost.
/// - On a page whose first drawing inside a tag is a colour glyph's picture followed by its
///   stand-in text (`InvisibleTextFaces`), Cairo failed with a tag error when it wrote the
///   page; a fill before it, in the same tag, avoided it (found by trying). A tagged page's
///   colour glyphs are artifacts now, their text the layer's; the mark stays first all the same.
///
/// It is drawn inside the tag of what it is drawn for, so that it is marked content like the rest,
/// in black ink like everything the document gives no colour: an RGB operator, even one that
/// paints nothing, would be an RGB colour in a page otherwise all inks.
enum CairoDrawnMark {
    static func draw(at point: Point, in context: OpaquePointer) {
        cairo_save(context)
        CairoPrintedColour.setSource(Text.Color.black, alpha: PageDrawer.invisibleAlpha, in: context)
        cairo_rectangle(context, point.x, point.y, 0.01, 0.01)
        cairo_fill(context)
        cairo_restore(context)
    }
}
