import CZlib

/// zlib's deflate, for the streams typeset writes into a PDF itself.
enum Deflate {
    /// `data` in a zlib stream (a PDF's `/FlateDecode`), at zlib's default level, what Cairo
    /// and qpdf use. `what` names the data in the error, which says the finishing step failed.
    static func bytes(_ data: [UInt8], of what: String) throws -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var deflated = [UInt8](repeating: 0, count: Int(size))
        let status = deflated.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw FinishingError("zlib could not compress \(what) (\(status))") }
        // A copy of the bytes written: an array cut short keeps its room, as long as the data
        // uncompressed, and a book holds a page's text until the finishing step.
        return Array(deflated[..<Int(size)])
    }
}
