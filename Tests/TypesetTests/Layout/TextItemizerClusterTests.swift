@testable import Layout
import XCTest

/// The itemizer tells the common characters apart by their values, not the Unicode tables:
/// every answer must be the tables' own.
final class TextItemizerClusterTests: XCTestCase {
    private func extendsByTheTables(_ scalar: Unicode.Scalar, after previous: UInt32) -> Bool {
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.isVariationSelector || properties.isEmojiModifier
            || scalar.value == 0x200D || previous == 0x200D
    }

    func testWhatExtendsAClusterIsWhatTheTablesSayBelowAndAboveU0300() {
        let scalars = (0 ..< 0x400).compactMap(Unicode.Scalar.init)
            + ["\u{200D}", "\u{FE0F}", "\u{1F3FB}", "\u{E0100}", "\u{20E3}"]
        for scalar in scalars {
            for previous: UInt32 in [0x61, 0x200D, 0x1F469] {
                XCTAssertEqual(TextItemizer.extendsCluster(scalar, after: previous), extendsByTheTables(scalar, after: previous),
                               "U+\(String(scalar.value, radix: 16)) after U+\(String(previous, radix: 16))")
            }
        }
    }

    func testSpacesAndControlsAreWhatTheTablesSay() {
        for scalar in (0 ..< 0x3100).compactMap(Unicode.Scalar.init) {
            let byTheTables = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            XCTAssertEqual(TextItemizer.isSpaceOrControl(scalar), byTheTables, "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// The ideographs, their punctuation and the fullwidth forms, answered by their values
    /// (`WideCharacters`), and the characters just outside those ranges (U+3000 is a space,
    /// U+302A a mark).
    func testTheWideCharactersAnsweredWithoutTheTablesAreWhatTheTablesSay() {
        let values = WideCharacters.plainRanges.flatMap { [$0.lowerBound - 1] + Array($0) + [$0.upperBound + 1] }
        for scalar in values.compactMap(Unicode.Scalar.init) {
            let isSpaceOrControl = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            XCTAssertEqual(TextItemizer.isSpaceOrControl(scalar), isSpaceOrControl, "U+\(String(scalar.value, radix: 16))")
            XCTAssertEqual(TextItemizer.extendsCluster(scalar, after: 0x61), extendsByTheTables(scalar, after: 0x61),
                           "U+\(String(scalar.value, radix: 16))")
        }
    }
}
