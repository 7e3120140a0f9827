import Layout
import Pages

/// Tables whose widest words need more than their column's width, hyphenated where they may be.
/// Such a table is set as wide as its column, its lengths given way, its columns narrowed and the
/// words too wide for their cells broken there (`TableColumnWidths`), rather than printed over
/// the next column; the laid-out
/// page names each such table once, at the first of its rows it shows, so that the author can
/// widen the column or shorten the words.
struct TableWidthCheck {
    struct NarrowedTable {
        /// The first character of the first rows found.
        var character: Int
        var width: Double
        var needed: Double

        var message: String {
            "table is set \(MessagePoints.tenths(width)) pt wide, as its column, and its widest words need "
                + "\(MessagePoints.tenths(needed)) pt: they are broken inside their cells; widen the column, "
                + "or shorten the words"
        }
    }

    private var reported: Set<Int> = []

    /// The tables on `page` set narrower than their words, not reported before.
    mutating func narrowedTables(on page: Page) -> [NarrowedTable] {
        // Asked of every page: its lines are read in place, not gathered into a new array.
        var found: [NarrowedTable] = []
        func look(at lines: [Line]) {
            for index in lines.indices {
                guard let rows = lines[index].tableRows, let needed = rows.narrowedFrom,
                      reported.insert(rows.style.number).inserted else { continue }
                found.append(NarrowedTable(character: lines[index].stringRange.lowerBound, width: rows.rect.width, needed: needed))
            }
        }
        for frame in page.frames { look(at: frame.lines) }
        for box in page.boxes { for frame in box.frames { look(at: frame.lines) } }
        return found
    }
}
