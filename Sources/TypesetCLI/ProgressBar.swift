import Foundation

/// `[########------------] 5/12 documents` on one line of standard error, redrawn in place.
/// Drawn only on a terminal: piped into a log, a redrawn line is a mess of `\r`s.
final class ProgressBar {
    private let total: Int
    private let isShown: Bool
    private let width = 20

    /// - Parameter isWanted: false under `--quiet`, or for a single document.
    init(total: Int, isWanted: Bool) {
        self.total = total
        isShown = isWanted && isatty(STDERR_FILENO) == 1
    }

    func draw(finished: Int) {
        guard isShown, total > 0 else { return }
        let filled = width * finished / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        StandardError.write("\r[\(bar)] \(finished)/\(total) documents")
    }

    /// Takes the bar off its line, before other messages are printed and at the end.
    func clear() {
        guard isShown else { return }
        // Back to the line's start, then erase to its end.
        StandardError.write("\r\u{1B}[K")
    }
}
