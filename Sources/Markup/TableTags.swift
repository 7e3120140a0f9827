import Diagnostics
import Text

/// A `<table>` being read: its look, and where the next cell goes.
struct OpenTable {
    var tagOffset: Int
    /// The table's look, one copy its cells share.
    let sharedStyle: HeldApart<TableStyle>
    /// Where `header-rows` was written, to warn when the table has fewer rows.
    var headerRowsOffset: Int?
    /// From `widths`, or else from the first row.
    var columnCount: Int?
    var rowCount = 0
    var row: OpenRow?
    var cell: OpenCell?
    /// For each column, how many rows from the current one on a cell above still covers.
    var covered: [Int] = []
    /// Each cell's `rowspan` over one, checked against the rows when the table ends.
    var rowSpans: [(row: Int, span: Int, valueOffset: Int)] = []
    /// Tables wrongly opened inside this one and not yet closed (`InnerTables`).
    var innerTables = 0

    init(tagOffset: Int, style: TableStyle, headerRowsOffset: Int?, columnCount: Int?) {
        self.tagOffset = tagOffset
        sharedStyle = HeldApart(style)
        self.headerRowsOffset = headerRowsOffset
        self.columnCount = columnCount
    }

    var style: TableStyle { sharedStyle.value }
}

/// A `<tr>` being read.
struct OpenRow {
    var tagOffset: Int
    /// The column the next cell takes, unless a cell above covers it.
    var nextColumn = 0
    /// The row's latest cell: where the text of a cell past the table's columns goes.
    var lastCell: TableCell?
}

/// A `<td>` or `<th>` being read.
struct OpenCell {
    var tagOffset: Int
    /// Whether anything but white space was added: a cell that had none is given an empty
    /// paragraph, so that every cell has a place in the text.
    var hasText = false
}

extension ParseState {
    static let tableAttributeNames = ["widths", "width", "header-rows", "rules", "stripes", "border", "padding", "dir"]
    static let cellAttributeNames = ["align", "valign", "colspan", "rowspan", "background"]
    /// More columns or a longer span than a page could show a letter of.
    static let maximumTableColumns = 200.0
    static let maximumSpan = 10_000.0

    /// `<table …>`: the cells' paragraphs from here to `</table>` are set in the table (see
    /// `TableStyle`). The paragraph in progress ends at the tag. Tables do not nest.
    mutating func openTable(_ tag: Tag) {
        if openTable != nil { return refuseInnerTable(tag) }
        // Its columns run as its section's do unless it says otherwise.
        var style = TableStyle(number: tableTags.count + 1, rightToLeft: builder.section?.columnsRightToLeft ?? false)
        var headerRowsOffset: Int?
        for attribute in tag.attributes {
            switch attribute.key {
            case "widths": style.widths = columnWidths(attribute) ?? style.widths
            case "width": style.width = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength, excludingMinimum: true) ?? style.width
            case "headerrows":
                headerRowsOffset = attribute.valueOffset
                style.headerRows = values.wholeNumber(attribute, in: 0 ... Self.maximumSpan) ?? style.headerRows
            case "rules":
                style.rules = values.choice(attribute, ["none": .none, "rows": .rows, "cols": .cols, "all": .all, "frame": .frame]) ?? style.rules
            case "stripes": style.stripes = values.color(attribute) ?? style.stripes
            case "border": style.border = rule(attribute, widths: Self.borderWidths) ?? style.border
            case "padding": style.padding = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) ?? style.padding
            case "dir": style.rightToLeft = values.choice(attribute, ["ltr": false, "rtl": true]) ?? style.rightToLeft
            default: warnUnknown(attribute, of: tag, known: Self.tableAttributeNames)
            }
        }
        builder.endParagraph(madeAt: tag.offset)
        tableTags.append(tag.offset)
        openTable = OpenTable(tagOffset: tag.offset, style: style, headerRowsOffset: headerRowsOffset,
                              columnCount: style.widths.isEmpty ? nil : style.widths.count)
    }

    /// `widths="2* 1* auto 48"`: a width a column, each a length, a proportion (`2*`, `*` for
    /// `1*`) or `auto`; an unusable one is an error at it, and the list is not used.
    private func columnWidths(_ attribute: TagAttribute) -> [TableStyle.ColumnWidth]? {
        var widths: [TableStyle.ColumnWidth] = []
        var usable = true
        for word in Self.words(of: attribute.value) {
            let written = attribute.value[word]
            let part = part(of: attribute, word, named: "widths")
            if written.lowercased() == "auto" {
                widths.append(.auto)
            } else if written.hasSuffix("*") {
                let share = written.dropLast()
                if share.isEmpty {
                    widths.append(.proportion(1))
                } else if let value = NumberSyntax.parse(String(share)), value > 0, value <= Self.maximumSpan {
                    widths.append(.proportion(value))
                } else {
                    values.error("a proportion in widths is a positive number before '*' (2*), not \"\(String(written).clipped)\"", at: part)
                    usable = false
                }
            } else if let points = values.points(part, in: 0 ... ParagraphStyleChange.maximumLength, excludingMinimum: true) {
                widths.append(.points(points))
            } else {
                usable = false
            }
        }
        guard usable else { return nil }
        if widths.isEmpty {
            values.error("widths needs a width for each column, e.g. \"2* 1* auto 48\"", at: attribute)
            return nil
        }
        if Double(widths.count) > Self.maximumTableColumns {
            values.error("widths gives \(widths.count) columns; a table has at most \(Int(Self.maximumTableColumns))", at: attribute)
            return nil
        }
        return widths
    }

    /// `</table>`: the cell and row still open end, and the table with them.
    mutating func closeTable(_ tag: Tag) {
        guard openTable != nil else { return diagnostics.warning("</table> without a matching <table> ignored", at: tag.offset) }
        finishTable()
    }

    /// Ends the open table (at `</table>`, or at the document's end), with the checks only
    /// its end allows: rows at all, spans and header rows within them.
    mutating func finishTable() {
        guard let table = openTable else { return }
        finishRow()
        let rows = openTable?.rowCount ?? 0
        if rows == 0 {
            diagnostics.warning("this <table> has no rows (<tr><td>…</td></tr>); it prints nothing", at: table.tagOffset)
        }
        for span in table.rowSpans where span.row + span.span > rows {
            diagnostics.warning("rowspan \(span.span) reaches past the table's last row (row \(span.row + 1) of \(rows)); "
                                + "the cell ends with the table", at: span.valueOffset)
        }
        if let offset = table.headerRowsOffset, table.style.headerRows > rows, rows > 0 {
            diagnostics.warning("header-rows is \(table.style.headerRows) but the table has \(rows) rows; every row is a header row",
                                at: offset)
        }
        openTable = nil
    }

    /// `<tr>`: a row begins (the one open ends).
    mutating func openRow(_ tag: Tag) {
        guard openTable != nil else { return diagnostics.warning("<tr> outside a <table> ignored", at: tag.offset) }
        warnAboutAttributes(of: tag)
        finishRow()
        openTable!.rowCount += 1
        openTable!.row = OpenRow(tagOffset: tag.offset)
    }

    /// `</tr>`.
    mutating func closeRow(_ tag: Tag) {
        guard openTable?.row != nil else { return diagnostics.warning("</tr> without a matching <tr> ignored", at: tag.offset) }
        finishRow()
    }

    /// Ends the open row, if any: a row that leaves columns empty is warned about at its tag.
    private mutating func finishRow() {
        finishCell(at: nil)
        guard var table = openTable, var row = table.row else { return }
        let count = table.columnCount ?? row.nextColumn
        while row.nextColumn < count, table.covered.indices.contains(row.nextColumn), table.covered[row.nextColumn] > 0 {
            row.nextColumn += 1
        }
        if table.columnCount == nil {
            table.columnCount = max(1, row.nextColumn)
            table.covered += Array(repeating: 0, count: max(0, count - table.covered.count))
        }
        if row.nextColumn < count {
            diagnostics.warning("this row's cells fill \(row.nextColumn) of the table's \(count) columns; the rest are left empty",
                                at: row.tagOffset)
        }
        table.covered = table.covered.map { max(0, $0 - 1) }
        table.row = nil
        openTable = table
    }

    /// `<td …>` and `<th …>`: a cell begins (the one open ends), in the next column no cell
    /// above covers.
    mutating func openCell(_ tag: Tag, isHeader: Bool) {
        guard openTable != nil else {
            return diagnostics.warning("<\(tag.name)> outside a <table> ignored; its text is a paragraph", at: tag.offset)
        }
        if openTable!.row == nil {
            diagnostics.warning("a <\(tag.name)> outside a <tr> begins a row", at: tag.offset)
            openTable!.rowCount += 1
            openTable!.row = OpenRow(tagOffset: tag.offset)
        }
        finishCell(at: tag.offset)
        var table = openTable!
        var row = table.row!
        while table.covered.indices.contains(row.nextColumn), table.covered[row.nextColumn] > 0 { row.nextColumn += 1 }
        var cell = TableCell(sharing: table.sharedStyle, row: table.rowCount - 1, column: row.nextColumn, isHeader: isHeader)
        var rowSpan: TagAttribute?, columnSpan: TagAttribute?
        var alignment: TextAlignment?
        for attribute in tag.attributes {
            switch attribute.key {
            case "align":
                switch values.choice(attribute, ["left": "left", "right": "right", "center": "center", "justify": "justify", "decimal": "decimal"]) {
                case "decimal": cell.alignsOnDecimal = true
                case let word?: alignment = TextAlignment(rawValue: word)
                case nil: break
                }
            case "valign":
                cell.verticalAlignment = values.choice(attribute, ["top": .top, "middle": .middle, "bottom": .bottom]) ?? cell.verticalAlignment
            case "colspan":
                columnSpan = attribute
                cell.columnSpan = values.wholeNumber(attribute, in: 1 ... Self.maximumSpan) ?? cell.columnSpan
            case "rowspan":
                rowSpan = attribute
                cell.rowSpan = values.wholeNumber(attribute, in: 1 ... Self.maximumSpan) ?? cell.rowSpan
            case "background": cell.background = values.color(attribute) ?? cell.background
            default: warnUnknown(attribute, of: tag, known: Self.cellAttributeNames)
            }
        }
        if let count = table.columnCount {
            if cell.column >= count {
                // Its text is kept, in the row's last cell, rather than lost.
                diagnostics.warning("this row has more cells than the table's \(count) columns; this one's text joins the cell before it",
                                    at: tag.offset)
                cell = row.lastCell ?? TableCell(sharing: table.sharedStyle, row: cell.row, column: count - 1)
            } else if cell.column + cell.columnSpan > count {
                diagnostics.warning("colspan \(cell.columnSpan) reaches past the table's \(count) columns; the cell ends at the last",
                                    at: columnSpan?.valueOffset ?? tag.offset)
                cell.columnSpan = count - cell.column
            }
        }
        // HTML's tables let such cells overlap and print over each other; here the cell stops
        // short of the one a rowspan above brings down, as it stops at the table's last column.
        if cell != row.lastCell,
           let coveredColumn = (cell.column + 1 ..< cell.column + cell.columnSpan).first(where: { table.covered.indices.contains($0) && table.covered[$0] > 0 }) {
            diagnostics.warning("colspan \(cell.columnSpan) reaches over column \(coveredColumn + 1), which a rowspan above covers; "
                                + "the cell ends before it", at: columnSpan?.valueOffset ?? tag.offset)
            cell.columnSpan = coveredColumn - cell.column
        }
        if cell != row.lastCell {
            if cell.rowSpan > 1, let rowSpan { table.rowSpans.append((cell.row, cell.rowSpan, rowSpan.valueOffset)) }
            let end = cell.column + cell.columnSpan
            if table.covered.count < end { table.covered += Array(repeating: 0, count: end - table.covered.count) }
            for column in cell.column ..< end { table.covered[column] = cell.rowSpan }
            row.nextColumn = end
        }
        row.lastCell = cell
        table.row = row
        table.cell = OpenCell(tagOffset: tag.offset)
        openTable = table
        beginCellText(cell, alignment: alignment, at: tag.offset)
    }

    /// The styles of the cell's text: the named style `table`, bold in a header row or a `<th>`,
    /// then the cell's own alignment.
    private mutating func beginCellText(_ cell: TableCell, alignment: TextAlignment?, at tagOffset: Int) {
        open(.cell, at: tagOffset)
        var character = namedStyles["table"]?.character ?? CharacterStyleChange()
        if cell.isHeader || cell.isInHeaderRow { character.weight = 700 }
        // A cell's text starts at its padding: the column's indents and drop caps are not its.
        builder.paragraphStyle.firstLineIndent = 0
        builder.paragraphStyle.headIndent = 0
        builder.paragraphStyle.tailIndent = 0
        builder.paragraphStyle.dropCap = .none
        builder.paragraphStyle.outlineLevel = 0
        // A right-to-left table's cells start at their right, a figure's too (HTML's `dir` on a table).
        if cell.table.rightToLeft { builder.paragraphStyle.direction = .rtl }
        namedStyles["table"]?.paragraph.apply(to: &builder.paragraphStyle)
        if let alignment { builder.paragraphStyle.alignment = alignment }
        // A decimal cell's lines are moved onto the column's decimal line from the left.
        if cell.alignsOnDecimal { builder.paragraphStyle.alignment = .left }
        apply(character, faceOffset: nil, tagOffset: tagOffset)
        builder.tableCell = cell
    }

    /// `</td>`, `</th>`.
    mutating func closeCell(_ tag: Tag) {
        guard openTable?.cell != nil else {
            return diagnostics.warning("</\(tag.name)> without a matching <\(tag.name)> ignored", at: tag.offset)
        }
        finishCell(at: tag.offset)
    }

    /// Ends the open cell, if any, its last paragraph with it; one with no text gets an empty
    /// paragraph, made at `tagOffset` (the tag that ends it; nil: the cell's own).
    private mutating func finishCell(at tagOffset: Int?) {
        guard let cell = openTable?.cell else { return }
        let offset = tagOffset ?? cell.tagOffset
        if cell.hasText {
            builder.endParagraph(madeAt: offset)
        } else {
            builder.append(SourcedText([AttributedText.lineFeed], madeAt: offset))
        }
        _ = close(.cell)
        builder.tableCell = nil
        openTable?.cell = nil
    }

    /// Text read while a table is open: a cell's, less the white space it begins with; between
    /// cells, white space is layout of the markup and dropped, anything else is warned about.
    mutating func appendText(_ text: SourcedText) {
        if paragraphTagMidParagraph != nil { checkParagraphTag(before: text) }
        if languageResumed != nil { checkLanguageResumed(before: text) }
        guard var table = openTable else { return builder.append(text) }
        guard table.cell != nil else {
            if let visible = text.units.firstIndex(where: { !Self.isWhiteSpace($0) }), let offset = text.origins.origin(of: visible)?.sourceOffset {
                diagnostics.warning("text between a table's cells is ignored; put it in a <td>", at: offset)
            }
            return
        }
        if table.cell!.hasText { return builder.append(text) }
        guard let visible = text.units.firstIndex(where: { !Self.isWhiteSpace($0) }) else { return }
        var rest = SourcedText()
        rest.append(text, range: visible ..< text.units.count)
        builder.append(rest)
        table.cell!.hasText = true
        openTable = table
    }

    /// Whether a table can hold `tag`: boxes, sections and breaks cannot be inside one.
    /// False after an error at the tag, which is then ignored (and so is its closing tag). The
    /// closing tag of a box or section the table is in ends the table first.
    mutating func tableAccepts(_ tag: Tag) -> Bool {
        guard let table = openTable else { return true }
        if table.innerTables > 0, Self.tableTags.contains(tag.name) { return skipInnerTableTag(tag) }
        if tag.isClosing {
            let closesOuterBlock = switch tag.name {
            case "figure", "aside": openBox != nil
            case "section": openSection != nil
            default: true
            }
            guard closesOuterBlock else { return false }
            if ["figure", "aside", "section"].contains(tag.name) {
                diagnostics.warning("<table> is never closed; it ends with this </\(tag.name)>", at: table.tagOffset)
                finishTable()
            }
            return true
        }
        switch tag.name {
        case "figure", "aside", "section", "pagebreak", "columnbreak", "exclusion", "include":
            diagnostics.error("<\(tag.name)> cannot be inside a <table>; end the table first", at: tag.offset)
            return false
        default:
            return true
        }
    }

    /// At the end of the document or an article: a table still open ends with it.
    mutating func finishTables(at end: FileEnd) {
        guard let table = openTable else { return }
        diagnostics.warning("<table> is never closed; it ends with \(end.phrase)", at: table.tagOffset)
        finishTable()
    }

    private static func isWhiteSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
    }
}
