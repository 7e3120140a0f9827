import Breaking
import Text

/// A table's columns at one width: each column's outer width, and where its decimal line is
/// (from the column's left edge) when cells in it align on their decimal separators.
struct TableGeometry: Sendable {
    var columnWidths: [Double]
    var decimalLines: [Double?]
    /// The padding at the cells' left and right: the table's, or less where its column is
    /// narrower than its words with it (`TableColumnWidths.sidePadding`).
    var sidePadding: Double
    /// The least width that holds every column's widest word (and its length), at that padding,
    /// hyphenated where it may be.
    var widthOfWidestWords: Double

    var width: Double { columnWidths.reduce(0, +) }

    /// The width the table was to be set in when a glyph of each column needs more, and it is
    /// set at those, past it (overfull: `TableColumnWidths.isOverfull`); else nil.
    var overfullPast: Double?

    /// The width of its widest words when the table is set narrower, their cells breaking them
    /// (see `TableColumnWidths`), else nil.
    var narrowedFrom: Double? { width < widthOfWidestWords - 0.01 ? widthOfWidestWords : nil }
}

/// A decimal cell's first line: its width before its decimal separator and from it on.
struct DecimalSplit {
    var before: Double
    var after: Double
    var hasSeparator: Bool
    /// Whether the line is one word (a number), which no column narrower than it holds on the
    /// decimal line; a line of words wraps instead, from the cell's left.
    var isOneWord = true
}

/// The decimal cells of one column, and where their line goes.
struct DecimalColumn {
    /// The widest part before the separator of the cells that have one, and after it.
    var numbersBefore = 0.0
    var after = 0.0
    /// The widths of the cells without one (an integer, a header), which end on the line.
    var plainWidths: [Double] = []
    /// The least the column needs across to set its numbers on the line: the widest parts of
    /// the cells whose line is one word. A cell of prose with a full stop in it ("Was seed.
    /// Library…") once made its whole first line the column's least width, and the table's
    /// other columns were squeezed narrower than a letter to make room.
    var leastWidth = 0.0

    mutating func add(_ split: DecimalSplit) {
        if split.hasSeparator {
            numbersBefore = max(numbersBefore, split.before)
            after = max(after, split.after)
            if split.isOneWord { leastWidth = max(leastWidth, split.before + split.after) }
        } else {
            plainWidths.append(split.before)
        }
    }

    /// The decimal line, from the column's left edge, in a column `width` wide: as far right as
    /// the widest part after a separator allows (the numbers flush right, as a decimal tab at the
    /// column's end sets them), and far enough right for every part before it — a header
    /// without a separator ending on it too, unless it is wider than that leaves (then it
    /// wraps from the left, as a cell's text does).
    func line(width: Double, padding: Double) -> Double {
        let room = width - 2 * padding - after
        let plain = plainWidths.filter { $0 <= room }.max() ?? 0
        return max(padding + max(numbersBefore, plain), width - padding - after)
    }
}

/// Setting a table's rows: its columns' widths from its cells' text, each cell's paragraphs
/// set by the same line loop as the column's in a frame of the cell's own (as a box's are,
/// see BoxLayout), rows as tall as their tallest cell, and the decimal line of each column.
extension Framesetter {
    /// How wide the table is set where `available` points are free for it, and its columns.
    func geometry(of table: TableRange, available: Double) -> TableGeometry {
        if let known = cache.tableGeometry(of: table.style.number, width: available) {
            // Measured from every cell: a page that takes it from the memo depends on them all,
            // those of the pages before it included (`TextReach`, for `typeset watch`).
            cache.reach.note(table.range)
            return known
        }
        // What each column's text needs across, without the cells' padding.
        var minimum = [Double](repeating: 0, count: table.columnCount)
        var natural = minimum
        var decimals = [DecimalColumn?](repeating: nil, count: table.columnCount)
        for cell in table.cells where cell.cell.columnSpan == 1 {
            let measure = measure(cell)
            let column = cell.cell.column
            minimum[column] = max(minimum[column], measure.widestWord)
            natural[column] = max(natural[column], measure.widestLine)
            if let split = measure.decimal {
                var decimal = decimals[column] ?? DecimalColumn()
                decimal.add(split)
                decimals[column] = decimal
            }
        }
        for (column, decimal) in decimals.enumerated() {
            guard let decimal else { continue }
            minimum[column] = max(minimum[column], decimal.leastWidth)
            // Room, where there is, for a header without a separator to end on the line too.
            natural[column] = max(natural[column], max(decimal.numbersBefore, decimal.plainWidths.max() ?? 0) + decimal.after)
        }
        // A cell across columns needs its text across them: what the columns' own cells leave
        // short of it is shared among them, as HTML's automatic layout shares it.
        for cell in table.cells where cell.cell.columnSpan > 1 {
            let columns = cell.columns.clamped(to: 0 ..< table.columnCount)
            let measure = measure(cell)
            Self.widen(&minimum, columns, to: measure.widestWord)
            Self.widen(&natural, columns, to: measure.widestLine)
        }
        let specs = table.style.widths.isEmpty ? Array(repeating: .auto, count: table.columnCount)
            : table.style.widths + Array(repeating: .auto, count: max(0, table.columnCount - table.style.widths.count))
        let width = min(table.style.width ?? available, available)
        let side = TableColumnWidths.sidePadding(table.style.textInset, for: specs, minimum: minimum, width: width)
        func padded(_ widths: [Double]) -> [Double] { widths.map { $0 + 2 * side } }
        // Only a table whose words whole do not fit is measured for less: most fit.
        let least = TableColumnWidths.widthOfWidestWords(for: specs, minimum: padded(minimum)) > width + 1e-9
            ? leastWidths(of: table, decimals: decimals).map(padded) : nil
        let widths = TableColumnWidths.widths(for: specs, minimum: padded(minimum), natural: padded(natural), width: width, least: least)
        let lines = decimals.enumerated().map { column, decimal in
            decimal.map { $0.line(width: widths[column], padding: side) }
        }
        let geometry = TableGeometry(columnWidths: widths, decimalLines: lines, sidePadding: side,
                                     widthOfWidestWords: TableColumnWidths.widthOfWidestWords(for: specs,
                                                                                             minimum: least?.hyphenated ?? padded(minimum)),
                                     overfullPast: TableColumnWidths.isOverfull(widths, width: width) ? width : nil)
        cache.noteTableGeometry(geometry, of: table.style.number, width: available)
        return geometry
    }

    /// `widths` of `columns` widened, each by an equal share, to add up to `needed` at least.
    static func widen(_ widths: inout [Double], _ columns: Range<Int>, to needed: Double) {
        let short = needed - columns.reduce(0) { $0 + widths[$1] }
        guard short > 0, !columns.isEmpty else { return }
        for column in columns { widths[column] += short / Double(columns.count) }
    }

    /// What a cell's text needs across: its widest word, its widest line unbroken, and, when it
    /// aligns on its decimal separator, the widest first line's parts before and after it.
    private func measure(_ cell: TableCellRange) -> (widestWord: Double, widestLine: Double, decimal: DecimalSplit?) {
        var widestWord = 0.0, widestLine = 0.0
        var decimal: DecimalSplit?
        forEachParagraph(of: cell) { paragraph, indents in
            var start = paragraph.range.lowerBound, lineStart = start
            for (offset, mandatory) in zip(paragraph.opportunities.offsets, paragraph.opportunities.mandatory)
                where offset > start && offset <= paragraph.range.upperBound {
                widestWord = max(widestWord, paragraph.width(from: start, to: offset) + indents)
                start = offset
                if mandatory {
                    widestLine = max(widestLine, paragraph.width(from: lineStart, to: offset) + indents)
                    lineStart = offset
                }
            }
            widestWord = max(widestWord, paragraph.width(from: start, to: paragraph.range.upperBound) + indents)
            widestLine = max(widestLine, paragraph.width(from: lineStart, to: paragraph.range.upperBound) + indents)
            if cell.cell.alignsOnDecimal, decimal == nil { decimal = decimalSplit(of: paragraph) }
        }
        return (widestWord, widestLine, decimal)
    }

    /// Each paragraph of `cell`, with the room its indents take across.
    func forEachParagraph(of cell: TableCellRange, _ body: (PreparedParagraph, _ indents: Double) -> Void) {
        var position = cell.range.lowerBound
        while position < cell.range.upperBound {
            let paragraph = cache.paragraph(containing: position)
            let style = paragraph.style
            body(paragraph, style.headIndent + style.tailIndent + max(0, style.firstLineIndent))
            position = max(paragraph.range.upperBound, position + 1)
        }
    }

    /// The widths of a decimal cell's first line before and after its separator (the cell's
    /// language's); a line without one is all before it, as an integer is.
    func decimalSplit(of paragraph: PreparedParagraph) -> DecimalSplit {
        let separator = TableCell.decimalSeparator(language: text.attributes(at: paragraph.range.lowerBound).attributes.language)
        // The units are the text's own, indexed by their offsets in it.
        let end = paragraph.units.firstIndex { $0 == 0x2028 || $0 == 0x0A } ?? paragraph.range.upperBound
        let whole = paragraph.width(from: paragraph.range.lowerBound, to: end)
        guard let index = paragraph.units.firstIndex(of: separator), index < end else {
            return DecimalSplit(before: whole, after: 0, hasSeparator: false)
        }
        let before = paragraph.width(from: paragraph.range.lowerBound, to: index)
        let isOneWord = !paragraph.opportunities.offsets.contains { $0 > paragraph.range.lowerBound && $0 < end }
        return DecimalSplit(before: before, after: max(0, whole - before), hasSeparator: true, isOneWord: isOneWord)
    }

    /// The rows `rows` of `table` set whole from `top` at `left`, the table `geometry` across,
    /// their cells' text from where `texts` says (see TableRowSplit).
    func place(rows: Range<Int>, of table: TableRange, texts: [CellText], geometry: TableGeometry, left: Double, top: Double,
               isRepeatedHeader: Bool, opensPart: Bool) -> PlacedTableRows {
        let padding = table.style.textInset, side = geometry.sidePadding
        var columnEdges = [left]
        for width in geometry.columnWidths { columnEdges.append(columnEdges.last! + width) }
        /// Where `columns` stand across: from the table's left, or, in a right-to-left table,
        /// mirrored from its right (its first column the rightmost).
        func span(of columns: Range<Int>) -> (minX: Double, maxX: Double) {
            let minX = columnEdges[columns.lowerBound], maxX = columnEdges[columns.upperBound]
            guard table.style.rightToLeft else { return (minX, maxX) }
            let mirror = 2 * left + geometry.width
            return (mirror - maxX, mirror - minX)
        }
        let cells = texts.map(\.cell)
        // Each cell's text height, set at its width from the rows' top.
        func textRect(of cell: TableCellRange, top: Double, height: Double) -> Rect {
            let columns = cell.columns.clamped(to: 0 ..< table.columnCount)
            let across = span(of: columns)
            var minX = across.minX + side
            let maxX = across.maxX - side
            var width = maxX - minX
            if cell.cell.alignsOnDecimal, let line = geometry.decimalLines[columns.upperBound - 1] {
                // The text starts where its separator lands on the column's decimal line — where
                // its first line still fits the cell from there: in a column narrowed below its
                // numbers (a table squeezed into its column), the line lies past the cell's
                // side, and the text wraps from the left, as a header wider than the room does.
                // So does a cell whose later lines hold a word wider than the room from there:
                // an empty first line started at the cell's side, and the text joined to it
                // was set a letter a line in a point (seed 13885).
                let split = decimalSplit(of: cache.paragraph(containing: cell.range.lowerBound))
                let start = span(of: columns.upperBound - 1 ..< columns.upperBound).minX + line - split.before
                if start + split.before + split.after <= maxX + 1e-6, start > minX,
                   measure(cell).widestWord <= max(maxX - start, split.before + split.after) + 1e-6 {
                    // At least as wide as the line it was found to fit: a word ending on the
                    // cell's side (a header without a separator) is as wide as the room, to the
                    // rounding of where the table stands, and was broken in one place and not
                    // in another ("Vil/lage" in a figure measured with it whole, seed 1724).
                    minX = start
                    width = max(maxX - minX, split.before + split.after)
                }
            }
            return Rect(x: minX, y: top + padding, width: max(1, width), height: height)
        }
        let measured = texts.map { setCell($0.cell, from: $0.start, in: textRect(of: $0.cell, top: top, height: Self.unboundedHeight)) }
        let heights = measured.map { $0.usedHeight + 2 * padding }
        // Rows as tall as their tallest cell; a cell spanning rows makes its last one taller.
        var rowHeights = [Double](repeating: 2 * padding, count: rows.count)
        for (cell, height) in zip(cells, heights) where cell.cell.rowSpan == 1 {
            rowHeights[cell.cell.row - rows.lowerBound] = max(rowHeights[cell.cell.row - rows.lowerBound], height)
        }
        for (cell, height) in zip(cells, heights) where cell.cell.rowSpan > 1 {
            let spanned = cell.rows.clamped(to: rows).map { rowHeights[$0 - rows.lowerBound] }.reduce(0, +)
            if height > spanned { rowHeights[min(cell.rows.upperBound, rows.upperBound) - 1 - rows.lowerBound] += height - spanned }
        }
        var rowEdges = [top]
        for height in rowHeights { rowEdges.append(rowEdges.last! + height) }
        let placed = zip(texts, zip(heights, measured)).map { cellText, found in
            let (height, measuredFrame) = found
            let cell = cellText.cell
            let spanned = cell.rows.clamped(to: rows)
            let cellTop = rowEdges[spanned.lowerBound - rows.lowerBound], cellBottom = rowEdges[spanned.upperBound - rows.lowerBound]
            let across = span(of: cell.columns.clamped(to: 0 ..< table.columnCount))
            let rect = Rect(x: across.minX, y: cellTop, width: across.maxX - across.minX, height: cellBottom - cellTop)
            // A cell going on from a split row goes on from the top.
            let room = cellText.goesOn ? 0 : rect.height - height
            let shift = switch cell.cell.verticalAlignment {
            case .top: 0.0
            case .middle: room / 2
            case .bottom: room
            }
            let text = textRect(of: cell, top: cellTop + shift, height: max(0, rect.height - 2 * padding - shift))
            // A cell at the rows' top, not moved down, is where it was measured: that frame is its.
            var frame = text.minY == measuredFrame.container.rect.minY ? measuredFrame
                : setCell(cell, from: cellText.start, in: Rect(x: text.minX, y: text.minY, width: text.width, height: Self.unboundedHeight))
            frame.container.rect.size.height = max(0, cellBottom - padding - text.minY)
            return PlacedTableCell(rect: rect, textRect: Rect(x: text.minX, y: text.minY, width: text.width, height: frame.container.rect.height),
                                   cell: cell, frame: frame)
        }
        let rect = Rect(x: left, y: top, width: geometry.width, height: rowEdges.last! - top)
        let edges = table.style.rightToLeft ? columnEdges.reversed().map { 2 * left + geometry.width - $0 } : columnEdges
        return PlacedTableRows(style: table.style, rows: rows, rect: rect, rowEdges: rowEdges, columnEdges: edges, cells: placed,
                               isRepeatedHeader: isRepeatedHeader, opensPart: opensPart,
                               endsTable: rows.upperBound == table.rowCount, narrowedFrom: geometry.narrowedFrom, overfullPast: geometry.overfullPast,
                               continuation: nil)
    }

    /// A cell's paragraphs from `start` set in `rect` by the column's line loop, in a frame of
    /// their own, ended where their paragraphs allow when `rect` is too short for them.
    func setCell(_ cell: TableCellRange, from start: Int, in rect: Rect) -> Frame {
        var setting = FrameSetting(framesetter: self, carrying: nil, settingBox: text.paragraphStyle(at: cell.range.lowerBound).box?.number,
                                   settingTableCell: true)
        return setting.linesEndingOnWholeWord(in: Container(rect: rect), from: start, to: cell.range.upperBound)
    }
}
