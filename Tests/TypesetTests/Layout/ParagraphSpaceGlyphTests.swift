@testable import Layout
import Fonts
import Shaping
import Text
import XCTest

/// A paragraph's word spaces are looked up in the shaper once a style run (PreparedParagraph's
/// `shape`): every one must still be the glyph of a space shaped alone in its run's face and size,
/// in a paragraph of two runs in two faces.
final class ParagraphSpaceGlyphTests: FramesetterTestCase {
    func testEverySpaceIsTheGlyphOfASpaceShapedAloneInItsRun() throws {
        var fonts = try FontTableBuilder(library: library)
        XCTAssertNil(try fonts.add(FontDescriptor(family: "Liberation Sans")))
        let table = fonts.table
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .justify, hyphenate: true))
        text.append("one two  three\tfour five ", attributes: TestSupport.defaultAttributes(size: 11))
        text.append("six seven eight nine", attributes: TextAttributes(fontFamily: "Liberation Sans", fontSize: 17))
        let paragraph = PreparedParagraph(text: text, range: 0 ..< text.length, fonts: table,
                                          itemizer: TextItemizer(fonts: table), shaper: Shaper())
        XCTAssertEqual(paragraph.styleRuns.count, 2)
        XCTAssertFalse(paragraph.styleRuns[0].font === paragraph.styleRuns[1].font)
        let spaceScale = paragraph.style.justification.wordSpacing.desired / 100
        var spaces = 0
        for run in paragraph.styleRuns {
            let alone = Shaper().shape([UInt16(0x20)], font: run.font, language: run.attributes.language)
            XCTAssertEqual(alone.count, 1)
            let advance = Double(alone.advances[0]) * run.font.scale(for: run.attributes.fontSize) * spaceScale
            for glyph in run.glyphRange where paragraph.units[paragraph.clusters[glyph]] == 0x20 {
                XCTAssertEqual(paragraph.glyphIDs[glyph], alone.glyphIDs[0], "glyph \(glyph)")
                XCTAssertEqual(paragraph.advances[glyph], advance, "glyph \(glyph)")
                spaces += 1
            }
        }
        // One glyph for each space, the two of "two  three" included.
        XCTAssertEqual(spaces, Array("one two  three\tfour five six seven eight nine".utf16).filter { $0 == 0x20 }.count)
        // The two runs' spaces differ: the one looked up is the run's, not the paragraph's first.
        let first = paragraph.styleRuns[0], second = paragraph.styleRuns[1]
        let firstSpace = first.glyphRange.first { paragraph.units[paragraph.clusters[$0]] == 0x20 }!
        let secondSpace = second.glyphRange.first { paragraph.units[paragraph.clusters[$0]] == 0x20 }!
        XCTAssertLessThan(paragraph.advances[firstSpace], paragraph.advances[secondSpace])
    }
}
