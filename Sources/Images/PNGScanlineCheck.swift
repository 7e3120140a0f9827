import CZlib

/// A PNG's image data inflated as its IDAT chunks come, through a small buffer that keeps
/// nothing: the zlib stream must be whole (zlib checks its Adler-32 at the end), hold exactly
/// the rows the header gives, and lead every row with a filter type that exists (0 to 4),
/// which is what libpng refuses a file for once its chunks are sound. Filters are not undone:
/// a row's samples cannot make libpng fail.
final class PNGScanlineCheck {
    /// Bytes of one row with its filter byte, and how many rows the stream must hold.
    private let rowLength: Int
    private let expectedLength: Int
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var output = [UInt8](repeating: 0, count: 64 * 1024)
    /// How much the stream has given so far, and where in it the next filter byte is.
    private var inflated = 0
    private var nextFilterByte = 0
    private var streamEnded = false
    private var failed = false
    /// inflateInit succeeded: inflateEnd is owed.
    private let started: Bool

    /// The last filter type (Paeth); libpng refuses a higher one ("bad adaptive filter value").
    private static let lastFilterType: UInt8 = 4

    init(rowLength: Int, rows: Int) {
        self.rowLength = rowLength
        expectedLength = rowLength * rows
        stream.initialize(to: z_stream())
        // Window bits 0: the window the stream's header asks for, as libpng does, so that a
        // stream reaching farther back than it declared fails here as it fails there.
        started = inflateInit2_(stream, 0, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        failed = !started
    }

    deinit {
        if started { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Every row arrived, and the stream ended with them, its checksum right.
    var isComplete: Bool { !failed && streamEnded && inflated == expectedLength }

    /// Inflates one IDAT chunk's data; false once the stream is known to be bad: corrupt, longer
    /// than the rows, a bad filter type, or data after its end.
    func feed(_ data: ArraySlice<UInt8>) -> Bool {
        guard !failed else { return false }
        guard !data.isEmpty else { return true }
        guard !streamEnded else { return fail() }
        return data.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!)
            stream.pointee.avail_in = UInt32(input.count)
            defer { stream.pointee.next_in = nil }
            return output.withUnsafeMutableBufferPointer { buffer in inflateAll(into: buffer) }
        }
    }

    /// Runs inflate until the input is used up or the stream ends.
    private func inflateAll(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        while true {
            stream.pointee.next_out = buffer.baseAddress
            stream.pointee.avail_out = UInt32(buffer.count)
            let status = inflate(stream, Z_NO_FLUSH)
            let produced = buffer.count - Int(stream.pointee.avail_out)
            guard checkRows(UnsafeBufferPointer(rebasing: buffer[..<produced])) else { return fail() }
            switch status {
            case Z_STREAM_END:
                streamEnded = true
                // Data after the stream's end: libpng lets it pass with a warning; the decoder decides.
                return stream.pointee.avail_in == 0 || fail()
            case Z_OK where stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0:
                return true
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress possible: the input is used up and nothing is pending.
                return stream.pointee.avail_in == 0 || fail()
            default:
                return fail()
            }
        }
    }

    /// Looks at the filter bytes among the next `bytes` of the stream.
    private func checkRows(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = inflated
        inflated += bytes.count
        guard inflated <= expectedLength else { return false }
        while nextFilterByte < inflated {
            guard bytes[nextFilterByte - start] <= Self.lastFilterType else { return false }
            nextFilterByte += rowLength
        }
        return true
    }

    private func fail() -> Bool {
        failed = true
        return false
    }
}
