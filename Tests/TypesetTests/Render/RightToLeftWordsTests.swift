@testable import Render
import XCTest

/// The pieces a right-to-left run is written in: its words in reading order, each with the
/// white space before it, each piece's clusters in the order drawn.
final class RightToLeftWordsTests: XCTestCase {
    func testWordsComeRightmostFirstEachWithTheSpaceBeforeIt() {
        // "مرحبا بكم" as drawn, left to right: "مكب", a space, "ابحرم", a cluster a letter.
        let drawn = ["م", "ك", "ب", " ", "ا", "ب", "ح", "ر", "م"]
        XCTAssertEqual(RightToLeftWords.piecesInReadingOrder(of: drawn), [4 ..< 9, 0 ..< 4])
    }

    func testPunctuationStaysWithItsWordAndSpacesWithTheWordAfterThem() {
        // " عام،  كل " as drawn: a space after "عام،" at the run's left end, the comma at the
        // word's left end, two spaces between the words, one before the first.
        let drawn = [" ", "،", "م", "ا", "ع", " ", "\u{00A0}", "ل", "ك", " "]
        XCTAssertEqual(RightToLeftWords.piecesInReadingOrder(of: drawn), [7 ..< 10, 1 ..< 7, 0 ..< 1])
    }

    func testARunWithoutSpacesIsOnePiece() {
        XCTAssertEqual(RightToLeftWords.piecesInReadingOrder(of: ["ل", "ا"]), [0 ..< 2])
        XCTAssertEqual(RightToLeftWords.piecesInReadingOrder(of: [" "]), [0 ..< 1])
        XCTAssertEqual(RightToLeftWords.piecesInReadingOrder(of: [String]()), [])
    }
}
