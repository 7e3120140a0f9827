import Foundation

/// A file opened for reading, whose kind is checked on the open descriptor before a byte is
/// read: a picture named by a document must be a regular file, since reading a named pipe or a
/// device could block for ever or never end.
///
/// The file is opened without blocking (opening a named pipe otherwise waits for a writer, and
/// some devices wait too) and then examined with `fstat`, so what is checked is what is read:
/// there is no moment between a check of the name and the opening in which the name could be
/// pointed at something else.
public final class InputFile {
    /// What may be read besides regular files.
    public enum Accepted: Sendable {
        /// Regular files only (pictures).
        case regularFiles
        /// Pipes too, read to their end as standard input is: a document may come from
        /// `typeset <(make-markup)` or a named pipe.
        case regularFilesAndPipes
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case cannotOpen(reason: String)
        /// The name is something other than a file: a folder, a device, a socket, a pipe.
        case notAFile(kind: String)
        case cannotRead(reason: String)
        /// It holds more than the reader allows.
        case longerThan(limit: Int)

        public var description: String {
            switch self {
            case .cannotOpen(let reason): return "cannot open the file: \(reason)"
            case .notAFile(let kind): return "it is \(kind), not a regular file"
            case .cannotRead(let reason): return "cannot read the file: \(reason)"
            case .longerThan(let limit): return "the file is larger than \(ByteCount(limit))"
            }
        }
    }

    private let descriptor: Int32
    /// A regular file's size when it was opened; nil for a pipe.
    public let size: Int?
    /// The device, inode, size and modification time when opened: the same file, unchanged,
    /// has the same identity (it names a picture to Cairo, which stores each once per PDF).
    public let identity: String

    public init(path: String, accepting accepted: Accepted = .regularFiles) throws {
        var descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Problem.cannotOpen(reason: Self.lastError()) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.lastError()
            close(descriptor)
            throw Problem.cannotOpen(reason: reason)
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFIFO, accepted == .regularFilesAndPipes {
            // Opened without blocking, a pipe no one has opened for writing yet reads as empty;
            // opened again, blocking, it waits for its writer as standard input does.
            close(descriptor)
            descriptor = try Self.reopenPipe(path, expected: status)
        } else if kind != S_IFREG {
            close(descriptor)
            throw Problem.notAFile(kind: Self.describe(kind))
        }
        self.descriptor = descriptor
        size = kind == S_IFREG ? Int(status.st_size) : nil
        identity = "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    deinit {
        close(descriptor)
    }

    /// The first `count` bytes of a regular file, or all of it when it is shorter.
    public func readPrefix(_ count: Int) throws -> [UInt8] {
        try read(limit: count, allowingMore: true, at: 0)
    }

    /// The whole file; one with more than `limit` bytes is refused once `limit + 1` have been
    /// read, so a file that grows while it is read, or a pipe that never ends, costs no more.
    public func readAll(limit: Int = .max) throws -> [UInt8] {
        try read(limit: limit, allowingMore: false, at: size == nil ? nil : 0)
    }

    /// Reads up to `limit` bytes (one more to learn whether there are more), from `offset` of
    /// a regular file or on from where a pipe is.
    private func read(limit: Int, allowingMore: Bool, at offset: Int?) throws -> [UInt8] {
        let wanted = allowingMore || limit == .max ? limit : limit + 1
        // A regular file's size says how much to reserve; a pipe grows its buffer as it goes.
        var bytes = [UInt8](repeating: 0, count: min(wanted, size.map { $0 + 1 } ?? 65_536))
        var count = 0
        while count < wanted {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, wanted - count))) }
            let result = bytes.withUnsafeMutableBytes { buffer -> Int in
                let start = buffer.baseAddress! + count
                let length = min(buffer.count - count, 1 << 30)
                if let offset { return pread(descriptor, start, length, off_t(offset + count)) }
                return Glibc.read(descriptor, start, length)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Problem.cannotRead(reason: Self.lastError())
            }
            if result == 0 { break }
            count += result
        }
        if !allowingMore, count > limit { throw Problem.longerThan(limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func reopenPipe(_ path: String, expected: stat) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Problem.cannotOpen(reason: lastError()) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_dev == expected.st_dev, status.st_ino == expected.st_ino else {
            close(descriptor)
            throw Problem.cannotOpen(reason: "it was replaced while being opened")
        }
        return descriptor
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
