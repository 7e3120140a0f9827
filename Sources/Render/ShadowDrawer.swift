import CCairo
import Foundation
import Text

/// Text shadows. A sharp shadow is the glyphs drawn again, offset, in the shadow colour; a
/// blurred one (Cairo has no blur) is rasterised into an alpha mask at four pixels a point,
/// blurred with three box blurs (a close approximation of a Gaussian), and painted through it.
enum ShadowDrawer {
    static let pixelsPerPoint = 4.0

    /// - Parameters:
    ///   - glyphs: the glyphs as they are drawn, in page coordinates.
    ///   - box: the area the glyphs cover (page coordinates), before the offset.
    static func draw(_ shadow: Shadow, glyphs: [cairo_glyph_t], fontFace: OpaquePointer, fontSize: Double, horizontalScale: Double,
                     box: (x: Double, y: Double, width: Double, height: Double), in context: OpaquePointer) {
        draw(shadow, box: box, in: context) { target, offsetX, offsetY in
            var shifted = glyphs.map { cairo_glyph_t(index: $0.index, x: $0.x + offsetX, y: $0.y + offsetY) }
            cairo_set_font_face(target, fontFace)
            FontMatrix.set(size: fontSize, horizontalScale: horizontalScale, in: target)
            // A PDF's shadow is the glyphs' outlines: glyphs would be text, which every reader
            // would read twice (the text is written once, over it).
            guard cairo_surface_get_type(cairo_get_target(target)) == CAIRO_SURFACE_TYPE_PDF else {
                return cairo_show_glyphs(target, &shifted, Int32(shifted.count))
            }
            cairo_new_path(target)
            cairo_glyph_path(target, &shifted, Int32(shifted.count))
            cairo_fill(target)
        }
    }

    /// The shadow of any shape.
    /// - Parameters:
    ///   - box: the area the shape covers (page coordinates), before the offset.
    ///   - shape: draws the shape moved by an offset, in the context's current source.
    static func draw(_ shadow: Shadow, box: (x: Double, y: Double, width: Double, height: Double), in context: OpaquePointer,
                     shape: (_ context: OpaquePointer, _ offsetX: Double, _ offsetY: Double) -> Void) {
        let color = shadow.color
        guard shadow.blur > 0 else {
            CairoPrintedColour.setSource(color, in: context)
            shape(context, shadow.offsetX, shadow.offsetY)
            return
        }
        // The mask covers the shape's box grown by three blur radii on every side.
        let margin = shadow.blur * 3
        let originX = box.x - margin, originY = box.y - margin
        let width = Int32(((box.width + 2 * margin) * pixelsPerPoint).rounded(.up))
        let height = Int32(((box.height + 2 * margin) * pixelsPerPoint).rounded(.up))
        guard width > 0, height > 0, Int(width) * Int(height) < 64_000_000 else { return }
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
        defer { cairo_surface_destroy(mask) }
        let maskContext = cairo_create(mask)!
        cairo_scale(maskContext, pixelsPerPoint, pixelsPerPoint)
        cairo_translate(maskContext, -originX, -originY)
        shape(maskContext, 0, 0)
        cairo_destroy(maskContext)
        cairo_surface_flush(mask)
        // CSS: the blur radius is twice the Gaussian's standard deviation.
        blur(mask, sigma: shadow.blur / 2 * pixelsPerPoint)
        cairo_surface_mark_dirty(mask)

        cairo_save(context)
        cairo_translate(context, originX + shadow.offsetX, originY + shadow.offsetY)
        cairo_scale(context, 1 / pixelsPerPoint, 1 / pixelsPerPoint)
        // Cairo writes the fill as a form of its own under the blurred mask.
        CairoPrintedColour.setSource(color, throughAForm: true, in: context)
        cairo_mask_surface(context, mask, 0, 0)
        cairo_restore(context)
    }

    /// Three box blurs whose widths approximate a Gaussian of `sigma` pixels (W3C's filter
    /// effects specification gives the box size).
    private static func blur(_ surface: OpaquePointer, sigma: Double) {
        let size = max(1, Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down)))
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var line = [UInt8](repeating: 0, count: max(width, height))
        for _ in 0 ..< 3 {
            for y in 0 ..< height {
                boxBlur(data + y * stride, count: width, step: 1, radius: size / 2, scratch: &line)
            }
            for x in 0 ..< width {
                boxBlur(data + x, count: height, step: stride, radius: size / 2, scratch: &line)
            }
        }
    }

    private static func boxBlur(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt8]) {
        guard radius > 0 else { return }
        for index in 0 ..< count { scratch[index] = start[index * step] }
        let window = 2 * radius + 1
        var sum = 0
        for index in -radius ... radius where index >= 0 && index < count { sum += Int(scratch[index]) }
        for index in 0 ..< count {
            start[index * step] = UInt8(sum / window)
            let leaving = index - radius, entering = index + radius + 1
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
            if entering < count { sum += Int(scratch[entering]) }
        }
    }
}
