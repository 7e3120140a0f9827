import Foundation

/// `book.txt: page 12` on one line of standard error, redrawn as each page of a single
/// document goes to be drawn (a batch has its `ProgressBar`). Drawn only on a terminal, and
/// only once the document has taken a second: a quick one would flash a line and take it away.
final class PageProgress: @unchecked Sendable {
    private let documentName: String
    private let isShown: Bool
    private let start = ContinuousClock.now
    /// Pages are told from the drawing thread, `clear` from the command's.
    private let lock = NSLock()
    private var isDrawn = false

    /// - Parameter isWanted: false under `--quiet`, and for a batch.
    init(documentName: String, isWanted: Bool) {
        self.documentName = documentName
        isShown = isWanted && isatty(STDERR_FILENO) == 1
    }

    func reached(page: Int) {
        guard isShown, start.duration(to: .now) >= .seconds(1) else { return }
        lock.lock()
        defer { lock.unlock() }
        // Back to the line's start, the line, then erase what a longer one left.
        StandardError.write("\r\(documentName): page \(page)\u{1B}[K")
        isDrawn = true
    }

    /// Takes the line away, before other messages are printed and at the end.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        guard isDrawn else { return }
        StandardError.write("\r\u{1B}[K")
        isDrawn = false
    }
}
