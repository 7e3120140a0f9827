import Layout
import Text

/// The parts of tables a band's columns show, held to the rules a column's end keeps for a
/// table (TableRowsInColumn, ColumnBreak): no header rows at a column's foot without the rows
/// they head, the header repeated over each part after the first, and no fewer body rows on
/// either side of a break than the table's orphans and widows (a group of rows a `rowspan`
/// binds counting as one). A column gives these rules up rather than end more than half its
/// height early; in a balancing trial a row or two tall that is every time, and a short table
/// came out a row a column, its header alone in the first.
extension Band {
    /// How many of those rules the band's columns break.
    func tablePartFaults(in text: AttributedText) -> Int {
        frames.reduce(0) { $0 + Self.tablePartFaults(of: $1, in: text) }
    }

    private static func tablePartFaults(of frame: Frame, in text: AttributedText) -> Int {
        var faults = 0
        if let opening = frame.lines.first?.tableRows, opening.style.headerRows > 0, !opening.isRepeatedHeader,
           opening.rows.lowerBound >= opening.style.headerRows {
            faults += 1   // a part without its header
        }
        return faults + closingFaults(of: frame, in: text) + openingFaults(of: frame, in: text)
    }

    /// The tables (by number) whose rows the band's columns split inside their cells. Balancing
    /// must split rows of no other table than the full columns do: a table's two-line rows in
    /// four balanced columns were split a line a column, as rows taller than a column are. (The
    /// rows of a split part are where the split fell, so a row taller than a full column, split
    /// further in balanced ones, is known by its table.)
    var tablesWithRowsSplit: Set<Int> {
        Set(frames.compactMap { frame in
            frame.lines.last?.tableRows.flatMap { $0.continuation == nil ? nil : $0.style.number }
        })
    }

    /// One when `frame` ends in a table's rows, the table going on, with its header rows last,
    /// or having opened the table with fewer of its body rows than its orphans (rows split
    /// inside their cells aside: a row taller than a column).
    private static func closingFaults(of frame: Frame, in text: AttributedText) -> Int {
        guard let closing = frame.lines.last?.tableRows, !closing.endsTable, closing.continuation == nil else { return 0 }
        if closing.rows.upperBound <= closing.style.headerRows { return 1 }
        let table = closing.style.number
        let opensTable = frame.lines.contains { line in
            line.tableRows.map { $0.style.number == table && $0.rows.lowerBound == 0 && !$0.isRepeatedHeader } ?? false
        }
        let body = bodyRowLines(of: table, in: frame)
        return opensTable && body.count < paragraphStyle(of: closing, in: text).orphans ? 1 : 0
    }

    /// One when `frame` opens in a table's body, ends the table and holds fewer of its body rows
    /// than the table's widows (rows split inside their cells aside: a row taller than a column).
    private static func openingFaults(of frame: Frame, in text: AttributedText) -> Int {
        guard let opening = frame.lines.first?.tableRows,
              opening.isRepeatedHeader || opening.rows.lowerBound >= max(1, opening.style.headerRows) else { return 0 }
        let body = bodyRowLines(of: opening.style.number, in: frame)
        guard let first = body.first, !first.goOnFromSplit, body.contains(where: \.endsTable) else { return 0 }
        return body.count < paragraphStyle(of: first, in: text).widows ? 1 : 0
    }

    private static func bodyRowLines(of table: Int, in frame: Frame) -> [PlacedTableRows] {
        frame.lines.compactMap(\.tableRows).filter { $0.style.number == table && $0.rows.lowerBound >= $0.style.headerRows }
    }

    /// The style of the rows' first cell's paragraph, whose orphans and widows the table keeps.
    private static func paragraphStyle(of rows: PlacedTableRows, in text: AttributedText) -> ParagraphStyle {
        text.paragraphStyle(at: rows.cells.first?.cell.range.lowerBound ?? 0)
    }
}
