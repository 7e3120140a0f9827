import Foundation

/// The `<table>`s of generated documents (docs/markup.md, "Tables"): header rows, `colspan` and
/// `rowspan`, stripes, rules, decimal alignment, cells whose text wraps, tables longer than a
/// column, narrower than it or wider than its words allow, in the column, in figures (floated,
/// across columns, with a caption) and in asides.
///
/// Its choices come from a random stream of its own, derived from the document's seed, so that
/// adding tables left every other choice of every seed as it was: a seed names the same
/// document, tables apart, as before tables were generated.
struct TableGenerator {
    private var random: FuzzRandom
    private let chancePerBlock: Double

    /// The chance that a table comes before a block of the flow.
    static let chancePerBlock = 0.08

    init(seed: UInt64, chancePerBlock: Double = Self.chancePerBlock) {
        self.chancePerBlock = chancePerBlock
        // One step of SplitMix from the seed mixed with "tables": a stream apart from the
        // document's, which starts at the seed itself.
        var mixer = FuzzRandom(seed: seed ^ 0x7461_626C_6573)
        random = FuzzRandom(seed: mixer.next())
    }

    /// Whether a table comes before the next block.
    mutating func comesNext() -> Bool { random.chance(chancePerBlock) }

    /// A table for a flow of `columns` columns `columnWidth` wide: in the column, or in a
    /// figure or an aside placed any way the flow allows.
    mutating func table(columnWidth: Double, columns: Int, gutter: Double) -> [String] {
        switch random.int(0 ... 9) {
        case 0 ... 5: return grid(width: columnWidth, rows: 2 ... 14, inBox: false)
        case 6 ... 7: return figure(columnWidth: columnWidth, columns: columns, gutter: gutter)
        default: return aside(columnWidth: columnWidth)
        }
    }

    /// A figure holding a table, placed as a picture's figure is, with a caption now and then.
    private mutating func figure(columnWidth: Double, columns: Int, gutter: Double) -> [String] {
        let figure = FigureTag(random: &random, columnWidth: columnWidth, columns: columns, gutter: gutter)
        var lines = [figure.tag] + grid(width: figure.contentWidth, rows: 2 ... 4, inBox: true)
        if random.chance(0.7) { lines.append("<caption>\(prose(random.int(3 ... 12)))</caption>") }
        return lines + ["</figure>"]
    }

    /// An aside holding a small table under a bold head: short enough for any column (an aside
    /// taller than its column is an error).
    private mutating func aside(columnWidth: Double) -> [String] {
        let float = random.pick(["", "left", "right"])
        var tag = "<aside"
        var width = columnWidth
        if !float.isEmpty {
            width = random.number(min(60, columnWidth), to: max(60, columnWidth * 0.8), step: 2)
            tag += " float=\"\(float)\" width=\"\(f(width))\""
        }
        tag += random.pick([" background=\"#e8eef4\"", " border=\"0.5 #5a7a9a\"", ""])
        return [tag + ">", "<p><b>\(prose(random.int(1 ... 3)))</b></p>"] + grid(width: width, rows: 2 ... 3, inBox: true) + ["</aside>"]
    }

    /// The `<table>` itself, a row a line, as a designer writes one for a column `width` wide:
    /// 30 pt or more a column (45 in a box), lengths near a column's share, padding up to 8 pt
    /// (3 in a box). One in a box (`inBox`) is kept short, its cells a word or two: a box
    /// taller than the page's room is an error (it never splits), where a table in the column
    /// is split between rows.
    private mutating func grid(width: Double, rows rowRange: ClosedRange<Int>, inBox: Bool) -> [String] {
        let columnCount = random.int(1 ... max(1, min(inBox ? 4 : 5, Int(width / (inBox ? 45 : 30)))))
        let rowCount = random.int(rowRange)
        let headerRows = random.pick([0, 0, 1, 1, 1, 2])
        var tag = "<table"
        let share = width / Double(columnCount)
        if random.chance(0.6) { tag += " widths=\"\((0 ..< columnCount).map { _ in columnWidthValue(share: share) }.joined(separator: " "))\"" }
        if random.chance(0.15) {
            tag += " width=\"\(f(random.number(min(width, max(Double(columnCount) * 30, width * 0.4)), to: width, step: 2)))\""
        }
        if headerRows > 0 { tag += " header-rows=\"\(min(headerRows, rowCount))\"" }
        if random.chance(0.6) { tag += " rules=\"\(random.pick(["none", "rows", "cols", "all", "frame"]))\"" }
        if random.chance(0.3) { tag += " stripes=\"#f2efe8\"" }
        if random.chance(0.2) { tag += " border=\"\(random.pick(["0.5 gray", "1 #8a6d3b", "2 black"]))\"" }
        if random.chance(0.2) { tag += " padding=\"\(f(random.number(0, to: inBox ? 3 : 8)))\"" }
        let alignments = (0 ..< columnCount).map { _ in random.pick(["", "", "left", "right", "center", "justify", "decimal", "decimal"]) }
        var lines = [tag + ">"]
        // For each column, how many rows from the current one a cell above still covers.
        var covered = Array(repeating: 0, count: columnCount)
        for row in 0 ..< rowCount {
            var cells = ""
            var column = 0
            while column < columnCount {
                if covered[column] > 0 { column += 1; continue }
                let header = row < headerRows || (column == 0 && random.chance(0.1))
                let (text, attributes) = cell(alignment: alignments[column], header: header, short: inBox)
                var spans = attributes
                let free = (column ..< columnCount).prefix { covered[$0] == 0 }.count
                var columnSpan = 1
                // Now and then a span over a column a rowspan above covers: the parser ends it there.
                let reach = random.chance(0.05) ? columnCount - column : free
                if reach > 1 && random.chance(0.15) {
                    columnSpan = random.int(2 ... reach)
                    spans += " colspan=\"\(columnSpan)\""
                }
                let rowSpan = row + 1 < rowCount && random.chance(0.1) ? random.int(2 ... min(3, rowCount - row)) : 1
                if rowSpan > 1 { spans += " rowspan=\"\(rowSpan)\"" }
                for spanned in column ..< min(column + columnSpan, column + free) { covered[spanned] = rowSpan }
                let name = header ? "th" : "td"
                cells += "<\(name)\(spans)>\(text)</\(name)>"
                column += max(1, min(columnSpan, free))
            }
            lines.append("<tr>\(cells)</tr>")
            covered = covered.map { max(0, $0 - 1) }
        }
        return lines + ["</table>"]
    }

    /// One column's `widths` value: a length from half to one and a half times its `share` of
    /// the table, a proportion or `auto`.
    private mutating func columnWidthValue(share: Double) -> String {
        switch random.int(0 ... 3) {
        case 0: return "auto"
        case 1: return random.pick(["*", "2*", "3*"])
        default: return f(random.number(max(16, share * 0.5), to: max(16, share * 1.5), step: 2))
        }
    }

    /// A cell's text and attributes: a figure, words, none, or (unless `short`) enough words
    /// to wrap.
    private mutating func cell(alignment: String, header: Bool, short: Bool) -> (String, String) {
        var attributes = alignment.isEmpty ? "" : " align=\"\(alignment)\""
        if random.chance(0.15) { attributes += " valign=\"\(random.pick(["top", "middle", "bottom"]))\"" }
        if random.chance(0.08) { attributes += " background=\"#dde8d0\"" }
        if header { return (prose(random.int(1 ... 3)), attributes) }
        switch random.int(0 ... 9) {
        case 0 ... 3: return ("\(random.int(0 ... 9999)).\(random.int(0 ... 99))", attributes)
        case 4: return ("\(random.int(1 ... 999))", attributes)
        case 5: return ("", attributes)
        case 6 where !short: return (prose(random.int(6 ... 24)), attributes)
        default: return (prose(random.int(1 ... 3)), attributes)
        }
    }

    private mutating func prose(_ words: Int) -> String {
        Prose(language: .english).words(words, random: &random)
    }

    private func f(_ number: Double) -> String { FuzzOptions.format(number) }
}
