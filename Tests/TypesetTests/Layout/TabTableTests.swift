import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// Tab tables in columns too narrow for them (issue 33, bug 2): every line stays in its
/// column, no word is printed over another, and a cell keeps at least a word space from the
/// text before it — a row whose cells cannot all fit goes on to the next line at the tab
/// that does not fit (TabLayout), measured so by the line breaker.
final class TabTableTests: XCTestCase {
    /// Every line of every page, with the text's units.
    private func lines(_ markup: String, columns: Int = 2) throws -> (lines: [(line: Line, frame: Frame)], units: [UInt16], text: AttributedText) {
        let (document, pages) = try SectionTesting.layOut(markup) { $0.page.columns = columns }
        SectionTesting.checkProperties(of: document, pages: pages)
        return (SetApartCheck.lines(of: pages), Array(document.text.string.utf16), document.text)
    }

    private func checkSetApart(_ markup: String, columns: Int = 2, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (lines, _, text) = try lines(markup, columns: columns)
        XCTAssertFalse(lines.isEmpty, context, file: file, line: line)
        SetApartCheck.check(lines, text: text, context, file: file, line: line)
    }

    /// The table: three stops, two past the end of a 231.9 pt column and the third at
    /// it; before, the header set as "UnitMembersOthers" past the column, over the next one.
    func testAWideTablesCellsWrapInsideTheColumnAndNeverTouch() throws {
        let markup = """
        <p tabs="250 right, 330 decimal, end decimal" hyphenate="false"><b>Club\tUnit\tMembers\tOthers</b>
        Rowing\tcrew\t12.5\t3.25
        Chess\tboard\t104.75\t1.5
        </p>Body text after the table.
        """
        try checkSetApart(markup, "the issue's table")
        let (lines, units, _) = try lines(markup)
        let texts = lines.map { String(decoding: units[$0.line.stringRange], as: UTF16.self) }
        XCTAssertEqual(texts.prefix(2), ["Club\tUnit\t", "Members\tOthers\n"], "the header wraps at the tab that does not fit")
    }

    /// The second case: a `<keep>` of rows with a literal tab in a ruled three-column
    /// section. The paragraph fitted "on one line" by its tab glyph's own width, and the line,
    /// 21 pt too wide, was shrunk until its words overprinted ("Winthdeclockwork").
    func testATabRowInAKeptRuledSectionIsNotShrunkOverItself() throws {
        let markup = """
        <section columns="3" column-rule="0.5">
        <keep>
        <p tabs="70" align="left">Thursday\tWind the clockwork</p>
        <p tabs="70" align="left">Friday\tFeed the cat and the neighbour's cat</p>
        </keep>
        Text after the keep.
        </section>
        """
        try checkSetApart(markup, columns: 3, "kept rows")
        for align in ["left", "justify", "right", "center"] {
            try checkSetApart("<p tabs=\"70\" align=\"\(align)\">Thursday\tWind the clockwork and the kitchen clock</p>", columns: 3, align)
        }
    }

    /// Rows of a table that fits: decimal stops with numbers of different widths line up on
    /// their separators, right stops at `end` end at the line's end, centre stops centre.
    func testStopsThatFitKeepTheirPlaces() throws {
        let markup = """
        <p tabs="65 decimal, 110 center, end right" hyphenate="false">Rope\t5.25\tcoil\t3
        Lamp oil\t112.5\tlitre\t18
        Nails\t3\tbox\t1250
        </p>
        """
        try checkSetApart(markup, columns: 3, "a table that fits")
        let (lines, units, _) = try lines(markup, columns: 3)
        XCTAssertEqual(lines.count, 3, "one line a row: \(lines.map { String(decoding: units[$0.line.stringRange], as: UTF16.self) })")
        for (line, frame) in lines {
            XCTAssertEqual(line.origin.x + line.width, frame.container.rect.maxX, accuracy: 0.01, "the last cell ends at `end`")
            let separator = line.runs.flatMap { run in zip(run.clusters, run.positions).map { (cluster: $0, x: line.origin.x + $1.x) } }
                .first { $0.cluster < units.count && units[$0.cluster] == 0x2E }
            if let separator { XCTAssertEqual(separator.x - frame.container.rect.minX, 65, accuracy: 0.01, "the decimal point on its stop") }
        }
    }

    /// Tabs in a justified list, in a figure's caption and an aside, and in right-to-left text.
    func testTabsElsewhereNeverOverprint() throws {
        let cases = [
            ("justified", "<p align=\"justify\" tabs=\"40, 200 right, 330 decimal\">Item\tA long description of the item that wraps\t12.50\n"),
            ("list", "<p align=\"justify\"><li>Rinse the lentils twice in cold water and pick out any small stones you find among them.\n"),
            ("aside", "<aside><p tabs=\"100 right, 400 decimal\">Rope\t5\t3.25\nLamp oil\t12\t18.5\n</p></aside>Body text after the aside.\n"),
            ("right to left", "<p dir=\"rtl\" tabs=\"60, 300 right\">מנורה\t12\tשמן\nחבל\t5\tסליל\n"),
        ]
        for (name, markup) in cases { try checkSetApart(markup, columns: 3, name) }
    }

    /// Found by the layout fuzzer (seed 9162): a row whose only tab comes before its first
    /// break is measured as a list item is, its text before the tab and the tab one box; the
    /// box was measured as if the tab ended the line, at the stop "Nobody:" nearly reaches (40),
    /// where the cell goes on to the next stop (72), a word space on. The row, 98.7 pt wide,
    /// was set on one line in an 80 pt column, its number over the next column's text.
    func testARowsNumberPastTheStopItsTextNearlyReachesGoesOnToTheNextLine() throws {
        let markup = "<p tabs=\"40\" align=\"left\" hyphenate=\"false\">Typewriter,\t39.50\nNobody:\t596.24\n</p>"
        let page = PageTemplate(size: Size(width: 253, height: 480), margins: Margins(all: 40), columns: 2, gutter: 13)
        let (document, pages) = try SectionTesting.layOut(markup) { $0.page = page; $0.fontSize = 10 }
        let lines = SetApartCheck.lines(of: pages)
        SetApartCheck.check(lines, text: document.text, "rows past their stops")
        let units = Array(document.text.string.utf16)
        let texts = lines.map { String(decoding: units[$0.line.stringRange], as: UTF16.self) }
        XCTAssertEqual(texts, ["Typewriter,\t", "39.50\n", "Nobody:\t", "596.24\n"], "each number on the line after its row's")
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/tab-row-cell-stretched-by-glyph-scaling.txt):
    /// a justified row's cell after a left stop, stretched to the column's end partly by glyph
    /// scaling, had the text before its tab scaled too; the tab's advance, set for that text
    /// unscaled, then moved the cell 1.6 pt right of its stop and past the column. Only the
    /// text after the line's last tab takes the scale.
    func testTextBeforeARowsLastTabKeepsItsWidthWhenTheCellIsStretched() throws {
        let (document, pages) = try SectionTesting.layOut("Considerable log:\t269.33\t50") {
            $0.page = PageTemplate(size: Size(width: 842, height: 480), margins: Margins(all: 44), columns: 5, gutter: 14)
        }
        let lines = SetApartCheck.lines(of: pages)
        let units = Array(document.text.string.utf16)
        let row = try XCTUnwrap(lines.first)
        XCTAssertEqual(String(decoding: units[row.line.stringRange], as: UTF16.self), "Considerable log:\t269.33\t")
        XCTAssertLessThanOrEqual(row.line.origin.x + row.line.width, row.frame.container.rect.maxX + 0.01, "the cell ends in its column")
        // The cell's first glyph, "2" (character 18).
        let run = try XCTUnwrap(row.line.runs.first { $0.clusters.contains(18) })
        let glyph = try XCTUnwrap(run.clusters.firstIndex(of: 18))
        XCTAssertEqual(run.positions[glyph].x, 108, accuracy: 0.01, "the cell starts at its default stop, 108 pt from the line's start")
    }
}
