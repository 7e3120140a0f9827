@testable import Breaking
import XCTest

/// Hyphenator reads a word's characters one by one, without a `String`: each answer must be the
/// one a `String` gave it before (`lowercased()`, the scalars' properties), for every character
/// of Unicode, and each lowercase letter spelled as the dictionary's encoding spells it.
final class HyphenationLetterTests: XCTestCase {
    func testEveryCharacterIsReadAsAStringReadIt() {
        var differences: [String] = []
        for value in UInt32(0) ... 0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = HyphenationLetter(scalar)
            let properties = scalar.properties
            let lowered = Array(String(scalar).lowercased().unicodeScalars)
            // What a word containing it needed: its lowercase as long in UTF-16 as itself.
            let lowercase = lowered.count == 1 && UTF16.width(lowered[0]) == UTF16.width(scalar) ? lowered[0] : nil
            if letter.belongsInWord != (properties.isAlphabetic || scalar == "'" || scalar == "\u{2019}")
                || letter.isLowercase != properties.isLowercase
                || letter.isCapital != (properties.isUppercase || properties.generalCategory == .titlecaseLetter)
                || letter.lowercase != lowercase {
                differences.append(String(value, radix: 16))
            }
            // What lets one property answer for a lowercase letter.
            if properties.isLowercase, !properties.isAlphabetic || lowercase != scalar || properties.isUppercase
                || properties.generalCategory == .titlecaseLetter {
                differences.append("\(String(value, radix: 16)) (lowercase)")
            }
        }
        XCTAssertEqual(differences.count, 0, "U+" + differences.prefix(10).joined(separator: ", U+"))
    }

    func testCapitalsAndMarksThatAreNotASCII() {
        XCTAssertEqual(HyphenationLetter("Ä").lowercase, "ä")
        XCTAssertEqual(HyphenationLetter("É").lowercase, "é")
        XCTAssertEqual(HyphenationLetter("Ж").lowercase, "ж")
        XCTAssertTrue(HyphenationLetter("Ж").isCapital)
        XCTAssertEqual(HyphenationLetter("\u{212A}").lowercase, "k", "the Kelvin sign's lowercase is ASCII")
        XCTAssertEqual(HyphenationLetter("Σ").lowercase, "σ", "no final sigma: the mapping has no context")
        XCTAssertEqual(HyphenationLetter("\u{10400}").lowercase, "\u{10428}", "Deseret, past U+FFFF")
        XCTAssertNil(HyphenationLetter("İ").lowercase, "i and a combining dot: longer in UTF-16")
        XCTAssertTrue(HyphenationLetter("ǅ").isCapital, "titlecase")
        XCTAssertFalse(HyphenationLetter("ß").isCapital)
        XCTAssertFalse(HyphenationLetter("\u{301}").belongsInWord, "a combining acute is no letter")
        XCTAssertTrue(HyphenationLetter("\u{345}").belongsInWord, "the combining ypogegrammeni is alphabetic")
        XCTAssertFalse(HyphenationLetter("\u{AD}").belongsInWord, "a soft hyphen")
        XCTAssertTrue(HyphenationLetter("\u{2019}").belongsInWord)
    }

    /// Each encoding spells what the old spelling spelled: every scalar `iconv` spells as one
    /// letter of the eight-bit encodings (KOI8-R's Cyrillic letters, Latin-1's upper half),
    /// ASCII alike, and nothing else; UTF-8 as Swift's own.
    func testEveryEncodingSpellsLettersAsIconv() throws {
        for (encoding, name) in [(HyphenationEncoding.latin1, "ISO-8859-1"), (.koi8R, "KOI8-R")] {
            for value in UInt32(0) ... 0x2FFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                var bytes: [UInt8] = []
                let spelled = encoding.spell(scalar, into: &bytes)
                let expected = iconvSpelling(String(scalar), as: name)
                // KOI8-R spells box drawing too: only its letters and ASCII are letters here.
                let isLetter = encoding == .latin1 || value < 0x80 || (0x410 ... 0x44F).contains(value) || value == 0x401 || value == 0x451
                XCTAssertEqual(spelled ? bytes : nil, isLetter ? expected : nil, "\(name) U+\(String(value, radix: 16))")
            }
        }
        for value in [0x41, 0xE9, 0x416, 0x2019, 0x10400] as [UInt32] {
            var bytes: [UInt8] = []
            XCTAssertTrue(HyphenationEncoding.utf8.spell(Unicode.Scalar(value)!, into: &bytes))
            XCTAssertEqual(bytes, Array(String(Unicode.Scalar(value)!).utf8))
        }
    }
}
