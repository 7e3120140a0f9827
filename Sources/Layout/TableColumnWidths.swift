import Text

/// How a table's width is shared among its columns (`widths`), as HTML's automatic table
/// layout and InDesign's fixed and proportional columns do:
///
/// - a length is that wide, or as wide as its widest word where that is wider (HTML's automatic
///   layout widens a column of a set width to its content; a 16 pt column with 8 pt of padding
///   set "lamp." a letter a line, past its cell);
/// - `auto` is as wide as its text unbroken (`natural`) if the table has room, else at least
///   its widest word (`minimum`), the room beyond the minima shared in proportion to what each
///   would take beyond its own;
/// - proportions (`2*`) share what is left, by weight, none narrower than its widest word.
///
/// The table is `width` wide (its column's width unless it asks for one), so with no
/// proportional column the automatic ones grow to fill it; with only lengths it is as wide as
/// they add up to. Widths include the cells' padding.
///
/// Where its columns' lengths and widest words add up to more than its width, the lengths give
/// way first, down to their widest words (a length asks for room, a word needs it: a 229.7 pt
/// length in a 90 pt column left the column beside it 3.5 pt, and "At." was set a letter a line,
/// its 'A' past the cell, seed 9712); then the cells' padding at their sides (`sidePadding`),
/// down to 1 pt; then the columns whose words hyphenate, down to their widest pieces
/// (`LeastColumnWidths`); then the words of letters are broken in their cells, as a column
/// breaks a word wider than itself (`TableWidthCheck` warns of it); a word with a digit in it (a
/// figure) only where the figures alone are wider than the table: set wider, it would print over
/// the next column or off the page. Narrowing every column in proportion first broke "148,950"
/// as "148,95 / 0" beside a column of text that could have hyphenated "Interdepart-mental".
/// No column is narrower than its widest glyph and its padding: a table whose glyphs need more
/// than its width is set at them, past it (overfull), rather than letters over letters.
public enum TableColumnWidths {
    public static func widths(for specs: [TableStyle.ColumnWidth], minimum: [Double], natural: [Double], width: Double,
                              fillsWidth: Bool = true, least: LeastColumnWidths? = nil) -> [Double] {
        var result = [Double](repeating: 0, count: specs.count)
        var fixed = 0.0
        var autos: [Int] = [], proportional: [Int] = []
        for (column, spec) in specs.enumerated() {
            switch spec {
            case .points(let points):
                result[column] = max(points, minimum[column])
                fixed += result[column]
            case .auto: autos.append(column)
            case .proportion: proportional.append(column)
            }
        }
        // The proportional columns' widest words are kept out of what the automatic ones share.
        let room = max(0, width - fixed - proportional.reduce(0) { $0 + minimum[$1] })
        let minima = autos.reduce(0) { $0 + minimum[$1] }
        let naturals = autos.reduce(0) { $0 + max(natural[$1], minimum[$1]) }
        if naturals <= room {
            for column in autos { result[column] = max(natural[column], minimum[column]) }
        } else {
            // Not room for every automatic column unbroken: each gets its minimum and a share of
            // what is left in proportion to what it would take beyond it.
            let extra = max(0, room - minima), wanted = naturals - minima
            for column in autos {
                let beyond = max(natural[column], minimum[column]) - minimum[column]
                result[column] = minimum[column] + (wanted > 0 ? extra * beyond / wanted : 0)
            }
        }
        let left = max(0, width - fixed - autos.reduce(0) { $0 + result[$1] })
        if !proportional.isEmpty {
            shareByWeight(left, among: proportional, specs: specs, minimum: minimum, into: &result)
        } else if fillsWidth, !autos.isEmpty, left > 0 {
            // No proportional column takes the rest: the automatic ones share it by their widths.
            let total = autos.reduce(0) { $0 + result[$1] }
            for column in autos { result[column] += total > 0 ? left * result[column] / total : left / Double(autos.count) }
        }
        lengthsGiveWay(to: width, specs: specs, minimum: minimum, in: &result)
        let none = minimum.map { _ in 0.0 }
        let floors = least ?? LeastColumnWidths(hyphenated: minimum, unbreakable: none, glyph: none)
        // Below the widest words: their hyphenated pieces, then the figures and a glyph of each
        // word; past those, figures broken too, down to a glyph of each column: a table run past
        // its column for its figures printed over the next column's text (layout fuzz seed 40).
        // Narrower than its glyphs no column goes: its letters printed over each other (60
        // cells of "c" in 240 pt), so such a table is set at them, overfull (`isOverfull`).
        giveWay(to: width, downTo: zip(minimum, floors.hyphenated).map(min), in: &result)
        let unbreakable = zip(result, floors.unbreakable).map(min)
        let glyphs = zip(result, floors.glyph).map(min)
        giveWay(to: width, downTo: unbreakable.reduce(0, +) <= width ? unbreakable : glyphs, in: &result)
        return result
    }

    /// Whether columns `widths` wide, as `widths(…)` shared them, run past `width`: their
    /// glyphs alone need more (TeX's overfull box). Set at their least, nothing in them
    /// overprints; the table reaches past its column, and `TableWidthCheck` says so at its tag.
    public static func isOverfull(_ widths: [Double], width: Double) -> Bool {
        widths.reduce(0, +) > width + overfullTolerance
    }

    /// What a table may run past its width by, from rounding, before it is overfull.
    static let overfullTolerance = 0.01

    /// `widths` narrowed, each in proportion to what it has beyond its `floor`, as far as they
    /// need to fit `width` and no further than the floors.
    private static func giveWay(to width: Double, downTo floor: [Double], in widths: inout [Double]) {
        let over = widths.reduce(0, +) - width
        let give = zip(widths, floor).reduce(0) { $0 + max(0, $1.0 - $1.1) }
        guard over > 0, give > 0 else { return }
        let share = min(1, over / give)
        for column in widths.indices { widths[column] -= max(0, widths[column] - floor[column]) * share }
    }

    /// The length columns of `widths` narrowed, in proportion to what each has beyond its
    /// widest word, as far as the table needs to fit `width` and no further than those words.
    private static func lengthsGiveWay(to width: Double, specs: [TableStyle.ColumnWidth], minimum: [Double], in widths: inout [Double]) {
        let floor = specs.indices.map { column in
            if case .points = specs[column] { return minimum[column] } else { return widths[column] }
        }
        giveWay(to: width, downTo: floor, in: &widths)
    }

    /// The least padding a cell's sides give way to before its words are broken.
    public static let leastSidePadding = 1.0

    /// The padding at the cells' left and right: `padding`, or as much less as the columns'
    /// widest words (`minimum`, without padding) need to fit `width`, down to `leastSidePadding`
    /// (or `padding`, if less). A point of padding is a smaller loss than a word broken in a
    /// heading ("Roun/d") or a column run over; a length gives way before it (`widths`), so
    /// lengths take no padding from the cells.
    public static func sidePadding(_ padding: Double, for specs: [TableStyle.ColumnWidth], minimum: [Double], width: Double) -> Double {
        let least = min(padding, leastSidePadding)
        let words = widthOfWidestWords(for: specs, minimum: minimum), sides = 2 * Double(minimum.count)
        guard sides > 0, words + sides * padding > width + 1e-9 else { return padding }
        return max(least, (width - words) / sides)
    }

    /// The least width at which no column of the table is narrower than its widest word: what
    /// `widths` narrows the columns from when `width` is less (lengths give way to it first).
    public static func widthOfWidestWords(for specs: [TableStyle.ColumnWidth], minimum: [Double]) -> Double {
        minimum.reduce(0, +)
    }

    /// `room` shared among the proportional `columns` by weight, none narrower than its widest
    /// word: one whose share is less gets its minimum, and the others share what is left.
    private static func shareByWeight(_ room: Double, among columns: [Int], specs: [TableStyle.ColumnWidth], minimum: [Double],
                                      into result: inout [Double]) {
        func weight(_ column: Int) -> Double {
            if case .proportion(let weight) = specs[column] { return weight }
            return 0
        }
        var sharing = columns, left = room
        while !sharing.isEmpty {
            let weights = sharing.reduce(0) { $0 + weight($1) }
            let narrow = sharing.filter { left * weight($0) / weights < minimum[$0] }
            guard !narrow.isEmpty else {
                for column in sharing { result[column] = left * weight(column) / weights }
                return
            }
            for column in narrow { result[column] = minimum[column] }
            left = max(0, left - narrow.reduce(0) { $0 + minimum[$1] })
            sharing.removeAll { narrow.contains($0) }
        }
    }
}
