@testable import Shaping
import XCTest

final class ShapedWordTableTests: XCTestCase {
    private func glyphs(for word: [UInt16]) -> [ShapedGlyph] {
        word.enumerated().map { index, unit in
            ShapedGlyph(id: UInt32(unit), advance: Int32(index * 10), xOffset: 1, yOffset: 2, cluster: Int32(index))
        }
    }

    private func found(_ table: ShapedWordTable, _ word: [UInt16], hash: UInt64? = nil) -> [ShapedGlyph]? {
        let entry = word.withUnsafeBufferPointer { units in table.entry(of: units, hash: hash ?? ShapedWordTable.hash(units)) }
        var glyphs: [ShapedGlyph]?
        if let entry { table.lendGlyphs(ofEntry: entry) { glyphs = Array($0) } }
        return glyphs
    }

    private func keep(_ table: ShapedWordTable, _ word: [UInt16], hash: UInt64? = nil) {
        word.withUnsafeBufferPointer { units in
            _ = table.keep(units, hash: hash ?? ShapedWordTable.hash(units), glyphs: glyphs(for: word))
        }
    }

    func testEveryWordKeptIsFoundWithItsOwnGlyphsAsTheTableGrows() {
        let table = ShapedWordTable()
        let words = (0 ..< 1_000).map { Array("word\($0)".utf16) }
        for word in words { keep(table, word) }
        XCTAssertEqual(table.count, 1_000)
        for word in words { XCTAssertEqual(found(table, word), glyphs(for: word)) }
        XCTAssertNil(found(table, Array("word".utf16)), "a prefix of a kept word is another word")
        XCTAssertNil(found(table, Array("word1000".utf16)))
    }

    func testWordsWithTheSameHashAreToldApartByTheirUnits() {
        let table = ShapedWordTable()
        let words = ["of", "fo", "off", "", "o"].map { Array($0.utf16) }
        for word in words { keep(table, word, hash: 7) }
        for word in words { XCTAssertEqual(found(table, word, hash: 7), glyphs(for: word)) }
        XCTAssertNil(found(table, Array("f".utf16), hash: 7))
    }

    private func entry(_ table: ShapedWordTable, _ word: [UInt16]) -> Int? {
        word.withUnsafeBufferPointer { units in table.entry(of: units, hash: ShapedWordTable.hash(units)) }
    }

    /// Words of several lengths (plain and whole glyphs in the store, runs in several chunks),
    /// every third met again: those are found with their own glyphs after the others are
    /// forgotten, in no more memory than before, and the table keeps and finds words after.
    func testKeepingTheWordsMetAgainForgetsTheOthersInPlace() throws {
        let table = ShapedWordTable()
        let words = (0 ..< 2_000).map { Array("w\($0)".utf16) + Array(repeating: UInt16(0x61), count: $0 % 23) }
        for word in words { keep(table, word) }
        for word in words.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
            table.noteMetAgain(try XCTUnwrap(entry(table, word)))
        }
        let heldBefore = table.bytesHeld
        let keptBytes = table.keepOnlyWordsMetAgain(within: .max)
        XCTAssertEqual(table.count, 667)
        XCTAssertLessThan(table.bytesHeld, heldBefore)
        XCTAssertLessThanOrEqual(keptBytes, heldBefore)
        for (number, word) in words.enumerated() {
            XCTAssertEqual(found(table, word), number % 3 == 0 ? glyphs(for: word) : nil, "word \(number)")
        }
        let after = (0 ..< 500).map { Array("after\($0)".utf16) }
        for word in after { keep(table, word) }
        for word in after { XCTAssertEqual(found(table, word), glyphs(for: word)) }
        XCTAssertEqual(found(table, words[1_998]), glyphs(for: words[1_998]))
    }

    /// A word kept over a start must be met again before the next to outlive it, and the words
    /// kept stop at the allowance, those kept first kept first.
    func testAWordKeptMustBeMetAgainToBeKeptAgainAndTheAllowanceBoundsThem() throws {
        let table = ShapedWordTable()
        let words = (10 ..< 100).map { Array("word\($0)".utf16) }   // all of one length: of one size
        for word in words { keep(table, word) }
        for word in words { table.noteMetAgain(try XCTUnwrap(entry(table, word))) }
        let wordBytes = table.keepOnlyWordsMetAgain(within: .max) / words.count
        XCTAssertEqual(table.count, words.count)
        table.noteMetAgain(try XCTUnwrap(entry(table, words[5])))
        XCTAssertEqual(table.keepOnlyWordsMetAgain(within: .max), wordBytes)
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(found(table, words[5]), glyphs(for: words[5]))
        XCTAssertNil(found(table, words[6]))
        for word in words.dropFirst(10) { keep(table, word) }
        for word in [words[5]] + words[10...] { table.noteMetAgain(try XCTUnwrap(entry(table, word))) }
        XCTAssertEqual(table.keepOnlyWordsMetAgain(within: 10 * wordBytes + wordBytes / 2), 10 * wordBytes)
        let kept = [words[5]] + words[10 ..< 19]
        for word in words { XCTAssertEqual(found(table, word) != nil, kept.contains(word), String(decoding: word, as: UTF16.self)) }
    }

    func testAnEmptiedTableFindsNoWordAndLendsTheGlyphsOfThoseKeptAfter() {
        let table = ShapedWordTable()
        let before = (0 ..< 100).map { Array("before\($0)".utf16) }
        for word in before { keep(table, word) }
        table.removeAll()
        XCTAssertEqual(table.count, 0)
        for word in before { XCTAssertNil(found(table, word)) }
        let after = (0 ..< 100).map { Array("after\($0)".utf16) }
        for word in after { keep(table, word) }
        for word in after { XCTAssertEqual(found(table, word), glyphs(for: word)) }
    }
}
