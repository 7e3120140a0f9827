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

    /// `word` in the dictionary's encoding (its file's first line), by iconv; nil when it cannot be spelled.
    private func encoded(_ word: String, as encoding: String) -> [UInt8]? {
        if encoding == "UTF-8" { return Array(word.utf8) }
        let converter = iconv_open(encoding, "UTF-8")
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = Array(word.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 4 + 4)
        var inputLeft = input.count
        var outputLeft = output.count
        let failed = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputPointer: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress
                var outputPointer: UnsafeMutablePointer<CChar>? = outputBuffer.baseAddress
                return iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft) == -1
            }
        }
        guard !failed, inputLeft == 0 else { return nil }
        return output.prefix(output.count - outputLeft).map { UInt8(bitPattern: $0) }
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
            for word in words(from: known, count: 30_000) {
                guard let bytes = encoded(word, as: encoding) else { continue }
                let characters = word.unicodeScalars.count
                let expected = libhyphenBreaks(library, oracle, bytes, characters: encoding == "UTF-8" ? characters : bytes.count)
                let found = try XCTUnwrap(dictionary.breaks(in: word), word)
                if found != expected { differences.append("\(word): \(found), libhyphen \(expected)") }
                compared += 1
            }
            XCTAssertEqual(differences.count, 0, "\(name): \(differences.prefix(10).joined(separator: "; "))")
        }
        XCTAssertGreaterThan(compared, 280_000)
    }

    /// A word of ASCII takes a shorter way through Hyphenator: it is offered the points the
    /// dictionary gives its lowercase spelling, as every other word is (capitals, apostrophes,
    /// digits, one letter, the longest word and one letter more).
    func testAnASCIIWordGetsTheDictionarysPoints() throws {
        let path = "\(Hyphenator.dictionaryDirectory)/hyph_en_US.dic"
        let dictionary = try XCTUnwrap(HyphenationDictionary.load(path))
        let hyphenator = try XCTUnwrap(Hyphenator(language: "en-US"))
        let rules = HyphenationRules(minimumWord: 1, minimumBefore: 1, minimumAfter: 1, capitalized: true)
        let lowercaseRules = HyphenationRules(minimumWord: 1, minimumBefore: 1, minimumAfter: 1, capitalized: false)
        let known = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Fixtures/hyphenation/hyph_en_US.txt"),
                               encoding: .utf8).split(separator: "\n").map { $0.replacingOccurrences(of: "=", with: "") }
        var generator = SplitMix(seed: 17)
        let longest = String(repeating: "ab", count: 32)
        var words = ["a", "ab", "AB", "Ab", "'tis", "don't", "x2y", "hyphenation", longest, longest + "a"]
        for word in known where word.unicodeScalars.allSatisfy(\.isASCII) {
            words.append(word)
            words.append(word.prefix(1).uppercased() + word.dropFirst())
            words.append(String(word.map { Bool.random(using: &generator) ? Character($0.uppercased()) : $0 }))
            words.append(word.uppercased())
        }
        var differences: [String] = []
        for word in words {
            let scalars = word.unicodeScalars
            let hyphenated = scalars.count >= 2 && scalars.count <= hyphenator.maximumWordLength
                && scalars.allSatisfy { $0.properties.isAlphabetic || $0 == "'" } && scalars.contains { $0.properties.isLowercase }
            let expected = hyphenated ? (dictionary.breaks(in: word.lowercased()) ?? []).filter { $0 < scalars.count } : []
            let found = hyphenator.hyphenationPoints(in: Array(word.utf16), rules: rules)
            if found != expected { differences.append("\(word): \(found), expected \(expected)") }
            // Without the rule that allows it, a word with a capital first is not hyphenated.
            let lowercaseOnly = hyphenator.hyphenationPoints(in: Array(word.utf16), rules: lowercaseRules)
            if lowercaseOnly != (scalars.first?.properties.isUppercase == true ? [] : expected) {
                differences.append("\(word) (capitals kept whole): \(lowercaseOnly)")
            }
        }
        XCTAssertGreaterThan(words.count, 10_000)
        XCTAssertEqual(differences.count, 0, differences.prefix(10).joined(separator: "; "))
    }
}
