import Foundation

/// Objects added to a finished PDF as an incremental update (ISO 32000-1, 7.5.6): written
/// after the file's end, packed into compressed object streams (7.5.7), with a
/// cross-reference stream (7.5.8) that names the file's own as `/Prev`.
///
/// Why the finishing step writes objects itself: qpdf makes an object of its own for every
/// object it writes and keeps them all until the file is written, some 73,000 instructions
/// and 700 bytes each through its C API. A book's structure tree has tens of thousands of
/// small elements; written here they cost a few hundred instructions each and no memory
/// once written. (See docs/pipeline.md, "Speed: the structure tree written by typeset".)
struct PDFIncrementalUpdate {
    /// What the update's trailer repeats of the file's (7.5.6: an update's trailer holds the
    /// entries of the one before it, and `/Prev`).
    struct Trailer {
        /// The file's `/Size`: the update's new objects are numbered from it.
        var size: Int
        var root: Int
        var info: Int?
        /// The file identifier's two strings, as bytes.
        var identifier: [[UInt8]]
        /// Where the file's last cross-reference section begins.
        var previousCrossReference: Int
    }

    /// Objects in one object stream: as qpdf packs them, so that a reader needing one object
    /// inflates a stream of a few kilobytes.
    static let objectsPerStream = 100

    let trailer: Trailer
    /// Each object's number and its text (without `obj`/`endobj`), in the order given.
    private var objects: [(number: Int, text: [UInt8])] = []
    private var nextNumber: Int

    init(trailer: Trailer) {
        self.trailer = trailer
        nextNumber = trailer.size
    }

    /// A number for a new object, whose text is given later (`set`).
    mutating func reserve() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// The text of the object `number`: a new one, or one of the file's that it replaces.
    mutating func set(_ number: Int, _ text: PDFObjectText) {
        objects.append((number, text.bytes))
    }

    /// Appends the update to the file at `path`.
    func append(to path: String) throws {
        guard let file = FileHandle(forUpdatingAtPath: path) else { throw FinishingError("cannot open \(path) to add to it") }
        defer { try? file.close() }
        var start = Int(try file.seekToEnd())
        var output: [UInt8] = []
        // The update's first object starts a line of its own (qpdf ends its files with one).
        if start > 0 {
            try file.seek(toOffset: UInt64(start - 1))
            if let last = try file.read(upToCount: 1)?.first, last != UInt8(ascii: "\n"), last != UInt8(ascii: "\r") {
                output.append(UInt8(ascii: "\n"))
            }
            start = Int(try file.seekToEnd())
        }
        var number = nextNumber
        let deflater = Deflater()
        /// Each object's cross-reference entry: in an object stream (its number, the index in
        /// it) or at an offset in the file (type 1).
        var entries: [Int: Entry] = [:]
        for first in stride(from: 0, to: objects.count, by: Self.objectsPerStream) {
            let group = objects[first ..< min(first + Self.objectsPerStream, objects.count)]
            let stream = number
            number += 1
            var header = PDFObjectText(), body: [UInt8] = []
            for (index, object) in group.enumerated() {
                header.integer(object.number)
                header.integer(body.count)
                entries[object.number] = Entry(type: 2, field: stream, index: index)
                body.append(contentsOf: object.text)
                body.append(UInt8(ascii: "\n"))
            }
            header.raw("\n")
            var dictionary = PDFObjectText()
            dictionary.raw("/Type /ObjStm /N")
            dictionary.integer(group.count)
            dictionary.raw(" /First")
            dictionary.integer(header.bytes.count)
            entries[stream] = Entry(type: 1, field: start + output.count, index: 0)
            try Self.appendStream(stream, dictionary: dictionary, data: header.bytes + body, deflater: deflater, to: &output)
        }
        let crossReference = number
        let crossReferenceOffset = start + output.count
        entries[crossReference] = Entry(type: 1, field: crossReferenceOffset, index: 0)
        try Self.appendStream(crossReference, dictionary: crossReferenceDictionary(entries, size: crossReference + 1),
                              data: Self.crossReferenceData(entries), deflater: deflater, to: &output)
        var end = PDFObjectText()
        end.raw("startxref\n")
        end.integer(crossReferenceOffset)
        end.raw("\n%%EOF\n")
        output.append(contentsOf: end.bytes)
        try file.write(contentsOf: Data(output))
    }

    /// A cross-reference stream's entry: type 1, an object at the offset `field`; type 2, the
    /// object at `index` in the object stream `field`.
    private struct Entry {
        var type: UInt8
        var field: Int
        var index: Int
    }

    /// The cross-reference stream's dictionary, which is also the update's trailer.
    private func crossReferenceDictionary(_ entries: [Int: Entry], size: Int) -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("/Type /XRef /Size")
        text.integer(size)
        text.raw(" /Index [")
        for range in Self.runs(of: entries.keys.sorted()) {
            text.integer(range.lowerBound)
            text.integer(range.count)
        }
        text.raw("] /W [1")
        let (fieldWidth, indexWidth) = Self.widths(entries)
        text.integer(fieldWidth)
        text.integer(indexWidth)
        text.raw("] /DecodeParms << /Columns")
        text.integer(1 + fieldWidth + indexWidth)
        text.raw(" /Predictor 12 >> /Root")
        text.reference(trailer.root)
        if let info = trailer.info {
            text.raw(" /Info")
            text.reference(info)
        }
        if !trailer.identifier.isEmpty {
            text.raw(" /ID [")
            for part in trailer.identifier { text.hexString(part) }
            text.raw("]")
        }
        text.raw(" /Prev")
        text.integer(trailer.previousCrossReference)
        return text
    }

    /// The entries in order of their numbers, each field big-endian in its width, each row
    /// led by PNG's Up filter (the difference from the row above): consecutive entries differ
    /// in a byte or two, so that the rows deflate to little (`/Predictor 12`, as qpdf writes
    /// its own).
    private static func crossReferenceData(_ entries: [Int: Entry]) -> [UInt8] {
        let (fieldWidth, indexWidth) = widths(entries)
        let rowWidth = 1 + fieldWidth + indexWidth
        var data: [UInt8] = [], row: [UInt8] = [], above = [UInt8](repeating: 0, count: rowWidth)
        data.reserveCapacity(entries.count * (1 + rowWidth))
        for number in entries.keys.sorted() {
            let entry = entries[number]!
            row.removeAll(keepingCapacity: true)
            row.append(entry.type)
            for shift in stride(from: (fieldWidth - 1) * 8, through: 0, by: -8) { row.append(UInt8(truncatingIfNeeded: entry.field >> shift)) }
            for shift in stride(from: (indexWidth - 1) * 8, through: 0, by: -8) { row.append(UInt8(truncatingIfNeeded: entry.index >> shift)) }
            data.append(2)
            for (byte, byteAbove) in zip(row, above) { data.append(byte &- byteAbove) }
            swap(&row, &above)
        }
        return data
    }

    /// The bytes the largest offset or stream number and the largest index need.
    private static func widths(_ entries: [Int: Entry]) -> (field: Int, index: Int) {
        func width(_ value: Int) -> Int { value < 0x100 ? 1 : value < 0x1_0000 ? 2 : value < 0x100_0000 ? 3 : value < 0x1_0000_0000 ? 4 : 8 }
        return (width(entries.values.map(\.field).max() ?? 0), width(entries.values.map(\.index).max() ?? 0))
    }

    /// Sorted numbers as runs of consecutive ones: a cross-reference stream's `/Index`.
    private static func runs(of numbers: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for number in numbers {
            if let last = runs.last, last.upperBound == number {
                runs[runs.count - 1] = last.lowerBound ..< number + 1
            } else {
                runs.append(number ..< number + 1)
            }
        }
        return runs
    }

    /// `number 0 obj << dictionary /Filter /FlateDecode /Length … >> stream … endstream endobj`,
    /// `data` deflated by `deflater`, which the update's streams share.
    private static func appendStream(_ number: Int, dictionary: PDFObjectText, data: [UInt8], deflater: Deflater,
                                     to output: inout [UInt8]) throws {
        let deflated = try deflater.bytes(data, of: "the objects added to the PDF")
        var text = PDFObjectText()
        text.integer(number)
        text.raw(" 0 obj\n<< ")
        text.append(dictionary)
        text.raw(" /Filter /FlateDecode /Length")
        text.integer(deflated.count)
        text.raw(" >>\nstream\n")
        output.append(contentsOf: text.bytes)
        output.append(contentsOf: deflated)
        output.append(contentsOf: Array("\nendstream\nendobj\n".utf8))
    }
}
