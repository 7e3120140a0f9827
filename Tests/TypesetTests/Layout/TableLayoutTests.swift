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
        // Widest words and lengths adding up to more than the width: every column narrowed in
        // proportion to fit it (their words are broken in their cells), never wider than asked.
        widths = TableColumnWidths.widths(for: [.auto, .points(40), .proportion(1)], minimum: [30, 10, 30], natural: [60, 10, 90], width: 50)
        XCTAssertEqual(widths, [15, 20, 15])
        XCTAssertEqual(TableColumnWidths.widthOfWidestWords(for: [.auto, .points(40), .proportion(1)], minimum: [30, 10, 30]), 100)
        // The cells' padding at their sides gives way first, as far as the words need, to 1 pt.
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .auto], minimum: [40, 40], width: 100), 3, "room for it")
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .points(20), .auto], minimum: [40, 0, 40], width: 106), 1.5)
        XCTAssertEqual(TableColumnWidths.sidePadding(3, for: [.auto, .auto], minimum: [40, 40], width: 60), 1, "no less than 1 pt")
        XCTAssertEqual(TableColumnWidths.sidePadding(0.5, for: [.auto, .auto], minimum: [40, 40], width: 60), 0.5)
        // Only auto columns: they grow to fill the table, by their widths.
        widths = TableColumnWidths.widths(for: [.auto, .auto], minimum: [10, 10], natural: [30, 90], width: 240)
        XCTAssertEqual(widths, [60, 180])
        // A proportional column narrower than its widest word gets it, the others share the rest.
        widths = TableColumnWidths.widths(for: [.proportion(1), .proportion(3)], minimum: [40, 10], natural: [40, 10], width: 100)
        XCTAssertEqual(widths, [40, 60])
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
}
