/// Reads PDF objects from bytes by PDF's lexical rules (ISO 32000-1, 7.2 and 7.3): white
/// space and comments between tokens, names, numbers, strings with nested parentheses and
/// escapes, arrays, dictionaries and `number generation R`. It reads what Cairo writes in its
/// drafts, and any well-formed object; it stops at the first fault rather than guessing.
struct PDFValueParser {
    struct Fault: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    let bytes: [UInt8]
    /// Where the next token is read.
    var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// The next value.
    mutating func value() throws -> PDFValue {
        skipSpaceAndComments()
        guard position < bytes.count else { throw fault("the data ends where a value was expected") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "/"):
            return .name(String(decoding: nameToken(), as: UTF8.self))
        case UInt8(ascii: "("):
            return .string(try literalString())
        case UInt8(ascii: "<"):
            if next(is: "<") {
                position += 2
                return .dictionary(try dictionaryBody())
            }
            return .string(try hexString())
        case UInt8(ascii: "["):
            position += 1
            var items: [PDFValue] = []
            while true {
                skipSpaceAndComments()
                guard position < bytes.count else { throw fault("an array is not closed") }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(items)
                }
                items.append(try value())
            }
        default:
            if Self.isNumberStart(byte) { return try numberOrReference() }
            let word = regularToken()
            if bytes[word].elementsEqual("null".utf8) { return .null }
            if bytes[word].elementsEqual("true".utf8) { return .boolean(true) }
            if bytes[word].elementsEqual("false".utf8) { return .boolean(false) }
            throw fault(word.isEmpty ? "an unexpected delimiter" : "an unexpected keyword \(String(decoding: bytes[word], as: UTF8.self))")
        }
    }

    /// A keyword (`obj`, `stream`, `R`) when it is the next token: read and true; else false,
    /// nothing read.
    mutating func keyword(_ word: String) -> Bool {
        skipSpaceAndComments()
        let start = position
        if bytes[regularToken()].elementsEqual(word.utf8) { return true }
        position = start
        return false
    }

    /// The entries after a dictionary's `<<`, up to its `>>`.
    private mutating func dictionaryBody() throws -> PDFDictionary {
        var dictionary = PDFDictionary()
        while true {
            skipSpaceAndComments()
            guard position < bytes.count else { throw fault("a dictionary is not closed") }
            if bytes[position] == UInt8(ascii: ">") {
                guard next(is: ">") else { throw fault("a stray >") }
                position += 2
                return dictionary
            }
            guard bytes[position] == UInt8(ascii: "/") else { throw fault("a dictionary's key is not a name") }
            let key = String(decoding: nameToken(), as: UTF8.self)
            dictionary[key] = try value()
        }
    }

    /// An integer, a real, or an integer that begins `number generation R`.
    private mutating func numberOrReference() throws -> PDFValue {
        let token = regularToken()
        guard let first = Self.integer(bytes[token]) else {
            guard Self.isReal(bytes[token]) else { throw fault("a malformed number") }
            return .real(Array(bytes[token]))
        }
        // `12 0 R`: looked ahead, and put back when it is not one.
        let afterFirst = position
        skipSpaceAndComments()
        let second = regularToken()
        if let generation = Self.integer(bytes[second]), generation >= 0, first >= 0, keyword("R") {
            return .reference(number: first, generation: generation)
        }
        position = afterFirst
        return .integer(first)
    }

    /// `(…)` as written: parentheses nest unless escaped.
    private mutating func literalString() throws -> [UInt8] {
        let start = position
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\\"): position += 1
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return Array(bytes[start ..< position]) }
            default: break
            }
        }
        throw fault("a string is not closed")
    }

    /// `<…>` as written: hexadecimal digits and white space.
    private mutating func hexString() throws -> [UInt8] {
        let start = position
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") { return Array(bytes[start ..< position]) }
            guard Self.isHexDigit(byte) || Self.isWhiteSpace(byte) else { break }
        }
        throw fault("a malformed hexadecimal string")
    }

    /// A name: the slash and the regular characters after it.
    private mutating func nameToken() -> ArraySlice<UInt8> {
        let start = position
        position += 1
        while position < bytes.count, Self.isRegular(bytes[position]) { position += 1 }
        return bytes[start ..< position]
    }

    /// Where the regular characters from here lie: a number or a keyword.
    private mutating func regularToken() -> Range<Int> {
        let start = position
        while position < bytes.count, Self.isRegular(bytes[position]) { position += 1 }
        return start ..< position
    }

    mutating func skipSpaceAndComments() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhiteSpace(byte) {
                position += 1
            } else if byte == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    private func next(is character: Unicode.Scalar) -> Bool {
        position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: character)
    }

    func fault(_ reason: String) -> Fault {
        Fault(offset: position, reason: reason)
    }

    // MARK: Character classes (7.2.2)

    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"): return true
        default: return false
        }
    }

    static func isRegular(_ byte: UInt8) -> Bool {
        !isWhiteSpace(byte) && !isDelimiter(byte)
    }

    private static func isNumberStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a") ... UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A") ... UInt8(ascii: "F")).contains(byte)
    }

    /// An optionally signed run of digits, as a whole number.
    static func integer(_ token: ArraySlice<UInt8>) -> Int? {
        var digits = token
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// Digits with one decimal point, optionally signed (PDF has no exponents).
    private static func isReal(_ token: ArraySlice<UInt8>) -> Bool {
        var body = token
        if let sign = body.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { body = body.dropFirst() }
        let points = body.filter { $0 == UInt8(ascii: ".") }.count
        return points == 1 && body.count > 1 && body.allSatisfy { $0 == UInt8(ascii: ".") || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }
    }
}
