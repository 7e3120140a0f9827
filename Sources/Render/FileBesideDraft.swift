/// A temporary file beside Cairo's draft, written as each page ends and read back by the
/// finishing step (the text layer's streams, the structure's pieces): what grows with the pages
/// waits on disk rather than in memory. It is removed when let go, whatever became of it.
final class FileBesideDraft {
    /// The draft's path and the file's own ending.
    let path: String
    let sink: FileSink

    init(beside draft: String, ending: String) throws {
        path = draft + ending
        sink = try FileSink(temporary: path)
    }

    deinit {
        remove()
    }

    func remove() {
        TemporaryFiles.shared.remove(path)
    }

    /// Ends the writing; returns the file to read back, called `what` in errors.
    func closeForReading(what: String) throws -> ReadOnlyFile {
        do {
            return try sink.closeForReading(path: path, what: what)
        } catch {
            // The system's reason alone (a full disk, say): the file is a temporary the
            // output's own name stands for (`RenderError.cannotWrite`).
            throw FinishingError("\(error)")
        }
    }
}
