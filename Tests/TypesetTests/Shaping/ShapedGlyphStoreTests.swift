@testable import Shaping
import XCTest

/// The glyphs a word table keeps, in memory of their own: what is appended is lent back where
/// it was put, across the store's growth, and emptying it starts it again.
final class ShapedGlyphStoreTests: XCTestCase {
    private func word(_ number: Int, length: Int) -> [ShapedGlyph] {
        (0 ..< length).map { index in
            ShapedGlyph(id: UInt32(number), advance: Int32(index), xOffset: Int32(number % 7), yOffset: -1, cluster: Int32(index))
        }
    }

    func testEachWordIsLentBackAsAppendedAfterTheStoreGrows() {
        var store = ShapedGlyphStore()
        var ranges: [Range<Int>] = []
        // Lengths 0 to 40, past the first allocation (256 glyphs) several times over.
        for number in 0 ..< 300 {
            let glyphs = word(number, length: number % 41)
            ranges.append(store.count ..< store.count + glyphs.count)
            store.append(contentsOf: glyphs)
        }
        XCTAssertEqual(store.count, ranges.last?.upperBound)
        for (number, range) in ranges.enumerated() {
            XCTAssertEqual(Array(store.glyphs(range)), word(number, length: number % 41), "word \(number)")
        }
    }

    func testEmptiedItHoldsNothingAndKeepsWhatComesNext() {
        var store = ShapedGlyphStore()
        store.append(contentsOf: word(1, length: 500))
        store.removeAll()
        XCTAssertEqual(store.count, 0)
        XCTAssertTrue(store.glyphs(0 ..< 0).isEmpty)
        store.append(contentsOf: word(2, length: 3))
        XCTAssertEqual(Array(store.glyphs(0 ..< 3)), word(2, length: 3))
    }
}
