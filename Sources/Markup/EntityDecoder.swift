/// Character references: `&lt; &gt; &amp; &quot; &apos; &nbsp; &shy;` and `&#…;` / `&#x…;`.
/// An `&` that does not start one of them is an ordinary character.
enum EntityDecoder {
    private static let named: [String: UInt16] = [
        "lt": 0x3C, "gt": 0x3E, "amp": 0x26, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0, "shy": 0xAD,
    ]

    /// Decodes the reference starting at the `&` at `offset`: its UTF-16 units and source length.
    static func decode(_ units: [UInt16], at offset: Int) -> ([UInt16], Int)? {
        var end = offset + 1
        while end < units.count, end - offset <= 10, units[end] != 0x3B /* ; */ { end += 1 }
        guard end < units.count, units[end] == 0x3B, end > offset + 1 else { return nil }
        let body = String(decoding: units[offset + 1 ..< end], as: UTF16.self)
        let length = end - offset + 1
        if let unit = named[body] { return ([unit], length) }
        guard body.hasPrefix("#") else { return nil }
        let digits = body.dropFirst()
        let value: UInt32?
        if digits.hasPrefix("x") || digits.hasPrefix("X") {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (Array(String(Character(scalar)).utf16), length)
    }

    static func decodeAll(_ units: [UInt16]) -> [UInt16] {
        guard units.contains(0x26) else { return units }
        var result: [UInt16] = []
        var index = 0
        while index < units.count {
            if units[index] == 0x26, let (decoded, length) = decode(units, at: index) {
                result.append(contentsOf: decoded)
                index += length
            } else {
                result.append(units[index])
                index += 1
            }
        }
        return result
    }
}
