import Foundation

/// The breaks TeX's patterns allow in a word, from a dictionary in libhyphen's format, found as
/// libhyphen 2.8.8 (`hnj_hyphen_hyphenate2`) finds them, break for break: Liang's patterns
/// on two levels (compound words split first, each part then hyphenated), the dictionary's
/// minimums at the word's ends and at the parts' joins, and its `NOHYPHEN` strings.
///
/// Loaded once per file and process and shared read-only, by the documents of a batch too: it
/// holds no state after loading.
public final class HyphenationDictionary: Sendable {
    /// Letters are UTF-8; otherwise one byte each (ISO 8859-1: German's file; KOI8-R: Russian's).
    public var isUTF8: Bool { encoding == .utf8 }
    let encoding: HyphenationEncoding
    private let compound: HyphenationDictionaryFile.Level
    private let word: HyphenationDictionaryFile.Level

    /// Files larger than this are not pattern files (German's, the largest, is 1 MB).
    static let maximumFileSize = 64 << 20

    /// The dictionary in `bytes`, a file's contents. Any bytes make one.
    public convenience init(bytes: [UInt8]) {
        self.init(file: bytes.withUnsafeBufferPointer { HyphenationDictionaryFile(bytes: $0) })
    }

    private init(file: HyphenationDictionaryFile) {
        encoding = file.encoding
        compound = file.compound
        word = file.word
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [String: HyphenationDictionary] = [:]

    /// The dictionary in the file at `path`, loaded on first use; nil when it cannot be read.
    public static func load(_ path: String) -> HyphenationDictionary? {
        // `hyph_de.dic` is a link to `hyph_de_DE.dic`: one file, loaded once.
        guard let resolved = realpath(path, nil) else { return nil }
        let name = String(cString: resolved)
        free(resolved)
        lock.lock()
        defer { lock.unlock() }
        if let known = loaded[name] { return known }
        let descriptor = open(name, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              status.st_size <= maximumFileSize else { return nil }
        let length = Int(status.st_size)
        // Its table built by an earlier process, found by the file's hash, read in pieces;
        // else the file's bytes parsed where they are (no copy of a megabyte).
        let file: HyphenationDictionaryFile
        if let hash = HyphenationTableCache.hashOfFile(descriptor, length: length),
           let stored = HyphenationTableCache.storedDictionaryFile(sourceHash: hash, sourceLength: length) {
            file = stored
        } else {
            guard lseek(descriptor, 0, SEEK_SET) == 0, let bytes = contents(of: descriptor, length: length) else { return nil }
            file = bytes.withUnsafeBytes { HyphenationTableCache.dictionaryFile(for: $0) }
        }
        let dictionary = HyphenationDictionary(file: file)
        loaded[name] = dictionary
        return dictionary
    }

    /// The bytes of the regular file `descriptor` has open, `length` of them as it was found
    /// to be, read with the system's calls (Foundation's attributes of a file cost more than
    /// reading English's 106 KB); nil when it cannot be read.
    private static func contents(of descriptor: Int32, length: Int) -> [UInt8]? {
        var filled = 0
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            while filled < length {
                let count = read(descriptor, buffer.baseAddress! + filled, length - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failed = count < 0
                    break
                }
                filled += count
            }
            // A file that shrank while it was read is what was read of it.
            initialized = filled
        }
        return failed ? nil : bytes
    }

    /// After which characters (Unicode scalars, counted from 1) `word` may be broken, as the
    /// patterns say, ends and joins included; nil when the dictionary's encoding cannot spell
    /// it. The word is looked up as given: lowercase it first.
    public func breaks(in word: String) -> [Int]? {
        encoding.bytes(of: word.unicodeScalars).map(breaks(inSpelled:))
    }

    /// `breaks(in:)` for a word already spelled in the dictionary's encoding (`encoding.spell`).
    func breaks(inSpelled bytes: [UInt8]) -> [Int] {
        let values = breakValues(bytes)
        var breaks: [Int] = []
        var letters = 0
        for index in bytes.indices where encoding.endsLetter(bytes, at: index) {
            // A character's break is at its last byte, where libhyphen reads it.
            letters += 1
            if values[index] & 1 == 1 { breaks.append(letters) }
        }
        return breaks
    }

    /// libhyphen's digit after each byte of `bytes`: odd where it may be broken.
    func breakValues(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        var values = hyphenate(bytes, compoundLevel: true, atWordStart: true, atWordEnd: true)
        keepLeft(Int(compound.leftMinimum > 0 ? compound.leftMinimum : 2), of: bytes, &values)
        keepRight(Int(compound.rightMinimum > 0 ? compound.rightMinimum : 2), of: bytes, &values)
        for string in compound.noHyphen {
            // No break before or after the string, wherever it is.
            var from = 0
            while let found = Self.firstRange(of: string, in: bytes, from: from) {
                values[found + string.count - 1] = 0
                if found > 0 { values[found - 1] = 0 }
                from = found + 1
            }
        }
        return values
    }

    /// One pass of a level's patterns over `letters` (a word, or a part of a compound word),
    /// then, on the compound level, each part between the breaks it found hyphenated again on
    /// its own; a word with no such break goes to the word level.
    private func hyphenate(_ letters: [UInt8], compoundLevel: Bool, atWordStart: Bool, atWordEnd: Bool) -> [UInt8] {
        let count = letters.count
        // Digits are not letters: libhyphen reads them as word boundaries.
        var text: [UInt8] = []
        text.reserveCapacity(count + 2)
        text.append(UInt8(ascii: "."))
        for letter in letters { text.append(Self.isDigit(letter) ? UInt8(ascii: ".") : letter) }
        text.append(UInt8(ascii: "."))
        // Where no compound pattern can begin, a pass would find no break: the word level's at once.
        if compoundLevel, !compound.patterns.mayBeginIn(text) {
            return hyphenateUnsplit(letters, atWordStart: atWordStart, atWordEnd: atWordEnd)
        }
        var values = [UInt8](repeating: 0, count: text.count + 1)
        // Each level's table used where it is: a conditional's copy of a level retains its arrays.
        if compoundLevel { compound.patterns.apply(to: text, values: &values) } else { word.patterns.apply(to: text, values: &values) }
        // From breaks after the text's bytes to breaks after the word's (one place on, in
        // place); none after its last.
        values.removeFirst()
        values.removeLast(values.count - count)
        if count > 0 { values[count - 1] = 0 }
        guard compoundLevel else { return values }
        var begin = 0
        for index in 0 ..< count where values[index] & 1 == 1 || (begin > 0 && index + 1 == count) {
            // As in libhyphen 2.8.8: a part of two letters stays whole, and the break before a
            // part's last letter stays the compound level's.
            if index - begin > 1 {
                let part = hyphenate(Array(text[begin + 1 ... index + 1]), compoundLevel: true,
                                     atWordStart: begin == 0 && atWordStart,
                                     atWordEnd: values[index] & 1 == 1 ? false : atWordEnd)
                for offset in 0 ..< index - begin - 1 { values[begin + offset] = part[offset] }
            }
            begin = index + 1
        }
        return begin == 0 ? hyphenateUnsplit(letters, atWordStart: atWordStart, atWordEnd: atWordEnd) : values
    }

    /// A word or part the compound level does not split, by the word level, with the compound
    /// minimums at its joins inside the word.
    private func hyphenateUnsplit(_ letters: [UInt8], atWordStart: Bool, atWordEnd: Bool) -> [UInt8] {
        var values = hyphenate(letters, compoundLevel: false, atWordStart: atWordStart, atWordEnd: atWordEnd)
        if !atWordStart { keepLeft(Int(compound.compoundLeftMinimum), of: letters, &values) }
        if !atWordEnd { keepRight(Int(compound.compoundRightMinimum), of: letters, &values) }
        return values
    }

    /// No break before `minimum` characters from the start, counted as libhyphen counts them:
    /// digits at the start do not count, and the ligatures ﬃ and ﬄ count as two.
    private func keepLeft(_ minimum: Int, of letters: [UInt8], _ values: inout [UInt8]) {
        let count = letters.count
        var counted = 1 + ligatureExtra(letters, at: 0)
        var index = 0
        while index < count, Self.isDigit(letters[index]) {
            counted -= 1
            index += 1
        }
        index = 0
        while counted < minimum, index < count {
            repeat {
                values[index] = 0
                index += 1
                counted += ligatureExtra(letters, at: index)
            } while index < count && isUTF8 && letters[index] & 0xC0 == 0x80
            counted += 1
        }
    }

    /// No break within `minimum` characters of the end; digits at the end do not count.
    private func keepRight(_ minimum: Int, of letters: [UInt8], _ values: inout [UInt8]) {
        var counted = 0
        var index = letters.count - 1
        while index > 0, Self.isDigit(letters[index]) {
            counted -= 1
            index -= 1
        }
        index = letters.count - 1
        while counted < minimum, index > 0 {
            values[index] = 0
            if !isUTF8 || letters[index] & 0xC0 == 0xC0 || letters[index] & 0x80 != 0x80 { counted += 1 }
            index -= 1
        }
    }

    /// libhyphen counts the UTF-8 ligatures U+FB03 and U+FB04 (ffi, ffl) as one letter more.
    private func ligatureExtra(_ letters: [UInt8], at index: Int) -> Int {
        guard isUTF8, index + 1 < letters.count, letters[index] == 0xEF, letters[index + 1] == 0xAC,
              index + 2 < letters.count else { return 0 }
        return letters[index + 2] == 0x83 || letters[index + 2] == 0x84 ? 1 : 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func firstRange(of string: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !string.isEmpty, bytes.count >= string.count, start <= bytes.count - string.count else { return nil }
        for index in start ... bytes.count - string.count where bytes[index ..< index + string.count].elementsEqual(string) {
            return index
        }
        return nil
    }
}
