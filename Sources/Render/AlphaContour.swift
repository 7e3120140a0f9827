import CCairo
import Images
import Text

/// Traces the contour of a picture's opaque pixels for `wrap="contour"`, from its alpha
/// channel as Cairo decodes it (ARGB32, premultiplied: alpha is the top byte of each pixel).
public enum AlphaContour {
    /// Why a picture gives no contour: the text then wraps round its rectangle.
    public enum Missing: Error, Equatable { case noAlpha, opaque, transparent }

    /// Bands of about this many over the picture's height: lines are a dozen points tall, so
    /// finer bands would not change where they are set.
    public static let bandCount = 48
    /// Pixels at least this opaque (of 255) count as part of the picture.
    public static let threshold: UInt32 = 128

    /// Vector pictures are drawn at most this many pixels a side to be traced: the bands'
    /// edges need no finer a measure than that.
    public static let vectorSide = 1_000.0

    /// The contour of the picture `source` names; throws `Missing` when it has none worth
    /// tracing (a JPEG, a PNG without alpha or opaque to its edges, or one with no opaque
    /// pixel), and `ImageLoadError` when it cannot be decoded. An SVG or a PDF's page is traced
    /// from what it draws, drawn on a transparent ground.
    /// The file is read from `files` (`PictureFiles`).
    public static func trace(_ source: PictureSource, files: PictureFiles) throws -> PictureContour {
        let surface: OpaquePointer
        if ImageSurfaceLoader.isVector(source, in: files) {
            surface = try ImageSurfaceLoader.rasterize(ImageSurfaceLoader.loadVector(source, in: files), maximumSide: vectorSide)
        } else {
            if try ImageInfo.probe(files.file(at: source.path)).format == .jpeg { throw Missing.noAlpha }
            surface = try ImageSurfaceLoader.load(source, in: files)
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { throw Missing.noAlpha }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let count = min(bandCount, height)
        var bands: [PictureContour.Band] = []
        for band in 0 ..< count {
            let firstRow = band * height / count, endRow = (band + 1) * height / count
            var left = width, right = -1
            for row in firstRow ..< endRow {
                let line = pixels + row * stride
                func opaque(_ column: Int) -> Bool { line.load(fromByteOffset: column * 4, as: UInt32.self) >> 24 >= threshold }
                // Only the columns outside what earlier rows found can widen the band.
                if let first = (0 ..< min(left, width)).first(where: opaque) { left = first }
                if let last = (max(right + 1, 0) ..< width).reversed().first(where: opaque) { right = last }
            }
            guard right >= left else { continue }
            bands.append(PictureContour.Band(top: Double(firstRow) / Double(height), bottom: Double(endRow) / Double(height),
                                             left: Double(left) / Double(width), right: Double(right + 1) / Double(width)))
        }
        if bands.isEmpty { throw Missing.transparent }
        if bands.count == count, bands.allSatisfy({ $0.left == 0 && $0.right == 1 }) { throw Missing.opaque }
        return PictureContour(bands: bands)
    }
}
