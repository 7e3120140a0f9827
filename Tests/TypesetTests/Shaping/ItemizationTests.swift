import Shaping
import Text
import XCTest

/// Bidi levels and script runs: the splits made before shaping.
final class ItemizationTests: XCTestCase {
    private func scripts(_ string: String) -> [String] {
        let units = TextUnitSlice(Array(string.utf16))
        return ScriptItemizer.runs(in: units).map { run in
            "\(String(decoding: units[run.range], as: UTF16.self))=\(run.script ?? "none")"
        }
    }

    func testCommonCharactersJoinTheRunTheyAreIn() {
        XCTAssertEqual(scripts("Hello 世界 and more"), ["Hello =Latn", "世界 =Hani", "and more=Latn"])
        let runs = scripts("Hello, 世界。 world")
        XCTAssertEqual(runs, ["Hello, =Latn", "世界。 =Hani", "world=Latn"])
    }

    func testTextStartingWithCommonCharactersTakesTheFirstRealScript() {
        XCTAssertEqual(scripts("123 שלום"), ["123 שלום=Hebr"])
        XCTAssertEqual(scripts("12 + 3"), ["12 + 3=Latn"], "Latin-1 text is one run")
    }

    func testAClosingBracketTakesTheScriptOfItsOpeningOne() {
        // The opening bracket is in the Han run, so its closing one is too (as in Pango).
        XCTAssertEqual(scripts("日本（テスト）語"), ["日本（=Hani", "テスト=Kana", "）語=Hani"])
        XCTAssertEqual(scripts("שלום (עולם) abc"), ["שלום (עולם) =Hebr", "abc=Latn"])
    }

    func testScriptExtensionsKeepJapaneseTogether() {
        // The prolonged sound mark is Common with extensions Hiragana and Katakana.
        XCTAssertEqual(scripts("コーヒー"), ["コーヒー=Kana"])
    }

    func testMarksStayWithTheirBase() {
        XCTAssertEqual(scripts("नमस्ते"), ["नमस्ते=Deva"])
        XCTAssertEqual(scripts("مَرْحَبًا"), ["مَرْحَبًا=Arab"])
    }

    // MARK: Bidi

    func testTheFirstStrongCharacterSetsTheDirection() {
        XCTAssertFalse(BidiParagraph(Array("abc שלום".utf16), direction: .auto).isRightToLeft)
        XCTAssertTrue(BidiParagraph(Array("123 שלום abc".utf16), direction: .auto).isRightToLeft)
        XCTAssertTrue(BidiParagraph(Array("abc".utf16), direction: .rtl).isRightToLeft)
        XCTAssertFalse(BidiParagraph(Array("שלום".utf16), direction: .ltr).isRightToLeft)
        XCTAssertFalse(BidiParagraph(Array("123 !".utf16), direction: .auto).isRightToLeft, "no strong character: left to right")
    }

    func testLevelsOfMixedText() {
        // After Hebrew a number stays European (W7), pulls the space between to right to left
        // (N1) and goes up two levels (I1).
        let bidi = BidiParagraph(Array("ab אב 12".utf16), direction: .auto)
        XCTAssertEqual(bidi.levels, [0, 0, 0, 1, 1, 1, 2, 2])
        // After Latin it counts as Latin (W7): one left-to-right run inside the Hebrew.
        let rtl = BidiParagraph(Array("אב ab 12".utf16), direction: .auto)
        XCTAssertEqual(rtl.levels, [1, 1, 1, 2, 2, 2, 2, 2])
    }

    func testVisualOrderReversesRightToLeftRunsAndKeepsNumbersInside() {
        XCTAssertEqual(BidiParagraph.visualOrder(levels: [0, 1, 1, 0]), [0, 2, 1, 3])
        XCTAssertEqual(BidiParagraph.visualOrder(levels: [1, 2, 2, 1]), [3, 1, 2, 0])
        XCTAssertEqual(BidiParagraph.visualOrder(levels: [1, 1, 1]), [2, 1, 0])
        XCTAssertEqual(BidiParagraph.visualOrder(levels: [0, 0]), [0, 1])
    }
}
