import Foundation
import Render

/// Messages to standard error, each written whole with one call, so that nothing else
/// can land in the middle of one. A failure to write one is ignored: there is nowhere left to
/// report it, and it must not stop the run (`FileHandle.write(_:)` would).
enum StandardError {
    static func write(_ text: String) {
        FileSink(borrowing: STDERR_FILENO).write(Data(text.utf8))
    }
}
