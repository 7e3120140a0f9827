import Text
import XCTest

/// The marks of `footnote-marks`: numbers, letters, roman numerals and the symbols doubled.
final class FootnoteMarksTests: XCTestCase {
    func testNumbersLettersAndRomanNumerals() {
        XCTAssertEqual((1 ... 3).map(FootnoteMarks.arabic.mark), ["1", "2", "3"])
        XCTAssertEqual([1, 2, 26, 27, 28, 52, 53, 702, 703].map(FootnoteMarks.letters.mark),
                       ["a", "b", "z", "aa", "ab", "az", "ba", "zz", "aaa"])
        XCTAssertEqual([1, 4, 9, 14, 40, 90, 1999].map(FootnoteMarks.roman.mark), ["i", "iv", "ix", "xiv", "xl", "xc", "mcmxcix"])
    }

    func testSymbolsGoRoundAgainDoubled() {
        XCTAssertEqual((1 ... 9).map(FootnoteMarks.symbols.mark), ["*", "†", "‡", "§", "**", "††", "‡‡", "§§", "***"])
    }
}
