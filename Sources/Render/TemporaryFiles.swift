import Foundation

/// Every temporary file the process has made and not yet renamed into place or removed, so
/// that an interrupted run (SIGINT, SIGTERM, SIGHUP) can remove them before it ends.
///
/// Files are created, renamed and removed under the registry's lock. `removeAll()`, called
/// by the thread that handles the signals, takes the lock for good: no thread can make a new
/// temporary after it, nor rename one away while it runs, and the process ends right after.
public final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths: Set<String> = []

    /// Creates the file at `path` for writing (and reading back: `FileSink.closeForReading`)
    /// and registers it. Returns its descriptor; throws the system's reason when it cannot be
    /// made — also when anything is at `path` already: a file of another run, or a symbolic
    /// link planted there (in a folder others can write) to make the run write through it into
    /// a file of the link's choosing.
    public func create(_ path: String) throws -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError.current }
        paths.insert(path)
        return descriptor
    }

    /// Registers a file that something else will create at `path`.
    public func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        paths.insert(path)
    }

    /// Renames the temporary `path` to `destination`; it is no longer temporary.
    public func rename(_ path: String, to destination: String) throws {
        lock.lock()
        defer { lock.unlock() }
        guard Foundation.rename(path, destination) == 0 else { throw SystemError.current }
        paths.remove(path)
    }

    /// Removes the file at `path` (if it is there) and forgets it.
    public func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        unlink(path)
        paths.remove(path)
    }

    /// Removes every registered file and keeps the lock: the process is about to end.
    public func removeAll() {
        lock.lock()
        for path in paths { unlink(path) }
        paths.removeAll()
    }

    /// The files registered now, for tests.
    public var registered: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }
}
