import Foundation
import Breaking
import Text
import XCTest

/// Dictionary hyphenation with Debian's hyphen-* patterns.
final class HyphenationTests: XCTestCase {
    private func hyphenated(_ word: String, _ language: String, rules: HyphenationRules = HyphenationRules()) throws -> String {
        let hyphenator = try XCTUnwrap(Hyphenator(language: language), "no dictionary for \(language)")
        let units = Array(word.utf16)
        var result = ""
        var last = 0
        for point in hyphenator.hyphenationPoints(in: units, rules: rules) + [units.count] {
            result += (result.isEmpty ? "" : "-") + String(decoding: units[last ..< point], as: UTF16.self)
            last = point
        }
        return result
    }

    func testKnownEnglishHyphenations() throws {
        XCTAssertEqual(try hyphenated("hyphenation", "en"), "hy-phen-ation")
        XCTAssertEqual(try hyphenated("typesetting", "en"), "type-set-ting")
        XCTAssertEqual(try hyphenated("magazine", "en-US"), "mag-a-zine")
        XCTAssertEqual(try hyphenated("Zombies", "en", rules: HyphenationRules(capitalized: true)), "Zom-bies")
    }

    func testCapitalisedWordsAreHyphenatedOnlyWhenAskedButInGerman() throws {
        XCTAssertEqual(try hyphenated("Zombies", "en"), "Zombies", "a name or a sentence's first word stays whole")
        XCTAssertEqual(try hyphenated("Magazine", "en-GB"), "Magazine")
        XCTAssertEqual(try hyphenated("Magazine", "en", rules: HyphenationRules(capitalized: true)), "Mag-a-zine")
        // German capitalises every noun: they are hyphenated unless a paragraph says otherwise.
        XCTAssertEqual(try hyphenated("Silbentrennung", "de", rules: HyphenationRules(capitalized: false)), "Silbentrennung")
    }

    func testTheShortestWordAndTheLettersKeptEitherSide() throws {
        // "table" has five letters, "tabby" too; "ta-ble" would leave two after the hyphen.
        XCTAssertEqual(try hyphenated("hyphen", "en"), "hy-phen")
        XCTAssertEqual(try hyphenated("hyphen", "en", rules: HyphenationRules(minimumWord: 7)), "hyphen")
        XCTAssertEqual(try hyphenated("hyphenation", "en", rules: HyphenationRules(minimumBefore: 3)), "hyphen-ation")
        XCTAssertEqual(try hyphenated("typesetting", "en", rules: HyphenationRules(minimumAfter: 5)), "type-setting")
        // Below the dictionary's own minimums (English: 2 and 3) nothing is added.
        XCTAssertEqual(try hyphenated("hyphenation", "en", rules: HyphenationRules(minimumBefore: 1, minimumAfter: 1)),
                       try hyphenated("hyphenation", "en"))
    }

    func testKnownGermanAndFrenchHyphenations() throws {
        XCTAssertEqual(try hyphenated("Silbentrennung", "de"), "Sil-ben-tren-nung")
        XCTAssertEqual(try hyphenated("Straßenbahn", "de-DE"), "Stra-ßen-bahn")
        XCTAssertEqual(try hyphenated("typographique", "fr"), "ty-po-gra-phique")
        // 67 letters, past TeX's 63: a designer's annual report had it cut mid-syllable with no hyphen.
        XCTAssertEqual(try hyphenated("Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung", "de"),
                       "Grund-stücks-ver-kehrs-ge-neh-mi-gungs-zu-stän-dig-keits-über-tra-gungs-ver-ord-nung")
    }

    /// Debian names Spanish's and Russian's files for their countries only (`hyph_es_ES.dic`);
    /// Russian's is in KOI8-R.
    func testLanguagesWhoseFilesNameACountry() throws {
        XCTAssertEqual(try hyphenated("extraordinariamente", "es"), "ex-tra-or-di-na-ria-mente")
        XCTAssertEqual(try hyphenated("extraordinariamente", "es-MX"), "ex-tra-or-di-na-ria-mente")
        XCTAssertEqual(try hyphenated("необыкновенно", "ru"), "не-обык-новенно")
    }

    func testWordsThatAreNotHyphenated() throws {
        let hyphenator = try XCTUnwrap(Hyphenator(language: "en"))
        for word in ["NASA", "UNESCO", "abc", "1234567", "http://example.org/hyphenation", "R2D2robot"] {
            XCTAssertEqual(hyphenator.hyphenationPoints(in: Array(word.utf16)), [], word)
        }
    }

    func testLeftAndRightMinimums() throws {
        let hyphenator = try XCTUnwrap(Hyphenator(language: "en"))
        for word in ["hyphenation", "extraordinary", "unbelievable", "characteristically"] {
            let count = word.utf16.count
            for point in hyphenator.hyphenationPoints(in: Array(word.utf16)) {
                XCTAssertGreaterThanOrEqual(point, 2, word)
                XCTAssertLessThanOrEqual(point, count - 3, word)
            }
        }
    }

    /// A word list of distinct words (an index, a glossary) holds the cache to its budget, and
    /// a word found again after the cache started over has the same points.
    func testTheCacheKeepsToItsBudgetInBytesWhateverTheVocabulary() throws {
        let limited = try XCTUnwrap(Hyphenator(language: "en"))
        limited.cacheBudget = 16 << 10
        let syllables = ["con", "ster", "na", "tion", "pho", "to", "gra", "phy", "in", "ter", "mit", "tent"]
        let words = (0 ..< 5_000).map { number in
            (0 ..< 4).map { syllables[(number / Int(pow(12.0, Double($0)))) % 12] }.joined()
        }
        var heldMost = 0
        for word in words {
            _ = limited.hyphenationPoints(in: Array(word.utf16))
            heldMost = max(heldMost, limited.cacheBytesHeld)
        }
        XCTAssertGreaterThan(limited.cacheRestarts, 10)
        // The table doubles as a word goes in past the budget: at most twice it, and that word's.
        XCTAssertLessThanOrEqual(heldMost, 2 * limited.cacheBudget + 1_024)
        let unlimited = try XCTUnwrap(Hyphenator(language: "en"))
        for word in words.suffix(300) + words.prefix(300) {
            XCTAssertEqual(limited.hyphenationPoints(in: Array(word.utf16)), unlimited.hyphenationPoints(in: Array(word.utf16)), word)
        }
        XCTAssertEqual(unlimited.cacheRestarts, 0)
    }

    func testALanguageWithoutADictionaryHasNoHyphenator() {
        XCTAssertNil(Hyphenator(language: "xx"))
        XCTAssertNotNil(Hyphenator(language: "en-GB") ?? Hyphenator(language: "en"))
    }
}
