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
    /// it fits. A group opening a frame always sets something — it cannot go anywhere better —
    /// unless floats or exclusions leave no room clear across it.
    func tableRowLines(for table: TableRange, at position: Int, goingOn carried: TableRowContinuation?, in container: Container,
                       top: Double, after linesAbove: [Line]) -> [TableRowLine]? {
        let first = linesAbove.isEmpty
        let rect = container.rect
        let geometry = framesetter.geometry(of: table, available: rect.width)
        let goingOn = first && carried?.table == table.style.number && carried?.position == position ? carried : nil
        let group = goingOn?.rows ?? table.rowGroup(containing: position)
        let texts = table.cellTexts(in: group, goingOn: goingOn)
        let repeatsHeader = table.headerRowCount > 0 && group.lowerBound >= table.headerRowCount
        func set(left: Double, top: Double, withHeader: Bool) -> (header: PlacedTableRows?, rows: PlacedTableRows) {
            let header = withHeader ? headerRows(of: table, geometry: geometry, left: left, top: top) : nil
            let rows = framesetter.place(rows: group, of: table, texts: texts, geometry: geometry, left: left, top: header?.rect.maxY ?? top,
                                         isRepeatedHeader: false, opensPart: header == nil && (first || group.lowerBound == 0))
            return (header, rows)
        }
        var (header, rows) = set(left: rect.minX, top: top, withHeader: first && repeatsHeader)
        if !container.isRectangular {
            // A float, an exclusion or a shape beside the table: the rows (and the header over
            // them) go down to the first band clear across their width, as InDesign's table, a
            // character of its line, moves below what occupies its width.
            let height = rows.rect.maxY - top
            // (A table wider than its column, its widest words too wide for it, needs the column clear.)
            if let clear = clearPlace(width: min(geometry.width, rect.width), height: height, in: container, from: top) {
                if clear.x != rect.minX || clear.top != top { (header, rows) = set(left: clear.x, top: clear.top, withHeader: header != nil) }
            } else if !first || container.shape == nil {
                // Nowhere clear in the column: the rows go on to the next frame rather than be set
                // over what covers them (in a shape, whose next frame is the same, they stay).
                return nil
            }
        }
        if rows.rect.maxY > rect.maxY + 0.001 {
            // Taller than the room left: whole in the next column if a column holds it (below the
            // header rows repeated), else split here.
            let headerHeight = repeatsHeader ? headerRows(of: table, geometry: geometry, left: rect.minX, top: 0).rect.height : 0
            if !first, rows.rect.height <= rect.height - headerHeight + 0.001 { return nil }
            let part = framesetter.split(rows, of: table, texts: texts, geometry: geometry, foot: rect.maxY, forced: first)
            if !first, part == nil { return nil }
            if let part { rows = part }
            if rows.rect.maxY > rect.maxY + 0.001, let top = header?.rect.minY,
               let alone = framesetter.split(set(left: rows.rect.minX, top: top, withHeader: false).rows, of: table, texts: texts,
                                             geometry: geometry, foot: rect.maxY, forced: true) {
                // Header rows repeated that leave the rows no room below them are left out.
                (header, rows) = (nil, alone)
            }
            // Rows still past the foot hold a line of a cell taller than the column (warned of).
        }
        var result: [TableRowLine] = []
        if let header { result.append(rowLine(header, of: table, text: position ..< position, top: rect.minY, bodyRowsAbove: 0)) }
        // The rows' text: from their first cell's (or where the rows went on), to their last
        // cell's end or where they go on. Rows of cells spanning down from above start none.
        let start = goingOn == nil ? texts.map(\.start).min() ?? position : position
        let end = rows.continuation?.position ?? texts.map(\.cell.range.upperBound).max() ?? start
        result.append(rowLine(rows, of: table, text: start ..< max(start, end), top: rect.minY,
                              bodyRowsAbove: header == nil ? bodyRowLines(of: table, endingAt: linesAbove) : 0))
        return result
    }

    /// The first of `table`'s row groups from `position`, which did not fit below the column's
    /// lines: to the keep rules, a table's body rows are the lines of one paragraph (orphans and
    /// widows of rows), its header rows a heading kept with them.
    func tableRowOverflow(for table: TableRange, at position: Int) -> ColumnBreak.Overflow {
        let group = table.rowGroup(containing: position)
        return ColumnBreak.Overflow(startsParagraph: group.lowerBound <= table.headerRowCount,
                                    linesLeft: table.rowGroups.filter { $0.lowerBound >= group.lowerBound }.count,
                                    keep: KeptBlock(text.paragraphStyle(at: position), paragraphStart: table.range.lowerBound),
                                    movesTableRow: true)
    }

    /// How many of the lines at the end of `lines` hold `table`'s body rows.
    private func bodyRowLines(of table: TableRange, endingAt lines: [Line]) -> Int {
        lines.reversed().prefix { line in
            line.tableRows.map { $0.style.number == table.style.number && $0.rows.lowerBound >= table.headerRowCount } ?? false
        }.count
    }

    /// The table rows `frame` hands the next frame: those it split at its foot, or, when it
    /// took nothing of the rows carried in (floats or exclusions left no room clear across
    /// them), those, still going on where the frame before split them. Dropped there, the next
    /// frame set the rows' group again from its first row, a part already shown, and its range
    /// ran back before its own start (fuzz seeds 11169, 15523).
    func tableRowsGoingOn(after frame: Frame) -> TableRowContinuation? {
        if let split = frame.tableRowsGoingOn { return split }
        guard let carried = carriedTableRows, frame.visibleRange.upperBound == carried.position else { return nil }
        return carried
    }

    /// The first place from `top` down where rows `width` wide and `height` tall (or down to
    /// the container's foot, rows taller than the room left being split there) are clear of
    /// the container's shape, exclusions and floats; nil when there is none above the foot.
    private func clearPlace(width: Double, height: Double, in container: Container, from top: Double) -> (x: Double, top: Double)? {
        let step = Self.bandStep(on: container.baselineGrid)
        var y = top
        while y + 1 <= container.rect.maxY {
            let band = min(height, container.rect.maxY - y)
            // The tolerance in the ask itself: a stretch's width, one subtraction from the
            // container's edges, can come out a rounding error narrower than a table as wide as it.
            if let stretch = container.lineFragments(top: y, height: band, narrowest: width - 0.001).first {
                return (stretch.minX, y)
            }
            y += step
        }
        return nil
    }

    /// The header rows of `table` set from `top`, to be repeated at the top of a column.
    private func headerRows(of table: TableRange, geometry: TableGeometry, left: Double, top: Double) -> PlacedTableRows {
        let rows = 0 ..< table.headerRowCount
        return framesetter.place(rows: rows, of: table, texts: table.cellTexts(in: rows, goingOn: nil), geometry: geometry, left: left,
                                 top: top, isRepeatedHeader: true, opensPart: true)
    }

    /// A line holding `rows`, below `bodyRowsAbove` lines of the table's body rows in the column.
    private func rowLine(_ rows: PlacedTableRows, of table: TableRange, text range: Range<Int>, top: Double,
                         bodyRowsAbove: Int) -> TableRowLine {
        let style = text.paragraphStyle(at: table.range.lowerBound)
        var rules = KeepRules(style)
        // A header row never ends a column: the rows it heads go on with it.
        rules.keepWithNext = rows.rows.lowerBound < table.headerRowCount
        rules.keepWithPrevious = false
        // The body rows are lines of one paragraph to the keep rules, the first in each column
        // starting it (after the header, kept with it); a row split inside its cells, taller
        // than a column, leaves no orphan.
        let isBody = rows.rows.lowerBound >= table.headerRowCount
        let linesBefore: Int? = isBody && rows.continuation != nil ? nil : isBody ? bodyRowsAbove : 0
        var line = Line(origin: Point(x: rows.rect.minX, y: rows.rect.maxY), ascent: rows.rect.height, descent: 0, leading: 0,
                        width: rows.rect.width, stringRange: range, runs: [], endsParagraph: true)
        line.tableRows = rows
        let setLine = ColumnBreak.SetLine(linesBefore: linesBefore, endsParagraph: !isBody || rows.endsTable, isBlank: false, rules: rules,
                                          keep: KeptBlock(style, paragraphStart: table.range.lowerBound), bottom: rows.rect.maxY - top)
        return TableRowLine(line: line, setLine: setLine)
    }
}
