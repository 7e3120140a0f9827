import CCairo
import Layout
import Text

/// Drawing a table's rows: stripes and cells' backgrounds, then the rules, both decoration (an
/// artifact), then each cell's text in its cell, checked there by the page checker. Header
/// rows repeated at the top of a column are furniture, as running heads are: their text is
/// read where it is written.
extension PageDrawer {
    func draw(_ rows: PlacedTableRows, in context: OpaquePointer) throws {
        structure?.beginCairoArtifact(in: context)
        if let stripes = rows.style.stripes {
            for stripe in rows.stripeRects { SolidFill.fill(stripe, with: stripes, in: context) }
        }
        for cell in rows.cells {
            if let background = cell.cell.cell.background { SolidFill.fill(cell.rect, with: background, in: context) }
        }
        strokeRules(of: rows, in: context)
        structure?.end(in: context)
        if rows.overfullPast != nil { recorder?.overfullTable(rows.rect) }
        if rows.isRepeatedHeader {
            let recorder = self.recorder
            self.recorder = nil
            defer { self.recorder = recorder }
            structure?.beginArtifact(in: context)
            for cell in rows.cells { try draw([cell.frame], of: text, marked: false, area: .box, boxText: cell.textRect, in: context) }
            structure?.end(in: context)
        } else {
            for cell in rows.cells { try draw([cell.frame], of: text, area: .box, boxText: cell.textRect, in: context) }
        }
    }

    /// The rules `rules` asks for: above each cell but those opening a part of the table (at
    /// its top: a cell going on from a row split above is one) and left of each cell but the
    /// first column's (so that a spanning cell has none across it); the frame round each part,
    /// open at the foot of a part the table goes on after.
    private func strokeRules(of rows: PlacedTableRows, in context: OpaquePointer) {
        let rules = rows.style.rules
        guard rules != .none else { return }
        let rule = rows.style.rule
        let anchor = rows.cells.first?.cell.range.lowerBound ?? 0
        cairo_save(context)
        CairoPrintedColour.setSource(rule.color, in: context)
        cairo_set_line_width(context, rule.width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
        func stroke(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            cairo_move_to(context, x0, y0)
            cairo_line_to(context, x1, y1)
            recorder?.tableRule(from: x0, y0, to: x1, y1, width: rule.width, anchor: anchor)
        }
        let rect = rows.rect
        for cell in rows.cells {
            let opens = rows.opensPart && cell.rect.minY <= rows.rect.minY + 0.001
            if rules.betweenRows, cell.cell.cell.row > 0, !opens { stroke(cell.rect.minX, cell.rect.minY, cell.rect.maxX, cell.rect.minY) }
            // Between a cell and the column before it: at its left, or its right in a right-to-left table.
            let start = rows.style.rightToLeft ? cell.rect.maxX : cell.rect.minX
            if rules.betweenColumns, cell.cell.cell.column > 0 { stroke(start, cell.rect.minY, start, cell.rect.maxY) }
        }
        if rules.frame {
            stroke(rect.minX, rect.minY, rect.minX, rect.maxY)
            stroke(rect.maxX, rect.minY, rect.maxX, rect.maxY)
            if rows.opensPart { stroke(rect.minX, rect.minY, rect.maxX, rect.minY) }
            if rows.endsTable { stroke(rect.minX, rect.maxY, rect.maxX, rect.maxY) }
        }
        cairo_stroke(context)
        cairo_restore(context)
    }
}
