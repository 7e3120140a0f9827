/// What a table's columns need across at the least, the cells' padding included, below their
/// widest words (`TableColumnWidths.widths`): narrower than `hyphenated`, a column's words are
/// broken where no dictionary allows; narrower than `unbreakable`, a figure would be (only a
/// table whose figures alone are wider than its column is set so); narrower than `glyph`, its
/// letters would print over the next column's, so no column is set narrower: a table whose
/// glyphs need more than its width is overfull, set past it.
public struct LeastColumnWidths: Sendable {
    /// Each column's widest word as it may be hyphenated: its widest piece, with the hyphen.
    public var hyphenated: [Double]
    /// Each column's widest word with a digit in it (a figure, a date, a part number) or too
    /// short to be cut leaving the language's letters on either side ("No."), kept whole where
    /// the table can ("148,95 / 0" reads as another number), or its widest glyph.
    public var unbreakable: [Double]
    /// Each column's widest glyph, figures' included: the least its cells hold a line in.
    public var glyph: [Double]

    public init(hyphenated: [Double], unbreakable: [Double], glyph: [Double]) {
        self.hyphenated = hyphenated
        self.unbreakable = unbreakable
        self.glyph = glyph
    }
}

extension LeastColumnWidths {
    /// Every width of every column changed by `change` (the cells' padding added).
    func map(_ change: ([Double]) -> [Double]) -> LeastColumnWidths {
        LeastColumnWidths(hyphenated: change(hyphenated), unbreakable: change(unbreakable), glyph: change(glyph))
    }
}
