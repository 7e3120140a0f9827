/// Each page's marked pieces (`StructureRecord.pages`), kept in a file beside Cairo's draft as
/// the page ends rather than in memory to the end of drawing, where a run's memory peaks: they
/// grow with the pages (a book's 31,000 pieces, 0.6 MB). The finishing step reads them back
/// (`StructureRecord.readPagesBack()`), once the text and the layout are gone.
///
/// A piece is plain data, written as its bytes and read back by the same process.
final class MarkedPieceFile: @unchecked Sendable {
    /// Where the pieces wait: the draft's path and `.pieces`.
    private let written: FileBesideDraft
    /// How many pieces each page has, in the order kept.
    private(set) var pageCounts: [Int32] = []

    init(beside draft: String) throws {
        written = try FileBesideDraft(beside: draft, ending: ".pieces")
    }

    /// Removes the file, whatever became of the pieces.
    func remove() {
        written.remove()
    }

    var pageCount: Int { pageCounts.count }

    /// Keeps a page's pieces, in MCID order.
    func keep(_ pieces: [MarkedPiece]) {
        pieces.withUnsafeBytes { written.sink.write($0) }
        pageCounts.append(Int32(pieces.count))
    }

    /// Every page's pieces, in the order kept; the file is closed for writing.
    func readBack() throws -> [[MarkedPiece]] {
        let file = try written.closeForReading(what: "the structure's pieces")
        var offset = 0
        return try pageCounts.map { count in
            try [MarkedPiece](unsafeUninitializedCapacity: Int(count)) { pieces, initialized in
                let bytes = UnsafeMutableRawBufferPointer(start: pieces.baseAddress, count: Int(count) * MemoryLayout<MarkedPiece>.stride)
                guard try bytes.isEmpty || file.read(into: bytes, at: offset) == bytes.count else {
                    throw FinishingError("cannot read the structure's pieces \(file.path): it ends early")
                }
                offset += bytes.count
                initialized = Int(count)
            }
        }
    }
}
