import Layout
import Text
import XCTest

/// Tables in a column: columns shared by `widths`, decimals on one line, spanning cells over
/// their rows and columns, every cell's text inside its cell, and a table split between rows
/// with its header repeated.
final class TableLayoutTests: FramesetterTestCase {
    func testLengthsProportionsAndAutoColumnsShareTheWidth() {
        // 48 fixed, the auto column unbroken (60), the rest 2:1.
        var widths = TableColumnWidths.widths(for: [.proportion(2), .proportion(1), .auto, .points(48)],
                                              minimum: [10, 10, 20, 10], natural: [200, 200, 60, 10], width: 300)
        XCTAssertEqual(widths, [128, 64, 60, 48])
        // No room for the auto columns unbroken: each its widest word and a share of the rest
        // by what it would take beyond it, the proportion's widest word kept out of what they
        // share; proportions get nothing left but their minimum. The table is as wide as asked.
        widths = TableColumnWidths.widths(for: [.auto, .auto, .proportion(1)], minimum: [20, 40, 15], natural: [120, 80, 50], width: 100)
        XCTAssertEqual(widths[0], 20 + 25 * 100 / 140, accuracy: 1e-9)
        XCTAssertEqual(widths[1], 40 + 25 * 40 / 140, accuracy: 1e-9)
        XCTAssertEqual(widths[2], 15, "never narrower than its widest word where the widths allow")
        XCTAssertEqual(widths.reduce(0, +), 100, accuracy: 1e-9)
        // Widest words and lengths adding up to more than the width: the length gives way to its
        // widest word first, then every column is narrowed in proportion to fit it (their words
        // are broken in their cells), never wider than asked.
        widths = TableColumnWidths.widths(for: [.auto, .points(40), .proportion(1)], minimum: [30, 10, 30], natural: [60, 10, 90], width: 50)
        XCTAssertEqual(widths[0], 30 * 50 / 70, accuracy: 1e-9)
        XCTAssertEqual(widths[1], 10 * 50 / 70, accuracy: 1e-9)
        XCTAssertEqual(widths[2], 30 * 50 / 70, accuracy: 1e-9)
        XCTAssertEqual(TableColumnWidths.widthOfWidestWords(for: [.auto, .points(40), .proportion(1)], minimum: [30, 10, 30]), 70)
        // The cells' padding at their sides gives way next, as far as the words need, to 1 pt;
        // a length wider than its words takes nothing from it (it gives way itself).
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .auto], minimum: [40, 40], width: 100), 3, "room for it")
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .points(20), .auto], minimum: [40, 0, 40], width: 106), 3)
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .points(20), .auto], minimum: [40, 0, 40], width: 92), 2)
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .auto], minimum: [40, 40], width: 60), 1, "no less than 1 pt")
        XCTAssertEqual(TableColumnWidths.sidePadding(0.5, for: [.auto, .auto], minimum: [40, 40], width: 60), 0.5)
        // Only auto columns: they grow to fill the table, by their widths.
        widths = TableColumnWidths.widths(for: [.auto, .auto], minimum: [10, 10], natural: [30, 90], width: 240)
        XCTAssertEqual(widths, [60, 180])
        // A proportional column narrower than its widest word gets it, the others share the rest.
        widths = TableColumnWidths.widths(for: [.proportion(1), .proportion(3)], minimum: [40, 10], natural: [40, 10], width: 100)
        XCTAssertEqual(widths, [40, 60])
    }

    /// Fuzz seed 209: `widths="16 90" padding="8"` left the first column's text 1 pt wide, and
    /// "lamp." was set a letter a line past its cell. A length narrower than its widest word
    /// (with its padding) widens to it, as HTML's automatic layout widens a column of set width
    /// to its content; where the table is too narrow for that, the padding gives way first.
    func testALengthNarrowerThanItsWordsWidensToThem() {
        XCTAssertEqual(TableColumnWidths.widths(for: [.points(16), .points(90)], minimum: [41, 16], natural: [41, 16], width: 600), [41, 90])
        XCTAssertEqual(TableColumnWidths.widthOfWidestWords(for: [.points(16), .points(90)], minimum: [41, 16]), 57)
        XCTAssertEqual(TableColumnWidths.sidePadding(8, for: [.points(16), .points(90)], minimum: [25, 0], width: 600), 8, "room for it")
        // 16 pt of length, 25 of word and 30 of an auto column's word in 70 pt: 55 + 4 × the padding.
        XCTAssertEqual(TableColumnWidths.sidePadding(8, for: [.points(16), .auto], minimum: [25, 30], width: 70), 3.75, accuracy: 1e-9)
        // Lengths wider than their words take nothing from the padding, even past the width.
        XCTAssertEqual(TableColumnWidths.sidePadding(8, for: [.points(60), .points(60)], minimum: [20, 20], width: 100), 8)
    }

    /// Seed 9712: `widths="auto 229.667 2*"` in a 90 pt column. The columns were narrowed in
    /// proportion, the length's 229.7 pt with the rest, and the auto column kept 3.5 pt of text:
    /// "At." a letter a line, the 'A' past its cell. A length asks for room, a word needs it:
    /// the length gives way to its widest word before any column is narrowed below its words.
    func testALengthWiderThanTheTableGivesWayBeforeTheWordsBesideIt() {
        let widths = TableColumnWidths.widths(for: [.auto, .points(229.667), .proportion(2)], minimum: [14, 2, 2],
                                              natural: [14, 2, 2], width: 90)
        XCTAssertEqual(widths[0], 14, accuracy: 1e-9, "the auto column keeps its widest word")
        XCTAssertEqual(widths[2], 2, accuracy: 1e-9)
        XCTAssertEqual(widths.reduce(0, +), 90, accuracy: 1e-9)
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .points(229.667), .proportion(2)], minimum: [8, 0, 0], width: 90), 3,
                       "the length gives way, not the padding")
    }

    func testColumnsWhoseWidestWordsAddUpToMoreThanTheTableShareItsWidth() {
        // Four columns of 60-point words in a 150-point column: the table stays in its column
        // (it printed over the next one), each column its share by what it would take.
        let widths = TableColumnWidths.widths(for: [.auto, .auto, .proportion(1), .points(60)], minimum: [60, 30, 60, 10],
                                              natural: [90, 30, 90, 10], width: 150)
        XCTAssertEqual(widths.reduce(0, +), 150, accuracy: 1e-9)
        XCTAssertEqual(widths[0] / widths[1], 2, accuracy: 1e-9, "shared by what each would take")
        XCTAssertEqual(widths[0], widths[2], accuracy: 1e-9)
        XCTAssertEqual(widths[0] / widths[3], 6, accuracy: 1e-9, "the length gave way to its widest word first")
    }

    private func rowLines(_ markup: String, width: Double = 300, height: Double = 1000) throws -> [PlacedTableRows] {
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 20, y: 30, width: width, height: height)), from: 0)
        return frame.lines.compactMap(\.tableRows)
    }

    /// From a designer's news page: a timetable in an aside of two 49 pt columns. Its widest
    /// words needed 75 pt; the table was set that wide, its rules and cells over the next
    /// column's text. It is set as wide as its column, its words broken in their cells.
    func testATableWhoseWordsAreWiderThanItsColumnIsSetAsWideAsItsColumn() throws {
        let rows = try rowLines("""
            <table widths="auto 1*" header-rows="1">
            <tr><th>Dep.</th><th>From</th></tr>
            <tr><td>07:10</td><td>South slip, weather allowing</td></tr>
            </table>

            """, width: 49)
        XCTAssertFalse(rows.isEmpty)
        for part in rows {
            XCTAssertLessThanOrEqual(part.rect.maxX, 20 + 49 + 0.001, "the table runs past its column")
            XCTAssertNotNil(part.narrowedFrom)
            XCTAssertGreaterThan(part.narrowedFrom ?? 0, 49)
            for cell in part.cells {
                XCTAssertLessThanOrEqual(cell.rect.maxX, part.rect.maxX + 0.001)
                for line in cell.frame.lines {
                    XCTAssertLessThanOrEqual(line.origin.x + line.width, cell.rect.maxX + 0.5, "a cell's line runs past it")
                }
            }
        }
        let wide = try rowLines("""
            <table widths="auto 1*">
            <tr><td>07:10</td><td>South slip</td></tr>
            </table>

            """, width: 200)
        XCTAssertNil(wide.first?.narrowedFrom, "a table its column holds is not narrowed")
    }

    /// A designer's costs table in a 111.5 pt column of a four-column section: the words needed
    /// 117.4 pt, every column was narrowed in proportion and "148,950" was set "148,95 / 0".
    /// The text column gives way, its long word hyphenated; the figures stay whole.
    func testATextColumnHyphenatesBeforeAFigureIsBroken() throws {
        for widths in ["", " widths=\"* auto\"", " widths=\"auto auto\""] {
            let rows = try rowLines(Self.costsTable(widths: widths, figures: ["148,950", "212,400"]), width: 111.5)
            XCTAssertFalse(rows.isEmpty)
            for part in rows {
                XCTAssertLessThanOrEqual(part.rect.maxX, 20 + 111.5 + 0.001, "\(widths): the table runs past its column")
                XCTAssertNil(part.narrowedFrom, "\(widths): no word broken but at a hyphenation point")
                for cell in part.cells where cell.cell.cell.column == 1 && cell.cell.cell.row > 0 {
                    XCTAssertEqual(cell.frame.lines.count, 1, "\(widths): a figure broken across lines")
                }
                for cell in part.cells where cell.cell.cell.row == 1 && cell.cell.cell.column == 0 {
                    XCTAssertGreaterThan(cell.frame.lines.count, 1, "\(widths): the text column gave way")
                }
            }
        }
    }

    /// Past the figures, the columns give way down to a glyph of each, and no further: a table
    /// whose glyphs need more than its width is set at them, past it (overfull).
    func testNoColumnGivesWayBelowItsWidestGlyph() {
        let least = LeastColumnWidths(hyphenated: [30, 30, 30], unbreakable: [30, 30, 30], glyph: [8, 6, 10])
        var widths = TableColumnWidths.widths(for: [.auto, .auto, .auto], minimum: [30, 30, 30], natural: [40, 40, 40], width: 60,
                                              least: least)
        XCTAssertEqual(widths.reduce(0, +), 60, accuracy: 1e-9)
        for (width, glyph) in zip(widths, least.glyph) { XCTAssertGreaterThanOrEqual(width, glyph) }
        XCTAssertFalse(TableColumnWidths.isOverfull(widths, width: 60))
        widths = TableColumnWidths.widths(for: [.auto, .auto, .auto], minimum: [30, 30, 30], natural: [40, 40, 40], width: 20, least: least)
        XCTAssertEqual(widths, least.glyph, "set at its glyphs")
        XCTAssertTrue(TableColumnWidths.isOverfull(widths, width: 20))
    }

    /// A tester's row of 60 cells in a 240 pt column: each column had less than a letter and its
    /// padding, and the letters printed over each other. Each column is at least its widest
    /// glyph and its padding, every line inside its cell, and the table runs past its column.
    func testARowOfMoreCellsThanItsColumnHoldsIsSetPastItsColumn() throws {
        for text in ["c", "mm", "1984"] {
            let rows = try rowLines("<table><tr>" + String(repeating: "<td>\(text)</td>", count: 60) + "</tr></table>\n", width: 240)
            let part = try XCTUnwrap(rows.first, text)
            XCTAssertGreaterThan(part.rect.width, 240, "\(text): set past its column")
            XCTAssertEqual(part.overfullPast, 240, text)
            for cell in part.cells {
                XCTAssertEqual(cell.frame.lines.count, text.count, "\(text): a glyph a line")
                for line in cell.frame.lines {
                    XCTAssertGreaterThanOrEqual(line.origin.x, cell.rect.minX, text)
                    XCTAssertLessThanOrEqual(line.origin.x + line.width, cell.rect.maxX + 0.001, "\(text): a letter past its cell")
                }
            }
        }
        let fits = try rowLines("<table><tr>" + String(repeating: "<td>c</td>", count: 20) + "</tr></table>\n", width: 240)
        XCTAssertNil(fits.first?.overfullPast, "a row its column holds")
    }

    private static func costsTable(widths: String, figures: [String]) -> String {
        """
        <table header-rows="1"\(widths)>
        <tr><th>Department</th><th align="right">Cost (£)</th></tr>
        <tr><td>Interdepartmental liaison</td><td align="right">\(figures[0])</td></tr>
        <tr><td>Roof</td><td align="right">\(figures[1])</td></tr>
        </table>

        """
    }

    func testDecimalsStandOnOneLineDownTheColumnHeaderIncluded() throws {
        let markup = """
            <table widths="* auto" header-rows="1">
            <tr><th>Item</th><th align="decimal">Cost</th></tr>
            <tr><td>Tea</td><td align="decimal">3.25</td></tr>
            <tr><td>Urn</td><td align="decimal">112.5</td></tr>
            <tr><td>Cups</td><td align="decimal">48</td></tr>
            </table>

            """
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 20, y: 30, width: 300, height: 1000)), from: 0)
        let cells = frame.lines.compactMap(\.tableRows).flatMap(\.cells).filter { $0.cell.cell.column == 1 }
        XCTAssertEqual(cells.count, 4)
        let text = framesetter.text
        // The separator's x, or the end of a cell without one (the header, an integer).
        let lines = try cells.map { cell -> Double in
            let content = text.substring(cell.cell.range)
            let offset = content.utf16.firstIndex(of: 0x2E).map { content.utf16.distance(from: content.utf16.startIndex, to: $0) }
                ?? content.utf16.count - 1
            return try XCTUnwrap(cell.frame.caretRect(at: cell.cell.range.lowerBound + offset)).minX
        }
        for line in lines { XCTAssertEqual(line, lines[0], accuracy: 0.01, "\(lines)") }
        for cell in cells { XCTAssertLessThanOrEqual(cell.textRect.maxX, cell.rect.maxX) }
    }

    /// Found by the layout fuzzer with tables: a decimal column squeezed below its numbers (a
    /// table of three columns in a 46 pt column) put its decimal line past the cell's side, and
    /// "9.5" was set from there in a text area 1 pt wide, its digits past the cell and over the
    /// next column's rules. A cell whose first line does not fit from the line wraps from the
    /// cell's left instead; one that fits still stands on it.
    func testADecimalCellInAColumnNarrowerThanItsNumbersStaysInsideItsCell() throws {
        let markup = """
            <table widths="52 auto 30" header-rows="1">
            <tr><th align="decimal">With road morning?</th><th>At marsh:</th><th align="decimal">The.</th></tr>
            <tr><td align="decimal">7206.80</td><td>a</td><td align="decimal">9.5</td></tr>
            </table>

            """
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 20, y: 30, width: 46, height: 1000)), from: 0)
        let cells = frame.lines.compactMap(\.tableRows).flatMap(\.cells)
        XCTAssertEqual(cells.count, 6)
        for cell in cells {
            XCTAssertGreaterThanOrEqual(cell.textRect.minX, cell.rect.minX, "\(cell.cell.cell)")
            XCTAssertLessThanOrEqual(cell.textRect.maxX, cell.rect.maxX, "\(cell.cell.cell)")
            XCTAssertGreaterThan(cell.textRect.width, 5, "a text area a digit wide at least: \(cell.cell.cell)")
            for line in cell.frame.lines where !line.runs.isEmpty {
                XCTAssertLessThanOrEqual(line.origin.x + line.width, cell.rect.maxX + 0.5, "\(framesetter.text.substring(line.stringRange))")
            }
        }
    }

    /// Seed 13885: a decimal cell whose first line is empty, the text of a cell past the
    /// table's one column joined to it below, started at the cell's side (where nothing ends on
    /// the decimal line), and "Through borrowers:" was set a letter a line in a text area 1 pt
    /// wide. A cell whose words do not fit from the decimal line wraps from the cell's left.
    func testADecimalCellWhoseLaterWordsDoNotFitFromItsLineWrapsFromItsLeft() throws {
        let markup = "<table widths=\"67\">\n<td align=\"decimal\">\n<td>Through borrowers:\n</table>\n"
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 44, y: 47, width: 200, height: 1000)), from: 0)
        let cell = try XCTUnwrap(frame.lines.compactMap(\.tableRows).flatMap(\.cells).first)
        XCTAssertGreaterThan(cell.textRect.width, cell.rect.width / 2, "from the cell's left, not from its side")
        let words = cell.frame.lines.filter { !$0.runs.isEmpty }.map { framesetter.text.substring($0.stringRange) }
        XCTAssertEqual(words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }, ["Through", "borrowers:"])
    }

    /// Found by the layout fuzzer with tables: `padding="0"` set a cell's text against its
    /// edges, where half of each rule is stroked, and a 'g' of a header printed on the rule below
    /// it. The text keeps half the rules' width from the edges at least; without rules, none.
    func testACellsTextKeepsClearOfItsRulesWithNoPadding() throws {
        func cells(_ attributes: String) throws -> [PlacedTableCell] {
            let markup = "<table \(attributes) padding=\"0\">\n<tr><th>Morning</th><th>Through</th></tr>\n<tr><td>a</td><td>b</td></tr>\n</table>\n"
            let frame = try framesetter(markup).frame(in: Container(rect: Rect(x: 20, y: 30, width: 200, height: 500)), from: 0)
            return frame.lines.compactMap(\.tableRows).flatMap(\.cells)
        }
        for cell in try cells("rules=\"all\" border=\"2 black\"") {
            XCTAssertEqual(cell.textRect.minY - cell.rect.minY, 1, accuracy: 1e-6, "half the 2 pt rule above")
            XCTAssertGreaterThanOrEqual(cell.textRect.minX - cell.rect.minX, 1 - 1e-6, "half the rule at its side")
            XCTAssertGreaterThanOrEqual(cell.rect.maxY - (cell.textRect.minY + cell.frame.usedHeight), 1 - 1e-6, "and below")
        }
        for cell in try cells("rules=\"none\"") {
            XCTAssertEqual(cell.textRect.minY, cell.rect.minY, accuracy: 1e-6, "no rule, no inset")
        }
    }

    /// Seed 529 of the layout fuzzer with tables: a decimal cell of prose with a full stop in it
    /// made its whole first line the column's least width (190 pt), and in a narrow column the
    /// table's columns were all narrowed in proportion, a 'W' wider than its cell printed over
    /// the next. Only a one-word line (a number) asks for the decimal parts unbroken; prose wraps.
    func testADecimalCellOfProseAsksNoMoreThanItsWidestWord() throws {
        let markup = """
            <table>
            <tr><td>Was</td><td>photographer:</td><td>649.98</td></tr>
            <tr><td align="decimal">photographer neighbourhood weather seed.Library tomatoes.2807.62</td><td>a</td><td>b</td></tr>
            </table>

            """
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 20, y: 30, width: 220, height: 1000)), from: 0)
        let rows = try XCTUnwrap(frame.lines.compactMap(\.tableRows).first)
        XCTAssertNil(rows.narrowedFrom, "the words fit: no column narrowed below its widest word")
        for cell in frame.lines.compactMap(\.tableRows).flatMap(\.cells) {
            for line in cell.frame.lines where !line.runs.isEmpty {
                XCTAssertLessThanOrEqual(line.origin.x + line.width, cell.textRect.maxX + 0.01, framesetter.text.substring(line.stringRange))
            }
        }
    }

    func testADecimalCellInGermanAlignsOnItsComma() throws {
        let markup = """
            <table><tr><td align="decimal"><font lang="de">3,25</font></td></tr><tr><td align="decimal"><font lang="de">112,5</font></td></tr></table>

            """
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 500)), from: 0)
        let cells = frame.lines.compactMap(\.tableRows).flatMap(\.cells)
        let commas = try cells.map { cell in
            let comma = try XCTUnwrap(framesetter.text.substring(cell.cell.range).firstIndex(of: ","))
            let offset = framesetter.text.substring(cell.cell.range).utf16.distance(from: framesetter.text.substring(cell.cell.range).startIndex, to: comma)
            return try XCTUnwrap(cell.frame.caretRect(at: cell.cell.range.lowerBound + offset)).minX
        }
        XCTAssertEqual(commas.count, 2)
        XCTAssertEqual(commas[0], commas[1], accuracy: 0.01)
    }

    func testSpanningCellsCoverTheirColumnsAndRowsAndTheirTextStaysInside() throws {
        let groups = try rowLines(TableMarkupTests.issueExample)
        XCTAssertEqual(groups.map(\.rows), [0 ..< 1, 1 ..< 2, 2 ..< 4], "the rowspan's rows are one unit")
        let spanning = try XCTUnwrap(groups[2].cells.first { $0.cell.cell.columnSpan == 2 })
        XCTAssertEqual(spanning.rect.width, groups[2].columnEdges[2] - groups[2].columnEdges[0], accuracy: 1e-9)
        XCTAssertGreaterThan(spanning.frame.lines.count, 1, "the long cell wraps")
        let tall = try XCTUnwrap(groups[2].cells.first { $0.cell.cell.rowSpan == 2 })
        XCTAssertEqual(tall.rect.height, groups[2].rowEdges[2] - groups[2].rowEdges[0], accuracy: 1e-9)
        XCTAssertEqual(groups.last?.rect.width ?? 0, 300, accuracy: 1e-6, "as wide as its column")
        for group in groups {
            for cell in group.cells {
                for line in cell.frame.lines {
                    XCTAssertGreaterThanOrEqual(line.bounds.minX, cell.rect.minX - 0.01)
                    XCTAssertLessThanOrEqual(line.bounds.maxX, cell.rect.maxX + 0.01)
                    XCTAssertGreaterThanOrEqual(line.bounds.minY, cell.rect.minY - 0.01)
                    XCTAssertLessThanOrEqual(line.bounds.maxY, cell.rect.maxY + 0.01)
                }
            }
        }
    }

    func testATableSplitsBetweenRowsAndRepeatsItsHeaderInEachColumn() throws {
        let rows = (1 ... 40).map { "<tr><td>Row \($0)</td><td align=\"decimal\">\($0).5</td></tr>" }.joined(separator: "\n")
        let framesetter = try framesetter("Text before.\n<table header-rows=\"1\">\n<tr><th>Name</th><th>Value</th></tr>\n\(rows)\n</table>\nAfter.\n")
        let containers = (0 ..< 6).map { Container(rect: Rect(x: Double($0) * 200, y: 0, width: 180, height: 220)) }
        let frames = framesetter.frames(in: containers)
        var seen: [Int] = []
        for (index, frame) in frames.enumerated() {
            let groups = frame.lines.compactMap(\.tableRows)
            guard !groups.isEmpty else { continue }
            if index > 0, groups[0].rows.lowerBound > 0 || groups[0].isRepeatedHeader {
                XCTAssertTrue(groups[0].isRepeatedHeader, "frame \(index) opens with the header")
                XCTAssertEqual(groups[0].rows, 0 ..< 1)
            }
            XCTAssertLessThanOrEqual(frame.lines.last?.origin.y ?? 0, 220.001, "no row below the column")
            seen += groups.filter { !$0.isRepeatedHeader }.flatMap { Array($0.rows) }
        }
        XCTAssertEqual(seen, Array(0 ... 40), "every row once, in order")
        XCTAssertGreaterThan(frames.filter { $0.lines.contains { $0.tableRows?.isRepeatedHeader == true } }.count, 1)
    }

    /// Each cell's text shown across `frames`, in order: the characters of its lines, part by part.
    private func shownText(of cell: Range<Int>, in frames: [Frame]) -> [Range<Int>] {
        frames.flatMap(\.lines).compactMap(\.tableRows).filter { !$0.isRepeatedHeader }.flatMap(\.cells)
            .filter { $0.cell.range == cell }.flatMap(\.frame.lines).map(\.stringRange)
    }

    func testARowTallerThanAColumnSplitsInsideItsCellsUnderTheHeaderRepeated() throws {
        let long = String(repeating: "The committee met again to settle the fixtures of the season. ", count: 14)
        let markup = """
            Text before the table.
            <table header-rows="1" widths="* 2*" rules="all" stripes="#eeeeee">
            <tr><th>Round</th><th>Minutes</th></tr>
            <tr><td>1</td><td>A short row.</td></tr>
            <tr><td valign="middle">2, the long one, whose first cell wraps too</td><td>\(long)</td></tr>
            <tr><td>3</td><td>After it.</td></tr>
            </table>
            After.

            """
        let framesetter = try framesetter(markup)
        let containers = (0 ..< 8).map { Container(rect: Rect(x: Double($0) * 200, y: 0, width: 180, height: 220)) }
        let frames = framesetter.frames(in: containers)
        let table = try XCTUnwrap(framesetter.tables.all.first)
        let longCell = try XCTUnwrap(table.cells.first { $0.cell.row == 2 && $0.cell.column == 1 })
        // The row starts below row 1 in the first column, which it fills: no column ends early.
        let first = try XCTUnwrap(frames.first)
        let firstParts = first.lines.compactMap(\.tableRows)
        XCTAssertEqual(firstParts.last?.rows.lowerBound, 2, "the long row starts in the first column")
        XCTAssertNotNil(firstParts.last?.continuation)
        XCTAssertEqual(first.end, .full)
        XCTAssertGreaterThan(first.usedHeight, 220 - 2 * 14, "the first column is filled to its foot")
        var parts = 0
        for frame in frames {
            for rows in frame.lines.compactMap(\.tableRows) {
                XCTAssertLessThanOrEqual(rows.rect.maxY, frame.container.rect.maxY + 0.001, "no part runs past its column's foot")
                for cell in rows.cells {
                    for line in cell.frame.lines {
                        XCTAssertGreaterThanOrEqual(line.bounds.minY, cell.rect.minY - 0.01)
                        XCTAssertLessThanOrEqual(line.bounds.maxY, cell.rect.maxY + 0.01, "a cell's text inside its part of the cell")
                    }
                }
            }
            let rows = frame.lines.compactMap(\.tableRows).filter { $0.cells.contains { $0.cell == longCell } }
            guard !rows.isEmpty else { continue }
            parts += 1
            if parts > 1 {
                XCTAssertEqual(frame.lines.first?.tableRows?.isRepeatedHeader, true, "a part going on opens with the header")
                XCTAssertTrue(rows[0].goOnFromSplit)
            }
        }
        XCTAssertGreaterThanOrEqual(parts, 3, "the row goes on over three columns at least")
        // Each cell's text once, in order, over its parts; the short cell whole in the first.
        for cell in table.cells(in: 2 ..< 3) {
            let shown = shownText(of: cell.range, in: frames)
            XCTAssertEqual(shown.first?.lowerBound, cell.range.lowerBound)
            XCTAssertEqual(shown.last?.upperBound, cell.range.upperBound)
            for (above, below) in zip(shown, shown.dropFirst()) { XCTAssertEqual(above.upperBound, below.lowerBound, "\(shown)") }
        }
        // Every row once, whole or in parts, in order, and the text after the table set.
        let rows = frames.flatMap(\.lines).compactMap(\.tableRows).filter { !$0.isRepeatedHeader }.flatMap { Array($0.rows) }
        XCTAssertEqual(rows.reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }, [0, 1, 2, 3])
        XCTAssertEqual(frames.last { !$0.lines.isEmpty }?.visibleRange.upperBound, framesetter.text.length)
    }

    func testRowsBoundByARowspanSplitTogetherEachCellBetweenItsLines() throws {
        let long = String(repeating: "Rain all week and the pitch under water by Saturday. ", count: 12)
        let markup = """
            <table rules="rows">
            <tr><td rowspan="2">Kelso</td><td>\(long)</td></tr>
            <tr><td>\(long)</td></tr>
            </table>

            """
        let framesetter = try framesetter(markup)
        let containers = (0 ..< 8).map { Container(rect: Rect(x: Double($0) * 200, y: 0, width: 180, height: 200)) }
        let frames = framesetter.frames(in: containers)
        let table = try XCTUnwrap(framesetter.tables.all.first)
        for cell in table.cells {
            let shown = shownText(of: cell.range, in: frames)
            XCTAssertEqual(shown.first?.lowerBound, cell.range.lowerBound)
            XCTAssertEqual(shown.last?.upperBound, cell.range.upperBound)
            for (above, below) in zip(shown, shown.dropFirst()) { XCTAssertEqual(above.upperBound, below.lowerBound) }
        }
        for frame in frames {
            for rows in frame.lines.compactMap(\.tableRows) {
                XCTAssertLessThanOrEqual(rows.rect.maxY, frame.container.rect.maxY + 0.001)
                // The cell spanning rows runs down every part it is in.
                let kelso = rows.cells.first { $0.cell.cell.rowSpan == 2 }
                XCTAssertEqual(kelso?.rect.maxY ?? rows.rect.maxY, rows.rect.maxY, accuracy: 0.001)
            }
        }
    }

    /// Fuzz seeds 11169, 12409, 13926, 15523, 15744: rows split at a column's foot, then a
    /// column a float covered part of took nothing of them, and dropped what they carried; the
    /// column after it set their group again from its first row, and the frame's range ran back
    /// before its start (a trap). A column that takes nothing of rows going on hands them on.
    func testAColumnThatTakesNothingOfRowsGoingOnHandsThemOn() throws {
        let long = String(repeating: "Rain all week and the pitch under water by Saturday. ", count: 12)
        let framesetter = try framesetter("""
            <table rules="rows">
            <tr><td rowspan="2">Kelso</td><td>\(long)</td></tr>
            <tr><td>\(long)</td></tr>
            </table>

            """)
        let first = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 180, height: 200)), from: 0, carrying: .none)
        let carried = try XCTUnwrap(first.carry.tableRows, "the rows split at the first column's foot")
        let position = first.frame.visibleRange.upperBound
        // Down the whole column, over the table's width: no room clear across the rows.
        let covered = Container(rect: Rect(x: 200, y: 0, width: 180, height: 200),
                                exclusions: [Exclusion(.rectangle(Rect(x: 200, y: 0, width: 60, height: 200)))])
        let empty = framesetter.frame(in: covered, from: position, carrying: first.carry)
        XCTAssertEqual(empty.frame.visibleRange, position ..< position, "nothing of the rows beside the exclusion")
        XCTAssertEqual(empty.carry.tableRows, carried, "the rows still go on where the first column split them")
        guard empty.carry.tableRows == carried else { return }
        let next = framesetter.frame(in: Container(rect: Rect(x: 400, y: 0, width: 180, height: 200)), from: position, carrying: empty.carry)
        XCTAssertGreaterThan(next.frame.visibleRange.upperBound, position)
        XCTAssertTrue(try XCTUnwrap(next.frame.lines.first?.tableRows).goOnFromSplit, "taken up where they were split")
    }

    func testARowAColumnHoldsGoesOnWholeAndSaysWhy() throws {
        let row = String(repeating: "A longer row of the schedule. ", count: 6)
        let filler = String(repeating: "Filler text before the table, a paragraph of it. ", count: 8)
        let framesetter = try framesetter("\(filler)\n<table><tr><td>\(row)</td></tr></table>\n")
        let frames = framesetter.frames(in: [Container(rect: Rect(x: 0, y: 0, width: 180, height: 150)),
                                             Container(rect: Rect(x: 200, y: 0, width: 180, height: 150))])
        XCTAssertTrue(frames[0].lines.allSatisfy { $0.tableRows == nil })
        let table = try XCTUnwrap(framesetter.tables.all.first)
        XCTAssertEqual(frames[0].end, .tableRowDidNotFit(at: table.range.lowerBound))
        let rows = try XCTUnwrap(frames[1].lines.compactMap(\.tableRows).first)
        XCTAssertNil(rows.continuation, "not split: the next column holds it whole")
    }

    func testStripesGiveACellSpanningRowsTheStripeOfItsFirstRowWhole() throws {
        let markup = """
            <table stripes="#eeeeee">
            <tr><td>1</td><td>one</td></tr>
            <tr><td rowspan="2">2 and 3</td><td>two</td></tr>
            <tr><td>three</td></tr>
            <tr><td>4</td><td>four</td></tr>
            </table>

            """
        let groups = try rowLines(markup)
        let spanning = try XCTUnwrap(groups.first { $0.rows == 1 ..< 3 })
        let cell = try XCTUnwrap(spanning.cells.first { $0.cell.cell.rowSpan == 2 })
        let stripes = spanning.stripeRects
        // Row 2 (the first of the span) is striped: the spanning cell whole, and row 2 beside it.
        XCTAssertTrue(stripes.contains(cell.rect), "\(stripes)")
        for stripe in stripes where stripe != cell.rect {
            XCTAssertGreaterThanOrEqual(stripe.minX, cell.rect.maxX - 0.001, "no stripe across the spanning cell")
            XCTAssertEqual(stripe.minY, spanning.rowEdges[0], accuracy: 0.001, "row 2's stretch, not row 3's")
        }
        XCTAssertEqual(stripes.count, 2)
        XCTAssertEqual(groups.first { $0.rows == 3 ..< 4 }?.stripeRects.count, 1, "row 4 is striped across")
        XCTAssertEqual(groups.first { $0.rows == 0 ..< 1 }?.stripeRects.count, 0)
    }

    /// A float or an exclusion over part of the column: rows go down to the first band clear
    /// across the table's width, as InDesign's table moves below what occupies its width; a
    /// table narrow enough stays beside it.
    func testRowsGoBelowAnExclusionThatIntrudesIntoTheTablesWidth() throws {
        let rows = (1 ... 6).map { "<tr><td>Row \($0)</td><td>Value \($0)</td></tr>" }.joined(separator: "\n")
        let corner = Rect(x: 200, y: 0, width: 100, height: 120)
        let container = Container(rect: Rect(x: 0, y: 0, width: 300, height: 600), exclusions: [Exclusion(.rectangle(corner))])
        let wide = try framesetter("<table header-rows=\"1\">\n<tr><th>Name</th><th>Value</th></tr>\n\(rows)\n</table>\nAfter.\n")
        let groups = wide.frame(in: container, from: 0).lines.compactMap(\.tableRows)
        XCTAssertEqual(groups.flatMap { Array($0.rows) }, Array(0 ... 6))
        for group in groups {
            XCTAssertGreaterThanOrEqual(group.rect.minY, corner.maxY - 0.001, "rows \(group.rows) below the exclusion")
            XCTAssertEqual(group.rect.width, 300, accuracy: 0.001, "the table keeps its width")
        }
        let narrow = try framesetter("<table width=\"150\">\n\(rows)\n</table>\n")
        let beside = narrow.frame(in: container, from: 0).lines.compactMap(\.tableRows)
        XCTAssertEqual(beside.first?.rect.minY ?? -1, 0, accuracy: 0.001, "a table narrower than the room beside stays there")
        for group in beside { XCTAssertFalse(group.rect.intersects(corner), "\(group.rect)") }
    }

    /// From a designer's page: a top figure across columns 1 and 2 of three, a table in column
    /// 3 as wide as the column. The column's stretch, its width one subtraction away from the
    /// table's, came out a ten-trillionth of a point narrower; no place was clear, and the table
    /// and the rest of the story went to the next page, leaving the column 33 lines short.
    func testATableAsWideAsItsColumnBesideAFloatInAnotherColumnStaysInIt() throws {
        let column = Rect(x: 385.9527666666667, y: 56.6929, width: 152.62993333333335, height: 728.504)
        let figure = Rect(x: 56.6929, y: 56.6929, width: 326.2598666666667, height: 225.57285156250003)
        let container = Container(rect: column, exclusions: [Exclusion(.rectangle(figure))])
        let table = try framesetter("<table widths=\"2* 1* 1*\" header-rows=\"1\">\n<tr><th>Keeper</th><th>Years</th><th>Nights</th></tr>\n<tr><td>O. Aalto</td><td>1911</td><td>13,502</td></tr>\n</table>\n")
        let groups = table.frame(in: container, from: 0).lines.compactMap(\.tableRows)
        XCTAssertEqual(groups.flatMap { Array($0.rows) }, [0, 1], "both rows set in the column")
        XCTAssertEqual(groups.first?.rect.minY ?? -1, column.minY, accuracy: 0.001)
    }

    func testATableOfWideWordsStaysInItsNarrowColumn() throws {
        let row = "<tr><td>Lighthouse</td><td>Catalogue</td><td>Borrowers</td><td>Paraffin</td></tr>"
        let groups = try rowLines("<table>\n\(row)\n\(row)\n</table>\n", width: 120)
        XCTAssertEqual(groups.count, 2)
        for group in groups {
            XCTAssertLessThanOrEqual(group.rect.maxX, 20 + 120 + 0.001, "the table ends at its column's edge")
            XCTAssertEqual(group.columnEdges.last ?? 0, group.rect.maxX, accuracy: 0.001)
        }
    }

    /// Found by random tables run through the page checker: columns whose only cells span them
    /// were measured by nothing, 6 points wide (their padding), and the spanning cell's words
    /// stuck out of it.
    func testACellAcrossColumnsWidensThemForItsWords() throws {
        let markup = """
            <table width="150">
            <tr><th colspan="2">Keys the marsh and lighthouse drawer</th><th>Lamp keys a borrowers keys for marsh tomatoes autumn library marsh prisms</th></tr>
            </table>

            """
        let groups = try rowLines(markup)
        let spanning = try XCTUnwrap(groups.first?.cells.first { $0.cell.cell.columnSpan == 2 })
        XCTAssertGreaterThan(spanning.textRect.width, 40, "as wide as its widest word, at least")
        for line in spanning.frame.lines { XCTAssertLessThanOrEqual(line.bounds.maxX, spanning.rect.maxX + 0.01) }
    }

    /// Found by random tables run through the page checker: header rows taller than a column,
    /// repeated over a row split below them, left it no room, and the column took nothing (the
    /// paginator stopped, "no progress"). They are left out where they leave no room.
    func testHeaderRowsThatLeaveAColumnNoRoomAreNotRepeatedThere() throws {
        let header = String(repeating: "A heading far too long for any column. ", count: 30)
        let body = String(repeating: "The text of a row that goes on and on. ", count: 60)
        let framesetter = try framesetter("<table header-rows=\"1\">\n<tr><th>\(header)</th></tr>\n<tr><td>\(body)</td></tr>\n</table>\n")
        let containers = (0 ..< 12).map { Container(rect: Rect(x: Double($0) * 200, y: 0, width: 180, height: 220)) }
        var position = 0, carry = FlowCarry.none
        for container in containers where position < framesetter.text.length {
            let result = framesetter.frame(in: container, from: position, carrying: carry)
            XCTAssertGreaterThan(result.frame.visibleRange.upperBound, position, "each column takes something")
            guard result.frame.visibleRange.upperBound > position else { return }
            position = result.frame.visibleRange.upperBound
            carry = result.carry
        }
        XCTAssertEqual(position, framesetter.text.length)
    }
}
