import CZlib

/// zlib's deflate, for the streams typeset writes into a PDF itself.
enum Deflate {
    /// `data` in a zlib stream (a PDF's `/FlateDecode`), at zlib's default level, what Cairo
    /// and qpdf use. `what` names the data in the error, which says the finishing step failed.
    static func bytes(_ data: [UInt8], of what: String) throws -> [UInt8] {
        try Deflater().bytes(data, of: what)
    }
}

/// A deflate stream kept for many calls, as the text layer deflates each page: zlib's
/// `deflateInit` allocates and clears some 270 KB of tables, which `deflateReset` keeps (a
/// tenth of a page's deflating on a book), and the output room is kept too.
final class Deflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var isReady = false
    private var output: [UInt8] = []

    init() {
        stream.initialize(to: z_stream())
    }

    deinit {
        if isReady { deflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// `data` in a zlib stream, as `Deflate.bytes`; the same bytes, whether or not the stream
    /// was used before.
    func bytes(_ data: [UInt8], of what: String) throws -> [UInt8] {
        let status = isReady ? deflateReset(stream)
            : deflateInit_(stream, Z_DEFAULT_COMPRESSION, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw FinishingError("zlib could not start to compress \(what) (\(status))") }
        isReady = true
        let bound = Int(deflateBound(stream, uLong(data.count)))
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let written: Int32 = output.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.pointee.avail_in = uInt(source.count)
                stream.pointee.next_out = target.baseAddress
                stream.pointee.avail_out = uInt(target.count)
                // Room for the whole stream was given: one call finishes it.
                return deflate(stream, Z_FINISH)
            }
        }
        guard written == Z_STREAM_END else { throw FinishingError("zlib could not compress \(what) (\(written))") }
        // A copy of the bytes written: a book holds a page's text until the finishing step.
        return Array(output[..<Int(stream.pointee.total_out)])
    }
}
