@testable import Layout
import XCTest

final class GlyphLookupTests: XCTestCase {
    /// The first glyph at or after `offset`, found by looking at every glyph.
    private func firstGlyph(atOrAfter offset: Int, in clusters: [Int]) -> Int {
        clusters.firstIndex { $0 >= offset } ?? clusters.count
    }

    func testTheTableAnswersAsTheClustersDoAtEveryOffsetInAndAroundTheParagraph() {
        // A paragraph at 100 ..< 112: a ligature of two characters (102), two glyphs of one
        // character (105), a character with no glyph of its own (109, inside a cluster).
        let clusters = [100, 101, 102, 104, 105, 105, 106, 107, 108, 110, 111]
        let lookup = GlyphLookup(clusters: clusters, range: 100 ..< 112)
        for offset in 90 ..< 120 {
            XCTAssertEqual(lookup.glyphIndex(atOrAfter: offset), firstGlyph(atOrAfter: offset, in: clusters), "offset \(offset)")
        }
    }

    func testAnEmptyParagraphHasNoGlyphAnywhere() {
        let lookup = GlyphLookup(clusters: [], range: 5 ..< 5)
        XCTAssertEqual([4, 5, 6].map(lookup.glyphIndex(atOrAfter:)), [0, 0, 0])
    }

    func testClustersOutsideTheParagraphAreSearchedAsBefore() {
        // A cluster before the paragraph's start, or at its end, is not within it.
        for (clusters, range) in [([99, 100, 101], 100 ..< 102), ([100, 101, 102], 100 ..< 102), ([100, 100, 101], 100 ..< 102)] {
            let lookup = GlyphLookup(clusters: clusters, range: range)
            for offset in 97 ..< 105 {
                XCTAssertEqual(lookup.glyphIndex(atOrAfter: offset), firstGlyph(atOrAfter: offset, in: clusters), "\(clusters) offset \(offset)")
            }
        }
    }

    func testClustersOutOfOrderAreSearchedAsBefore() {
        // Not what shaping stores, but answered as the binary search always answered it.
        let clusters = [3, 1, 2, 5]
        let lookup = GlyphLookup(clusters: clusters, range: 0 ..< 6)
        XCTAssertEqual(lookup.glyphIndex(atOrAfter: 4), 3)
        XCTAssertEqual(lookup.glyphIndex(atOrAfter: 6), 4)
    }
}
