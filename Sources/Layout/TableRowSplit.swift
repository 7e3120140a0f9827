/// Rows taller than a column, split inside their cells, as TeX splits a paragraph: the rows
/// above the column's foot go whole, and in the row the foot crosses each cell keeps the lines
/// that fit above it — the cell's own frame, set by the line loop in the room left, ended where
/// its paragraphs allow (widows, orphans, no hyphen at the foot) — the rest going on at the top
/// of the next column, below the header rows repeated. A row is split only when it is taller
/// than a whole column: one that is not goes on whole to the next column.
///
/// The cells of a split row are set from its top (a cell's `valign` places its text within a
/// whole row; a split row has no bottom to align to).
public struct TableRowContinuation: Equatable, Sendable {
    /// The table's number.
    public var table: Int
    /// The rows left: the row split, to the end of its group.
    public var rows: Range<Int>
    /// The cells over the row split, with where their text goes on (their end: none is left).
    var cells: [CellText]
    /// The first character not shown: where the next frame starts.
    public var position: Int
    /// The height of the rows split, set whole from where they were split: what the column
    /// could not hold.
    public var wholeHeight: Double
}

/// One cell's text in the rows being set: the cell, and where its text starts (its own first
/// character, or where a split row left it).
struct CellText: Equatable, Sendable {
    var cell: TableCellRange
    var start: Int

    /// Whether the cell's text went on from an earlier column.
    var goesOn: Bool { start > cell.range.lowerBound }
}

extension TableRange {
    /// The cells of `rows` with where each one's text starts: from its first character, or,
    /// going on from a split (`carried`), the cells over the row split from where they were left.
    func cellTexts(in rows: Range<Int>, goingOn carried: TableRowContinuation?) -> [CellText] {
        guard let carried, carried.rows == rows else {
            return cells(in: rows).map { CellText(cell: $0, start: $0.range.lowerBound) }
        }
        return carried.cells + cells(in: rows.lowerBound + 1 ..< rows.upperBound).map { CellText(cell: $0, start: $0.range.lowerBound) }
    }
}

extension Framesetter {
    /// `whole` (`texts` set as rows from its top, reaching below `foot`) cut at `foot`: the rows
    /// above the row the foot crosses, and of the cells over that row the lines that fit above
    /// the foot; with what goes on. Nil when nothing of the rows fits, unless `forced` (the
    /// rows open the column: each cell over the row then keeps at least its first line).
    func split(_ whole: PlacedTableRows, of table: TableRange, texts: [CellText], geometry: TableGeometry, foot: Double,
               forced: Bool) -> PlacedTableRows? {
        let padding = table.style.textInset
        let rows = whole.rows
        // The row the foot crosses (its index among the rows held).
        let crossed = (0 ..< rows.count).first { whole.rowEdges[$0 + 1] > foot + 0.001 } ?? rows.count - 1
        let crossedRow = rows.lowerBound + crossed
        var bottom = whole.rowEdges[crossed]
        var cells: [PlacedTableCell] = []
        var goingOn: [CellText] = []
        for (placed, cellText) in zip(whole.cells, texts) {
            let spanned = placed.cell.rows.clamped(to: rows)
            if spanned.upperBound <= crossedRow {
                cells.append(placed)
                continue
            }
            guard spanned.lowerBound <= crossedRow else { continue }
            // Over the row crossed: its lines above the foot, set from the cell's top.
            let top = placed.rect.minY + padding
            let room = Rect(x: placed.textRect.minX, y: top, width: placed.textRect.width, height: max(1, foot - padding - top))
            var frame = setCell(placed.cell, from: cellText.start, in: room)
            if !forced, frame.usedHeight > room.height + 0.001 || frame.visibleRange.upperBound == cellText.start {
                frame.lines = []
                frame.visibleRange = cellText.start ..< cellText.start
            }
            if let last = frame.lines.last { bottom = max(bottom, last.origin.y + last.descent + padding) }
            goingOn.append(CellText(cell: placed.cell, start: frame.visibleRange.upperBound))
            cells.append(PlacedTableCell(rect: placed.rect, textRect: room, cell: placed.cell, frame: frame))
        }
        // Nothing of the row crossed fits: the rows above it are all this column holds of them.
        let shown = bottom > whole.rowEdges[crossed] + 0.001 ? crossed + 1 : crossed
        guard shown > 0 else { return nil }
        let rowEdges = Array(whole.rowEdges[...shown].dropLast()) + [bottom]
        cells = cells.compactMap { placed in
            guard placed.cell.rows.lowerBound < rows.lowerBound + shown else { return nil }
            var cut = placed
            cut.rect.size.height = min(placed.rect.maxY, bottom) - placed.rect.minY
            cut.textRect.size.height = max(0, cut.rect.maxY - padding - cut.textRect.minY)
            cut.frame.container.rect.size.height = cut.textRect.height
            return cut
        }
        var part = whole
        part.rows = rows.lowerBound ..< rows.lowerBound + shown
        part.rect.size.height = bottom - whole.rect.minY
        part.rowEdges = rowEdges
        part.cells = cells
        let left = goingOn.filter { $0.start < $0.cell.range.upperBound }.map(\.start)
            + table.cells(in: crossedRow + 1 ..< rows.upperBound).map(\.range.lowerBound)
        if let next = left.min() {
            part.continuation = TableRowContinuation(table: table.style.number, rows: crossedRow ..< rows.upperBound, cells: goingOn,
                                                     position: next, wholeHeight: whole.rect.height)
            part.endsTable = false
        } else {
            part.continuation = nil
        }
        return part
    }
}

extension Frame {
    /// The table rows the frame split at its foot, when it ends with them: what the next frame
    /// goes on with.
    var tableRowsGoingOn: TableRowContinuation? {
        guard let split = lines.last?.tableRows?.continuation, split.position == visibleRange.upperBound else { return nil }
        return split
    }
}
