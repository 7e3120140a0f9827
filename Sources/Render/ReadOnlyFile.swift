import Foundation

/// A file read by offset (`pread`), never whole: Cairo's draft (`PDFDraftReader`) and the
/// text layer's streams (`TextLayerStreams`), each megabytes in a book, are read a piece at a
/// time into the finished PDF, so the finishing step holds neither. Errors are the finishing
/// step's, naming the file as `what` says.
///
/// The run's own temporaries are read back through the descriptor they were written by
/// (`FileSink.closeForReading`), never opened by their name again: whoever can write their
/// folder could rename another file over the name in between — a link to a file the user can
/// read and they cannot, whose bytes the finishing step would copy into the output.
final class ReadOnlyFile {
    let path: String
    let length: Int
    /// What the file is in errors ("the draft").
    private let what: String
    private let descriptor: Int32

    init(path: String, what: String) throws {
        self.path = path
        self.what = what
        descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FinishingError("cannot read \(what) \(path): \(SystemError.current)") }
        length = Int(lseek(descriptor, 0, SEEK_END))
    }

    /// The file open at `descriptor` (readable), which this takes; `path` is for messages.
    init(adopting descriptor: Int32, path: String, what: String) {
        self.path = path
        self.what = what
        self.descriptor = descriptor
        length = Int(lseek(descriptor, 0, SEEK_END))
    }

    deinit {
        Foundation.close(descriptor)
    }

    /// Reads until `buffer` is full or the file ends; returns how many bytes were read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FinishingError("cannot read \(what): \(SystemError.current)") }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Calls `body` with the bytes of `range`, a piece at a time; throws when the file ends
    /// before `range` does.
    func copy(_ range: Range<Int>, into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: min(range.count, 1 << 16))
        var position = range.lowerBound
        while position < range.upperBound {
            let count = try buffer.withUnsafeMutableBytes { bytes in
                try read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[..<min(bytes.count, range.upperBound - position)]), at: position)
            }
            guard count > 0 else { throw FinishingError("cannot read \(what) \(path): it ends early") }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            position += count
        }
    }
}
