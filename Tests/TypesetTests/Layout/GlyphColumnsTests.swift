@testable import Layout
import XCTest

final class GlyphColumnsTests: XCTestCase {
    private func appendGlyphs(_ advances: [Double], from cluster: Int, to columns: GlyphColumns) {
        for (index, advance) in advances.enumerated() {
            columns.append(id: UInt32(10 + index), advance: advance, xOffset: Double(index), yOffset: -Double(index),
                           cluster: cluster + index)
        }
    }

    func testGlyphsPastTheExpectedCountAreKeptWithTheirPrefixSums() {
        let columns = GlyphColumns()
        columns.start(expecting: 2)
        let advances = (0 ..< 40).map { Double($0) / 4 }
        appendGlyphs(advances, from: 100, to: columns)
        XCTAssertEqual(columns.count, 40)
        XCTAssertEqual(columns.glyphIDs, (0 ..< 40).map { UInt32(10 + $0) })
        XCTAssertEqual(columns.glyphAdvances, advances)
        XCTAssertEqual(columns.glyphXOffsets, (0 ..< 40).map(Double.init))
        XCTAssertEqual(columns.glyphYOffsets, (0 ..< 40).map { -Double($0) })
        XCTAssertEqual(columns.glyphClusters, Array(100 ..< 140))
        // Summed glyph after glyph, as the lines measure them.
        var sums = [0.0]
        for advance in advances { sums.append(sums[sums.count - 1] + advance) }
        XCTAssertEqual(columns.prefixAdvances, sums)
    }

    func testColumnsStartedAgainHoldOnlyTheNextParagraphsGlyphs() {
        let columns = GlyphColumns()
        columns.start(expecting: 8)
        appendGlyphs([5, 6, 7, 8, 9], from: 0, to: columns)
        columns.start(expecting: 2)
        appendGlyphs([1, 2], from: 50, to: columns)
        XCTAssertEqual(columns.glyphAdvances, [1, 2])
        XCTAssertEqual(columns.glyphClusters, [50, 51])
        XCTAssertEqual(columns.prefixAdvances, [0, 1, 3])
    }

    func testAnInitialsAdvancesAreRemovedFromTheSums() {
        let columns = GlyphColumns()
        columns.start(expecting: 4)
        appendGlyphs([4, 3, 2, 1], from: 20, to: columns)
        columns.removeAdvances(before: 22)
        XCTAssertEqual(columns.glyphAdvances, [0, 0, 2, 1])
        XCTAssertEqual(columns.prefixAdvances, [0, 0, 0, 2, 3])
    }
}
