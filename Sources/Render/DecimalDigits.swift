/// A whole number's decimal digits appended to bytes, most significant first: every number of
/// the content streams (`PDFContentBytes`) and of the objects the finishing step writes
/// (`PDFObjectText`), so no `String(value)` and no call a digit. The digits are made from the
/// last in a stack buffer and appended in one copy.
enum DecimalDigits {
    @inline(__always)
    static func append(_ value: UInt, to bytes: inout [UInt8]) {
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)) }
        appendSeveral(value, to: &bytes)
    }

    /// Two digits or more (a UInt has at most 20).
    private static func appendSeveral(_ value: UInt, to bytes: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            let digits = raw.bindMemory(to: UInt8.self)
            var start = digits.count, rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
