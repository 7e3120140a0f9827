import Layout
import Pages

/// Table rows taller than the column they open. A row (or the rows a `rowspan` binds) is set
/// whole, and one taller than its column runs past the column's foot, over what is below or
/// off the page: splitting a row inside its cells is not built yet (issue 36). Until it is, the
/// laid-out page names each such row, so that the author can shorten its cells or widen the
/// table (a debug build's page check fails the page).
enum TallTableRowCheck {
    struct TallRow {
        /// The row's first character.
        var character: Int
        var height: Double
        /// From the row's top to the foot of its column.
        var room: Double

        var message: String {
            "table row is \(MessagePoints.tenths(height)) pt tall and its column has \(MessagePoints.tenths(room)) pt for it: "
                + "it runs past the column's foot (a row is not split inside its cells); shorten its cells or widen the table"
        }
    }

    static func rows(on page: Page) -> [TallRow] {
        page.frames.flatMap { frame in
            frame.lines.compactMap { line -> TallRow? in
                guard let rows = line.tableRows, rows.rect.maxY > frame.container.rect.maxY + 0.5 else { return nil }
                return TallRow(character: line.stringRange.lowerBound, height: rows.rect.height, room: frame.container.rect.maxY - rows.rect.minY)
            }
        }
    }
}
