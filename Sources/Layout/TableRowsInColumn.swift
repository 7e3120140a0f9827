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
    /// table's body, going on from `carried` when it split them. A group taller than a column
    /// is split at the container's foot (see TableRowSplit); nil when the group reaches below
    /// the container and the frame has lines (it goes on whole to the next column) or nothing of
    /// it fits. A group opening a frame always sets something: it cannot go anywhere better.
    func tableRowLines(for table: TableRange, at position: Int, goingOn carried: TableRowContinuation?, in container: Container,
                       top: Double, first: Bool) -> [TableRowLine]? {
        let rect = container.rect
        let geometry = framesetter.geometry(of: table, available: rect.width)
        let goingOn = first && carried?.table == table.style.number && carried?.position == position ? carried : nil
        let group = goingOn?.rows ?? table.rowGroup(containing: position)
        let texts = table.cellTexts(in: group, goingOn: goingOn)
        var result: [TableRowLine] = []
        var y = top
        let repeatsHeader = table.headerRowCount > 0 && group.lowerBound >= table.headerRowCount
        if first, repeatsHeader {
            let header = headerRows(of: table, geometry: geometry, left: rect.minX, top: y)
            result.append(rowLine(header, of: table, text: position ..< position, top: rect.minY))
            y = header.rect.maxY
        }
        var rows = framesetter.place(rows: group, of: table, texts: texts, geometry: geometry, left: rect.minX, top: y,
                                     isRepeatedHeader: false, opensPart: result.isEmpty && (first || group.lowerBound == 0))
        if rows.rect.maxY > rect.maxY + 0.001 {
            // Taller than the room left: whole in the next column if a column holds it (below the
            // header rows repeated), else split here.
            let header = repeatsHeader ? headerRows(of: table, geometry: geometry, left: rect.minX, top: 0).rect.height : 0
            if !first, rows.rect.height <= rect.height - header + 0.001 { return nil }
            guard let part = framesetter.split(rows, of: table, texts: texts, geometry: geometry, foot: rect.maxY, forced: first) else {
                return nil
            }
            rows = part
        }
        let text = table.range(of: group)
        let shown = (goingOn == nil ? text.lowerBound : position) ..< (rows.continuation?.position ?? text.upperBound)
        result.append(rowLine(rows, of: table, text: shown, top: rect.minY))
        return result
    }

    /// The header rows of `table` set from `top`, to be repeated at the top of a column.
    private func headerRows(of table: TableRange, geometry: TableGeometry, left: Double, top: Double) -> PlacedTableRows {
        let rows = 0 ..< table.headerRowCount
        return framesetter.place(rows: rows, of: table, texts: table.cellTexts(in: rows, goingOn: nil), geometry: geometry, left: left,
                                 top: top, isRepeatedHeader: true, opensPart: true)
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
