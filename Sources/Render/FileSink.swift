import CCairo
import Foundation

/// A file written through its descriptor, whole buffers at a time, that keeps the first write
/// error: Cairo's streams report only "write error", and `FileHandle.write(_:)` stops the
/// process on one. A full disk must be an error that says so.
///
/// Small writes are gathered into a buffer: Cairo hands its stream a few bytes at a time (a
/// PDF of 12,500 links took 560,000 `write(2)` calls, most of the run's time in the kernel).
public final class FileSink {
    private var descriptor: Int32
    /// Bytes written but not yet given to the descriptor; `flush()` and `close()` give them.
    private var pending: [UInt8] = []
    static let bufferSize = 1 << 16
    /// How many `write(2)` calls the sink has made (for the tests: small writes are gathered).
    public private(set) var systemWrites = 0
    /// The first failure; once set, later writes are dropped.
    public private(set) var failure: SystemError?

    /// A new temporary file at `path`, registered in `TemporaryFiles`.
    public init(temporary path: String) throws {
        descriptor = try TemporaryFiles.shared.create(path)
    }

    /// An open descriptor, which the sink does not close (standard output, say).
    public init(borrowing descriptor: Int32) {
        self.descriptor = descriptor
        ownsDescriptor = false
    }

    private var ownsDescriptor = true

    deinit {
        // A borrowed descriptor (standard error) may be dropped without `close()`.
        if descriptor >= 0 { flush() }
        if ownsDescriptor, descriptor >= 0 { Foundation.close(descriptor) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, bytes.baseAddress != nil else { return }
        if pending.count + bytes.count <= Self.bufferSize {
            if pending.capacity < Self.bufferSize { pending.reserveCapacity(Self.bufferSize) }
            pending.append(contentsOf: bytes)
            return
        }
        flush()
        // What does not fit an empty buffer goes out as it is, without a copy.
        if bytes.count >= Self.bufferSize { writeThrough(bytes) } else { pending.append(contentsOf: bytes) }
    }

    /// Gives the buffered bytes to the descriptor.
    public func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { writeThrough($0) }
        pending.removeAll(keepingCapacity: true)
    }

    private func writeThrough(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            systemWrites += 1
            let written = Foundation.write(descriptor, address, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                failure = .current
                return
            }
            address += written
            remaining -= written
        }
    }

    public func write(_ data: Data) {
        data.withUnsafeBytes { write($0) }
    }

    /// Copies everything left to read from `source` into the sink.
    public func copy(from source: Int32) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while failure == nil {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw SystemError.current }
            if count == 0 { break }
            buffer.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        flush()
        if let failure { throw failure }
    }

    /// A second descriptor of the file, to read it back once it is written and closed (the
    /// two share an offset: seek to the start first). For a temporary only (whose descriptor
    /// is readable).
    func secondDescriptor() throws -> Int32 {
        precondition(ownsDescriptor && descriptor >= 0, "only an open temporary is read back")
        let second = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard second >= 0 else { throw SystemError.current }
        return second
    }

    /// Closes the file for writing and returns it to be read back through the same open file,
    /// not by its name (`ReadOnlyFile`); throws as `close()` does. For a temporary only (whose
    /// descriptor is readable).
    func closeForReading(path: String, what: String) throws -> ReadOnlyFile {
        var reading: Int32 = -1
        do { reading = try secondDescriptor() } catch { if failure == nil { failure = error as? SystemError } }
        do {
            try close()
        } catch {
            if reading >= 0 { Foundation.close(reading) }
            throw error
        }
        return ReadOnlyFile(adopting: reading, path: path, what: what)
    }

    /// Closes the file; throws the first failure of any write, or of closing (which is where
    /// some file systems report a full disk).
    public func close() throws {
        if descriptor >= 0 { flush() }
        if ownsDescriptor, descriptor >= 0 {
            if Foundation.close(descriptor) != 0, failure == nil { failure = .current }
            descriptor = -1
        }
        if let failure { throw failure }
    }

    /// Cairo's stream callback; `closure` is an unretained `FileSink`.
    public static let cairoWrite: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<FileSink>.fromOpaque(closure!).takeUnretainedValue()
        if let data { sink.write(UnsafeRawBufferPointer(start: data, count: Int(length))) }
        return sink.failure == nil ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// The pointer Cairo hands back to `cairoWrite`; the sink must outlive the surface.
    public var cairoClosure: UnsafeMutableRawPointer {
        Unmanaged.passUnretained(self).toOpaque()
    }
}
