/// A `<table>` inside a table's cell: tables do not nest. The inner table is one error, and
/// its tags up to its `</table>` are passed over, so that its `</table>` does not end the
/// outer table and leave every later row and cell outside one, each with a warning of its own.
/// Its cells' text stays in the outer cell, which keeps the words where they were written.
extension ParseState {
    static let tableTags: Set<String> = ["table", "tr", "td", "th"]

    mutating func refuseInnerTable(_ tag: Tag) {
        guard let outer = openTable else { return }
        let line = diagnostics.source.location(of: outer.tagOffset).line
        diagnostics.error("a <table> cannot be inside another table (the <table> of line \(line) is still open): tables do not nest; "
                          + "join cells with colspan and rowspan, or end the outer table before this one. Its cells' text is set "
                          + "in this cell", at: tag.offset)
        openTable!.innerTables = 1
    }

    /// A tag of a refused inner table: a `<table>` in it nests one deeper, a `</table>` ends
    /// one; rows and cells do nothing. Always false: the tag is not handled.
    mutating func skipInnerTableTag(_ tag: Tag) -> Bool {
        switch (tag.name, tag.isClosing) {
        case ("table", false): openTable!.innerTables += 1
        case ("table", true): openTable!.innerTables -= 1
        default: break
        }
        return false
    }
}
