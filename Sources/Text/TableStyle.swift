/// A table (`<table>`): how it looks and how its columns share its width. Its cells'
/// paragraphs stay in the text where they were written, each carrying its `TableCell` (as a
/// box's paragraphs carry their `BoxStyle`); the column's text passes over them and the table
/// sets each cell in a frame of its own, row by row.
public struct TableStyle: Hashable, Sendable {
    /// How one column's width is found (`widths="2* 1* auto 48"`).
    public enum ColumnWidth: Hashable, Sendable {
        /// A fixed width, in points.
        case points(Double)
        /// A share of the width the fixed and automatic columns leave (`2*`).
        case proportion(Double)
        /// From its cells' text: as wide as its longest line unbroken, if there is room, never
        /// narrower than its widest word.
        case auto
    }

    /// Which lines are drawn between and round the cells (`rules`).
    public enum Rules: String, Hashable, Sendable, CaseIterable {
        case none, rows, cols, all, frame

        /// Whether rules run between rows, between columns and round the table.
        public var betweenRows: Bool { self == .rows || self == .all }
        public var betweenColumns: Bool { self == .cols || self == .all }
        public var frame: Bool { self == .all || self == .frame }
    }

    /// The table's place among the document's tables, from 1.
    public var number: Int
    /// One entry a column; empty: every column `auto`, as many as the widest row has.
    public var widths: [ColumnWidth]
    /// The table's width in points; nil: its column's (or box's) width.
    public var width: Double?
    /// The first rows, repeated at the top of each part of a table split across columns.
    public var headerRows: Int
    public var rules: Rules
    /// Filled behind every other body row, from the second.
    public var stripes: Color?
    /// The rules' look (`border`); nil: `defaultRule`.
    public var border: RuleStyle?
    /// Space between a cell's edges and its text, in points.
    public var padding: Double
    /// The first column is the rightmost and the cells' text runs right to left (`dir="rtl"`,
    /// or the section's), as an Arabic or Hebrew report's tables read.
    public var rightToLeft: Bool

    public static let defaultPadding = 3.0
    /// Rules drawn when `border` gives none: a hairline in a dark grey (65 % black ink), as a
    /// magazine's data tables have.
    public static let defaultRule = RuleStyle(width: 0.5, color: Color(printed: .gray(0.65)))

    public init(number: Int, widths: [ColumnWidth] = [], width: Double? = nil, headerRows: Int = 0, rules: Rules = .rows,
                stripes: Color? = nil, border: RuleStyle? = nil, padding: Double = TableStyle.defaultPadding, rightToLeft: Bool = false) {
        self.number = number
        self.widths = widths
        self.width = width
        self.headerRows = headerRows
        self.rules = rules
        self.stripes = stripes
        self.border = border
        self.padding = padding
        self.rightToLeft = rightToLeft
    }

    /// The rules' look.
    public var rule: RuleStyle { border ?? Self.defaultRule }

    /// Space between a cell's edges and its text: the padding, or half the rules' width where
    /// that is more — a rule is stroked on the cell's edge, half of it inside the cell, and
    /// text set closer prints on it (`padding="0"` under 0.5 pt rules put a 'g' on the rule
    /// below; as CSS puts a cell's padding inside its border).
    public var textInset: Double { rules == .none ? padding : max(padding, rule.width / 2) }

    /// The number tells tables apart: the rest is hashed only to keep `Hashable` honest.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
    }
}

/// Where a paragraph of a table cell is (`<td>`, `<th>`), and how the cell looks. Every
/// paragraph of one cell carries the same value.
public struct TableCell: Hashable, Sendable {
    public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
        case top, middle, bottom
    }

    /// The table's look, one copy for all its cells (`init(sharing:…)`): a catalogue's
    /// thousands of cells held it each, 312 bytes a cell. It and the background are held
    /// apart (`HeldApart`): a cell is a paragraph style of its own, kept once a cell.
    public var table: TableStyle {
        get { heldTable.value }
        set { heldTable = HeldApart(newValue) }
    }
    private var heldTable: HeldApart<TableStyle>
    /// The cell's first row and column, from 0.
    public var row: Int
    public var column: Int
    public var rowSpan: Int
    public var columnSpan: Int
    /// A `<th>`: a heading for its column (in a header row) or its row.
    public var isHeader: Bool
    /// The cell's lines stand with their decimal separators on one vertical line down its
    /// column (`align="decimal"`); the character is the cell's language's.
    public var alignsOnDecimal: Bool
    public var verticalAlignment: VerticalAlignment
    public var background: Color? {
        get { heldBackground?.value }
        set { heldBackground = newValue.map(HeldApart.init) }
    }
    private var heldBackground: HeldApart<Color>?

    public init(table: TableStyle, row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1, isHeader: Bool = false,
                alignsOnDecimal: Bool = false, verticalAlignment: VerticalAlignment = .top, background: Color? = nil) {
        self.init(sharing: HeldApart(table), row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan, isHeader: isHeader,
                  alignsOnDecimal: alignsOnDecimal, verticalAlignment: verticalAlignment, background: background)
    }

    /// A cell of the table `table` holds, sharing its copy.
    public init(sharing table: HeldApart<TableStyle>, row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1,
                isHeader: Bool = false, alignsOnDecimal: Bool = false, verticalAlignment: VerticalAlignment = .top,
                background: Color? = nil) {
        heldTable = table
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.isHeader = isHeader
        self.alignsOnDecimal = alignsOnDecimal
        self.verticalAlignment = verticalAlignment
        heldBackground = background.map(HeldApart.init)
    }

    /// Takes `other`'s table, sharing its copy: a cell of a page taken again after an edit that
    /// renumbered the tables names the new text's (`TextShift`).
    public mutating func shareTable(of other: TableCell) {
        heldTable = other.heldTable
    }

    /// Whether the cell is in one of its table's header rows.
    public var isInHeaderRow: Bool { row < table.headerRows }

    /// The decimal separator of `language` (a BCP 47 tag): a comma in most of continental
    /// Europe, Latin America and Russia, a point elsewhere (English, Chinese, Japanese, …).
    public static func decimalSeparator(language: String) -> UInt16 {
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return commaLanguages.contains(primary) ? 0x2C : 0x2E
    }

    private static let commaLanguages: Set<String> = [
        "de", "fr", "es", "it", "nl", "pt", "ru", "pl", "cs", "sk", "sl", "hr", "sr", "bs", "hu", "ro", "bg", "uk", "be",
        "sv", "da", "nb", "nn", "no", "fi", "et", "lv", "lt", "is", "tr", "el", "ca", "gl", "eu", "id", "vi", "af", "az", "kk",
    ]
}
