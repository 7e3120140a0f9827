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
        var crossReference = PDFCrossReferenceStream()
        for first in stride(from: 0, to: objects.count, by: PDFObjectStream.capacity) {
            let group = objects[first ..< min(first + PDFObjectStream.capacity, objects.count)]
            let stream = number
            number += 1
            var packed = PDFObjectStream()
            for object in group {
                let index = packed.add(object.number, object.text)
                crossReference.entries[object.number] = .init(type: 2, field: stream, index: index)
            }
            crossReference.entries[stream] = .init(type: 1, field: start + output.count, index: 0)
            let (dictionary, data) = packed.finished()
            try Self.appendStream(stream, dictionary: dictionary, data: data, deflater: deflater, to: &output)
        }
        let crossReferenceNumber = number
        let crossReferenceOffset = start + output.count
        crossReference.entries[crossReferenceNumber] = .init(type: 1, field: crossReferenceOffset, index: 0)
        try Self.appendStream(crossReferenceNumber, dictionary: trailerDictionary(crossReference, size: crossReferenceNumber + 1),
                              data: crossReference.rows(), deflater: deflater, to: &output)
        var end = PDFObjectText()
        end.raw("startxref\n")
        end.integer(crossReferenceOffset)
        end.raw("\n%%EOF\n")
        output.append(contentsOf: end.bytes)
        try file.write(contentsOf: Data(output))
    }

    /// The cross-reference stream's dictionary, which is also the update's trailer.
    private func trailerDictionary(_ crossReference: PDFCrossReferenceStream, size: Int) -> PDFObjectText {
        var text = crossReference.dictionary(size: size)
        text.raw(" /Root")
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

    /// The stream object `number`, `data` deflated by `deflater`, which the update's streams share.
    private static func appendStream(_ number: Int, dictionary: PDFObjectText, data: [UInt8], deflater: Deflater,
                                     to output: inout [UInt8]) throws {
        output.append(contentsOf: try PDFObjectText.deflatedStream(number, dictionary: dictionary, data: data, deflater: deflater))
    }
}
