import Foundation

/// `book.txt: page 12` on one line of standard error, redrawn as each page of a single
/// document goes to be drawn (a batch has its `ProgressBar`). Drawn only on a terminal, and
/// only once the document has taken a second: a quick one would flash a line and take it away.
/// `TYPESET_PROGRESS_AFTER` (seconds) sets that wait, so a test need not depend on how fast
/// the machine sets its document.
final class PageProgress: @unchecked Sendable {
    static let delayVariable = "TYPESET_PROGRESS_AFTER"
    private let documentName: String
    private let isShown: Bool
    private let delay: Duration
    private let start = ContinuousClock.now
    /// Pages are told from the drawing thread, `clear` from the command's.
    private let lock = NSLock()
    private var isDrawn = false

    /// - Parameter isWanted: false under `--quiet`, and for a batch.
    init(documentName: String, isWanted: Bool) {
        self.documentName = documentName
        isShown = isWanted && isatty(STDERR_FILENO) == 1
        let seconds = ProcessInfo.processInfo.environment[Self.delayVariable].flatMap(Double.init) ?? 1
        delay = .milliseconds(Int((seconds.isFinite ? max(0, min(seconds, 86_400)) : 1) * 1000))
    }

    func reached(page: Int) {
        guard isShown, start.duration(to: .now) >= delay else { return }
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
