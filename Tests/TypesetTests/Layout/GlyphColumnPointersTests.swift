@testable import Layout
import XCTest

/// The columns read through pointers are the paragraph's arrays, for a paragraph that starts
/// deep inside its text as for the first.
final class GlyphColumnPointersTests: FramesetterTestCase {
    func testEveryGlyphReadsAsThroughTheArrays() throws {
        let setter = try framesetter("First paragraph, short.\nA\u{A0}second one, with tabs\tand spaces  of two kinds.\n")
        for offset in [0, 30] {
            let paragraph = setter.cache.paragraph(containing: offset)
            XCTAssertEqual(paragraph.range.lowerBound > 0, offset > 0)
            paragraph.withGlyphColumns { columns in
                for glyph in paragraph.glyphIDs.indices {
                    XCTAssertEqual(columns.advances[glyph], paragraph.advances[glyph])
                    XCTAssertEqual(columns.xOffset(glyph), paragraph.xOffsets.isEmpty ? 0 : paragraph.xOffsets[glyph])
                    XCTAssertEqual(columns.yOffset(glyph), paragraph.yOffsets.isEmpty ? 0 : paragraph.yOffsets[glyph])
                    XCTAssertEqual(columns.clusters[glyph], paragraph.clusters[glyph])
                    XCTAssertEqual(columns.isSpace(glyph), PreparedParagraph.isSpace(paragraph.units[paragraph.clusters[glyph]]),
                                   "glyph \(glyph) of the paragraph at \(paragraph.range)")
                }
            }
        }
    }
}
