import Breaking
import Foundation
import Glibc
import Text
import XCTest

/// HyphenationDictionary against libhyphen itself, over many more words than the references of
/// `Fixtures/hyphenation/` hold: for every installed language, its reference words and seeded
/// words made of their pieces (joins, cuts, random strings of the language's letters, a hyphen
/// or an apostrophe inside). Any break that moves fails. libhyphen is only loaded, not linked:
/// the test is skipped where it is not installed (the references still hold).
///
/// No generated word has a digit inside: there typeset's breaks and libhyphen's differ (German
/// "destinations1iazzoidr"), as they did before; Hyphenator never looks up such a word.
final class HyphenationOracleTests: XCTestCase {
    private typealias Load = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    private typealias Free = @convention(c) (OpaquePointer) -> Void
    private typealias Hyphenate = @convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<CChar>,
                                                  UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>,
                                                  UnsafeMutablePointer<UnsafeMutableRawPointer?>,
                                                  UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32

    private struct Libhyphen {
        let load: Load
        let free: Free
        let hyphenate: Hyphenate
    }

    private func libhyphen() throws -> Libhyphen {
        guard let library = dlopen("libhyphen.so.0", RTLD_NOW),
              let load = dlsym(library, "hnj_hyphen_load"), let free = dlsym(library, "hnj_hyphen_free"),
              let hyphenate = dlsym(library, "hnj_hyphen_hyphenate2") else { throw XCTSkip("libhyphen is not installed") }
        return Libhyphen(load: unsafeBitCast(load, to: Load.self), free: unsafeBitCast(free, to: Free.self),
                         hyphenate: unsafeBitCast(hyphenate, to: Hyphenate.self))
    }

    /// `word` in the dictionary's encoding (its file's first line); nil when it cannot be spelled.
    private func encoded(_ word: String, as encoding: String) -> [UInt8]? {
        encoding == "UTF-8" ? Array(word.utf8) : iconvSpelling(word, as: encoding)
    }

    /// After which characters libhyphen breaks `bytes` (per character in UTF-8, per byte otherwise).
    private func libhyphenBreaks(_ library: Libhyphen, _ dictionary: OpaquePointer, _ bytes: [UInt8], characters: Int) -> [Int] {
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        let word = bytes.map { CChar(bitPattern: $0) } + [0]
        // libhyphen writes where the non-standard breaks would go: none in these files.
        var replacements: UnsafeMutableRawPointer?
        var positions: UnsafeMutableRawPointer?
        var cuts: UnsafeMutableRawPointer?
        _ = library.hyphenate(dictionary, word, Int32(bytes.count), &hyphens, nil, &replacements, &positions, &cuts)
        return (0 ..< characters).filter { hyphens[$0] & 1 == 1 }.map { $0 + 1 }
    }

    /// The reference words of a language and seeded words made of their pieces.
    private func words(from references: [String], count: Int) -> [String] {
        var generator = SplitMix(seed: UInt64(references.count))
        let letters = Array(Set(references.flatMap(\.unicodeScalars)).filter { $0.properties.isAlphabetic })
            .sorted { $0.value < $1.value }
        let pieces = references.map { Array($0.unicodeScalars) }
        var result = references
        while result.count < references.count + count {
            var word: [Unicode.Scalar] = []
            switch Int.random(in: 0 ..< 4, using: &generator) {
            case 0:   // two or three words joined, as German compounds are
                for _ in 0 ..< Int.random(in: 2 ... 3, using: &generator) { word += pieces.randomElement(using: &generator)! }
            case 1:   // a cut of a word
                let piece = pieces.randomElement(using: &generator)!
                let start = Int.random(in: 0 ..< piece.count, using: &generator)
                word = Array(piece[start ..< min(piece.count, start + Int.random(in: 2 ... 12, using: &generator))])
            case 2:   // letters at random
                word = (0 ..< Int.random(in: 2 ... 16, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
            default:  // a word with a hyphen or an apostrophe inside
                word = pieces.randomElement(using: &generator)! + [["-", "'", "\u{2019}"].randomElement(using: &generator)!]
                    + pieces.randomElement(using: &generator)!
            }
            if word.count <= 40 { result.append(String(String.UnicodeScalarView(word))) }
        }
        return result
    }

    func testEveryInstalledDictionaryBreaksManyWordsAsLibhyphen() throws {
        let library = try libhyphen()
        let referenceDirectory = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/hyphenation")
        let references = try FileManager.default.contentsOfDirectory(at: referenceDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }.sorted { $0.path < $1.path }
        XCTAssertEqual(references.count, 9)
        var compared = 0
        for reference in references {
            let name = reference.deletingPathExtension().lastPathComponent
            let path = "\(Hyphenator.dictionaryDirectory)/\(name).dic"
            let dictionary = try XCTUnwrap(HyphenationDictionary.load(path), "\(path) is not installed")
            let file = try XCTUnwrap(FileManager.default.contents(atPath: path))
            let encoding = String(decoding: file.prefix { $0 != 10 && $0 != 13 }, as: UTF8.self)
            let oracle = try XCTUnwrap(library.load(path), path)
            defer { library.free(oracle) }
            let known = try String(contentsOf: reference, encoding: .utf8).split(separator: "\n")
                .map { $0.replacingOccurrences(of: "=", with: "") }
            var differences: [String] = []
            for word in words(from: known, count: 29_000) {
                guard let bytes = encoded(word, as: encoding) else { continue }
                let characters = word.unicodeScalars.count
                let expected = libhyphenBreaks(library, oracle, bytes, characters: encoding == "UTF-8" ? characters : bytes.count)
                let found = try XCTUnwrap(dictionary.breaks(in: word), word)
                if found != expected { differences.append("\(word): \(found), libhyphen \(expected)") }
                compared += 1
            }
            XCTAssertEqual(differences.count, 0, "\(name): \(differences.prefix(10).joined(separator: "; "))")
        }
        XCTAssertGreaterThan(compared, 270_000)
    }

    /// The points Hyphenator offered a word when it decoded the word into a `String` and
    /// lowercased that (before it read the word character by character): the dictionary's
    /// breaks in the lowercase spelling of a word of 2 to `maximumLength` letters and
    /// apostrophes, with a lowercase letter, whose lowercase is as long in UTF-16; as UTF-16
    /// offsets, none after the last letter.
    private func pointsAsAString(_ word: String, _ dictionary: HyphenationDictionary, maximumLength: Int) -> [Int] {
        let units = Array(word.utf16)
        let scalars = String(decoding: units, as: UTF16.self).unicodeScalars
        guard units.count <= maximumLength * 2, scalars.count >= 2, scalars.count <= maximumLength,
              scalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "'" || $0 == "\u{2019}" }),
              scalars.contains(where: \.properties.isLowercase) else { return [] }
        let lowered = String(decoding: units, as: UTF16.self).lowercased()
        guard lowered.utf16.count == units.count, let breaks = dictionary.breaks(in: lowered) else { return [] }
        var offsets = [0]
        for scalar in lowered.unicodeScalars { offsets.append(offsets[offsets.count - 1] + UTF16.width(scalar)) }
        return breaks.filter { $0 < scalars.count }.map { offsets[$0] }
    }

    /// Words the letters of whose scripts, case and encoding Hyphenator must read right.
    private static let wordsThatAreNotPlain = [
        // capitals that are not ASCII, first, inside, everywhere
        "Ärgernis", "ÄRGERNIS", "ärgerNIS", "Élémentaire", "éLÉMENTAIRE", "Жизнеописание", "ЖИЗНЕОПИСАНИЕ", "жизнеОПИСАНИЕ",
        "Ölförderung", "Übergrößenträger", "Ёлочка", "ёлочка", "Straße", "STRAẞE", "Œuvre", "œuvre",
        // letters an eight-bit dictionary cannot spell, capitals whose lowercase it can
        "Łódź", "Dvořák", "Ĳsselmeer", "λόγος", "Λόγος", "\u{212A}ilogramm", "\u{212B}ngström", "naïveté",
        // İ lowercases to two characters; Σ to σ, even last
        "İstanbul", "istanbul", "ΟΔΟΣ", "οδοΣ", "Οδός",
        // combining marks (a decomposed é, an alphabetic mark), a soft hyphen, titlecase
        "Cafe\u{301}ine", "e\u{301}le\u{301}ment", "ab\u{345}cd", "hyphen\u{AD}ation", "Silben\u{AD}trennung", "ǅamija", "ǈubljana",
        // apostrophes, straight and typographic, spelled by UTF-8 only
        "l’homme", "L’Homme", "l'homme", "aujourd’hui", "don’t", "d’Artagnan", "’tis", "rock’n’roll",
        // beyond U+FFFF, numbers, and lone surrogates are no letters
        "\u{10400}\u{10428}\u{10429}", "a\u{10428}bc", "𝐀𝐁𝐂abc", "x2y", "abc١٢٣",
    ]

    /// Every word of every installed language, in capitals, capitalised, mixed, and words of
    /// other scripts and encodings, is offered what the dictionary gives its lowercase
    /// spelling, as when Hyphenator read words through a `String`; none when a capital first
    /// is not to be hyphenated.
    func testEveryWordGetsTheDictionarysPointsForItsLowercase() throws {
        let rules = HyphenationRules(minimumWord: 1, minimumBefore: 1, minimumAfter: 1, capitalized: true)
        let lowercaseRules = HyphenationRules(minimumWord: 1, minimumBefore: 1, minimumAfter: 1, capitalized: false)
        let referenceDirectory = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/hyphenation")
        let references = try FileManager.default.contentsOfDirectory(at: referenceDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }.sorted { $0.path < $1.path }
        XCTAssertEqual(references.count, 9)
        var generator = SplitMix(seed: 17)
        var compared = 0
        var differences: [String] = []
        for reference in references {
            let name = reference.deletingPathExtension().lastPathComponent
            let dictionary = try XCTUnwrap(HyphenationDictionary.load("\(Hyphenator.dictionaryDirectory)/\(name).dic"))
            let language = String(name.dropFirst("hyph_".count)).replacingOccurrences(of: "_", with: "-")
            let hyphenator = try XCTUnwrap(Hyphenator(language: language), language)
            let known = try String(contentsOf: reference, encoding: .utf8).split(separator: "\n")
                .map { $0.replacingOccurrences(of: "=", with: "") }
            let longest = String(repeating: "äb", count: hyphenator.maximumWordLength / 2)
            var words = ["a", "ab", "AB", "Ab", "'tis", "don't", longest, longest + "a", "\u{10428}" + longest.dropFirst()]
                + Self.wordsThatAreNotPlain
            for word in known {
                words.append(word)
                words.append(word.prefix(1).uppercased() + word.dropFirst())
                words.append(word.map { Bool.random(using: &generator) ? $0.uppercased() : String($0) }.joined())
                words.append(word.uppercased())
            }
            for word in words {
                let expected = pointsAsAString(word, dictionary, maximumLength: hyphenator.maximumWordLength)
                let found = hyphenator.hyphenationPoints(in: Array(word.utf16), rules: rules)
                if found != expected { differences.append("\(name) \(word): \(found), expected \(expected)") }
                // Without the rule that allows it, a word with a capital first is not hyphenated.
                let first = word.unicodeScalars.first?.properties
                let isCapital = first.map { $0.isUppercase || $0.generalCategory == .titlecaseLetter } ?? false
                let lowercaseOnly = hyphenator.hyphenationPoints(in: Array(word.utf16), rules: lowercaseRules)
                if lowercaseOnly != (isCapital ? [] : expected) { differences.append("\(name) \(word) (capitals kept whole): \(lowercaseOnly)") }
                compared += 1
            }
            // Lone surrogates are no letters.
            for units: [UInt16] in [[0x61, 0xD800, 0x62, 0x63], [0x61, 0x62, 0xDC00], [0xD801, 0xDC28, 0xD801]] {
                XCTAssertEqual(hyphenator.hyphenationPoints(in: units, rules: rules), [], "\(name) \(units)")
            }
        }
        XCTAssertGreaterThan(compared, 80_000)
        XCTAssertEqual(differences.count, 0, differences.prefix(10).joined(separator: "; "))
    }

    /// Breaks after a letter past U+FFFF land after both of its units of UTF-16, and a
    /// capital's breaks are its lowercase's (a dictionary of such letters, made for the test).
    func testPointsAfterLettersOutsideTheBasicPlane() throws {
        try withTemporaryDictionaryDirectory { directory, _ in
            // Deseret (U+10400 …): a break after each 𐐨 (U+10428) and before each ж.
            try Data("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\n\u{10428}1\n1ж\n".utf8)
                .write(to: directory.appendingPathComponent("hyph_xd.dic"))
            let hyphenator = try XCTUnwrap(Hyphenator(language: "xd"))
            let rules = HyphenationRules(minimumWord: 1, minimumBefore: 1, minimumAfter: 1, capitalized: true)
            // 𐐀 (the capital) is lowercased to 𐐨 and read through it; each is two units.
            XCTAssertEqual(hyphenator.hyphenationPoints(in: Array("\u{10400}a\u{10428}bЖc".utf16), rules: rules), [2, 5, 6])
            XCTAssertEqual(hyphenator.hyphenationPoints(in: Array("a\u{10428}\u{10428}b".utf16), rules: rules), [3, 5])
        }
    }
}
