import Layout
import Pages

/// Table rows taller than a column. A row (or the rows a `rowspan` binds) taller than a whole
/// column is split inside its cells at the column's foot and goes on in the next (see
/// Layout's TableRowSplit): the laid-out page names each such row where it is split first, so
/// that the author knows a row was broken and can shorten its cells or widen the table. A
/// part that still runs past the column's foot (a line of a cell, a picture, taller than the
/// column) is named too.
enum TallTableRowCheck {
    struct TallRow {
        /// The row's first character.
        var character: Int
        var height: Double
        /// From the row's top to the foot of its column.
        var room: Double
        /// Whether the row was split inside its cells (else a part of it runs past the foot).
        var isSplit: Bool

        var message: String {
            let size = "table row is \(MessagePoints.tenths(height)) pt tall and its column has \(MessagePoints.tenths(room)) pt for it: "
            return isSplit ? size + "it is split inside its cells and goes on in the next column"
                : size + "it runs past the column's foot (a line in a cell is taller than the column); shorten its cells or widen the table"
        }
    }

    static func rows(on page: Page) -> [TallRow] {
        page.frames.flatMap { frame in
            frame.lines.compactMap { line -> TallRow? in
                guard let rows = line.tableRows else { return nil }
                let room = frame.container.rect.maxY - rows.rect.minY
                if rows.rect.maxY > frame.container.rect.maxY + 0.5 {
                    return TallRow(character: line.stringRange.lowerBound, height: rows.rect.height, room: room, isSplit: false)
                }
                guard let split = rows.continuation, !rows.goOnFromSplit else { return nil }
                return TallRow(character: line.stringRange.lowerBound, height: split.wholeHeight, room: room, isSplit: true)
            }
        }
    }
}
