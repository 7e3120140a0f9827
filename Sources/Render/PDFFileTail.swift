import Foundation

/// The end of a PDF file, where its last trailer and `startxref` are: enough to add objects
/// to the file as an incremental update (ISO 32000-1, 7.5.6) without reading the rest.
struct PDFFileTail {
    /// The last kilobyte of the file (all of a smaller one).
    private let bytes: [UInt8]
    private let path: String

    init(path: String) throws {
        self.path = path
        guard let file = FileHandle(forReadingAtPath: path) else { throw FinishingError("cannot read \(path) again") }
        defer { try? file.close() }
        let end = try file.seekToEnd()
        try file.seek(toOffset: end - min(end, 1024))
        bytes = [UInt8](try file.readToEnd() ?? Data())
    }

    /// The offset after the last `startxref`: where the file's last cross-reference section begins.
    func lastCrossReference() throws -> Int {
        guard let offset = integer(after: "startxref") else { throw FinishingError("\(path) has no startxref with an offset") }
        return offset
    }

    /// The whole number after the last `keyword` of the tail (after `/Size` in a trailer,
    /// say), nil when there is none.
    func integer(after keyword: String) -> Int? {
        let key = Array(keyword.utf8)
        guard bytes.count >= key.count,
              let start = stride(from: bytes.count - key.count, through: 0, by: -1).first(where: { bytes[$0 ..< $0 + key.count].elementsEqual(key) })
        else { return nil }
        var value = 0, sawDigit = false
        for byte in bytes[(start + key.count)...] {
            if (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                sawDigit = true
            } else if sawDigit || !Self.isWhiteSpace(byte) {
                break
            }
        }
        return sawDigit ? value : nil
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }
}
