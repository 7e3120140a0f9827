import Text

/// One cell of a table in the text: its paragraphs, and where it stands (its spans kept
/// within the table).
public struct TableCellRange: Hashable, Sendable {
    public var range: Range<Int>
    public var cell: TableCell

    public var rows: Range<Int> { cell.row ..< cell.row + cell.rowSpan }
    public var columns: Range<Int> { cell.column ..< cell.column + cell.columnSpan }
}

/// A table's cells in the text, in text order (row by row), and the grid they make.
public struct TableRange: Sendable {
    public var range: Range<Int>
    public var style: TableStyle
    public var cells: [TableCellRange]
    public var rowCount: Int
    public var columnCount: Int
    /// The rows that go together, in order: a cell spanning rows binds them, so that a table
    /// breaks only between groups. Each is a range of rows.
    public var rowGroups: [Range<Int>]

    init(style: TableStyle, cells: [TableCellRange]) {
        self.style = style
        range = (cells.first?.range.lowerBound ?? 0) ..< (cells.last?.range.upperBound ?? 0)
        rowCount = (cells.map(\.cell.row).max() ?? 0) + 1
        columnCount = max(style.widths.count, cells.map { $0.cell.column + $0.cell.columnSpan }.max() ?? 1)
        // A span the markup let reach past the last row ends with it (the parser warned).
        let rows = rowCount
        self.cells = cells.map { found in
            var cell = found
            cell.cell.rowSpan = max(1, min(cell.cell.rowSpan, rows - cell.cell.row))
            return cell
        }
        // How far down the cells starting in each row reach.
        var reach = Array(1 ... rowCount)
        for cell in self.cells { reach[cell.cell.row] = max(reach[cell.cell.row], cell.rows.upperBound) }
        var groups: [Range<Int>] = []
        var start = 0, end = 1
        for row in 0 ..< rowCount {
            end = max(end, reach[row])
            if row + 1 >= end {
                groups.append(start ..< row + 1)
                start = row + 1
                end = row + 2
            }
        }
        rowGroups = groups
    }

    /// The header rows there are (no more than the table has).
    public var headerRowCount: Int { min(style.headerRows, rowCount) }

    /// The cells starting in `rows`, in text order.
    public func cells(in rows: Range<Int>) -> ArraySlice<TableCellRange> {
        // Cells are in text order, which is row order: a catalogue's thousands are searched, not walked.
        let first = cells.partitionIndex { $0.cell.row >= rows.lowerBound }
        let end = cells.partitionIndex { $0.cell.row >= rows.upperBound }
        return cells[first ..< max(first, end)]
    }

    /// The text of the cells starting in `rows`.
    public func range(of rows: Range<Int>) -> Range<Int> {
        let found = cells(in: rows)
        guard let first = found.first, let last = found.last else { return range.lowerBound ..< range.lowerBound }
        return first.range.lowerBound ..< last.range.upperBound
    }

    /// The group of rows whose cells hold `index`.
    public func rowGroup(containing index: Int) -> Range<Int> {
        let cell = cells.partitionIndex { $0.range.upperBound > index }
        let row = cell < cells.count ? cells[cell].cell.row : rowCount - 1
        let group = rowGroups.partitionIndex { $0.upperBound > row }
        return group < rowGroups.count ? rowGroups[group] : row ..< row + 1
    }
}

/// The tables of a text, in text order, found once from its paragraph styles (as `TextBoxes`
/// finds boxes): the column's text passes over their cells' paragraphs, which are set in the
/// table, row by row.
public struct TextTables: Sendable {
    public let all: [TableRange]

    public init(text: AttributedText) {
        var tables: [TableRange] = []
        var style: TableStyle?
        var cells: [TableCellRange] = []
        let runs = text.paragraphStyleRuns
        func finish() {
            if let style, !cells.isEmpty { tables.append(TableRange(style: style, cells: cells)) }
            cells = []
        }
        for run in 0 ..< runs.runCount {
            guard let cell = runs.value(ofRun: run).tableCell else { continue }
            let range = runs.range(ofRun: run)
            if style?.number != cell.table.number {
                finish()
                style = cell.table
            }
            // A cell whose paragraphs differ in style is several runs of the same cell.
            if let last = cells.last, last.cell.row == cell.row, last.cell.column == cell.column, last.range.upperBound == range.lowerBound {
                cells[cells.count - 1].range = last.range.lowerBound ..< range.upperBound
            } else {
                cells.append(TableCellRange(range: range, cell: cell))
            }
        }
        finish()
        all = tables
    }

    /// The table whose cells hold `index`, if any.
    public func table(containing index: Int) -> TableRange? {
        all.element(containing: index, range: \.range)
    }
}
