/// A page's content stream written straight into bytes (ISO 32000-1, 7.8.2): operators,
/// numbers as short as their value allows (`12.5`, not `12.500000`), and glyph codes as a
/// literal string. What `PDFTextLayer` writes for each line of a page, so every byte costs: no
/// formatting through `snprintf`, no String.
struct PDFContentBytes {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    /// Operators and delimiters of the caller's, as they are.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// `value` rounded to `decimals` places (at most 6), trailing zeros left out, after a space
    /// unless it follows a delimiter: `0`, `-1.2`, `54.375`.
    mutating func number(_ value: Double, decimals: Int = 3) {
        let scale = Self.powersOfTen[decimals]
        let scaled = (value * Double(scale)).rounded()
        guard scaled.magnitude < 9e15 else { return number(0, decimals: 0) }
        var units = Int(scaled)
        separate()
        if units < 0 {
            bytes.append(UInt8(ascii: "-"))
            units = -units
        }
        appendDigits(of: units / scale)
        var fraction = units % scale
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // The fraction's leading zeros: 0.05 is "05" after the point.
        for _ in 0 ..< digits - Self.digitCount(fraction) { bytes.append(UInt8(ascii: "0")) }
        appendDigits(of: fraction)
    }

    mutating func integer(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: value.magnitude)
    }

    /// A glyph's code inside a literal string, opened by the caller with `(`: one byte (a
    /// simple font's) or two (a glyph ID, `/Identity-H`). The bytes as they are but for the
    /// three the string's syntax needs escaped, and a carriage return, which a reader would
    /// take for a line end.
    @inline(__always)
    mutating func glyphCode(_ code: UInt16, oneByte: Bool) {
        if !oneByte { appendEscaped(UInt8(truncatingIfNeeded: code >> 8)) }
        appendEscaped(UInt8(truncatingIfNeeded: code))
    }

    /// Text as a PDF text string in hexadecimal, UTF-16BE with its byte-order mark: `<FEFF0066…>`.
    mutating func hexTextString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "<"))
        appendHex(0xFEFF)
        for unit in String(decoding: utf8, as: UTF8.self).utf16 { appendHex(unit) }
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func append(contentsOf other: ArraySlice<UInt8>) {
        bytes.append(contentsOf: other)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(byte)
        case 0x0D:
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(UInt8(ascii: "r"))
        default:
            bytes.append(byte)
        }
    }

    private mutating func appendHex(_ unit: UInt16) {
        for shift in [12, 8, 4, 0] { bytes.append(Self.hexDigits[Int(unit >> UInt16(shift)) & 0xF]) }
    }

    /// A space after a number or an operator, so that the next number does not run into it;
    /// none after a delimiter or a line end.
    private mutating func separate() {
        guard let last = bytes.last else { return }
        switch last {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: " "), UInt8(ascii: "\n"): return
        default: bytes.append(UInt8(ascii: " "))
        }
    }

    private mutating func appendDigits(of value: Int) {
        appendDigits(of: UInt(value))
    }

    /// The decimal digits of `value`, written through a small stack buffer, most significant first.
    private mutating func appendDigits(of value: UInt) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    private static func digitCount(_ value: Int) -> Int {
        var count = 1, rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    private static let powersOfTen = [1, 10, 100, 1000, 10000, 100_000, 1_000_000]
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
