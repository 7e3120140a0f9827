import Diagnostics
import Layout
import Pages
import Text

/// Tables whose widest words need more than their column's width, hyphenated where they may be.
/// Such a table is set as wide as its column, its lengths given way, its columns narrowed and the
/// words too wide for their cells broken there (`TableColumnWidths`), rather than printed over
/// the next column; the laid-out
/// page names each such table once, at the first of its rows it shows, so that the author can
/// widen the column or shorten the words. A table whose columns need more than its column even
/// a glyph wide is overfull, set past its column: that is named at its `<table>` tag instead,
/// with the widths, as TeX names an overfull box.
struct TableWidthCheck {
    struct NarrowedTable {
        /// The first character of the first rows found.
        var character: Int
        var width: Double
        var needed: Double
        /// Where the `<table>` was written, for an overfull table (nil: made without markup).
        var tag: SourcePlace?
        /// The width the table was to be set in, when it is overfull; else nil.
        var overfullPast: Double?

        var message: String {
            if let overfullPast {
                return "table is overfull: its columns need \(MessagePoints.tenths(width)) pt at the least (each its widest "
                    + "glyph and padding) and it has \(MessagePoints.tenths(overfullPast)) pt; it is set "
                    + "\(MessagePoints.tenths(width)) pt wide, \(MessagePoints.tenths(width - overfullPast)) pt past its column; "
                    + "give it fewer columns, or a wider column"
            }
            return "table is set \(MessagePoints.tenths(width)) pt wide, as its column, and its widest words need "
                + "\(MessagePoints.tenths(needed)) pt: they are broken inside their cells; widen the column, "
                + "or shorten the words"
        }
    }

    /// Where each table was written, for the message of an overfull one.
    let places: ElementPlaces
    private var reported: Set<Int> = []

    init(places: ElementPlaces) {
        self.places = places
    }

    /// The tables on `page` set narrower than their words, or past their column, not reported before.
    mutating func narrowedTables(on page: Page) -> [NarrowedTable] {
        // Asked of every page: its lines are read in place, not gathered into a new array.
        var found: [NarrowedTable] = []
        func look(at lines: [Line]) {
            for index in lines.indices {
                guard let rows = lines[index].tableRows, rows.narrowedFrom != nil || rows.overfullPast != nil,
                      reported.insert(rows.style.number).inserted else { continue }
                found.append(NarrowedTable(character: lines[index].stringRange.lowerBound, width: rows.rect.width,
                                           needed: rows.narrowedFrom ?? rows.rect.width,
                                           tag: rows.overfullPast == nil ? nil : places.place(of: rows.style), overfullPast: rows.overfullPast))
            }
        }
        for frame in page.frames { look(at: frame.lines) }
        for box in page.boxes { for frame in box.frames { look(at: frame.lines) } }
        return found
    }
}
