/// PDF object syntax written straight into bytes (ISO 32000-1, 7.3): what the finishing step
/// writes itself, object by object (see `PDFStreamingWriter`). The caller puts
/// the delimiters (`<<`, `[`) where it wants them; each value is written after a space where
/// one is needed to keep it apart from the token before.
struct PDFObjectText {
    private(set) var bytes: [UInt8] = []

    /// `text` as it is: delimiters, keywords and names the caller knows are well formed.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A name of the caller's, with its leading slash (`/P`, `/Caption`): typeset's role
    /// names and keys, letters only, so nothing in them needs `#` escaping.
    mutating func name(_ name: String) {
        bytes.append(contentsOf: name.utf8)
    }

    mutating func integer(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: value.magnitude)
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
        if thousandths < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: thousandths.magnitude / 1000)
        bytes.append(UInt8(ascii: "."))
        let fraction = thousandths.magnitude % 1000
        for divisor: UInt in [100, 10, 1] { bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10)) }
    }

    /// A text string (7.9.2.2): a literal string when `text` is printable ASCII, else UTF-16BE
    /// with its byte-order mark, in hexadecimal.
    mutating func textString(_ text: String) {
        if text.utf8.allSatisfy({ (0x20 ... 0x7E).contains($0) }) {
            bytes.append(UInt8(ascii: "("))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: ")"))
        } else {
            bytes.append(UInt8(ascii: "<"))
            appendHex([0xFE, 0xFF])
            for unit in text.utf16 { appendHex([UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
            bytes.append(UInt8(ascii: ">"))
        }
    }

    /// Bytes as a hexadecimal string: `<…>`.
    mutating func hexString(_ data: [UInt8]) {
        bytes.append(UInt8(ascii: "<"))
        appendHex(data)
        bytes.append(UInt8(ascii: ">"))
    }

    /// A token read from another file (a number, a string, a name), as it was written, after a
    /// space where one is needed.
    mutating func token(_ text: [UInt8]) {
        separate()
        bytes.append(contentsOf: text)
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
        text.bytes += deflated
        text.raw("\nendstream\nendobj\n")
        return text.bytes
    }

    mutating func append(_ other: PDFObjectText) {
        bytes.append(contentsOf: other.bytes)
    }

    /// A space after a number or a keyword, so that the next number does not run into it;
    /// none after a delimiter.
    private mutating func separate() {
        guard let last = bytes.last else { return }
        switch last {
        case UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: " "), UInt8(ascii: "\n"): return
        default: bytes.append(UInt8(ascii: " "))
        }
    }

    /// The decimal digits of `value`, most significant first, each appended where it is found:
    /// no recursion, and no buffer to copy (an `append(contentsOf:)` costs more than the few
    /// digits of an object's number).
    private mutating func appendDigits(of value: UInt) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        var place: UInt = 10
        while place <= value / 10 { place *= 10 }
        var rest = value
        while place > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / place))
            rest %= place
            place /= 10
        }
    }

    private mutating func appendHex(_ data: [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in data {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0x0F)])
        }
    }
}
