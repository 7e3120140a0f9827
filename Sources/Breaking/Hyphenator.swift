import CHyphen
import Foundation
import Text

/// Where words may be hyphenated, from the TeX patterns in Debian's `hyphen-*` dictionaries,
/// through libhyphen. One per language; results are cached per word.
///
/// Not thread-safe (the cache); one per document.
public final class Hyphenator {
    /// Folder of the dictionaries (`hyph_en_US.dic`, …).
    public static var dictionaryDirectory = "/usr/share/hyphen"

    /// Longer "words" (a run of letters with no break) are not looked up.
    public var maximumWordLength = 64

    public let language: String
    private let patterns: Patterns
    private var dictionary: UnsafeMutablePointer<HyphenDict> { patterns.dictionary }
    private var isUTF8: Bool { patterns.dictionary.pointee.utf8 != 0 }
    /// Every point the patterns allow in a word (within the dictionary's own minimums), each
    /// with the letters before it: the rules of each paragraph then choose among them.
    private var cache: [UTF16Key: Word] = [:]

    private struct Word {
        var points: [Point] = []
        var letters = 0
        var capitalized = false
    }

    private struct Point {
        var offset: Int
        var lettersBefore: Int
    }


    /// The dictionary for a BCP 47 tag (`en`, `en-GB`, `de`, `fr-CA`, …), or nil when none is installed.
    public init?(language: String) {
        guard let path = Self.dictionaryPath(for: language), let patterns = Patterns.load(path) else { return nil }
        self.language = language
        self.patterns = patterns
    }

    /// A loaded pattern file. Loading German's (1 MB) takes seconds, so each file is loaded
    /// once per process and shared: libhyphen only reads it while hyphenating.
    private final class Patterns: @unchecked Sendable {
        let dictionary: UnsafeMutablePointer<HyphenDict>

        private init(_ dictionary: UnsafeMutablePointer<HyphenDict>) {
            self.dictionary = dictionary
        }

        private static let lock = NSLock()
        nonisolated(unsafe) private static var loaded: [String: Patterns] = [:]

        static func load(_ file: String) -> Patterns? {
            // `hyph_de.dic` is a link to `hyph_de_DE.dic`: one file, loaded once.
            let path = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
            lock.lock()
            defer { lock.unlock() }
            if let known = loaded[path] { return known }
            guard let dictionary = hnj_hyphen_load(path) else { return nil }
            let patterns = Patterns(dictionary)
            loaded[path] = patterns
            return patterns
        }
    }

    /// `hyph_<lang>_<REGION>.dic`, else `hyph_<lang>.dic`; English without a region is US English.
    static func dictionaryPath(for language: String) -> String? {
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        guard let base = parts.first?.lowercased(), !base.isEmpty else { return nil }
        var candidates: [String] = []
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) { candidates.append("\(base)_\(region.uppercased())") }
        candidates.append(base)
        if base == "en" { candidates.append("en_US") }
        for name in candidates {
            let path = "\(dictionaryDirectory)/hyph_\(name).dic"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// Offsets inside `word` (UTF-16, 1 ..< count) where it may be broken with a hyphen, under
    /// `rules` (its shortest word, the letters kept before and after a hyphen, capitalised
    /// words). Words in capitals only (acronyms), with digits, or shorter than the minimum are
    /// not hyphenated; nor is anything that is not letters (URLs and the like).
    ///
    /// libhyphen (`hnj_hyphen_hyphenate2`) already keeps the dictionary's LEFTHYPHENMIN and
    /// RIGHTHYPHENMIN (English: 2 and 3; 2 and 2 where a dictionary names none), so the rules'
    /// minimums can only raise them: the defaults, TeX's 2 and 3, are English's own.
    ///
    /// `startsSentence`: the word opens a sentence, so its capital says nothing of a name; it
    /// is hyphenated as any other word.
    public func hyphenationPoints<C: Collection>(in word: C, rules: HyphenationRules = HyphenationRules(),
                                                 startsSentence: Bool = false) -> [Int]
    where C.Element == UInt16 {
        let key = UTF16Key(word)
        let found: Word
        if let known = cache[key] {
            found = known
        } else {
            found = computePoints(Array(key.units))
            cache[key] = found
        }
        guard !found.points.isEmpty, found.letters >= rules.minimumWord,
              !found.capitalized || startsSentence || rules.hyphenatesCapitalized(in: language) else { return [] }
        return found.points.filter { $0.lettersBefore >= rules.minimumBefore && found.letters - $0.lettersBefore >= rules.minimumAfter }
            .map(\.offset)
    }

    private func computePoints(_ units: [UInt16]) -> Word {
        guard units.count <= maximumWordLength * 2 else { return Word() }
        let scalars = String(decoding: units, as: UTF16.self).unicodeScalars
        guard scalars.count >= 2, scalars.count <= maximumWordLength,
              scalars.allSatisfy({ $0.properties.isAlphabetic || $0.value == 0x2019 || $0.value == 0x27 }),
              !scalars.allSatisfy({ !$0.properties.isLowercase }) else { return Word() }
        let lowered = String(decoding: units, as: UTF16.self).lowercased()
        // libhyphen indexes its result by byte of the dictionary's encoding.
        let bytes: [UInt8]
        var byteToUnit: [Int] = []
        if isUTF8 {
            bytes = Array(lowered.utf8)
            var unitOffset = 0
            for scalar in lowered.unicodeScalars {
                for _ in 0 ..< UTF8.width(scalar) { byteToUnit.append(unitOffset) }
                unitOffset += UTF16.width(scalar)
            }
        } else {
            // ISO 8859-1 dictionaries (German): a word with other characters cannot be looked up.
            guard lowered.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) else { return Word() }
            bytes = lowered.unicodeScalars.map { UInt8($0.value) }
            byteToUnit = Array(0 ..< bytes.count)
        }
        guard lowered.utf16.count == units.count else { return Word() }   // lowercasing changed the length (rare)
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        // libhyphen looks for its NOHYPHEN strings with strstr: the word must end in a NUL.
        let terminated = bytes + [0]
        let status = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                hnj_hyphen_hyphenate2(dictionary, chars.baseAddress, Int32(bytes.count), &hyphens, nil,
                                      &replacements, &positions, &cuts)
            }
        }
        defer { Self.freeNonStandard(replacements, positions, cuts, count: bytes.count) }
        guard status == 0 else { return Word() }
        let characterCount = scalars.count
        var points: [Point] = []
        var characterIndex = 0
        for byte in 0 ..< bytes.count {
            // Count characters at their first byte.
            if !isUTF8 || (bytes[byte] & 0xC0) != 0x80 { characterIndex += 1 }
            guard hyphens[byte] & 1 == 1, byte + 1 < bytes.count else { continue }
            // A non-standard break (old German "ck" → "k-k") is not taken.
            if let replacements, replacements[byte] != nil { continue }
            guard characterIndex >= 1, characterCount - characterIndex >= 1 else { continue }
            points.append(Point(offset: byteToUnit[byte + 1], lettersBefore: characterIndex))
        }
        let first = scalars.first?.properties
        return Word(points: points, letters: characterCount,
                    capitalized: first.map { $0.isUppercase || $0.generalCategory == .titlecaseLetter } ?? false)
    }

    private static func freeNonStandard(_ replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                        _ positions: UnsafeMutablePointer<Int32>?, _ cuts: UnsafeMutablePointer<Int32>?,
                                        count: Int) {
        if let replacements {
            for index in 0 ..< count { free(replacements[index]) }
            free(replacements)
        }
        free(positions)
        free(cuts)
    }
}
