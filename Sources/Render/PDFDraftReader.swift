import Foundation

/// Reads Cairo's draft one object at a time, by the offsets of its cross-reference table
/// (ISO 32000-1, 7.5.4), so that the finishing step holds an offset an object and the object
/// it is copying, never the file. A stream's data is not read with its dictionary: the caller copies
/// it from the file in pieces (`copyData`).
final class PDFDraftReader {
    /// An object of the draft: its value, and for a stream where its data lies in the file.
    struct Object {
        var value: PDFValue
        var data: Range<Int>?
    }

    var path: String { file.path }
    /// The trailer: the draft's `/Root`, `/Info` and `/Size`.
    let trailer: PDFDictionary
    /// Each object's offset by number; nil for a free or missing number.
    private(set) var offsets: [Int?]
    /// The offsets in order, with the file's length last: where each object's bytes end.
    private let sortedOffsets: [Int]
    private let file: ReadOnlyFile

    convenience init(path: String) throws {
        try self.init(try ReadOnlyFile(path: path, what: "the draft"))
    }

    init(_ file: ReadOnlyFile) throws {
        let path = file.path
        self.file = file
        var offsets: [Int?] = []
        let trailer = try Self.readTable(at: try Self.lastCrossReference(in: file), in: file) { number, offset in
            if number >= offsets.count { offsets += [Int?](repeating: nil, count: number + 1 - offsets.count) }
            offsets[number] = offset
        }
        guard trailer["/Root"]?.referencedNumber != nil else { throw FinishingError("the draft \(path) has no trailer naming its catalog") }
        // Cairo writes a file whole: an update (7.5.6) would be another program's.
        guard trailer["/Prev"] == nil else { throw FinishingError("the draft \(path) has an incremental update, which Cairo does not write") }
        self.trailer = trailer
        self.offsets = offsets
        sortedOffsets = offsets.compactMap { $0 }.sorted() + [file.length]
    }

    /// The numbers of the draft's objects in the order they lie in the file: read in that
    /// order, the file is read once, front to back.
    var numbersInFileOrder: [Int] {
        offsets.indices.filter { offsets[$0] != nil }.sorted { offsets[$0]! < offsets[$1]! }
    }

    /// The version its header declares (`1.5`).
    func version() throws -> String {
        var header = [UInt8](repeating: 0, count: 16)
        let count = try header.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
        let line = header.prefix(count).prefix { $0 != 0x0A && $0 != 0x0D }
        guard line.starts(with: Array("%PDF-".utf8)) else { throw FinishingError("the draft \(path) is not a PDF") }
        return String(decoding: line.dropFirst(5), as: UTF8.self)
    }

    /// The object `number`; nil when the draft has none of that number.
    func object(_ number: Int) throws -> Object? {
        guard offsets.indices.contains(number), let offset = offsets[number] else { return nil }
        // Where the next object begins bounds this one; a stream's data is not read here.
        let next = sortedOffsets[Self.firstIndex(after: offset, in: sortedOffsets)]
        let ((value, isStream), parsed) = try Self.parse(at: offset, upTo: next, in: file) { parser in
            guard parser.keyword(String(number)), parser.keyword("0"), parser.keyword("obj") else {
                throw parser.fault("object \(number) does not begin where the cross-reference table says")
            }
            let value = try parser.value()
            // A keyword must follow, whole, and a stream's end of line: else the bytes read
            // ended too soon (a number cut short reads as a number).
            if parser.keyword("stream"), parser.position + 1 < parser.bytes.count { return (value, true) }
            if parser.keyword("endobj") { return (value, false) }
            throw parser.fault("object \(number) has no endobj")
        }
        guard isStream else { return Object(value: value, data: nil) }
        var parser = parsed
        // The data begins after the end of line that follows `stream` (7.3.8.1).
        if parser.position < parser.bytes.count, parser.bytes[parser.position] == 0x0D { parser.position += 1 }
        if parser.position < parser.bytes.count, parser.bytes[parser.position] == 0x0A { parser.position += 1 }
        guard let dictionary = value.dictionary, let count = try streamLength(dictionary["/Length"]) else {
            throw FinishingError("stream \(number) of the draft has no length")
        }
        let start = offset + parser.position
        guard count >= 0, start + count <= next else { throw FinishingError("stream \(number) of the draft runs past its object") }
        return Object(value: value, data: start ..< start + count)
    }

    /// Calls `body` with the bytes of `range` of the draft, a piece at a time.
    func copyData(_ range: Range<Int>, into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try file.copy(range, into: body)
    }

    /// Calls `body` with every byte of the draft, a piece at a time.
    func copyWholeFile(into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try file.copy(0 ..< file.length, into: body)
    }

    /// The whole data of a small stream (a page's content, an image's header), read at once.
    func data(_ range: Range<Int>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        try copyData(range) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// A stream's `/Length`: a number, or an object of its own holding it (Cairo writes the
    /// length after the data, as an object of its own).
    private func streamLength(_ value: PDFValue?) throws -> Int? {
        switch value {
        case .integer(let count)?: return count
        case .reference(let number, _)?: return try object(number)?.value.integer
        default: return nil
        }
    }

    // MARK: Reading the file

    /// Parses with `body` the bytes from `offset`, a few kilobytes at first and more while
    /// `body` finds them cut short, never past `end`; returns what `body` returned and the
    /// parser where it left it.
    private static func parse<Result>(at offset: Int, upTo end: Int, in file: ReadOnlyFile,
                                      _ body: (inout PDFValueParser) throws -> Result) throws -> (Result, PDFValueParser) {
        var count = min(end - offset, 4096)
        while true {
            var bytes = [UInt8](repeating: 0, count: count)
            let read = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
            bytes.removeLast(count - read)
            var parser = PDFValueParser(bytes)
            do {
                let result = try body(&parser)
                return (result, parser)
            } catch let fault as PDFValueParser.Fault {
                guard count < end - offset, read == count else {
                    throw FinishingError("the draft cannot be read: \(fault.reason) at byte \(offset + fault.offset)")
                }
                count = min(end - offset, count * 4)
            }
        }
    }

    /// The offset after the file's last `startxref` (7.5.5), in its last kilobyte: where its
    /// cross-reference table begins.
    static func lastCrossReference(in file: ReadOnlyFile) throws -> Int {
        var tail = [UInt8](repeating: 0, count: min(file.length, 1024))
        let count = try tail.withUnsafeMutableBytes { try file.read(into: $0, at: file.length - $0.count) }
        let keyword = Array("startxref".utf8)
        if count >= keyword.count,
           let start = stride(from: count - keyword.count, through: 0, by: -1).first(where: { tail[$0 ..< $0 + keyword.count].elementsEqual(keyword) }) {
            var parser = PDFValueParser(Array(tail[(start + keyword.count) ..< count]))
            if let offset = try? parser.value().integer { return offset }
        }
        throw FinishingError("\(file.path) has no startxref with an offset")
    }

    /// Reads a cross-reference table at `offset` (`xref`, subsections of 20-byte entries,
    /// `trailer` and its dictionary), giving each object in use to `entry`; returns the trailer.
    private static func readTable(at offset: Int, in file: ReadOnlyFile, entry: (Int, Int) -> Void) throws -> PDFDictionary {
        let (_, opening) = try parse(at: offset, upTo: file.length, in: file) { parser in
            guard parser.keyword("xref") else { throw parser.fault("no cross-reference table where startxref says") }
        }
        var position = offset + opening.position
        while true {
            let (subsection, parser) = try parse(at: position, upTo: file.length, in: file) { parser -> (first: Int, count: Int)? in
                if parser.keyword("trailer") { return nil }
                guard let first = try parser.value().integer, let count = try parser.value().integer, first >= 0, count >= 0 else {
                    throw parser.fault("a malformed cross-reference subsection")
                }
                parser.skipSpaceAndComments()
                return (first, count)
            }
            guard let (first, count) = subsection else {
                let (trailer, _) = try parse(at: position + parser.position, upTo: file.length, in: file) { try $0.value() }
                guard let dictionary = trailer.dictionary else { throw FinishingError("the draft's trailer is not a dictionary") }
                return dictionary
            }
            let entries = position + parser.position
            var table = [UInt8](repeating: 0, count: count * 20)
            let read = try table.withUnsafeMutableBytes { try file.read(into: $0, at: entries) }
            guard read == table.count else { throw FinishingError("the draft's cross-reference table is cut short") }
            for index in 0 ..< count {
                let row = table[index * 20 ..< index * 20 + 20]
                guard row[row.startIndex + 17] == UInt8(ascii: "n") else { continue }
                guard let objectOffset = PDFValueParser.integer(row.prefix(10)) else {
                    throw FinishingError("the draft's cross-reference entry for object \(first + index) is malformed")
                }
                entry(first + index, objectOffset)
            }
            position = entries + table.count
        }
    }

    /// The index of the first of `sorted` greater than `offset`.
    private static func firstIndex(after offset: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count - 1
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
