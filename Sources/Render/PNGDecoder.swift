import CCairo
import CPNG
import Images

/// PNG bytes made a Cairo image surface by Cairo's own loader (libpng underneath), read from
/// memory so that what is decoded is the file that was checked. Its chunks' framing is checked
/// first (`PNGChunks`): libpng allocates what a chunk claims before reading it. Cairo reports
/// every libpng error as one status, so when it fails libpng is asked again, on its own, what
/// is wrong.
enum PNGDecoder {
    /// A surface the caller owns; throws the reason as a sentence when the bytes do not decode.
    static func decode(_ bytes: [UInt8]) throws -> OpaquePointer {
        try PNGChunks.checkFraming(bytes)
        let stream = Stream(bytes)
        let surface = withExtendedLifetime(stream) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                Unmanaged<Stream>.fromOpaque(closure!).takeUnretainedValue().read(into: data!, count: Int(length))
            }, Unmanaged.passUnretained(stream).toOpaque())!
        }
        let status = cairo_surface_status(surface)
        guard status != CAIRO_STATUS_SUCCESS else { return surface }
        cairo_surface_destroy(surface)
        if stream.ranPastEnd { throw PNGDecodingError(reason: "the file is truncated (it ends before the PNG does)") }
        if let message = libpngComplaint(about: bytes) { throw PNGDecodingError(reason: "corrupt PNG data (libpng: \(message))") }
        if status == CAIRO_STATUS_NO_MEMORY { throw PNGDecodingError(reason: "too large to decode (out of memory)") }
        throw PNGDecodingError(reason: "cannot decode the PNG (\(String(cString: cairo_status_to_string(status))))")
    }

    /// libpng's own message for bytes it cannot decode, or nil when it can. Its simplified
    /// interface catches its errors itself (Swift cannot catch libpng's longjmp); the pixels go
    /// to a buffer of one grey byte each, at most `ImageInfo.maximumPixelCount`.
    private static func libpngComplaint(about bytes: [UInt8]) -> String? {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return message(of: image) }
        image.format = UInt32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height))
        let finished = png_image_finish_read(&image, nil, &pixels, 0, nil)
        return finished != 0 ? nil : message(of: image)
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The bytes handed to Cairo as it asks for them.
    private final class Stream {
        let bytes: [UInt8]
        var offset = 0
        /// Cairo asked for more than there is: the file ends early.
        var ranPastEnd = false

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        func read(into data: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
            guard count <= bytes.count - offset else {
                ranPastEnd = true
                return CAIRO_STATUS_READ_ERROR
            }
            guard count > 0 else { return CAIRO_STATUS_SUCCESS }
            bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + offset, count: count) }
            offset += count
            return CAIRO_STATUS_SUCCESS
        }
    }
}

/// Why PNG bytes did not decode, as a sentence.
struct PNGDecodingError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
