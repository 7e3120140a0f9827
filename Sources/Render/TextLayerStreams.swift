import Foundation

/// The text layer's page streams (`PDFTextLayer`), kept in a file beside Cairo's draft as each
/// page ends rather than in memory, and copied from it in pieces into the finished file with
/// the draft's objects (`PDFDraftCopy`), so that a book's text (3 MB deflated for the KJV) is
/// never held in memory.
final class TextLayerStreams {
    /// Where the streams wait: the draft's path and `.text`.
    let path: String
    private let sink: FileSink
    /// Each stream's place in the file, in the order kept.
    private(set) var ranges: [Range<Int>] = []
    /// The file read back, once every stream is kept (`close()`).
    private var file: ReadOnlyFile?

    init(beside draft: String) throws {
        path = draft + ".text"
        sink = try FileSink(temporary: path)
    }

    deinit {
        remove()
    }

    /// Removes the streams' file, whatever became of them.
    func remove() {
        TemporaryFiles.shared.remove(path)
    }

    /// Keeps a page's deflated stream; returns its index among those kept.
    func keep(_ deflated: [UInt8]) -> Int {
        deflated.withUnsafeBytes { sink.write($0) }
        let start = ranges.last?.upperBound ?? 0
        ranges.append(start ..< start + deflated.count)
        return ranges.count - 1
    }

    /// Ends the keeping: the streams are in the file, to be read back.
    func close() throws {
        guard file == nil else { return }
        do {
            file = try sink.closeForReading(path: path, what: "the text layer's streams")
        } catch {
            // The system's reason alone (a full disk, say): the file is a temporary the
            // output's own name stands for (`RenderError.cannotWrite`).
            throw FinishingError("\(error)")
        }
    }

    /// Calls `body` with the stream `index`'s bytes, a piece at a time; `close()` first.
    func copy(_ index: Int, into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let file else { throw FinishingError("the text layer's streams are read before they are all kept") }
        try file.copy(ranges[index], into: body)
    }

    /// Calls `body` with every stream's bytes in the order kept, a piece at a time.
    func copyAll(into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        for index in ranges.indices { try copy(index, into: body) }
    }
}
