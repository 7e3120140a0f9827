import Text

/// Writes a whole PDF front to back into a `FileSink`, an object at a time, holding only
/// where each object went: objects other than streams are packed a hundred to a compressed
/// object stream (ISO 32000-1, 7.5.7), streams are written as they come, and the file ends
/// with a cross-reference stream (7.5.8) that is also its trailer, and an identifier made from
/// the bytes written, so that the same input gives the same file.
final class PDFStreamingWriter {
    private let sink: FileSink
    /// Bytes written so far: the next object's offset.
    private(set) var offset = 0
    private var crossReference = PDFCrossReferenceStream()
    private var pending = PDFObjectStream()
    private var nextNumber: Int
    private let deflater: Deflater
    private var identifier = ContentHash()

    /// A file of PDF `version` (`"1.5"`; object streams need 1.5 at least) whose objects are
    /// given numbers below `firstFreeNumber` by the caller; `reserve()` gives the others.
    /// `kept`: the streams the run before deflated (`typeset watch`), taken again.
    init(into sink: FileSink, version: String, firstFreeNumber: Int, keeping kept: KeptDeflates? = nil) {
        self.sink = sink
        deflater = Deflater(keeping: kept)
        nextNumber = max(1, firstFreeNumber)
        crossReference.reserveCapacity(nextNumber)
        // The binary comment tells transfer programs the file is not text (7.5.2).
        write(Array("%PDF-\(version)\n".utf8) + [0x25, 0xBF, 0xF7, 0xA2, 0xFE, 0x0A])
    }

    /// A number for a new object.
    func reserve() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// The object `number`, not a stream, into the object stream being filled.
    func add(_ number: Int, _ value: PDFValue) throws {
        var text = PDFObjectText()
        text.value(value)
        try add(number, text: text)
    }

    /// The object `number` as text already written, read where it was written.
    func add(_ number: Int, text: PDFObjectText) throws {
        try text.withBytes { try add(number, bytes: $0) }
    }

    /// The object `number` as text already written (`PDFObjectText`).
    func add(_ number: Int, text: [UInt8]) throws {
        try text.withUnsafeBytes { try add(number, bytes: $0) }
    }

    private func add(_ number: Int, bytes text: UnsafeRawBufferPointer) throws {
        identifier.add(text)
        let stream = pendingStreamNumber
        crossReference.set(number, .init(type: 2, field: stream, index: pending.add(number, text)))
        if pending.isFull { try flushObjectStream() }
    }

    /// A stream object: `dictionary` (its `/Length` set here to `length`) and the `length`
    /// bytes `data` gives to the writing function it is called with, as they are (already
    /// compressed, or not).
    func addStream(_ number: Int, dictionary: PDFDictionary, length: Int,
                   data: ((UnsafeRawBufferPointer) -> Void) throws -> Void) throws {
        var dictionary = dictionary
        dictionary["/Length"] = .integer(length)
        var text = PDFObjectText()
        text.integer(number)
        text.raw(" 0 obj\n")
        text.dictionary(dictionary)
        text.raw("\nstream\n")
        crossReference.set(number, .init(type: 1, field: offset, index: 0))
        write(text.bytes)
        var written = 0
        try data { bytes in
            written += bytes.count
            identifier.add(bytes)
            write(bytes)
        }
        guard written == length else { throw FinishingError("stream \(number) was given \(written) bytes, not its length \(length)") }
        write(Array("\nendstream\nendobj\n".utf8))
    }

    /// A stream of bytes in memory, deflated here (a `/Filter` already in `dictionary` is
    /// kept, and the bytes written as they are).
    func addStream(_ number: Int, dictionary: PDFDictionary, bytes: [UInt8]) throws {
        var dictionary = dictionary
        var data = bytes
        if dictionary["/Filter"] == nil {
            data = try deflater.bytes(bytes, of: "a stream of the PDF")
            dictionary["/Filter"] = .name("/FlateDecode")
        }
        try addStream(number, dictionary: dictionary, length: data.count) { write in data.withUnsafeBytes { write($0) } }
    }

    /// A new stream of `bytes` as they are, unfiltered (a few bytes, `q`, that deflating
    /// would make longer; an XMP packet, meant to be readable as it is); returns its number.
    func addStream(_ bytes: [UInt8], dictionary: PDFDictionary = PDFDictionary()) throws -> Int {
        let number = reserve()
        try addStream(number, dictionary: dictionary, length: bytes.count) { write in bytes.withUnsafeBytes { write($0) } }
        return number
    }

    /// Ends the file: the last object stream, the cross-reference stream naming `root` and
    /// `info` (their numbers) and the file identifier.
    func finish(root: Int, info: Int?) throws {
        if !pending.isEmpty { try flushObjectStream() }
        let number = reserve()
        let start = offset
        crossReference.set(number, .init(type: 1, field: start, index: 0))
        var trailer = crossReference.dictionary(size: number + 1)
        trailer.raw(" /Root")
        trailer.reference(root)
        if let info {
            trailer.raw(" /Info")
            trailer.reference(info)
        }
        // Both parts alike: the file is not a changed version of another (14.4).
        let digest = identifier.bytes
        trailer.raw(" /ID [")
        trailer.hexString(digest)
        trailer.hexString(digest)
        trailer.raw("]")
        write(try PDFObjectText.deflatedStream(number, dictionary: trailer, data: crossReference.rows(), deflater: deflater))
        var end = PDFObjectText()
        end.raw("startxref\n")
        end.integer(start)
        end.raw("\n%%EOF\n")
        write(end.bytes)
        sink.flush()
        if let failure = sink.failure { throw FinishingError("\(failure)") }
    }

    /// The number the object stream being filled will have.
    private var pendingStreamNumber: Int {
        if pendingNumber == nil { pendingNumber = reserve() }
        return pendingNumber!
    }

    private var pendingNumber: Int?

    private func flushObjectStream() throws {
        guard let number = pendingNumber else { return }
        let (dictionary, data) = pending.finished()
        crossReference.set(number, .init(type: 1, field: offset, index: 0))
        write(try PDFObjectText.deflatedStream(number, dictionary: dictionary, data: data, deflater: deflater))
        pending = PDFObjectStream()
        pendingNumber = nil
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        sink.write(bytes)
        offset += bytes.count
    }
}
