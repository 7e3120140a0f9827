import Foundation
import Text

/// Where words may be hyphenated, from the TeX patterns in Debian's `hyphen-*` dictionaries
/// (read by HyphenationDictionary, as libhyphen reads them). One per language; results are
/// cached per word.
///
/// Not thread-safe (the cache); one per document.
public final class Hyphenator {
    /// Folder of the dictionaries (`hyph_en_US.dic`, …).
    public static var dictionaryDirectory = "/usr/share/hyphen"

    /// Longer "words" (a run of letters with no break) are not looked up. German's official
    /// compounds reach past TeX's 63: "Grundstücksverkehrsgenehmigungszuständigkeits-
    /// übertragungsverordnung" has 67 letters, and was cut in a column with no hyphen.
    public var maximumWordLength = 100

    public let language: String
    /// Shared by every Hyphenator of the process that reads the same file.
    private let dictionary: HyphenationDictionary
    /// Every point the patterns allow in a word (within the dictionary's own minimums), each
    /// with the letters before it: the rules of each paragraph then choose among them.
    private var cache: [UTF16Key: Word] = [:]
    /// What the cache holds: its table and the words' arrays of points.
    public private(set) var cacheBytesHeld = 0
    /// Past this many bytes held the cache starts again, so that memory follows the budget and
    /// not the number of distinct words (a word list, an index, a glossary). See
    /// docs/pipeline.md, "Memory that follows the text", entry "Caches bounded by bytes".
    public var cacheBudget = Hyphenator.defaultCacheBudget
    public static let defaultCacheBudget = 1 << 20
    public private(set) var cacheRestarts = 0

    private struct Word {
        var points: [Point] = []
        var letters = 0
        var capitalized = false

        /// The heap memory of `points`: none when empty, else the array's header and capacity.
        var pointBytes: Int {
            points.isEmpty ? 0 : 32 + points.capacity * MemoryLayout<Point>.stride
        }
    }

    private struct Point {
        var offset: Int
        var lettersBefore: Int
    }


    /// The dictionary for a BCP 47 tag (`en`, `en-GB`, `de`, `fr-CA`, …), or nil when none is installed.
    public init?(language: String) {
        guard let path = Self.dictionaryPath(for: language), let dictionary = HyphenationDictionary.load(path) else { return nil }
        self.language = language
        self.dictionary = dictionary
    }

    /// Whether a dictionary for `language` is installed.
    public static func hasPatterns(for language: String) -> Bool {
        dictionaryPath(for: language) != nil
    }

    /// Languages whose writing breaks lines without hyphens: Chinese, Japanese and Korean,
    /// the scripts of South-East Asia, which break between words or syllables, and those of the
    /// Arabic and Hebrew scripts. Their text has no patterns to miss.
    public static let languagesWrittenWithoutHyphens: Set<String> = ["zh", "ja", "ko", "th", "lo", "km", "my", "bo",
                                                                     "ar", "fa", "ur", "ps", "he", "yi"]

    /// `hyph_<lang>_<REGION>.dic`, else `hyph_<lang>.dic`, else the language's own country's
    /// (`hyph_es_ES.dic`, `hyph_ru_RU.dic`: Debian names no file `hyph_es.dic`); English without
    /// a region is US English.
    static func dictionaryPath(for language: String) -> String? {
        let parts = language.replacingOccurrences(of: "-", with: "_").split(separator: "_").map(String.init)
        guard let base = parts.first?.lowercased(), !base.isEmpty else { return nil }
        var candidates: [String] = []
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) { candidates.append("\(base)_\(region.uppercased())") }
        candidates.append(base)
        candidates.append("\(base)_\(base.uppercased())")
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
    /// The dictionary already keeps its LEFTHYPHENMIN and RIGHTHYPHENMIN (English: 2 and 3;
    /// 2 and 2 where a dictionary names none), so the rules' minimums can only raise them: the
    /// defaults, TeX's 2 and 3, are English's own.
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
            // Kept under a key of its own letters: a slice of the paragraph it was read in would
            // keep the whole paragraph's units.
            let letters = Array(key.units)
            found = computePoints(letters)
            keep(found, as: UTF16Key(letters[...]))
        }
        guard !found.points.isEmpty, found.letters >= rules.minimumWord,
              !found.capitalized || startsSentence || rules.hyphenatesCapitalized(in: language) else { return [] }
        return found.points.filter { $0.lettersBefore >= rules.minimumBefore && found.letters - $0.lettersBefore >= rules.minimumAfter }
            .map(\.offset)
    }

    /// Caches `word`, after emptying the cache (its table freed too) when it holds its budget:
    /// the words in use are found again as they come, the patterns' work for each a few
    /// microseconds.
    private func keep(_ word: Word, as key: UTF16Key) {
        if cacheBytesHeld >= cacheBudget {
            cache = [:]
            cacheBytesHeld = 0
            cacheRestarts += 1
        }
        let tableBefore = cache.capacity
        cache[key] = word
        cacheBytesHeld += (cache.capacity - tableBefore) * Self.tableBytesPerWord + word.pointBytes
    }

    /// A slot of the cache's table: the key, the word, and Swift's occupancy bit rounded up.
    private static let tableBytesPerWord = MemoryLayout<UTF16Key>.stride + MemoryLayout<Word>.stride + 1

    /// The points of a word seen for the first time. Its characters are read from the UTF-16,
    /// tested, lowercased and spelled in the dictionary's encoding one by one, with no `String`:
    /// a word (2 to `maximumWordLength` characters) of letters and apostrophes with a lowercase
    /// letter among them, each of whose characters has a lowercase of its own length in UTF-16
    /// that the dictionary can spell.
    private func computePoints(_ units: [UInt16]) -> Word {
        guard units.count <= maximumWordLength * 2 else { return Word() }
        var spelled: [UInt8] = []
        spelled.reserveCapacity(units.count * 3)
        var letters = 0
        var hasLowercase = false
        var capitalized = false
        var decoder = UTF16()
        var remaining = units.makeIterator()
        reading: while true {
            switch decoder.decode(&remaining) {
            case .scalarValue(let scalar):
                let letter = HyphenationLetter(scalar)
                guard letter.belongsInWord, let lowercase = letter.lowercase,
                      dictionary.encoding.spell(lowercase, into: &spelled) else { return Word() }
                if letters == 0 { capitalized = letter.isCapital }
                hasLowercase = hasLowercase || letter.isLowercase
                letters += 1
            case .emptyInput:
                break reading
            case .error:   // a lone surrogate
                return Word()
            }
        }
        guard letters >= 2, letters <= maximumWordLength, hasLowercase else { return Word() }
        let breaks = dictionary.breaks(inSpelled: spelled)
        var points: [Point] = []
        points.reserveCapacity(breaks.count)
        var offset = 0
        var counted = 0
        for lettersBefore in breaks where lettersBefore < letters {
            // A letter after U+FFFF is two units of UTF-16; its lowercase too.
            while counted < lettersBefore {
                offset += UTF16.isLeadSurrogate(units[offset]) ? 2 : 1
                counted += 1
            }
            points.append(Point(offset: offset, lettersBefore: lettersBefore))
        }
        return Word(points: points, letters: letters, capitalized: capitalized)
    }
}
