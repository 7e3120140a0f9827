import CCairo
import Images

/// A picture ready to be drawn: a JPEG's or PNG's Cairo surface, or an SVG or PDF page parsed,
/// which is drawn as vectors wherever it is shown (`VectorPictureDrawing`).
enum LoadedPicture {
    case raster(OpaquePointer)
    case vector(VectorFile)

    /// Its own size: a raster's pixels, a vector's points.
    var size: (width: Double, height: Double) {
        switch self {
        case .raster(let surface):
            (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
        case .vector(let file):
            (file.info.width, file.info.height)
        }
    }

    /// What tells it apart from other pictures on a page (`RepeatedPictures`).
    var identity: OpaquePointer {
        switch self {
        case .raster(let surface): surface
        case .vector(let file): OpaquePointer(Unmanaged.passUnretained(file).toOpaque())
        }
    }

    /// Draws it at its own size, its top left corner at the origin of `context`'s user space.
    func paint(in context: OpaquePointer) throws {
        switch self {
        case .raster(let surface):
            let (width, height) = size
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_rectangle(context, 0, 0, width, height)
            cairo_fill(context)
        case .vector(let file):
            try file.draw(in: context)
        }
    }

    /// Lets go of what it holds (a raster's surface; a vector file is let go with its last use).
    func release() {
        if case .raster(let surface) = self { cairo_surface_destroy(surface) }
    }
}
