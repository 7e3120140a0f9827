import Fonts
import Layout
import Shaping
import XCTest

/// A word cut into pieces ends its line with the glyph before the cut standing alone
/// (`KernAcrossCut`): the kern HarfBuzz put in its advance for the glyph after the cut goes.
final class KernAcrossCutTests: FramesetterTestCase {
    func testALineCutInsideAWordMeasuresItsLastGlyphWithoutTheKernAcrossTheCut() throws {
        let font = try library.resolve(family: "Liberation Sans").font
        let scale = font.scale(for: 11)
        let alone = Double(Shaper().shape(Array("keeper".utf16), font: font).totalAdvance) * scale
        let withComma = Shaper().shape(Array("keeper,".utf16), font: font)
        let kerned = Double(withComma.advances.dropLast().reduce(0) { $0 + Int($1) }) * scale
        XCTAssertGreaterThan(alone - kerned, 0.1, "Liberation Sans kerns 'r' before ',' (the case this test needs)")
        // A measure that holds "keeper" but not its comma: the word is cut before the comma,
        // which letters follow (a cut never leaves a mark alone: WordCut).
        let setter = try framesetter("<p align=\"right\"><font face=\"Liberation Sans\" size=\"11\">keeper,lamp</font></p>")
        let measure = alone + 0.3
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: measure, height: 100)), from: 0)
        let first = try XCTUnwrap(frame.lines.first)
        XCTAssertEqual(setter.text.substring(first.stringRange), "keeper")
        XCTAssertEqual(first.width, alone, accuracy: 1e-9, """
            the line "keeper" cut before its comma is measured with the 'r' kerned for the comma, \
            \(alone - first.width) pt short: right-aligned, the r's ink goes past the line's end
            """)
        XCTAssertEqual(first.origin.x + first.width, measure, accuracy: 1e-9)
    }
}
