/// A PDF string's bytes (ISO 32000-1, 7.3.4) and its text (7.9.2.2): what the finishing step
/// reads of the draft's information dictionary (`/Creator`, `/Producer`) to say again in XMP.
enum PDFTextString {
    /// The bytes of a string as written, `(…)` with its escapes or `<…>`; nil for another token.
    static func bytes(of written: [UInt8]) -> [UInt8]? {
        guard let first = written.first, let last = written.last, written.count >= 2 else { return nil }
        if first == UInt8(ascii: "<"), last == UInt8(ascii: ">") {
            let digits = written.dropFirst().dropLast().compactMap(hexValue)
            return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | ($0 + 1 < digits.count ? digits[$0 + 1] : 0) }
        }
        guard first == UInt8(ascii: "("), last == UInt8(ascii: ")") else { return nil }
        var bytes: [UInt8] = []
        var index = 1
        let end = written.count - 1
        while index < end {
            let byte = written[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < end else {
                bytes.append(byte)
                continue
            }
            let escaped = written[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "0") ... UInt8(ascii: "7"):
                // Up to three octal digits.
                var value = Int(escaped - UInt8(ascii: "0"))
                for _ in 0 ..< 2 where index < end && (UInt8(ascii: "0") ... UInt8(ascii: "7")).contains(written[index]) {
                    value = value * 8 + Int(written[index] - UInt8(ascii: "0"))
                    index += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            case 0x0D:
                // A line continued: the end of line is not part of the string.
                if index < end, written[index] == 0x0A { index += 1 }
            case 0x0A: break
            default: bytes.append(escaped)
            }
        }
        return bytes
    }

    /// The text of a text string: UTF-16BE after its byte-order mark, else PDFDocEncoding,
    /// read here as Latin-1 (the two agree on what Cairo writes).
    static func text(of written: [UInt8]) -> String? {
        guard let bytes = bytes(of: written) else { return nil }
        if bytes.starts(with: [0xFE, 0xFF]) {
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
