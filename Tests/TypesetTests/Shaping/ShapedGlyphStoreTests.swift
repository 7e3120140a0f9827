@testable import Shaping
import XCTest

/// The glyphs a word table keeps, in memory of their own: what is appended is lent back as it
/// was, plain words (kept as ids and advances) and whole ones alike, across the store's growth,
/// and emptying it starts it again.
final class ShapedGlyphStoreTests: XCTestCase {
    /// A plain word when `number` is even (clusters are indices, no offsets), else one with
    /// offsets, or a ligature's cluster, or a mark's.
    private func word(_ number: Int, length: Int) -> [ShapedGlyph] {
        (0 ..< length).map { index in
            let isPlain = number % 2 == 0
            return ShapedGlyph(id: UInt32(number + index), advance: Int32(index * 3 - 7),
                               xOffset: isPlain || number % 3 != 1 ? 0 : Int32(number % 7) + 1,
                               yOffset: isPlain || number % 3 != 2 ? 0 : -1,
                               cluster: Int32(isPlain || number % 3 != 0 ? index : index / 2))
        }
    }

    func testEachWordIsLentBackAsAppendedAfterTheStoreGrows() {
        var store = ShapedGlyphStore()
        var kept: [ShapedGlyphStore.Word] = []
        // Lengths 0 to 40, past the first chunk (1 KiB) several times over.
        for number in 0 ..< 300 { kept.append(store.append(contentsOf: word(number, length: number % 41))) }
        XCTAssertEqual(store.count, (0 ..< 300).reduce(0) { $0 + $1 % 41 })
        for (number, stored) in kept.enumerated() {
            XCTAssertEqual(Array(store.glyphs(stored)), word(number, length: number % 41), "word \(number)")
        }
    }

    /// A plain word keeps 8 bytes a glyph, not a whole glyph's 20: what lets the cache hold a
    /// book's vocabulary in its budget.
    func testPlainWordsKeepLessThanWholeOnes() {
        var plain = ShapedGlyphStore(), whole = ShapedGlyphStore()
        for number in stride(from: 0, to: 2_000, by: 2) {
            _ = plain.append(contentsOf: word(number, length: 8))
            _ = whole.append(contentsOf: word(number + 1, length: 8))
        }
        XCTAssertLessThanOrEqual(plain.bytesHeld * 2, whole.bytesHeld)
    }

    func testEmptiedItHoldsNothingAndKeepsWhatComesNext() {
        var store = ShapedGlyphStore()
        _ = store.append(contentsOf: word(1, length: 500))
        store.removeAll()
        XCTAssertEqual(store.count, 0)
        XCTAssertEqual(store.bytesHeld, 0)
        let next = store.append(contentsOf: word(2, length: 3))
        XCTAssertEqual(Array(store.glyphs(next)), word(2, length: 3))
    }
}
