import Layout

extension LayoutJSON {
    /// Table rows held by a line (docs/layout-json.md): the rows, the rectangle they fill, and
    /// each cell with its place in the grid, its bounds and its text's frame.
    struct TableRows: Encodable {
        var table: Int
        var rows: [Int]
        var rect: Rect
        /// The header rows drawn again at the top of a column the table goes on in.
        var repeatedHeader: Bool
        var cells: [Cell]
    }

    struct Cell: Encodable {
        var row: Int
        var column: Int
        var rowSpan: Int
        var columnSpan: Int
        var header: Bool
        var stringRange: [Int]
        /// The cell out to its rules.
        var bounds: Rect
        /// Its text, as a frame like the page's, inside the cell less its padding.
        var frame: Frame
    }

    static func tableRows(_ placed: PlacedTableRows) -> TableRows {
        TableRows(table: placed.style.number, rows: [placed.rows.lowerBound, placed.rows.upperBound], rect: rect(placed.rect),
                  repeatedHeader: placed.isRepeatedHeader,
                  cells: placed.cells.map { cell in
                      let position = cell.cell.cell
                      return Cell(row: position.row, column: position.column, rowSpan: position.rowSpan, columnSpan: position.columnSpan,
                                  header: position.isHeader || position.isInHeaderRow, stringRange: range(cell.cell.range),
                                  bounds: rect(cell.rect), frame: frame(cell.frame))
                  })
    }
}
