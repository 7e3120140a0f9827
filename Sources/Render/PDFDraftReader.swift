import Foundation

/// Reads Cairo's draft one object at a time, by the offsets of its cross-reference tables
/// (ISO 32000-1, 7.5.4; the draft's own updates, `TextLayerStreams`, are tables too, chained
/// by `/Prev`), so that the finishing step holds an offset an object and the object it is
/// copying, never the file. A stream's data is not read with its dictionary: the caller copies
/// it from the file in pieces (`copyData`).
final class PDFDraftReader {
    /// An object of the draft: its value, and for a stream where its data lies in the file.
    struct Object {
        var value: PDFValue
        var data: Range<Int>?
    }

    let path: String
    /// The last trailer: the draft's `/Root`, `/Info` and `/Size`.
    let trailer: PDFDictionary
    /// Each object's offset by number; nil for a free or missing number.
    private(set) var offsets: [Int?]
    /// The offsets in order, with the file's length last: where each object's bytes end.
    private let sortedOffsets: [Int]
    private let descriptor: Int32
    private let length: Int

    init(path: String) throws {
        self.path = path
        descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FinishingError("cannot read the draft \(path): \(SystemError.current)") }
        length = Int(lseek(descriptor, 0, SEEK_END))
        var offsets: [Int?] = []
        var trailer: PDFDictionary?
        var section: Int? = try PDFFileTail(path: path).lastCrossReference()
        var visited = Set<Int>()
        do {
            // The last section first: an object a later section gives again is the later one's.
            while let start = section, visited.insert(start).inserted {
                let sectionTrailer = try Self.readTable(at: start, descriptor: descriptor, length: length) { number, offset in
                    if number >= offsets.count { offsets += [Int?](repeating: nil, count: number + 1 - offsets.count) }
                    if offsets[number] == nil { offsets[number] = offset }
                }
                if trailer == nil { trailer = sectionTrailer }
                section = sectionTrailer["/Prev"]?.integer
            }
        } catch {
            Foundation.close(descriptor)
            throw error
        }
        guard let trailer, trailer["/Root"]?.referencedNumber != nil else {
            Foundation.close(descriptor)
            throw FinishingError("the draft \(path) has no trailer naming its catalog")
        }
        self.trailer = trailer
        self.offsets = offsets
        sortedOffsets = offsets.compactMap { $0 }.sorted() + [length]
    }

    deinit {
        Foundation.close(descriptor)
    }

    /// The numbers of the draft's objects in the order they lie in the file: read in that
    /// order, the file is read once, front to back.
    var numbersInFileOrder: [Int] {
        offsets.indices.filter { offsets[$0] != nil }.sorted { offsets[$0]! < offsets[$1]! }
    }

    /// The version its header declares (`1.5`).
    func version() throws -> String {
        var header = [UInt8](repeating: 0, count: 16)
        let count = try header.withUnsafeMutableBytes { try Self.read(descriptor, into: $0, at: 0) }
        let line = header.prefix(count).prefix { $0 != 0x0A && $0 != 0x0D }
        guard line.starts(with: Array("%PDF-".utf8)) else { throw FinishingError("the draft \(path) is not a PDF") }
        return String(decoding: line.dropFirst(5), as: UTF8.self)
    }

    /// The object `number`; nil when the draft has none of that number.
    func object(_ number: Int) throws -> Object? {
        guard offsets.indices.contains(number), let offset = offsets[number] else { return nil }
        // Where the next object begins bounds this one; a stream's data is not read here.
        let next = sortedOffsets[Self.firstIndex(after: offset, in: sortedOffsets)]
        let ((value, isStream), parsed) = try Self.parse(at: offset, upTo: next, descriptor: descriptor) { parser in
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
        var buffer = [UInt8](repeating: 0, count: min(range.count, 1 << 16))
        var position = range.lowerBound
        while position < range.upperBound {
            let count = try buffer.withUnsafeMutableBytes { bytes in
                try Self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[..<min(bytes.count, range.upperBound - position)]), at: position)
            }
            try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            position += count
        }
    }

    /// Calls `body` with every byte of the draft, a piece at a time.
    func copyWholeFile(into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try copyData(0 ..< length, into: body)
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
    private static func parse<Result>(at offset: Int, upTo end: Int, descriptor: Int32,
                                      _ body: (inout PDFValueParser) throws -> Result) throws -> (Result, PDFValueParser) {
        var count = min(end - offset, 4096)
        while true {
            var bytes = [UInt8](repeating: 0, count: count)
            let read = try bytes.withUnsafeMutableBytes { try Self.read(descriptor, into: $0, at: offset) }
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

    /// Reads a cross-reference table at `offset` (`xref`, subsections of 20-byte entries,
    /// `trailer` and its dictionary), giving each object in use to `entry`; returns the trailer.
    private static func readTable(at offset: Int, descriptor: Int32, length: Int, entry: (Int, Int) -> Void) throws -> PDFDictionary {
        let (_, opening) = try parse(at: offset, upTo: length, descriptor: descriptor) { parser in
            guard parser.keyword("xref") else { throw parser.fault("no cross-reference table where startxref says") }
        }
        var position = offset + opening.position
        while true {
            let (subsection, parser) = try parse(at: position, upTo: length, descriptor: descriptor) { parser -> (first: Int, count: Int)? in
                if parser.keyword("trailer") { return nil }
                guard let first = try parser.value().integer, let count = try parser.value().integer, first >= 0, count >= 0 else {
                    throw parser.fault("a malformed cross-reference subsection")
                }
                parser.skipSpaceAndComments()
                return (first, count)
            }
            guard let (first, count) = subsection else {
                let (trailer, _) = try parse(at: position + parser.position, upTo: length, descriptor: descriptor) { try $0.value() }
                guard let dictionary = trailer.dictionary else { throw FinishingError("the draft's trailer is not a dictionary") }
                return dictionary
            }
            let entries = position + parser.position
            var table = [UInt8](repeating: 0, count: count * 20)
            let read = try table.withUnsafeMutableBytes { try Self.read(descriptor, into: $0, at: entries) }
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

    /// `pread` until `buffer` is full or the file ends; returns how many bytes were read.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FinishingError("cannot read the draft: \(SystemError.current)") }
            if count == 0 { break }
            done += count
        }
        return done
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
