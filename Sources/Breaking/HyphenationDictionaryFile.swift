/// Reads a hyphenation dictionary in libhyphen's format (Debian's `hyph_*.dic`), as libhyphen
/// 2.8 reads it: the first line names the encoding (HyphenationEncoding); then a
/// pattern a line (`a1b`, `.ex3am`), settings (`LEFTHYPHENMIN 2`, `RIGHTHYPHENMIN`,
/// `COMPOUNDLEFTHYPHENMIN`, `COMPOUNDRIGHTHYPHENMIN`, `NOHYPHEN -,'`), `%` comments, and at
/// most one `NEXTLEVEL` that ends the compound level and begins the word level. A file without
/// `NEXTLEVEL` is all word level, under libhyphen's default compound level (breaks at hyphens
/// and apostrophes). Lines are read in pieces of at most 99 bytes, as libhyphen's buffer reads
/// them. Any bytes make some dictionary: nothing here can fail or loop on a damaged file.
struct HyphenationDictionaryFile {
    /// Settings and patterns of one level, as the file gave them.
    struct Level: Sendable {
        var patterns = HyphenationPatternTable()
        /// libhyphen keeps these in a C `char`: a file's `LEFTHYPHENMIN 300` is 44.
        var leftMinimum: Int8 = 0
        var rightMinimum: Int8 = 0
        var compoundLeftMinimum: Int8 = 0
        var compoundRightMinimum: Int8 = 0
        var noHyphen: [[UInt8]] = []
    }

    private(set) var encoding = HyphenationEncoding.latin1
    var isUTF8: Bool { encoding == .utf8 }
    private(set) var compound = Level()
    private(set) var word = Level()

    private static let lineLength = 99
    private static let encodingNameLength = 19

    /// A dictionary read before, from its parts (HyphenationTableCache).
    init(encoding: HyphenationEncoding, compound: Level, word: Level) {
        self.encoding = encoding
        self.compound = compound
        self.word = word
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        var first = Level()
        var second = Level()
        var hasNextLevel = false
        do {
            var reader = LineReader(bytes: bytes)
            first.patterns.reserve(forFileBytes: bytes.count)
            if let name = reader.next(maximum: Self.encodingNameLength) {
                encoding = HyphenationEncoding(name: name.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") })
            }
            while let piece = reader.next(maximum: Self.lineLength) {
                // libhyphen reads each line as a C string: it ends at a NUL.
                let line = UnsafeBufferPointer(rebasing: piece.prefix { $0 != 0 })
                if line.starts(with: "NEXTLEVEL".utf8) {
                    // A second NEXTLEVEL ends the file, as in libhyphen.
                    if hasNextLevel { break }
                    hasNextLevel = true
                    second.patterns.reserve(forFileBytes: bytes.count - reader.position)
                    continue
                }
                if line.first == UInt8(ascii: "%") { continue }
                if hasNextLevel { Self.read(line, into: &second) } else { Self.read(line, into: &first) }
            }
        }
        if hasNextLevel {
            compound = first
            word = second
        } else {
            word = first
            compound = Self.defaultCompoundLevel(for: first, isUTF8: isUTF8)
        }
        compound.patterns.finish()
        word.patterns.finish()
    }

    /// libhyphen's compound level for a file without one: no break inside a word at its
    /// hyphens and apostrophes (typographic ones too in UTF-8), and the file's minimums.
    private static func defaultCompoundLevel(for word: Level, isUTF8: Bool) -> Level {
        var level = Level()
        let endash: [UInt8] = [0xE2, 0x80, 0x93]
        let apostrophe: [UInt8] = [0xE2, 0x80, 0x99]
        let separators: [[UInt8]] = [Array("-".utf8), Array("'".utf8)] + (isUTF8 ? [endash, apostrophe] : [])
        for separator in separators {
            level.patterns.append(letters: separator, slots: [1] + Array(repeating: 0, count: separator.count - 1) + [1])
        }
        level.noHyphen = isUTF8 ? [Array("'".utf8), endash, apostrophe, Array("-".utf8)] : [Array("'".utf8), Array("-".utf8)]
        level.leftMinimum = word.leftMinimum
        level.rightMinimum = word.rightMinimum
        level.compoundLeftMinimum = word.compoundLeftMinimum != 0 ? word.compoundLeftMinimum
            : (word.leftMinimum != 0 ? word.leftMinimum : 3)
        level.compoundRightMinimum = word.compoundRightMinimum != 0 ? word.compoundRightMinimum
            : (word.rightMinimum != 0 ? word.rightMinimum : 3)
        return level
    }

    private static func read(_ line: UnsafeBufferPointer<UInt8>, into level: inout Level) {
        // Settings are in capitals; patterns (almost always) not.
        if let first = line.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            if let value = setting("LEFTHYPHENMIN", line) { level.leftMinimum = value; return }
            if let value = setting("RIGHTHYPHENMIN", line) { level.rightMinimum = value; return }
            if let value = setting("COMPOUNDLEFTHYPHENMIN", line) { level.compoundLeftMinimum = value; return }
            if let value = setting("COMPOUNDRIGHTHYPHENMIN", line) { level.compoundRightMinimum = value; return }
            if line.starts(with: "NOHYPHEN".utf8) { level.noHyphen = noHyphenList(line.dropFirst(8)); return }
        }
        // A non-standard break (`ff1f/f=f`) has no meaning here (typeset takes only plain
        // breaks); none of Debian's files has one, and the lines with a `/` they hold are
        // comments, whose "pattern" (`#`) no word can contain.
        if line.contains(UInt8(ascii: "/")) { return }
        level.patterns.append(line: line)
    }

    /// The value of `name` if the line begins with it, read as C's `atoi` reads it and kept in a byte.
    private static func setting(_ name: String, _ line: UnsafeBufferPointer<UInt8>) -> Int8? {
        guard line.starts(with: name.utf8) else { return nil }
        var rest = line.dropFirst(name.utf8.count).drop { [9, 10, 11, 12, 13, 32].contains($0) }
        var sign: Int32 = 1
        if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            if first == UInt8(ascii: "-") { sign = -1 }
            rest = rest.dropFirst()
        }
        var value: Int32 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            value = value &* 10 &+ Int32(byte - UInt8(ascii: "0"))
        }
        return Int8(truncatingIfNeeded: value &* sign)
    }

    /// `NOHYPHEN` strings, separated by commas (a comma first is part of the first string). Like
    /// libhyphen, the line's last byte (its newline) is dropped.
    private static func noHyphenList(_ rest: Slice<UnsafeBufferPointer<UInt8>>) -> [[UInt8]] {
        let text = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.dropLast()
        var items: [[UInt8]] = []
        var current: [UInt8] = []
        for (index, byte) in text.enumerated() {
            if byte == UInt8(ascii: ","), index > 0 {
                items.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        items.append(current)
        return items.filter { !$0.isEmpty }
    }

    /// `fgets` over bytes: a line and its newline, or the first `maximum` bytes of a longer one
    /// (the rest is the next line).
    private struct LineReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func next(maximum: Int) -> Slice<UnsafeBufferPointer<UInt8>>? {
            guard position < bytes.count else { return nil }
            let limit = min(bytes.count, position + maximum)
            var end = position
            while end < limit {
                end += 1
                if bytes[end - 1] == UInt8(ascii: "\n") { break }
            }
            defer { position = end }
            return bytes[position ..< end]
        }
    }
}
