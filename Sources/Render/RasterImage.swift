import CCairo
import Images

/// Pixels of a PNG as 8-bit RGBA values (alpha composited over white), for comparing
/// rendered pages with approved ones.
public struct RasterImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// 4 bytes a pixel, row by row: red, green, blue, alpha.
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Reads a PNG as a picture is read: a regular file, no larger than its header allows.
    public static func readPNG(_ path: String) throws -> RasterImage {
        let surface: OpaquePointer
        do {
            let file = try ImageFile(path: path)
            guard file.info.format == .png else { throw RenderError.cannotRead(path: path, reason: "not a PNG image") }
            surface = try PNGDecoder.decode(file.bytes)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.cannotRead(path: path, reason: "\(error)")
        }
        defer { cairo_surface_destroy(surface) }
        return RasterImage(surface: surface)
    }

    /// Copies the pixels of a Cairo image surface (ARGB32 or RGB24).
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        let data = cairo_image_surface_get_data(surface)!
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0 ..< height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< width {
                let pixel = row[x]
                let alpha = hasAlpha ? Int(pixel >> 24) : 255
                // Premultiplied colour over white: c + (255 − alpha).
                let index = (y * width + x) * 4
                rgba[index] = UInt8(min(255, Int((pixel >> 16) & 0xFF) + 255 - alpha))
                rgba[index + 1] = UInt8(min(255, Int((pixel >> 8) & 0xFF) + 255 - alpha))
                rgba[index + 2] = UInt8(min(255, Int(pixel & 0xFF) + 255 - alpha))
                rgba[index + 3] = 255
            }
        }
        self.rgba = rgba
    }

    /// Writes the pixels as a PNG, atomically: an existing file is replaced only by a whole one.
    /// `links`: whether a symbolic link at `path` is written through or refused (`AtomicFile`).
    public func writePNG(_ path: String, links: AtomicFile.Links = .followed) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0 ..< height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< width {
                let index = (y * width + x) * 4
                row[x] = 0xFF00_0000 | UInt32(rgba[index]) << 16 | UInt32(rgba[index + 1]) << 8 | UInt32(rgba[index + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        let file = try AtomicFile(destination: path, links: links)
        try PNGStream.write(surface, into: file)
        try file.commit()
    }
}
