import CCairo
import Images

/// A picture ready to be drawn: a JPEG's or PNG's Cairo surface, with the orientation it is
/// drawn upright in (a JPEG's EXIF orientation), an SVG or PDF page parsed, which is drawn
/// as vectors wherever it is shown (`VectorPictureDrawing`), or, bound for a PDF, a PDF's page
/// carried in a one-pixel surface for the finishing step to place as it is (`PDFPageEnvelope`),
/// with its own size in points.
enum LoadedPicture {
    case raster(OpaquePointer, ImageOrientation)
    case vector(VectorFile)
    case pdfPage(OpaquePointer, width: Double, height: Double)

    /// Its own size: a raster's pixels standing upright, a vector's points.
    var size: (width: Double, height: Double) {
        switch self {
        case .raster(let surface, let orientation):
            let stored = Self.pixelSize(of: surface)
            return orientation.swapsSides ? (stored.height, stored.width) : stored
        case .vector(let file):
            return (file.info.width, file.info.height)
        case .pdfPage(_, let width, let height):
            return (width, height)
        }
    }

    private static func pixelSize(of surface: OpaquePointer) -> (width: Double, height: Double) {
        (Double(cairo_image_surface_get_width(surface)), Double(cairo_image_surface_get_height(surface)))
    }

    /// What tells it apart from other pictures on a page (`RepeatedPictures`).
    var identity: OpaquePointer {
        switch self {
        case .raster(let surface, _), .pdfPage(let surface, _, _): surface
        case .vector(let file): OpaquePointer(Unmanaged.passUnretained(file).toOpaque())
        }
    }

    /// Draws it at its own size, its top left corner at the origin of `context`'s user space.
    func paint(in context: OpaquePointer) throws {
        switch self {
        case .raster(let surface, let orientation):
            let (width, height) = Self.pixelSize(of: surface)
            let upright = orientation.uprightTransform(width: width, height: height)
            var matrix = cairo_matrix_t(xx: upright.a, yx: upright.b, xy: upright.c, yy: upright.d, x0: upright.tx, y0: upright.ty)
            cairo_save(context)
            defer { cairo_restore(context) }
            cairo_transform(context, &matrix)
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_rectangle(context, 0, 0, width, height)
            cairo_fill(context)
        case .vector(let file):
            try file.draw(in: context)
        case .pdfPage(let surface, let width, let height):
            // The envelope's pixel stretched over the picture's place: the image's unit square,
            // which the page's form is made to fill.
            cairo_save(context)
            defer { cairo_restore(context) }
            cairo_scale(context, width, height)
            cairo_set_source_surface(context, surface, 0, 0)
            cairo_rectangle(context, 0, 0, 1, 1)
            cairo_fill(context)
        }
    }

    /// Lets go of what it holds (a raster's surface; a vector file is let go with its last use).
    func release() {
        switch self {
        case .raster(let surface, _), .pdfPage(let surface, _, _): cairo_surface_destroy(surface)
        case .vector: break
        }
    }
}
