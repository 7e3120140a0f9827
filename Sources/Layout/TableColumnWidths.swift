import Text

/// How a table's width is shared among its columns (`widths`), as HTML's automatic table
/// layout and InDesign's fixed and proportional columns do:
///
/// - a length is that wide;
/// - `auto` is as wide as its text unbroken (`natural`) if the table has room, else at least
///   its widest word (`minimum`), the room beyond the minima shared in proportion to what each
///   would take beyond its own;
/// - proportions (`2*`) share what is left, by weight, none narrower than its widest word.
///
/// The table is `width` wide (its column's width unless it asks for one), so with no
/// proportional column the automatic ones grow to fill it; with only lengths it is as wide as
/// they add up to. The automatic columns leave the proportional ones their widest words, so a
/// table whose widest words fit is never wider than `width`; one whose widest words do not is
/// as wide as they are, sticking out of its column, as InDesign's does: a word is never broken
/// between letters to make it narrower. Widths include the cells' padding.
public enum TableColumnWidths {
    public static func widths(for specs: [TableStyle.ColumnWidth], minimum: [Double], natural: [Double], width: Double,
                              fillsWidth: Bool = true) -> [Double] {
        var result = [Double](repeating: 0, count: specs.count)
        var fixed = 0.0
        var autos: [Int] = [], proportional: [Int] = []
        for (column, spec) in specs.enumerated() {
            switch spec {
            case .points(let points):
                result[column] = points
                fixed += points
            case .auto: autos.append(column)
            case .proportion: proportional.append(column)
            }
        }
        let room = max(0, width - fixed)
        let minima = autos.reduce(0) { $0 + minimum[$1] }
        let naturals = autos.reduce(0) { $0 + max(natural[$1], minimum[$1]) }
        // The automatic columns leave the proportional ones their widest words.
        let autoRoom = max(0, room - proportional.reduce(0) { $0 + minimum[$1] })
        if naturals <= autoRoom {
            for column in autos { result[column] = max(natural[column], minimum[column]) }
        } else {
            // Not room for every automatic column unbroken: each gets its minimum and a share of
            // what is left in proportion to what it would take beyond it.
            let extra = max(0, autoRoom - minima), wanted = naturals - minima
            for column in autos {
                let beyond = max(natural[column], minimum[column]) - minimum[column]
                result[column] = minimum[column] + (wanted > 0 ? extra * beyond / wanted : 0)
            }
        }
        let left = max(0, room - autos.reduce(0) { $0 + result[$1] })
        if !proportional.isEmpty {
            shareByWeight(left, among: proportional, specs: specs, minimum: minimum, into: &result)
        } else if fillsWidth, !autos.isEmpty, left > 0 {
            // No proportional column takes the rest: the automatic ones share it by their widths.
            let total = autos.reduce(0) { $0 + result[$1] }
            for column in autos { result[column] += total > 0 ? left * result[column] / total : left / Double(autos.count) }
        }
        return result
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
