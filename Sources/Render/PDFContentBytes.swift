/// A page's content stream written straight into bytes (ISO 32000-1, 7.8.2): operators,
/// numbers as short as their value allows (`12.5`, not `12.500000`), and glyph codes as a
/// literal string. What `PDFTextLayer` writes for each line of a page, so every byte costs: no
/// formatting through `snprintf`, no String.
///
/// The bytes are written through a pointer into memory of the value's own, grown by doubling:
/// an array's append checks that its buffer is not shared before every byte, and its
/// `append(contentsOf:)` of a short literal cost some 170 instructions. Noncopyable, so that
/// no two values write into one buffer; it is moved (`swap`) where another writer takes it.
struct PDFContentBytes: ~Copyable {
    /// Room for `capacity` bytes, the first `count` written; nil until the first byte.
    private var start: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    deinit { start?.deallocate() }

    /// A copy of the bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// `body` given the bytes written, where they are.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The last byte written, if any.
    var last: UInt8? { count > 0 ? start.unsafelyUnwrapped[count - 1] : nil }

    /// Operators and delimiters of the caller's, as they are.
    mutating func raw(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { append($0.baseAddress, count: $0.count) }
    }

    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start.unsafelyUnwrapped[count] = byte
        count += 1
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
            byte(UInt8(ascii: "-"))
            units = -units
        }
        appendDigits(of: units / scale)
        var fraction = units % scale
        guard fraction != 0 else { return }
        byte(UInt8(ascii: "."))
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        // The fraction's leading zeros: 0.05 is "05" after the point.
        for _ in 0 ..< digits - Self.digitCount(fraction) { byte(UInt8(ascii: "0")) }
        appendDigits(of: fraction)
    }

    mutating func integer(_ value: Int) {
        separate()
        if value < 0 { byte(UInt8(ascii: "-")) }
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
        byte(UInt8(ascii: "<"))
        appendHex(0xFEFF)
        for unit in String(decoding: utf8, as: UTF8.self).utf16 { appendHex(unit) }
        byte(UInt8(ascii: ">"))
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0.baseAddress, count: $0.count) }
    }

    /// The bytes of `other` in `range` (offsets into its `count`).
    mutating func append(_ range: Range<Int>, of other: borrowing PDFContentBytes) {
        precondition(range.lowerBound >= 0 && range.upperBound <= other.count, "a range outside the bytes written")
        guard !range.isEmpty else { return }
        append(other.start.unsafelyUnwrapped + range.lowerBound, count: range.count)
    }

    /// Forgets the bytes written, keeping their room.
    mutating func removeAll() {
        count = 0
    }

    /// `count` bytes from `source`: short ones (an operator, a number's digits) one by one,
    /// which costs less than a call to copy them.
    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>?, count added: Int) {
        guard added > 0, let source else { return }
        if capacity - count < added { grow(toHold: added) }
        let target = start.unsafelyUnwrapped + count
        if added <= 16 {
            for index in 0 ..< added { target[index] = source[index] }
        } else {
            target.update(from: source, count: added)
        }
        count += added
    }

    /// Room for `added` more bytes: the room doubled, or more when that is too little.
    @inline(never)
    private mutating func grow(toHold added: Int) {
        let room = max(4096, capacity * 2, count + added)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        if let start {
            grown.update(from: start, count: count)
            start.deallocate()
        }
        start = grown
        capacity = room
    }

    @inline(__always)
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
            self.byte(UInt8(ascii: "\\"))
            self.byte(byte)
        case 0x0D:
            self.byte(UInt8(ascii: "\\"))
            self.byte(UInt8(ascii: "r"))
        default:
            self.byte(byte)
        }
    }

    private mutating func appendHex(_ unit: UInt16) {
        for shift in [12, 8, 4, 0] { byte(Self.hexDigits[Int(unit >> UInt16(shift)) & 0xF]) }
    }

    /// A space after a number or an operator, so that the next number does not run into it;
    /// none after a delimiter or a line end.
    private mutating func separate() {
        guard count > 0 else { return }
        switch start.unsafelyUnwrapped[count - 1] {
        case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"),
             UInt8(ascii: " "), UInt8(ascii: "\n"): return
        default: byte(UInt8(ascii: " "))
        }
    }

    private mutating func appendDigits(of value: Int) {
        appendDigits(of: UInt(value))
    }

    /// The decimal digits of `value`, most significant first: counted, then written from the
    /// last into room made for them.
    mutating func appendDigits(of value: UInt) {
        guard value >= 10 else { return byte(UInt8(ascii: "0") + UInt8(value)) }
        let digits = Self.digitCount(value)
        if capacity - count < digits { grow(toHold: digits) }
        let target = start.unsafelyUnwrapped + count
        var rest = value
        for index in (0 ..< digits).reversed() {
            target[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }

    private static func digitCount(_ value: Int) -> Int {
        digitCount(UInt(value))
    }

    private static func digitCount(_ value: UInt) -> Int {
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
