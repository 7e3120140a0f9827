import Diagnostics
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// Tab stops set past the end of their column: the text there ends at the column's end
/// (TabLayout), and one warning at the `tabs` value says so (TabStopCheck).
final class TabStopCheckTests: XCTestCase {
    /// Three columns of A4, about 148 pt wide each.
    private func layOut(_ markup: String) throws -> (document: PreparedDocument, pages: [Page]) {
        try SectionTesting.layOut(markup) { $0.page.columns = 3 }
    }

    private func warnings(_ document: PreparedDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .warning && ($0.message.contains("tab stop") || $0.message.contains("tab table")) }
    }

    /// The line that shows the character at `offset`, and its frame.
    private func line(showing offset: Int, in pages: [Page]) throws -> (line: Line, frame: Frame) {
        for page in pages {
            for frame in page.frames {
                if let line = frame.lines.first(where: { $0.stringRange.contains(offset) }) { return (line, frame) }
            }
        }
        throw XCTSkip("no line shows character \(offset)")
    }

    /// The right end of the last printing glyph of `line`, on the page.
    private func rightEnd(of line: Line, in document: PreparedDocument) throws -> Double {
        try XCTUnwrap(PageBoxes.boxes(of: line, frame: 0, index: 0, text: document.text).map(\.rect.maxX).max())
    }

    func testAStopPastTheColumnIsWarnedAboutOnceAtItsValue() throws {
        let markup = """
        <p tabs="60, 300 right" hyphenate="false">Planks\t12\t8 %
        Nails\t3\t81 %
        </p><p tabs="60, 400 center">Rope\t5\tcoil
        </p><p tabs="60, 120 right">Fits\t1\t2
        """
        let (document, pages) = try layOut(markup)
        let found = warnings(document)
        XCTAssertEqual(found.count, 2, "one warning per tag, not per paragraph: \(found)")
        XCTAssertEqual(found.first?.location, SourceLocation(file: "doc.txt", line: 1, column: 10), "at the first tag's value")
        XCTAssertEqual(found.last?.location, SourceLocation(file: "doc.txt", line: 3, column: 14), "at the second tag's value")
        let column = document.template.columnWidth(of: nil)
        XCTAssertEqual(found.first?.message,
                       "tab stop 300 pt is past the end of the column (lines end at \(String(format: "%.1f", column)) pt); "
                       + "the text there ends at the column's end")
        XCTAssertTrue(found.last?.message.hasPrefix("tab stop 400 pt is past") == true, found.last?.message ?? "")
        SectionTesting.checkProperties(of: document, pages: pages)
    }

    func testTheTextOfAStopPastTheColumnEndsAtTheColumnsEnd() throws {
        for alignment in ["left", "right", "center", "decimal"] {
            let markup = "<p tabs=\"300 \(alignment)\" align=\"left\">Total\t12.5\n"
            let (document, pages) = try layOut(markup)
            let text = document.text.string
            let number = text.utf16.count - "12.5\n".utf16.count
            XCTAssertEqual(text.filter { $0 == "\t" }.count, 1)
            let (line, frame) = try line(showing: number, in: pages)
            XCTAssertTrue(line.stringRange.contains(0), "the number stays on the line of its tab (\(alignment))")
            XCTAssertEqual(try rightEnd(of: line, in: document), frame.container.rect.maxX, accuracy: 0.01,
                           "a \(alignment) stop past the column: the number ends at the column's end")
            XCTAssertEqual(warnings(document).count, 1, alignment)
        }
    }

    func testStopsThatFitOrAreNotUsedAreNotWarnedAbout() throws {
        let markup = """
        <p tabs="60, 140 right">Planks\t12\t8 %
        </p><p tabs="60, 500 right">No tab in this paragraph, so no stop is used.
        </p><section columns="1"><p tabs="60, 400 right">Wide\t1\t2</p></section>
        """
        let (document, pages) = try layOut(markup)
        XCTAssertEqual(warnings(document), [], "stops within their columns, or in a paragraph without a tab")
        // The right stop inside the column is kept where it was set, not moved to the column's end.
        let offset = Array(document.text.string.utf16).firstIndex(of: 0x38)!   // the "8" of "8 %"
        let (line, frame) = try line(showing: offset, in: pages)
        XCTAssertEqual(try rightEnd(of: line, in: document) - frame.container.rect.minX, 140, accuracy: 0.01)
    }

    /// docs/markup.md's example, in the default two columns (231.9 pt wide): the warning it
    /// quotes, and the quantities ending at the column's end.
    func testTheDocumentedExample() throws {
        let (document, pages) = try SectionTesting.layOut(MarkupExample.named("tabs-past-end").markup)
        XCTAssertEqual(warnings(document).map(\.message),
                       ["tab stop 300 pt is past the end of the column (lines end at 231.9 pt); the text there ends at the column's end"])
        for quantity in ["3 coils", "9 litres"] {
            let text = document.text.string
            let offset = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: quantity)!.lowerBound)
            let (line, frame) = try line(showing: offset, in: pages)
            XCTAssertEqual(try rightEnd(of: line, in: document), frame.container.rect.maxX, accuracy: 0.01, quantity)
        }
    }

    /// A named style's stops are warned about at its definition, once for all its paragraphs.
    func testANamedStylesStopIsWarnedAboutAtItsDefinition() throws {
        let markup = """
        <style name="prices" tabs="60, 250 decimal"/>
        <p style="prices">Rope\t5.25
        </p>Body text between the tables.
        <p style="prices">Oil\t12.5
        """
        let (document, pages) = try layOut(markup)
        XCTAssertEqual(warnings(document).map(\.location), [SourceLocation(file: "doc.txt", line: 1, column: 28)])
        XCTAssertEqual(pages.count, 1)
    }

    /// The issue's table in the default two columns: the warning says what layout does — the
    /// first stop's text at the column's end, the other cells of each row on a second line —
    /// rather than claiming all of it ends at the column's end.
    func testRowsThatDoNotFitOnOneLineAreCountedInTheWarning() throws {
        let markup = """
        <p tabs="250 right, 330 decimal, end decimal" hyphenate="false"><b>Club\tUnit\tMembers\tOthers</b>
        Rowing\tcrew\t12.5\t3.25
        Chess\tboard\t104.75\t1.5
        </p>Body text after the table.
        """
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertEqual(warnings(document).map(\.message),
                       ["tab stops 250 pt, 330 pt are past the end of the column (lines end at 231.9 pt); the text there ends at the "
                        + "column's end, and 3 rows do not fit on one line: the text after a tab that does not fit goes on to the next line"])
        XCTAssertEqual(warnings(document).first?.location, SourceLocation(file: "doc.txt", line: 1, column: 10))
        SectionTesting.checkProperties(of: document, pages: pages)
    }

    /// Stops inside the column, cells too wide for them: the rows that wrap are warned about
    /// at the value; a list item whose text wraps after its tab, or a row whose last cell
    /// wraps, is no table that does not fit.
    /// From a designer's issue: a contents entry whose title wraps sets its page number at the
    /// end of the title's last line, as every contents list does; so does a dish and its price
    /// on a stop at `end`. Neither is a tab table that does not fit: no warning.
    func testATitleWrappingBeforeItsOnlyTabToTheLinesEndIsNotWarnedAbout() throws {
        let long = "The winter number: keepers, clocks, the lamp on the point and the ferry that comes twice a week"
        let (document, _) = try layOut("<p tabs=\"end right\">\(long)\t12\nRope\t5\n</p>\n<p style=\"headline\">\(long)</p>\n<contents depth=\"1\">\n")
        XCTAssertEqual(warnings(document).map(\.message), [])
        let (two, _) = try layOut("<p tabs=\"20, end right\">Item\t\(long)\t12\n</p>\n")
        XCTAssertEqual(warnings(two).count, 1, "a row of two tabs whose cells wrap is still counted")
        let (event, _) = try layOut("<p tabs=\"20, end right leader=.\">Item\t\(long)\t12\n</p>\n")
        XCTAssertEqual(warnings(event).map(\.message), [], "a date, an event and a leader to its price are set as an entry")
        let (three, _) = try layOut("<p tabs=\"20, 40, end right leader=.\">Item\t\(long)\t12\n</p>\n")
        XCTAssertEqual(warnings(three).count, 1, "a row whose last tab may not reach the end is still counted")
    }

    func testCellsTooWideForStopsInsideTheColumnAreWarnedAbout() throws {
        let markup = """
        <p tabs="100, 140 right">A first cell far too long for its stop\tshort\t12345
        </p><li>A list item long enough to take three lines in a column of this width, which is fine.
        <p tabs="70">Thursday\tWind the clockwork, feed the cat and walk the long way round to the lighthouse
        """
        let (document, _) = try layOut(markup)
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .warning }.map(\.message),
                       ["the cells of a tab table do not fit the column (lines end at \(String(format: "%.1f", document.template.columnWidth(of: nil))) pt); "
                        + "1 row does not fit on one line: the text after a tab that does not fit goes on to the next line"])
        XCTAssertEqual(document.diagnostics.first?.location, SourceLocation(file: "doc.txt", line: 1, column: 10))
    }
}
