@testable import Render
import XCTest

/// A cluster's characters, one for each of its glyphs when it has as many.
final class ClusterCharactersTests: XCTestCase {
    private func ranges(of text: String, glyphs: Int) -> [Range<Int>]? {
        Array(text.utf8).withUnsafeBufferPointer { ClusterCharacters.ranges(in: $0, glyphCount: glyphs) }
    }

    func testEachGlyphHasTheCharacterInItsPlace() {
        // A lam-alef's letters as the layer gives a right-to-left cluster, backwards: two bytes each.
        XCTAssertEqual(ranges(of: "أل", glyphs: 2), [0 ..< 2, 2 ..< 4])
        XCTAssertEqual(ranges(of: "fi", glyphs: 2), [0 ..< 1, 1 ..< 2])
        XCTAssertEqual(ranges(of: "a€😀", glyphs: 3), [0 ..< 1, 1 ..< 4, 4 ..< 8])
    }

    func testAClusterOfOtherCountsHasNone() {
        XCTAssertNil(ranges(of: "ffi", glyphs: 1))
        XCTAssertNil(ranges(of: "क्ष", glyphs: 2))
        XCTAssertNil(ranges(of: "a", glyphs: 2))
        XCTAssertNil(ranges(of: "", glyphs: 1))
    }
}
