import CMalloc
import Markup
import Text
import XCTest

/// Some documents give most of their paragraphs a style or an attribute set of their own: a
/// table's cells (each its row and column), references (each its link). The text keeps each
/// distinct value once (`RunArray`); what that costs a row or a reference is counted in bytes
/// of heap, as the slope between two sizes, so that what any document holds whatever its
/// length is left out (issue 39: memory that follows the text).
final class ParsedTextMemoryTests: XCTestCase {
    /// Bytes of heap in use, small blocks and mapped ones (a large array is mapped).
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// The bytes a parse of `markup(count)` holds, its source apart.
    private func heldByParsing(_ markup: (Int) -> String, count: Int) -> Int {
        let source = MarkupSource(fileName: "doc.txt", text: markup(count))
        let before = heapInUse()
        let document = TestSupport.parser().parse(source)
        let held = heapInUse() - before
        return withExtendedLifetime(document) {
            XCTAssertFalse(document.hasErrors, "\(document.diagnostics.prefix(3))")
            return held
        }
    }

    /// The bytes of heap one more `markup` unit holds: the slope from `count` units to three times as many.
    private func bytesEach(_ markup: (Int) -> String, from count: Int) -> Double {
        let few = heldByParsing(markup, count: count)
        let many = heldByParsing(markup, count: 3 * count)
        return Double(many - few) / Double(2 * count)
    }

    /// A tester's catalogue: one table of short rows, three cells each.
    private func table(rows: Int) -> String {
        "<table widths=\"* * *\" header-rows=\"1\">\n<tr><th>A</th><th>B</th><th>C</th></tr>\n"
            + (0 ..< rows).map { "<tr><td>\($0)</td><td>row \($0)</td><td>\($0 * 3)</td></tr>\n" }.joined() + "</table>\n"
    }

    /// Paragraphs each with an id and a reference to another's page.
    private func references(paragraphs: Int) -> String {
        (0 ..< paragraphs).map { "<p id=\"p\($0)\">Para \($0) see <ref to=\"p\($0 * 7 % paragraphs)\"/>.</p>\n" }.joined()
    }

    /// Each cell is a paragraph style of its own, kept once with its table's look shared and
    /// the values no cell sets (a section, a box, a master page) held apart: 2.4 kB a row of
    /// three cells. The style held whole (1.8 kB) and a second copy as the key of the text's
    /// table of distinct styles made it 17.4 kB.
    func testATablesRowHoldsTwoKilobytesNotSeventeen() {
        let perRow = bytesEach(table(rows:), from: 2_000)
        XCTAssertLessThan(perRow, 3_000, "\(Int(perRow)) bytes a row")
    }

    /// A reference's link makes its text an attribute set of its own, kept once with the
    /// values plain text has none of (an underline, a shadow, a picture) held apart; with the
    /// anchor, the reference's record and the source map, 1.2 kB a paragraph. The set held
    /// whole (1.1 kB) and a second copy as the key of the text's table of distinct sets made it
    /// 3.1 kB.
    func testAReferenceHoldsAKilobyteNotThree() {
        let perParagraph = bytesEach(references(paragraphs:), from: 2_000)
        XCTAssertLessThan(perParagraph, 1_600, "\(Int(perParagraph)) bytes a paragraph with an id and a reference")
    }
}
