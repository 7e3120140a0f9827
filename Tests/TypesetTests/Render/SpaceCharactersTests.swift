@testable import Render
import XCTest

/// Which clusters the text layer writes with the character after them (`SpaceCharacters`): the
/// space separators but the word space, and no letter that shares their lead bytes.
final class SpaceCharactersTests: XCTestCase {
    private func isSpace(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { SpaceCharacters.isSpaceOtherThanWordSpace($0) }
    }

    func testTheSpaceSeparatorsButTheWordSpace() {
        for space in ["\u{A0}", "\u{202F}", "\u{2007}", "\u{2009}", "\u{200A}", "\u{2000}", "\u{205F}", "\u{3000}", "\u{1680}"] {
            XCTAssertTrue(isSpace(space), "U+\(String(space.unicodeScalars.first!.value, radix: 16, uppercase: true))")
        }
        XCTAssertFalse(isSpace(" "), "the word space: code 32, which Tw applies to")
    }

    func testNoLetterMarkOrFormatCharacter() {
        // Lead bytes shared with the spaces (U+0080–U+00BF, U+1xxx, U+2xxx, U+3xxx), and the
        // zero-width characters that are not spaces.
        for text in ["\u{AD}", "«", "»", "é", "\u{200B}", "\u{2060}", "\u{2011}", "…", "€", "\u{3001}", "あ", "ሀ", "A", "", "\u{A0}\u{A0}", "\u{A0}x"] {
            XCTAssertFalse(isSpace(text), text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }
}
