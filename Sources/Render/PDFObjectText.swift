/// PDF object syntax written straight into bytes (ISO 32000-1, 7.3): what the finishing step
/// writes itself, object by object (see `PDFStreamingWriter`). The caller puts
/// the delimiters (`<<`, `[`) where it wants them; each value is written after a space where
/// one is needed to keep it apart from the token before.
///
/// The bytes are written through a pointer, as a content stream's are (`PDFContentBytes`): an
/// array's `append(contentsOf:)` of a short literal cost some 190 instructions and a number's
/// digits some 260, eight literals and four numbers a structure element. A value copied shares
/// them until one of the two writes (copy on write).
struct PDFObjectText {
    private final class Storage {
        // One writer at a time: the value copies the storage before writing into a shared one.
        @exclusivity(unchecked) var content = PDFContentBytes()
    }

    private var storage = Storage()

    /// A copy of the bytes written.
    var bytes: [UInt8] { storage.content.bytes }

    /// `body` given the bytes written, where they are.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.content.withBytes(body)
    }

    /// The storage, this value's own.
    private mutating func written() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            let copy = Storage()
            copy.content.append(0 ..< storage.content.count, of: storage.content)
            storage = copy
        }
        return storage
    }

    /// `text` as it is: delimiters, keywords and names the caller knows are well formed.
    mutating func raw(_ text: StaticString) {
        written().content.raw(text)
    }

    /// A name of the caller's, with its leading slash (`/P`, `/Caption`): typeset's role
    /// names and keys, letters only, so nothing in them needs `#` escaping.
    mutating func name(_ name: String) {
        written().content.raw(name)
    }

    mutating func integer(_ value: Int) {
        separate()
        let target = written()
        if value < 0 { target.content.byte(UInt8(ascii: "-")) }
        target.content.appendDigits(of: value.magnitude)
    }

    /// `number 0 R`: every object typeset writes is of generation 0, as qpdf writes them.
    mutating func reference(_ number: Int) {
        integer(number)
        raw(" 0 R")
    }

    /// `value` to thousandths of a point, as the finishing step writes its boxes: `12.500`.
    mutating func real(_ value: Double) {
        let thousandths = Int((value * 1000).rounded())
        separate()
        let target = written()
        if thousandths < 0 { target.content.byte(UInt8(ascii: "-")) }
        target.content.appendDigits(of: thousandths.magnitude / 1000)
        target.content.byte(UInt8(ascii: "."))
        let fraction = thousandths.magnitude % 1000
        for divisor: UInt in [100, 10, 1] { target.content.byte(UInt8(ascii: "0") + UInt8(fraction / divisor % 10)) }
    }

    /// A text string (7.9.2.2): a literal string when `text` is printable ASCII, else UTF-16BE
    /// with its byte-order mark, in hexadecimal.
    mutating func textString(_ text: String) {
        if text.utf8.allSatisfy({ (0x20 ... 0x7E).contains($0) }) {
            let target = written()
            target.content.byte(UInt8(ascii: "("))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") { target.content.byte(UInt8(ascii: "\\")) }
                target.content.byte(byte)
            }
            target.content.byte(UInt8(ascii: ")"))
        } else {
            written().content.byte(UInt8(ascii: "<"))
            appendHex([0xFE, 0xFF])
            for unit in text.utf16 { appendHex([UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
            written().content.byte(UInt8(ascii: ">"))
        }
    }

    /// Bytes as a hexadecimal string: `<…>`.
    mutating func hexString(_ data: [UInt8]) {
        written().content.byte(UInt8(ascii: "<"))
        appendHex(data)
        written().content.byte(UInt8(ascii: ">"))
    }

    /// A token read from another file (a number, a string, a name), as it was written, after a
    /// space where one is needed.
    mutating func token(_ text: [UInt8]) {
        separate()
        written().content.append(contentsOf: text)
    }

    /// `number 0 obj << dictionary /Filter /FlateDecode /Length … >> stream … endstream endobj`:
    /// a stream object of the finishing step's own, `data` deflated by `deflater`.
    static func deflatedStream(_ number: Int, dictionary: PDFObjectText, data: [UInt8], deflater: Deflater) throws -> [UInt8] {
        let deflated = try deflater.bytes(data, of: "the objects written into the PDF")
        var text = PDFObjectText()
        text.integer(number)
        text.raw(" 0 obj\n<< ")
        text.append(dictionary)
        text.raw(" /Filter /FlateDecode /Length")
        text.integer(deflated.count)
        text.raw(" >>\nstream\n")
        text.written().content.append(contentsOf: deflated)
        text.raw("\nendstream\nendobj\n")
        return text.bytes
    }

    mutating func append(_ other: PDFObjectText) {
        let added = other.storage
        written().content.append(0 ..< added.content.count, of: added.content)
    }

    /// A space after a number or a keyword, so that the next number does not run into it;
    /// none after a delimiter.
    private mutating func separate() {
        guard let last = storage.content.last else { return }
        switch last {
        case UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: " "), UInt8(ascii: "\n"): return
        default: written().content.byte(UInt8(ascii: " "))
        }
    }

    private mutating func appendHex(_ data: [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        let target = written()
        for byte in data {
            target.content.byte(digits[Int(byte >> 4)])
            target.content.byte(digits[Int(byte & 0x0F)])
        }
    }
}
