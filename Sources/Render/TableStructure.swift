import Text

/// Where a table cell's paragraph stands, as the structure tree needs it: kept by reference in
/// `LogicalParagraph`, which a book records for each of its paragraphs and few are cells.
final class TableCellTag: Sendable, Equatable {
    let table: Int
    let row: Int
    let column: Int
    let rowSpan: Int
    let columnSpan: Int
    /// A `<th>`, or a cell of a header row: `TH`.
    let isHeader: Bool
    let isInHeaderRow: Bool

    init(_ cell: TableCell) {
        table = cell.table.number
        row = cell.row
        column = cell.column
        rowSpan = cell.rowSpan
        columnSpan = cell.columnSpan
        isHeader = cell.isHeader || cell.isInHeaderRow
        isInHeaderRow = cell.isInHeaderRow
    }

    static func == (a: TableCellTag, b: TableCellTag) -> Bool {
        (a.table, a.row, a.column, a.rowSpan, a.columnSpan) == (b.table, b.row, b.column, b.rowSpan, b.columnSpan)
            && (a.isHeader, a.isInHeaderRow) == (b.isHeader, b.isInHeaderRow)
    }

    /// The cell's attributes (`/A << /O /Table … >>`): a heading's `/Scope` (its column's, in a
    /// header row; else its row's), and its spans over one.
    var attributes: TableAttributes {
        TableAttributes(scope: isHeader ? (isInHeaderRow ? "Column" : "Row") : nil, rowSpan: rowSpan, columnSpan: columnSpan)
    }
}

/// A `TH`'s or a `TD`'s table attributes.
struct TableAttributes {
    var scope: String?
    var rowSpan: Int
    var columnSpan: Int

    /// Whether any differs from its default (no scope, spans of one).
    var isEmpty: Bool { scope == nil && rowSpan == 1 && columnSpan == 1 }
}

/// The elements of the tables met so far while the tree is built: `Table`, its `THead` and
/// `TBody`, a `TR` a row and a `TH` or `TD` a cell, each made when its first paragraph comes
/// (paragraphs come in text order, so rows and cells come in order).
struct TableElements {
    private var tables: [Int: StructureElement] = [:]
    private var sections: [Int: (head: StructureElement?, body: StructureElement?)] = [:]
    private var rows: [Int: (row: Int, element: StructureElement)] = [:]
    private var cells: [Int: (row: Int, column: Int, element: StructureElement)] = [:]

    /// The `TH` or `TD` for `cell`, made (with its row, section and table) in `container` when new.
    mutating func cell(_ cell: TableCellTag, in container: StructureElement) -> StructureElement {
        if let known = cells[cell.table], known.row == cell.row, known.column == cell.column { return known.element }
        let table = tables[cell.table] ?? {
            let made = StructureElement(role: .table)
            container.append(made)
            tables[cell.table] = made
            return made
        }()
        var section = sections[cell.table] ?? (nil, nil)
        let parent: StructureElement
        if cell.isInHeaderRow {
            parent = section.head ?? StructureElement(role: .tableHead)
            if section.head == nil { table.append(parent) }
            section.head = parent
        } else {
            parent = section.body ?? StructureElement(role: .tableBody)
            if section.body == nil { table.append(parent) }
            section.body = parent
        }
        sections[cell.table] = section
        let row: StructureElement
        if let known = rows[cell.table], known.row == cell.row {
            row = known.element
        } else {
            row = StructureElement(role: .tableRow)
            parent.append(row)
            rows[cell.table] = (cell.row, row)
        }
        let element = StructureElement(role: cell.isHeader ? .tableHeader : .tableData)
        element.tableAttributes = cell.attributes
        row.append(element)
        cells[cell.table] = (cell.row, cell.column, element)
        return element
    }
}
