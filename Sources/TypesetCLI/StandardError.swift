import Foundation

/// Messages to standard error, each written whole with one call, so that nothing else
/// can land in the middle of one.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
