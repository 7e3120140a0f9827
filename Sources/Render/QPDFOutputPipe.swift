import Foundation

/// Where qpdf writes the finished PDF: a pipe, which a thread of ours empties into a
/// `FileSink` as qpdf fills it. qpdf's own file output does not report a full disk (it checks
/// its stream's last flush for a bad descriptor only, and never its close), so the file
/// could be cut short without an error; and its output into memory held the whole file, and
/// a copy of it, at the finishing step's peak (2 to 3 MiB of the KJV book's).
///
/// qpdf opens the pipe by name (`path`, `/dev/fd/N`) and closes it when its writer goes, with
/// the `qpdf_data` it belongs to: `finish()` waits for that.
final class QPDFOutputPipe {
    /// The name qpdf opens the pipe's writing end by.
    let path: String
    private let sink: FileSink
    private var writingEnd: Int32
    private let readingEnd: Int32
    private let copied = DispatchSemaphore(value: 0)
    /// Why reading the pipe stopped early, if it did.
    private var readFailure: SystemError?

    /// A pipe whose bytes go into `sink`, read by a thread started now.
    init(into sink: FileSink) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw FinishingError("cannot make a pipe for qpdf's output: \(SystemError.current)") }
        readingEnd = ends[0]
        writingEnd = ends[1]
        path = "/dev/fd/\(writingEnd)"
        self.sink = sink
        let thread = Thread { [self] in
            copyToEnd()
            copied.signal()
        }
        thread.start()
    }

    deinit {
        Foundation.close(readingEnd)
    }

    /// Closes this process's own writing end once qpdf has opened its own (`qpdf_init_write`),
    /// so that the pipe ends when qpdf closes it.
    func writerOpened() {
        guard writingEnd >= 0 else { return }
        Foundation.close(writingEnd)
        writingEnd = -1
    }

    /// Waits until everything qpdf wrote is in the sink: call it after the `qpdf_data` is
    /// cleaned up (which closes qpdf's end). Throws a failure to read the pipe; the sink keeps
    /// its own.
    func finish() throws {
        writerOpened()
        copied.wait()
        if let readFailure { throw FinishingError("cannot read qpdf's output: \(readFailure)") }
    }

    /// Runs on the thread: copies until the pipe's end. After a failure of the sink the pipe
    /// is still read to its end, so that qpdf never waits on a full pipe.
    private func copyToEnd() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readingEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { readFailure = .current }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { sink.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }
}
