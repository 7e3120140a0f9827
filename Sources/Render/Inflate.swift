import CZlib

/// A zlib stream (`/FlateDecode`) inflated whole: a page's content stream that the finishing
/// step rewrites (`ArtifactMarking`). Throws when the data is not a whole zlib stream.
enum Inflate {
    static func bytes(_ deflated: [UInt8], of what: String) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw FinishingError("zlib could not start to inflate \(what)")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: max(1024, deflated.count * 4))
        var produced = 0
        var status = Z_OK
        try deflated.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while status != Z_STREAM_END {
                if produced == output.count { output += [UInt8](repeating: 0, count: output.count) }
                status = output.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress! + produced
                    stream.avail_out = UInt32(buffer.count - produced)
                    let result = inflate(&stream, Z_NO_FLUSH)
                    produced = buffer.count - Int(stream.avail_out)
                    return result
                }
                guard status == Z_OK || status == Z_STREAM_END else { throw FinishingError("\(what) is not a whole zlib stream") }
                if status == Z_OK, stream.avail_in == 0, stream.avail_out > 0 { throw FinishingError("\(what) ends early") }
            }
        }
        output.removeLast(output.count - produced)
        return output
    }
}
