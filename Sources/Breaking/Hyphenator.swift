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

    /// Longer "words" (a run of letters with no break) are not looked up.
    public var maximumWordLength = 64

    public let language: String
    /// Shared by every Hyphenator of the process that reads the same file.
    private let dictionary: HyphenationDictionary
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
        guard let path = Self.dictionaryPath(for: language), let dictionary = HyphenationDictionary.load(path) else { return nil }
        self.language = language
        self.dictionary = dictionary
    }

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
        if units.allSatisfy({ $0 < 0x80 }) { return computeASCIIPoints(units) }
        let scalars = String(decoding: units, as: UTF16.self).unicodeScalars
        guard scalars.count >= 2, scalars.count <= maximumWordLength,
              scalars.allSatisfy({ $0.properties.isAlphabetic || $0.value == 0x2019 || $0.value == 0x27 }),
              !scalars.allSatisfy({ !$0.properties.isLowercase }) else { return Word() }
        let lowered = String(decoding: units, as: UTF16.self).lowercased()
        guard lowered.utf16.count == units.count,   // lowercasing changed the length (rare)
              let breaks = dictionary.breaks(in: lowered) else { return Word() }
        let characterCount = scalars.count
        var unitOffsets: [Int] = [0]
        for scalar in lowered.unicodeScalars { unitOffsets.append(unitOffsets[unitOffsets.count - 1] + UTF16.width(scalar)) }
        let points = breaks.filter { $0 < characterCount }.map { Point(offset: unitOffsets[$0], lettersBefore: $0) }
        let first = scalars.first?.properties
        return Word(points: points, letters: characterCount,
                    capitalized: first.map { $0.isUppercase || $0.generalCategory == .titlecaseLetter } ?? false)
    }

    /// `computePoints` for a word of ASCII, most words of most texts, without decoding it into a
    /// `String` twice: the same tests, by byte. In ASCII the alphabetic characters are the
    /// letters, the lowercase ones a to z, the uppercase ones A to Z, and every character is one
    /// UTF-16 unit and one byte in every dictionary's encoding.
    private func computeASCIIPoints(_ units: [UInt16]) -> Word {
        let isUpper = { (unit: UInt16) in unit >= 0x41 && unit <= 0x5A }
        let isLower = { (unit: UInt16) in unit >= 0x61 && unit <= 0x7A }
        guard units.count >= 2, units.count <= maximumWordLength,
              units.allSatisfy({ isUpper($0) || isLower($0) || $0 == 0x27 }), units.contains(where: isLower) else { return Word() }
        let lowered = units.map { UInt8(isUpper($0) ? $0 + 0x20 : $0) }
        let points = dictionary.breaks(inASCII: lowered).filter { $0 < units.count }.map { Point(offset: $0, lettersBefore: $0) }
        return Word(points: points, letters: units.count, capitalized: isUpper(units[0]))
    }
}
