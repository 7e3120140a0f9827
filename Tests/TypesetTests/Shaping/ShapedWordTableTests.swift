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
