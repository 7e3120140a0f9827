import Diagnostics
import Layout
import Pages
import Text

/// Tables whose widest words need more than their column's width. Such a table is set as wide
/// as its column, its lengths given way and its columns narrowed, its long words hyphenated in
/// their cells as a column hyphenates them (`TableColumnWidths`): no fault. A word that cannot
/// be hyphenated there (no syllable to break at, a figure) is cut at a letter with no hyphen; the
/// laid-out pages name such a table once, at the first word cut, with the words cut on every
/// page it is set on (`TableCutWords`), so that the author can widen the column or shorten them.
/// A table whose columns need more than its column even a glyph wide is overfull, set past its
/// column: that is named at its `<table>` tag instead, with the widths, as TeX names an overfull box.
struct TableWidthCheck {
    struct NarrowedTable {
        /// The first character of the first word cut; of the first rows found, when overfull.
        var character: Int
        var width: Double
        var needed: Double
        /// The words cut with no hyphen, in the order found.
        var cutWords: [String] = []
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
                + "\(MessagePoints.tenths(needed)) pt: \(cutWordsNamed) with no hyphen; widen the column, or shorten the words"
        }

        /// The first words cut, quoted, and how many more: a table of thousands of rows would
        /// make a line of as many.
        private var cutWordsNamed: String {
            let shown = cutWords.prefix(Self.wordsShown).map { "\"\($0)\"" }
            if shown.count == 1 { return shown[0] + " is cut inside its cell" }
            let more = cutWords.count - shown.count
            let named = more > 0 ? shown.joined(separator: ", ") + " and \(more) more" : shown.dropLast().joined(separator: ", ") + " and " + shown[shown.count - 1]
            return named + " are cut inside their cells"
        }

        private static let wordsShown = 3
    }

    /// Where each table was written, for the message of an overfull one.
    let places: ElementPlaces
    /// The cells' words, read until the last page is seen (`finish`).
    private var cutWords: TableCutWords?
    /// The tables found, overfull or cutting words, each once, in the order found.
    private(set) var tables: [NarrowedTable] = []
    /// Where each table found, by number, is in `tables`.
    private var found: [Int: Int] = [:]
    /// The first characters of the words named: a repeated header row's are its first rows'.
    private var wordsNamed: Set<Int> = []

    init(places: ElementPlaces, text: AttributedText) {
        self.places = places
        cutWords = TableCutWords(text: text)
    }

    /// Finds the tables on `page` set past their column, or cutting words, and the words cut.
    mutating func look(at page: Page) {
        for frame in page.frames { look(at: frame.lines) }
        for box in page.boxes { for frame in box.frames { look(at: frame.lines) } }
    }

    /// The pages are all seen: the text is let go.
    mutating func finish() {
        cutWords = nil
    }

    private mutating func look(at lines: [Line]) {
        // Asked of every page: its lines are read in place, not gathered into a new array.
        for index in lines.indices {
            guard let rows = lines[index].tableRows else { continue }
            if let overfullPast = rows.overfullPast {
                guard found[rows.style.number] == nil else { continue }
                found[rows.style.number] = tables.count
                tables.append(NarrowedTable(character: lines[index].stringRange.lowerBound, width: rows.rect.width,
                                            needed: rows.rect.width, tag: places.place(of: rows.style), overfullPast: overfullPast))
            } else if let needed = rows.narrowedFrom, let cutWords {
                for word in cutWords.words(in: rows) where wordsNamed.insert(word.character).inserted {
                    if let known = found[rows.style.number] {
                        tables[known].cutWords.append(word.text)
                    } else {
                        found[rows.style.number] = tables.count
                        tables.append(NarrowedTable(character: word.character, width: rows.rect.width, needed: needed, cutWords: [word.text]))
                    }
                }
            }
        }
    }
}
