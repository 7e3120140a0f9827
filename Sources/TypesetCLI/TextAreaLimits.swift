import Pages

/// The largest `--baseline-grid` and `--paragraph-spacing` a page can use, from its text
/// area's height: both are steps down a column, so only the column can say what is too large.
enum TextAreaLimits {
    /// A column must hold at least this many grid lines. A heading kept with the first two
    /// lines of its paragraph (the default orphans) needs three or more; with fewer a column
    /// can keep neither rule, and every paragraph breaks badly or moves to the next column.
    static let fewestGridLines = 4.0

    /// The space after a paragraph may take at most this share of a column: more leaves
    /// most of every column blank, and a space a column tall would give each paragraph a
    /// column of its own.
    static let largestSpacingShare = 0.25

    static func largestBaselineGrid(on template: PageTemplate) -> Double {
        template.textArea.height / fewestGridLines
    }

    static func largestParagraphSpacing(on template: PageTemplate) -> Double {
        template.textArea.height * largestSpacingShare
    }
}
