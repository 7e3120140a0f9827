import Foundation

/// An output that is not a file — a device (`/dev/null`, a terminal, `/dev/stdout` on a pipe)
/// or a named pipe — opened once, when its output is begun, and written through that
/// descriptor when the run's outputs are placed (`AtomicFile`). The finished output, written
/// in the temporary folder first, is read back through a descriptor of its own, its name
/// removed as soon as it is made: there is no name to swap, and a run killed leaves nothing.
///
/// Opened by its name only when the run ended, a pipe with no reader held the run forever (the
/// shell's `>` waits so too), and a name replaced in between by a longer regular file was
/// written over its first bytes, the rest of the old file left behind it. Now a pipe no process
/// reads is an error at once, and the descriptor opened is the one written.
final class DeviceDestination {
    /// The destination, open for writing.
    private var descriptor: Int32
    /// The finished output's temporary, open for reading (`readBack`).
    private var written: Int32 = -1

    /// Opens `path` without waiting for a reader; throws why it cannot be written.
    init(opening path: String) throws {
        descriptor = Foundation.open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = SystemError.current
            // A pipe (or a socket) without a reader: waiting for one could be forever.
            if error.code == ENXIO {
                throw RenderError.cannotWrite(path: path, reason: "no process is reading it (start the reader first: typeset does not wait for one)")
            }
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
        var info = stat()
        let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : nil
        guard kind != S_IFREG, kind != S_IFDIR, kind != nil else {
            close()
            throw RenderError.cannotWrite(path: path, reason: "it was replaced while it was opened")
        }
        // Written as a stream is, each write whole: a reader slower than typeset is waited for.
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    }

    deinit {
        close()
    }

    /// Takes a descriptor of the temporary the output is written into, to read it back from.
    func readBack(_ temporary: Int32) {
        if written >= 0 { Foundation.close(written) }
        written = temporary
    }

    /// Copies the whole of the temporary into the destination, and closes both.
    func copyWritten() throws {
        defer { close() }
        precondition(written >= 0, "the output was never opened (AtomicFile.open)")
        guard lseek(written, 0, SEEK_SET) == 0 else { throw SystemError.current }
        try FileSink(borrowing: descriptor).copy(from: written)
    }

    /// Closes the destination (a pipe's reader sees its end) and the temporary.
    func close() {
        for open in [descriptor, written] where open >= 0 { Foundation.close(open) }
        descriptor = -1
        written = -1
    }
}
