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
        /// It was written to after it was opened: what was checked is no longer what is there.
        case changed

        public var description: String {
            switch self {
            case .cannotOpen(let reason): return "cannot open the file: \(reason)"
            case .notAFile(let kind): return "it is \(kind), not a regular file"
            case .cannotRead(let reason): return "cannot read the file: \(reason)"
            case .longerThan(let limit): return "the file is larger than \(ByteCount(limit))"
            case .changed: return "the file changed while it was being typeset"
            }
        }

        /// What is said of a document that holds more than `limit`.
        public static func tooLongForADocument(_ limit: Int) -> String {
            "it holds more than \(ByteCount(limit)), the most a document may hold"
        }
    }

    private let descriptor: Int32
    /// A regular file's size when it was opened; nil for a pipe.
    public let size: Int?
    /// The device, inode, size and modification time when opened: the same file, unchanged,
    /// has the same identity (it names a picture to Cairo, which stores each once per PDF).
    public let identity: String
    /// The file as opened, to know it again when its name is opened anew (`PictureFiles`).
    public let fingerprint: Fingerprint

    /// The identity and the inode's last status change, which no one can set (`touch` sets the
    /// modification time): a file made anew in a removed one's inode, its size and
    /// modification time copied, still has another fingerprint than the file first opened.
    public struct Fingerprint: Equatable, Sendable {
        let identity: String
        let statusChangeSeconds: Int
        let statusChangeNanoseconds: Int
    }

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
        identity = Self.identity(of: status)
        fingerprint = Fingerprint(identity: identity, statusChangeSeconds: status.st_ctim.tv_sec,
                                  statusChangeNanoseconds: status.st_ctim.tv_nsec)
    }

    private static func identity(of status: stat) -> String {
        "\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// Standard input, read on from where it stands, whatever it is (a pipe, a file, a
    /// terminal), through a copy of its descriptor: closing it leaves the process's own alone.
    public static func standardInput() throws -> InputFile {
        let copy = dup(STDIN_FILENO)
        guard copy >= 0 else { throw Problem.cannotOpen(reason: lastError()) }
        return InputFile(reading: copy)
    }

    /// A descriptor read on from where it stands, as a pipe is.
    private init(reading descriptor: Int32) {
        self.descriptor = descriptor
        size = nil
        identity = "descriptor \(descriptor)"
        fingerprint = Fingerprint(identity: identity, statusChangeSeconds: 0, statusChangeNanoseconds: 0)
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

    /// Where the opened file is, links resolved, as the system names the descriptor: the file
    /// read, whatever its name points to since. Nil when the system cannot tell (no `/proc`).
    /// A file removed since it was opened (another renamed over its name, as an editor saves)
    /// is named by where it was when removed, which Linux gives followed by " (deleted)": that
    /// is still where the file read came from, so a file opened outside a folder stays outside.
    public var resolvedPath: String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
        guard length > 0, target[0] == CChar(UInt8(ascii: "/")) else { return nil }
        let resolved = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let removed = " (deleted)"
        return resolved.hasSuffix(removed) ? String(resolved.dropLast(removed.count)) : resolved
    }

    /// Throws `changed` when the regular file was written to, or truncated, since it was opened
    /// (its size or modification time moved): a file kept open to be read again
    /// (`PictureFiles`) is read as it was checked, or not at all. Renaming another file over its
    /// name changes nothing here: the descriptor still reads the file opened.
    private func checkUnchanged() throws {
        guard size != nil else { return }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Problem.cannotRead(reason: Self.lastError()) }
        guard Self.identity(of: status) == identity else { throw Problem.changed }
    }

    /// Reads up to `limit` bytes (one more to learn whether there are more), from `offset` of
    /// a regular file or on from where a pipe is.
    private func read(limit: Int, allowingMore: Bool, at offset: Int?) throws -> [UInt8] {
        try checkUnchanged()
        let wanted = allowingMore || limit == .max ? limit : limit + 1
        // A regular file's size says how much to reserve; a pipe doubles its buffer as it goes.
        // Each buffer is read into as it is made, not zeroed first: every picture is read twice
        // a run (checked, then drawn), and zeroing its buffer was a pass over it each time; and
        // zeros appended one by one to a pipe's growing buffer took 8 s of a debug build's CPU
        // for standard input's 32 MB bound.
        var capacity = min(wanted, size.map { $0 + 1 } ?? 65_536)
        var bytes = try [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            initialized = try fill(UnsafeMutableRawBufferPointer(buffer), from: 0, at: offset)
        }
        while bytes.count == capacity, capacity < wanted {
            capacity = min(2 * capacity, wanted)
            bytes = try [UInt8](unsafeUninitializedCapacity: capacity) { [bytes] buffer, initialized in
                let count = buffer.initialize(from: bytes).1
                initialized = try fill(UnsafeMutableRawBufferPointer(buffer), from: count, at: offset)
            }
        }
        if !allowingMore, bytes.count > limit { throw Problem.longerThan(limit: limit) }
        // Written to while it was read: the bytes may be half the old file, half the new.
        try checkUnchanged()
        return bytes
    }

    /// Reads into `buffer` from `start` until it is full or the input ends; returns where the
    /// bytes read end.
    private func fill(_ buffer: UnsafeMutableRawBufferPointer, from start: Int, at offset: Int?) throws -> Int {
        var end = start
        while end < buffer.count {
            let destination = buffer.baseAddress! + end
            let length = min(buffer.count - end, 1 << 30)
            let result = offset.map { pread(descriptor, destination, length, off_t($0 + end)) } ?? Glibc.read(descriptor, destination, length)
            if result < 0 {
                if errno == EINTR { continue }
                throw Problem.cannotRead(reason: Self.lastError())
            }
            if result == 0 { break }
            end += result
        }
        return end
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
