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
        let glyphs = columns.copiedOut()
        XCTAssertEqual(glyphs.ids, (0 ..< 40).map { UInt32(10 + $0) })
        XCTAssertEqual(glyphs.advances, advances)
        XCTAssertEqual(glyphs.xOffsets, (0 ..< 40).map(Double.init))
        XCTAssertEqual(glyphs.yOffsets, (0 ..< 40).map { -Double($0) })
        XCTAssertEqual(glyphs.clusters, Array(100 ..< 140))
        // Summed glyph after glyph, as the lines measure them.
        var sums = [0.0]
        for advance in advances { sums.append(sums[sums.count - 1] + advance) }
        XCTAssertEqual(glyphs.prefixAdvances, sums)
    }

    func testColumnsStartedAgainHoldOnlyTheNextParagraphsGlyphs() {
        let columns = GlyphColumns()
        columns.start(expecting: 8)
        appendGlyphs([5, 6, 7, 8, 9], from: 0, to: columns)
        columns.start(expecting: 2)
        appendGlyphs([1, 2], from: 50, to: columns)
        let glyphs = columns.copiedOut()
        XCTAssertEqual(glyphs.advances, [1, 2])
        XCTAssertEqual(glyphs.clusters, [50, 51])
        XCTAssertEqual(glyphs.prefixAdvances, [0, 1, 3])
    }

    /// Most paragraphs' glyphs have no offsets: they are not kept, 16 bytes a glyph.
    func testOffsetsAreEmptyWhenNoGlyphHasOne() {
        let columns = GlyphColumns()
        columns.start(expecting: 2)
        columns.append(id: 1, advance: 5, xOffset: 0, yOffset: 0, cluster: 0)
        columns.append(id: 2, advance: 6, xOffset: 0, yOffset: 0, cluster: 1)
        let glyphs = columns.copiedOut()
        XCTAssertEqual(glyphs.advances, [5, 6])
        XCTAssertEqual(glyphs.xOffsets, [])
        XCTAssertEqual(glyphs.yOffsets, [])
        columns.start(expecting: 2)
        columns.append(id: 1, advance: 5, xOffset: 0, yOffset: 0, cluster: 0)
        columns.append(id: 3, advance: 0, xOffset: 0, yOffset: 2, cluster: 0)
        XCTAssertEqual(columns.copiedOut().yOffsets, [0, 2])
    }

    /// A long paragraph's glyphs are not held a second time in the columns once copied out
    /// (issue 40, item 12: the columns of a 4 MB paragraph kept 44 bytes a glyph for the
    /// cache's life); shorter paragraphs' room is kept, so that it is allocated once.
    func testTheRoomOfALongParagraphIsFreedOnceItIsCopiedOut() {
        let columns = GlyphColumns()
        columns.start(expecting: 100)
        appendGlyphs([1, 2, 3], from: 0, to: columns)
        _ = columns.copiedOut()
        XCTAssertEqual(columns.capacity, 100)
        columns.start(expecting: GlyphColumns.keptCapacity + 1)
        appendGlyphs([1, 2, 3], from: 0, to: columns)
        let glyphs = columns.copiedOut()
        XCTAssertEqual(glyphs.prefixAdvances, [0, 1, 3, 6])
        XCTAssertEqual(columns.capacity, 0)
        columns.start(expecting: 1)
        appendGlyphs([4, 5], from: 7, to: columns)
        let next = columns.copiedOut()
        XCTAssertEqual(next.prefixAdvances, [0, 4, 9])
        XCTAssertEqual(next.clusters, [7, 8])
    }

    func testAnInitialsAdvancesAreRemovedFromTheSums() {
        let columns = GlyphColumns()
        columns.start(expecting: 4)
        appendGlyphs([4, 3, 2, 1], from: 20, to: columns)
        columns.removeAdvances(before: 22)
        let glyphs = columns.copiedOut()
        XCTAssertEqual(glyphs.advances, [0, 0, 2, 1])
        XCTAssertEqual(glyphs.prefixAdvances, [0, 0, 0, 2, 3])
    }
}
