/// Character references: named ones such as `&amp;` and `&mdash;`, and `&#NNN;` / `&#xHHHH;`.
enum EntityDecoder {
    enum Reference: Equatable {
        /// A reference to a character: its UTF-16 units, and how many source units it took.
        case character([UInt16], length: Int)
        /// Something that looks like a reference but is not a valid one: it stays as text,
        /// with a warning saying why.
        case invalid(String)
    }

    /// The five of XML, the two spaces and the soft hyphen the tutorial knew, and the
    /// typographic characters a magazine's keyboard lacks.
    static let named: [String: Unicode.Scalar] = [
        "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'",
        "nbsp": "\u{A0}", "shy": "\u{AD}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "hairsp": "\u{200A}",
        "zwsp": "\u{200B}", "zwnj": "\u{200C}", "zwj": "\u{200D}", "wj": "\u{2060}",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "minus": "\u{2212}", "hellip": "\u{2026}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
        "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
        "laquo": "\u{AB}", "raquo": "\u{BB}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}",
        "bull": "\u{2022}", "middot": "\u{B7}", "dagger": "\u{2020}", "Dagger": "\u{2021}",
        "sect": "\u{A7}", "para": "\u{B6}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}",
        "deg": "\u{B0}", "times": "\u{D7}", "divide": "\u{F7}", "plusmn": "\u{B1}",
        "prime": "\u{2032}", "Prime": "\u{2033}", "frac12": "\u{BD}", "frac14": "\u{BC}", "frac34": "\u{BE}",
        "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}", "cent": "\u{A2}",
    ]

    private static let semicolon: UInt16 = 0x3B
    private static let longestName = 32

    /// Decodes the reference starting at the `&` at `offset`; nil when the `&` is an ordinary
    /// character (`AT&T`, `Q & A`): only `&#…` and `&name;` are taken for references.
    static func decode<Units: RandomAccessCollection<UInt16>>(_ units: Units, at offset: Int, end: Int? = nil) -> Reference?
        where Units.Index == Int {
        let end = end ?? units.count
        guard offset + 1 < end else { return nil }
        if units[offset + 1] == 0x23 /* # */ { return decodeNumeric(units, at: offset, end: end) }
        var cursor = offset + 1
        while cursor < end, cursor - offset <= longestName, isASCIILetterOrDigit(units[cursor]) { cursor += 1 }
        guard cursor > offset + 1, isASCIILetter(units[offset + 1]), cursor < end, units[cursor] == semicolon else { return nil }
        let name = String(decoding: units[offset + 1 ..< cursor], as: UTF16.self)
        guard let scalar = named[name] else {
            return .invalid("unknown entity '&\(name);' kept as text (write '&amp;' for a literal '&')")
        }
        return .character(Array(String(Character(scalar)).utf16), length: cursor - offset + 1)
    }

    private static func decodeNumeric<Units: RandomAccessCollection<UInt16>>(_ units: Units, at offset: Int, end: Int) -> Reference
        where Units.Index == Int {
        let malformed = Reference.invalid("malformed character reference kept as text (expected &#NNN; or &#xHHHH;)")
        var cursor = offset + 2
        let hexadecimal = cursor < end && (units[cursor] == 0x78 || units[cursor] == 0x58)   // x X
        if hexadecimal { cursor += 1 }
        let digitsStart = cursor
        while cursor < end, cursor - offset <= longestName, isASCIILetterOrDigit(units[cursor]) { cursor += 1 }
        guard cursor > digitsStart, cursor < end, units[cursor] == semicolon else { return malformed }
        let digits = String(decoding: units[digitsStart ..< cursor], as: UTF16.self)
        guard digits.allSatisfy({ hexadecimal ? $0.isHexDigit : $0.isASCII && $0.isNumber }) else { return malformed }
        let written = "&#\(hexadecimal ? "x" : "")\(digits);"
        // Digits beyond what UInt32 holds are beyond U+10FFFF too.
        guard let value = UInt32(digits, radix: hexadecimal ? 16 : 10), value <= 0x10FFFF else {
            return .invalid("\(written) is beyond U+10FFFF, the last Unicode character; kept as text")
        }
        if value == 0 { return .invalid("\(written) is the NUL character, which text cannot hold; kept as text") }
        guard let scalar = Unicode.Scalar(value) else {
            return .invalid("\(written) is a UTF-16 surrogate, not a character; kept as text")
        }
        if Noncharacters.contains(value) {
            return .invalid("\(written) is a noncharacter, which cannot be printed; kept as text")
        }
        return .character(Array(String(Character(scalar)).utf16), length: cursor - offset + 1)
    }

    private static func isASCIILetter(_ unit: UInt16) -> Bool {
        (0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit)
    }

    private static func isASCIILetterOrDigit(_ unit: UInt16) -> Bool {
        isASCIILetter(unit) || (0x30 ... 0x39).contains(unit)
    }
}
