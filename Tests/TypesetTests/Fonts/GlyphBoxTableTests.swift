@testable import Fonts
import XCTest

final class GlyphBoxTableTests: XCTestCase {
    /// A box for every third glyph, nothing for the others, counting the measurements.
    private func measure(_ glyph: UInt32, counting count: inout [UInt32: Int]) -> GlyphInk? {
        count[glyph, default: 0] += 1
        guard glyph % 3 == 0 else { return nil }
        let x = Double(glyph)
        return GlyphInk(minX: x, minY: -x, maxX: x + 1, maxY: 2)
    }

    func testEachGlyphIsMeasuredOnceAndGivesItsOwnBoxOrNone() {
        var table = GlyphBoxTable()
        var count: [UInt32: Int] = [:]
        // Across pages, in no order, each asked three times; the last ID OpenType allows.
        let glyphs: [UInt32] = [0, 1, 3, 127, 128, 129, 300, 5, 65_535, 40_000, 2]
        for _ in 0 ..< 3 {
            for glyph in glyphs {
                XCTAssertEqual(table.box(of: glyph) { measure($0, counting: &count) }, measure(glyph, counting: &count), "glyph \(glyph)")
            }
        }
        // Once by the table, three times by the check itself.
        for glyph in glyphs { XCTAssertEqual(count[glyph], 4, "glyph \(glyph)") }
    }

    func testAParagraphsGlyphsAreToldWithTheirIndexesTheBlankOnesLeftOut() {
        var table = GlyphBoxTable()
        var count: [UInt32: Int] = [:]
        // A slice not starting at 0, as a style run's glyphs are: glyph 3 twice, three pages.
        let glyphs: ArraySlice<UInt32> = [7, 3, 1, 129, 3, 384, 2][1...]
        var told: [(Int, GlyphInk)] = []
        table.forEachBox(of: glyphs, orMeasure: { measure($0, counting: &count) }) { told.append(($0, $1)) }
        XCTAssertEqual(count[3], 1, "measured once")
        XCTAssertEqual(told.map(\.0), [1, 3, 4, 5])
        XCTAssertEqual(told.map(\.1), [3, 129, 3, 384].map { measure($0, counting: &count)! })
    }

    func testAnIDPastSixteenBitsIsMeasuredEveryTimeAndKeptNowhere() {
        var table = GlyphBoxTable()
        var count: [UInt32: Int] = [:]
        for _ in 0 ..< 2 { _ = table.box(of: 0xFFFF_FFFF) { measure($0, counting: &count) } }
        XCTAssertEqual(count[0xFFFF_FFFF], 2)
    }
}
