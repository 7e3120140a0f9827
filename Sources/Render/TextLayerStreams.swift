import Foundation

/// The text layer's page streams (`PDFTextLayer`), kept in a file beside Cairo's draft as each
/// page ends rather than in memory, and copied from it in pieces into the finished file with
/// the draft's objects (`PDFDraftCopy`), so that a book's text (3 MB deflated for the KJV) is
/// never held in memory.
final class TextLayerStreams {
    /// Where the streams wait: the draft's path and `.text`.
    private let written: FileBesideDraft
    var path: String { written.path }
    /// Each stream's place in the file, in the order kept.
    private(set) var ranges: [Range<Int>] = []
    /// The file read back, once every stream is kept (`close()`).
    private var file: ReadOnlyFile?

    init(beside draft: String) throws {
        written = try FileBesideDraft(beside: draft, ending: ".text")
    }

    /// Removes the streams' file, whatever became of them.
    func remove() {
        written.remove()
    }

    /// Keeps a page's deflated stream; returns its index among those kept.
    func keep(_ deflated: [UInt8]) -> Int {
        deflated.withUnsafeBytes { written.sink.write($0) }
        let start = ranges.last?.upperBound ?? 0
        ranges.append(start ..< start + deflated.count)
        return ranges.count - 1
    }

    /// Ends the keeping: the streams are in the file, to be read back.
    func close() throws {
        guard file == nil else { return }
        file = try written.closeForReading(what: "the text layer's streams")
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
