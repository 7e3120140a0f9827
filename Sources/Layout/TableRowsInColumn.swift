import Text

/// A table in the column: each group of rows (one row, or those a `rowspan` binds) is one
/// line holding them, which the column's breaks treat as a line that cannot split; header rows
/// keep with the rows after them, and a column the table goes on in starts with its header
/// rows again (a line of no text of its own: their text is read where it is written).
extension FrameSetting {
    /// A line holding table rows, and how the column's breaks treat it.
    struct TableRowLine {
        var line: Line
        var setLine: ColumnBreak.SetLine
    }

    /// The lines for `table`'s next rows from `position`, from `top` down in `container`: the
    /// group of rows there, after the header rows again when the frame opens (`first`) in the
    /// table's body. Nil when the group reaches below the container and the frame has lines
    /// (a group opening a frame stays, however tall: it cannot go anywhere better).
    func tableRowLines(for table: TableRange, at position: Int, in container: Container, top: Double, first: Bool) -> [TableRowLine]? {
        let rect = container.rect
        let geometry = framesetter.geometry(of: table, available: rect.width)
        let group = table.rowGroup(containing: position)
        var result: [TableRowLine] = []
        var y = top
        if first, table.headerRowCount > 0, group.lowerBound >= table.headerRowCount {
            let header = framesetter.place(rows: 0 ..< table.headerRowCount, of: table, geometry: geometry, left: rect.minX, top: y,
                                           isRepeatedHeader: true, opensPart: true)
            result.append(rowLine(header, of: table, text: position ..< position, top: rect.minY))
            y = header.rect.maxY
        }
        let rows = framesetter.place(rows: group, of: table, geometry: geometry, left: rect.minX, top: y,
                                     isRepeatedHeader: false, opensPart: result.isEmpty && (first || group.lowerBound == 0))
        if !first, rows.rect.maxY > rect.maxY + 0.001 { return nil }
        result.append(rowLine(rows, of: table, text: table.range(of: group), top: rect.minY))
        return result
    }

    private func rowLine(_ rows: PlacedTableRows, of table: TableRange, text range: Range<Int>, top: Double) -> TableRowLine {
        let style = text.paragraphStyle(at: table.range.lowerBound)
        var rules = KeepRules(style)
        // A header row never ends a column: the rows it heads go on with it.
        rules.keepWithNext = rows.rows.lowerBound < table.headerRowCount
        rules.keepWithPrevious = false
        var line = Line(origin: Point(x: rows.rect.minX, y: rows.rect.maxY), ascent: rows.rect.height, descent: 0, leading: 0,
                        width: rows.rect.width, stringRange: range, runs: [], endsParagraph: true)
        line.tableRows = rows
        let setLine = ColumnBreak.SetLine(linesBefore: 0, endsParagraph: true, isBlank: false, rules: rules,
                                          keep: KeptBlock(style, paragraphStart: table.range.lowerBound), bottom: rows.rect.maxY - top)
        return TableRowLine(line: line, setLine: setLine)
    }
}
