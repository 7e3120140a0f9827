import Text

/// One cell set where it stands: its rectangle (out to the rules), the rectangle its text is
/// set in (less the padding), and its text's frame.
public struct PlacedTableCell: Sendable {
    public var rect: Rect
    public var textRect: Rect
    public var cell: TableCellRange
    public var frame: Frame
}

/// Rows of a table set in a column as one unit — a group of rows a `rowspan` binds, or the
/// header rows repeated at the top of a column the table goes on in — held by one `Line`, which
/// the column's breaks treat as a line that cannot split (as a box kept in the column).
public struct PlacedTableRows: Sendable {
    public var style: TableStyle
    /// The rows held, of the table's.
    public var rows: Range<Int>
    /// The rows' outer rectangle.
    public var rect: Rect
    /// The top of each row held, and the bottom of the last.
    public var rowEdges: [Double]
    /// The left of each column, and the right of the last, left to right (a right-to-left
    /// table's first column is its last).
    public var columnEdges: [Double]
    public var cells: [PlacedTableCell]
    /// The header rows drawn again at the top of a column the table goes on in: drawn as a
    /// page's furniture (an artifact), their text read once, where it is written.
    public var isRepeatedHeader: Bool
    /// Whether the rows are the first the column shows of the table (a rule between rows is not
    /// drawn above them).
    public var opensPart: Bool
    /// Whether the rows end the table.
    public var endsTable: Bool
    /// The width the table's widest words need, when its column is narrower and it was set
    /// narrower than they are, breaking them in their cells (`TableColumnWidths`); else nil.
    public var narrowedFrom: Double?
    /// The width the table was to be set in (its column's, or its `width`) when a glyph of each
    /// column and its padding need more: it is set at those, past it (overfull); else nil.
    public var overfullPast: Double?

    /// Where the rows go on when they were split inside their cells at the column's foot,
    /// taller than a column (see TableRowSplit).
    public var continuation: TableRowContinuation?

    /// Whether the rows go on from rows split at the foot of an earlier column.
    public var goOnFromSplit: Bool { cells.contains { $0.frame.visibleRange.lowerBound > $0.cell.range.lowerBound } }

    /// Whether `row` is a body row that takes the table's stripes: every other one, from the
    /// second after the header rows.
    public func isStriped(_ row: Int) -> Bool {
        style.stripes != nil && row >= style.headerRows && (row - style.headerRows) % 2 == 1
    }

    /// What the stripes fill: each striped row across the table but for the cells spanning
    /// rows, and each cell spanning rows whose first row is striped — a cell takes the stripe
    /// of its first row whole, never half a tint.
    public var stripeRects: [Rect] {
        guard style.stripes != nil else { return [] }
        let spanning = cells.filter { $0.cell.cell.rowSpan > 1 }
        var found: [Rect] = []
        for (index, row) in rows.enumerated() where isStriped(row) {
            let top = rowEdges[index], bottom = rowEdges[index + 1]
            // The row's stretches left of, between and right of the spanning cells over it.
            var left = rect.minX
            for cell in spanning.filter({ $0.cell.rows.contains(row) }).sorted(by: { $0.rect.minX < $1.rect.minX }) {
                if cell.rect.minX > left { found.append(Rect(x: left, y: top, width: cell.rect.minX - left, height: bottom - top)) }
                left = max(left, cell.rect.maxX)
            }
            if rect.maxX > left { found.append(Rect(x: left, y: top, width: rect.maxX - left, height: bottom - top)) }
        }
        return found + spanning.filter { isStriped($0.cell.cell.row) }.map(\.rect)
    }
}
