import Foundation

/// The picture files a document reads, each opened once and kept open for the document's
/// life: its `<img>` is checked (inside `--root`, a picture that decodes), measured, traced and
/// drawn from the one descriptor opened first, never from its name again. A picture renamed
/// over, or its name made a link to a file elsewhere, between the check and the drawing
/// changes nothing: the file checked is the file drawn; one written to in place is refused
/// (`InputFile.Problem.changed`). A document's pictures are few (a descriptor each); they are
/// closed with the document.
public final class PictureFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [String: Result<InputFile, Error>] = [:]

    public init() {}

    /// The file at `path`, opened the first time it is asked for; a file that could not be
    /// opened fails the same way each time.
    public func file(at path: String) throws -> InputFile {
        lock.lock()
        defer { lock.unlock() }
        if let known = opened[path] { return try known.get() }
        let result = Result { try ImageProbeError.reading { try InputFile(path: path) } }
        opened[path] = result
        return try result.get()
    }
}
