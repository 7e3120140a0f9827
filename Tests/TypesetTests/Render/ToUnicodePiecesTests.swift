@testable import Render
import XCTest

/// A lone glyph's text cut into ToUnicode entries MuPDF reads: one character outside the Basic
/// Multilingual Plane, or up to 8 UTF-16 units inside it.
final class ToUnicodePiecesTests: XCTestCase {
    private func pieces(_ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        return utf8.withUnsafeBufferPointer { buffer in
            ToUnicodePieces.pieces(of: buffer).map { String(decoding: buffer[$0], as: UTF8.self) }
        }
    }

    private func isOnePiece(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { ToUnicodePieces.isOnePiece($0) }
    }

    func testShortTextsAndLoneEmojiAreOnePiece() {
        for text in ["a", "ffi", "\u{1F9DF}", "é", "\u{2642}\u{FE0F}", "abcdefgh"] {
            XCTAssertTrue(isOnePiece(text), text)
            XCTAssertEqual(pieces(text), [text])
        }
    }

    func testLongTextsAndSequencesOfEmojiAreCutBetweenCharacters() {
        XCTAssertEqual(pieces("abcdefghij"), ["abcdefgh", "ij"])
        XCTAssertEqual(pieces("\u{1F44B}\u{1F3FD}"), ["\u{1F44B}", "\u{1F3FD}"])
        XCTAssertEqual(pieces("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"),
                       ["\u{1F468}", "\u{200D}", "\u{1F469}", "\u{200D}", "\u{1F467}"])
        XCTAssertEqual(pieces("\u{1F9DF}\u{200D}\u{2642}\u{FE0F}"), ["\u{1F9DF}", "\u{200D}\u{2642}\u{FE0F}"])
        for text in ["abcdefghi", "\u{1F44B}\u{1F3FD}", "a\u{1F9DF}"] { XCTAssertFalse(isOnePiece(text), text) }
    }
}
