import Foundation

/// A token of a content stream: an operand, an operator, or an inline image passed over.
enum ContentToken {
    /// A name (`/F1`), a number, `true`, `false` or `null` as its word; a string's bytes
    /// (`[UInt8]`, literal or hexadecimal); an array (`[Any]` of these); a dictionary, of which
    /// only `/MCID` is read (`["MCID": Int?]`).
    case operand(Any)
    case `operator`(String)
    /// `BI … EI`: an inline image's dictionary and data, skipped.
    case inlineImage
}

/// PDF's lexical rules (ISO 32000-1, 7.2) over a content stream, one token at a time: the
/// readers of the tests (`ContentReading`, `ContentStreamReading`) act on the operators.
struct ContentStreamLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var arrays: [[Any]] = []

    init(_ data: Data) { bytes = [UInt8](data) }

    private static let delimiters: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"),
                                                 UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "/"), UInt8(ascii: "%")]

    mutating func next() -> ContentToken? {
        while index < bytes.count {
            let byte = bytes[index]
            var value: Any
            switch byte {
            case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00:
                index += 1
                continue
            case UInt8(ascii: "%"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            case UInt8(ascii: "("):
                value = literalString()
            case UInt8(ascii: "<") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "<"):
                value = dictionary()
            case UInt8(ascii: "<"):
                value = hexString()
            case UInt8(ascii: "["):
                arrays.append([])
                index += 1
                continue
            case UInt8(ascii: "]"):
                index += 1
                guard let array = arrays.popLast() else { continue }
                value = array
            default:
                var end = index + 1
                while end < bytes.count, !Self.delimiters.contains(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[index ..< end], as: UTF8.self)
                index = end
                if word.hasPrefix("/") || Double(word) != nil || word == "true" || word == "false" || word == "null" {
                    value = word
                } else if word == "BI" {
                    // An inline image: its data runs to " EI".
                    while index + 2 < bytes.count, !(bytes[index] == UInt8(ascii: "E") && bytes[index + 1] == UInt8(ascii: "I")
                        && [0x20, 0x0A, 0x0D].contains(bytes[index - 1])) { index += 1 }
                    index += 2
                    return .inlineImage
                } else {
                    return .operator(word)
                }
            }
            if arrays.isEmpty { return .operand(value) }
            arrays[arrays.count - 1].append(value)
        }
        return nil
    }

    /// `( … )`, with nested brackets and escapes, as its bytes.
    private mutating func literalString() -> [UInt8] {
        var depth = 1
        var string: [UInt8] = []
        index += 1
        while index < bytes.count, depth > 0 {
            let c = bytes[index]
            if c == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "n"): string.append(0x0A); index += 2
                case UInt8(ascii: "r"): string.append(0x0D); index += 2
                case UInt8(ascii: "t"): string.append(0x09); index += 2
                case UInt8(ascii: "b"): string.append(0x08); index += 2
                case UInt8(ascii: "f"): string.append(0x0C); index += 2
                case UInt8(ascii: "0") ... UInt8(ascii: "7"):
                    var value = 0, count = 0
                    index += 1
                    while count < 3, index < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "7")).contains(bytes[index]) {
                        value = value * 8 + Int(bytes[index] - UInt8(ascii: "0")); index += 1; count += 1
                    }
                    string.append(UInt8(value & 0xFF))
                case 0x0A: index += 2
                default: string.append(next); index += 2
                }
                continue
            }
            if c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: ")") { depth -= 1; if depth == 0 { index += 1; break } }
            string.append(c)
            index += 1
        }
        return string
    }

    /// `<< … >>`: only its /MCID matters to the readers.
    private mutating func dictionary() -> [String: Any] {
        var depth = 0
        let start = index
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") { depth += 1; index += 2; continue }
            if bytes[index] == UInt8(ascii: ">"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                depth -= 1; index += 2
                if depth == 0 { break }
                continue
            }
            index += 1
        }
        let dictionary = String(decoding: bytes[start ..< index], as: UTF8.self)
        let words = dictionary.replacingOccurrences(of: ">>", with: " ").replacingOccurrences(of: "<<", with: " ")
            .split(separator: " ").map(String.init)
        let mcid = words.firstIndex(of: "/MCID").flatMap { words.indices.contains($0 + 1) ? Int(words[$0 + 1]) : nil }
        return ["MCID": mcid as Any]
    }

    /// `<4865>`, as its bytes (an odd last digit followed by 0).
    private mutating func hexString() -> [UInt8] {
        var digits = ""
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D) { digits.append(Character(Unicode.Scalar(bytes[index]))) }
            index += 1
        }
        index += 1
        if digits.count % 2 == 1 { digits += "0" }
        var string: [UInt8] = []
        var position = digits.startIndex
        while position < digits.endIndex {
            let next = digits.index(position, offsetBy: 2)
            string.append(UInt8(digits[position ..< next], radix: 16) ?? 0)
            position = next
        }
        return string
    }
}
