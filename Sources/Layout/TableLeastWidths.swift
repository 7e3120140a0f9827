/// What a table's columns need across at the least, below their widest words: the widest piece
/// of a word hyphenated, and what is kept whole (`WordPieces`). Measured only for a table whose
/// words whole do not fit its width (`geometry(of:available:)`).
extension Framesetter {
    /// The least widths of `table`'s columns, without the cells' padding; `decimals`, its decimal
    /// columns, need their numbers whole.
    func leastWidths(of table: TableRange, decimals: [DecimalColumn?]) -> LeastColumnWidths {
        let none = Array(repeating: 0.0, count: table.columnCount)
        var least = LeastColumnWidths(hyphenated: none, unbreakable: none, glyph: none)
        for (column, decimal) in decimals.enumerated() {
            least.hyphenated[column] = decimal?.leastWidth ?? 0
            least.unbreakable[column] = decimal?.leastWidth ?? 0
        }
        for cell in table.cells {
            let needs = leastWidths(of: cell)
            // A cell across columns needs it across them, as its widest word (`geometry`).
            let columns = cell.columns.clamped(to: 0 ..< table.columnCount)
            Self.widen(&least.hyphenated, columns, to: needs.piece)
            Self.widen(&least.unbreakable, columns, to: needs.unbreakable)
            Self.widen(&least.glyph, columns, to: needs.glyph)
        }
        return least
    }

    private func leastWidths(of cell: TableCellRange) -> (piece: Double, unbreakable: Double, glyph: Double) {
        var piece = 0.0, unbreakable = 0.0, glyph = 0.0
        forEachParagraph(of: cell) { paragraph, indents in
            let pieces = WordPieces(paragraph: paragraph, hyphenator: cache.hyphenator(for:))
            var start = paragraph.range.lowerBound
            for offset in paragraph.opportunities.offsets + [paragraph.range.upperBound]
                where offset > start && offset <= paragraph.range.upperBound {
                piece = max(piece, pieces.widestPiece(from: start, to: offset) + indents)
                unbreakable = max(unbreakable, pieces.unbreakableWidth(from: start, to: offset) + indents)
                glyph = max(glyph, pieces.widestGlyph(from: start, to: offset) + indents)
                start = offset
            }
        }
        return (piece, unbreakable, glyph)
    }
}
