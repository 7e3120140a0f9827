import Breaking
import XCTest

final class BreakOpportunitiesTests: XCTestCase {
    private func find(_ string: String) -> BreakOpportunities {
        BreakOpportunities.find(in: Array(string.utf16))
    }

    func testBreaksInAnOrdinarySentence() {
        let sentence = "Hello, world! This is (a) test-case."
        let units = Array(sentence.utf16)
        let found = find(sentence)
        // After each space, after the hyphen, and at the end.
        XCTAssertEqual(found.offsets, [7, 14, 19, 22, 26, 31, 36])
        XCTAssertEqual(found.offsets.count, found.mandatory.count)
        for offset in found.offsets.dropLast() {
            let before = units[offset - 1]
            XCTAssertTrue(before == 0x20 || before == UInt16(UInt8(ascii: "-")), "break after \(UnicodeScalar(before)!)")
            // Never before closing punctuation.
            XCTAssertFalse([",", "!", ")", "."].contains(Character(UnicodeScalar(units[offset])!)))
        }
        let closers = sentence.utf16.indices.filter { [",", "!", ")"].contains(sentence[$0]) }
            .map { sentence.utf16.distance(from: sentence.utf16.startIndex, to: $0) }
        for offset in closers { XCTAssertFalse(found.offsets.contains(offset), "break before offset \(offset)") }
        XCTAssertFalse(found.mandatory.dropLast().contains(true))
    }

    func testNoBreakInsideAWord() {
        let found = find("unbreakable")
        XCTAssertEqual(found.offsets, [11])
    }

    func testLineSeparatorIsAMandatoryBreak() {
        let found = find("one\u{2028}two three")
        XCTAssertEqual(found.offsets, [4, 8, 13])
        XCTAssertEqual(found.mandatory[0], true)
        XCTAssertEqual(found.mandatory[1], false)
        let newline = find("a b\nc")
        XCTAssertEqual(newline.offsets, [2, 4, 5])
        XCTAssertEqual(Array(newline.mandatory.prefix(2)), [false, true])
    }

    func testOffsetsAreUTF16() {
        // The emoji is two units: the break after "😀 " is at 3, not 2.
        XCTAssertEqual(find("😀 b").offsets, [3, 4])
    }

    func testNoBreakBeforeANonBreakingSpace() {
        XCTAssertEqual(find("10\u{00A0}km away").offsets, [6, 10])
    }

    func testEmptyText() {
        XCTAssertEqual(find(""), BreakOpportunities(offsets: [], mandatory: []))
    }

    func testRepeatedCallsGiveTheSameAnswer() {
        // The shim may reuse one ICU iterator; results must not leak from one text to the next.
        let long = "Alpha beta gamma delta epsilon zeta eta theta."
        let first = find(long)
        XCTAssertEqual(find("x").offsets, [1])
        XCTAssertEqual(find(long), first)
        XCTAssertEqual(BreakOpportunities.find(in: Array("a b".utf16), locale: "de").offsets, [2, 3])
        XCTAssertEqual(find(long), first)
    }

    func testICUVersionIsKnown() {
        XCTAssertFalse(BreakOpportunities.icuVersion.isEmpty)
        XCTAssertNotNil(BreakOpportunities.icuVersion.first?.wholeNumberValue)
    }
}
