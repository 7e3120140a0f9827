import Foundation

/// Unicode's own conformance test files, as Debian's `unicode-data` package installs them
/// (`make deps` installs it). This is the one place their paths are written; a missing file is
/// an error that names the package, never a skipped test.
enum UnicodeTestFiles {
    static let package = "unicode-data"
    static let lineBreakTest = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    static let bidiCharacterTest = "/usr/share/unicode/BidiCharacterTest.txt"

    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "\(path) is missing: install Debian's \(UnicodeTestFiles.package) package (make deps does)"
        }
    }
}

/// A test file's bytes and its test-case lines. It is read as bytes, not split as a String:
/// BidiCharacterTest.txt has 90,000 lines, and String splitting takes seconds in a debug build.
struct UnicodeTestFile {
    let name: String
    let bytes: [UInt8]

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw UnicodeTestFiles.Missing(path: path) }
        name = (path as NSString).lastPathComponent
        bytes = [UInt8](data) + [0]
    }

    /// The Unicode version it was made for, from its first line ("# LineBreakTest-15.0.0.txt").
    var version: String {
        let firstLine = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let dash = firstLine.lastIndex(of: "-"), let suffix = firstLine.range(of: ".txt") else { return "unknown" }
        return String(firstLine[firstLine.index(after: dash) ..< suffix.lowerBound])
    }

    /// Calls `body` with each line that is a test case (neither a comment nor blank) and its
    /// 1-based number. The bytes are only valid during the call.
    func forEachCaseLine(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { file in
            guard var start = file.baseAddress else { return }
            let end = start + file.count - 1   // before the 0 appended
            var number = 1
            while start < end {
                let found = memchr(start, Int32(UInt8(ascii: "\n")), end - start)
                let newline = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) } ?? end
                if newline > start, start.pointee != UInt8(ascii: "#") {
                    try body(number, UnsafeBufferPointer(start: start, count: newline - start))
                }
                start = newline + 1
                number += 1
            }
        }
    }
}

/// Reads the fields of one line: hexadecimal and decimal numbers separated by spaces, fields by
/// a separator.
struct FieldScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next byte, spaces and tabs skipped, without consuming it.
    mutating func peek() -> UInt8? {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// The next number in `radix` (10 or 16), or nil (consuming nothing) when no digit comes next.
    mutating func number(radix: Int32) -> UInt32? {
        guard let first = peek(), isxdigit(Int32(first)) != 0, radix == 16 || isdigit(Int32(first)) != 0 else { return nil }
        // strtoul stops at the first byte that is not a digit, at the latest at the line's end
        // (a newline, or the 0 that UnicodeTestFile appends).
        let start = UnsafeMutablePointer(mutating: bytes.baseAddress! + index)
        var end: UnsafeMutablePointer<CChar>?
        let value = start.withMemoryRebound(to: CChar.self, capacity: 1) { strtoul($0, &end, radix) }
        let length = end.map { UnsafeMutableRawPointer($0) - UnsafeMutableRawPointer(start) } ?? 0
        guard length > 0, length <= 8 else { return nil }
        index += length
        return UInt32(value)
    }

    /// Everything left, as text.
    mutating func rest() -> String {
        defer { index = bytes.count }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
    }
}

/// One line of LineBreakTest.txt: `× 0023 × 0020 ÷ 0023 ÷  # × [0.3] NUMBER SIGN (AL) × [7.01] …`.
/// Position i is the boundary before code point i (0 is the start of text, `scalars.count` the end).
struct LineBreakCase {
    var lineNumber: Int
    var scalars: [Unicode.Scalar] = []
    /// One per position: whether a line may break there.
    var breaks: [Bool] = []
    /// One per position: the rule the file says decides it ("7.01" for LB7); "0.3" at the ends.
    var rules: [String] = []
    /// One per code point: its Line_Break class as the comment gives it ("AL", "CM1_CM" for a
    /// CM resolved by LB10, "ZWJ_O_ZWJ_CM", …).
    var classes: [String] = []

    // "÷" and "×" in UTF-8.
    private static let divide: [UInt8] = [0xC3, 0xB7], times: [UInt8] = [0xC3, 0x97]

    init?(lineNumber: Int, line: UnsafeBufferPointer<UInt8>) {
        self.lineNumber = lineNumber
        var fields = FieldScanner(line)
        while let next = fields.peek(), next != UInt8(ascii: "#") {
            if next == Self.divide[0] {
                // A two-byte mark: ÷ or ×.
                guard fields.take(0xC3), let second = fields.peek(), fields.take(second) else { return nil }
                if second == Self.divide[1] { breaks.append(true) } else if second == Self.times[1] { breaks.append(false) } else { return nil }
            } else {
                guard let value = fields.number(radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            }
        }
        guard fields.take(UInt8(ascii: "#")) else { return nil }
        // The comment alternates a mark with its rule and a character with its class:
        // "× [0.3] NUMBER SIGN (AL) × [28.0] NUMBER SIGN (AL) ÷ [0.3]".
        for piece in fields.rest().split(whereSeparator: { $0 == "÷" || $0 == "×" }) {
            let piece = piece.trimmingCharacters(in: .whitespaces)
            guard piece.hasPrefix("["), let close = piece.firstIndex(of: "]") else { continue }
            rules.append(String(piece[piece.index(after: piece.startIndex) ..< close]))
            // A name may itself hold parentheses ("<NEXT LINE (NEL)> (NL)"): the class is the last.
            if let open = piece.lastIndex(of: "("), let end = piece.lastIndex(of: ")"), open < end {
                classes.append(String(piece[piece.index(after: open) ..< end]))
            }
        }
        guard breaks.count == scalars.count + 1, rules.count == breaks.count, classes.count == scalars.count else {
            return nil
        }
    }

    /// The case as the file writes it, marks and code points.
    var marked: String {
        var text = breaks[0] ? "÷" : "×"
        for (scalar, mark) in zip(scalars, breaks.dropFirst()) {
            text += String(format: " %04X ", scalar.value) + (mark ? "÷" : "×")
        }
        return text
    }
}

/// One line of BidiCharacterTest.txt: code points; paragraph direction (0 LTR, 1 RTL, 2 auto);
/// resolved paragraph level; a level per code point (`x` for those removed by rule X9); and the
/// visual order, left to right, of the code points not removed.
struct BidiCharacterCase {
    var lineNumber: Int
    var scalars: [Unicode.Scalar] = []
    var direction: Int
    var paragraphLevel: UInt8
    /// nil where rule X9 removes the character.
    var levels: [UInt8?] = []
    var visualOrder: [Int] = []

    init?(lineNumber: Int, line: UnsafeBufferPointer<UInt8>) {
        self.lineNumber = lineNumber
        let separator = UInt8(ascii: ";")
        var fields = FieldScanner(line)
        while let value = fields.number(radix: 16) {
            guard let scalar = Unicode.Scalar(value) else { return nil }
            scalars.append(scalar)
        }
        guard fields.take(separator), let direction = fields.number(radix: 10), direction <= 2,
              fields.take(separator), let paragraphLevel = fields.number(radix: 10), paragraphLevel <= 1,
              fields.take(separator) else { return nil }
        self.direction = Int(direction)
        self.paragraphLevel = UInt8(paragraphLevel)
        while !fields.take(separator) {
            if fields.take(UInt8(ascii: "x")) {
                levels.append(nil)
            } else {
                guard let level = fields.number(radix: 10), level <= 126 else { return nil }
                levels.append(UInt8(level))
            }
        }
        while let index = fields.number(radix: 10) { visualOrder.append(Int(index)) }
        guard fields.peek() == nil, !scalars.isEmpty, levels.count == scalars.count,
              visualOrder.count == levels.lazy.filter({ $0 != nil }).count else { return nil }
    }

    /// The code points as the file writes them.
    var codePoints: String { scalars.map { String(format: "%04X", $0.value) }.joined(separator: " ") }
}
