import CCairo
import Layout
import Text

/// A rectangle filled with one colour (a box's background, a section's tint), drawn so that
/// Cairo 1.16 keeps the page's tags when the rectangle covers the whole page.
///
/// Cairo turns a fill of a box covering its surface into a paint, and an opaque paint
/// without a clip makes its recording surface forget everything recorded on the page before
/// it: the tags begun there too (the tint's own artifact, the element round the document). Their
/// ends then close tags that are not open, and the PDF fails to finish with a tag error, an
/// assertion in cairo-array.c or a null pointer. A bled tint of a section running over pages
/// covers its page; so such a fill is clipped to its own rectangle, which draws the same and
/// is not a clear of the page.
enum SolidFill {
    static func fill(_ rect: Rect, with color: Text.Color, in context: OpaquePointer) {
        let coversPage = covers(rect, in: context)
        if coversPage {
            cairo_save(context)
            cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(context)
        }
        CairoPrintedColour.setSource(color, in: context)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
        if coversPage { cairo_restore(context) }
    }

    /// Whether `rect` (user space) holds the whole drawable area, which is the surface's when
    /// no clip is set.
    static func covers(_ rect: Rect, in context: OpaquePointer) -> Bool {
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        cairo_clip_extents(context, &left, &top, &right, &bottom)
        return rect.minX <= left && rect.minY <= top && rect.maxX >= right && rect.maxY >= bottom
    }
}
