import Breaking
import XCTest

/// Dictionary hyphenation with libhyphen and Debian's hyphen-* patterns.
final class HyphenationTests: XCTestCase {
    private func hyphenated(_ word: String, _ language: String) throws -> String {
        let hyphenator = try XCTUnwrap(Hyphenator(language: language), "no dictionary for \(language)")
        let units = Array(word.utf16)
        var result = ""
        var last = 0
        for point in hyphenator.hyphenationPoints(in: units) + [units.count] {
            result += (result.isEmpty ? "" : "-") + String(decoding: units[last ..< point], as: UTF16.self)
            last = point
        }
        return result
    }

    func testKnownEnglishHyphenations() throws {
        XCTAssertEqual(try hyphenated("hyphenation", "en"), "hy-phen-ation")
        XCTAssertEqual(try hyphenated("typesetting", "en"), "type-set-ting")
        XCTAssertEqual(try hyphenated("magazine", "en-US"), "mag-a-zine")
        XCTAssertEqual(try hyphenated("Zombies", "en"), "Zom-bies", "a capital at the start is fine")
    }

    func testKnownGermanAndFrenchHyphenations() throws {
        XCTAssertEqual(try hyphenated("Silbentrennung", "de"), "Sil-ben-tren-nung")
        XCTAssertEqual(try hyphenated("Straßenbahn", "de-DE"), "Stra-ßen-bahn")
        XCTAssertEqual(try hyphenated("typographique", "fr"), "ty-po-gra-phique")
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

    func testALanguageWithoutADictionaryHasNoHyphenator() {
        XCTAssertNil(Hyphenator(language: "xx"))
        XCTAssertNotNil(Hyphenator(language: "en-GB") ?? Hyphenator(language: "en"))
    }
}
