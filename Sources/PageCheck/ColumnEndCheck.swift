import Layout
import Render

/// "No column that ends early without a reason the layout can name": a column drawn more
/// than `ColumnRoom.linesAllowed` lines short of its foot must have ended for a reason its
/// frame names (`FrameEnd`) — the text's end, a break, a keep, widows and orphans, a box or a
/// drop cap that did not fit. A column whose frame says it was full, with lines' room left,
/// is a fault of the layout. (A named reason is the author's business: `typeset` warns of
/// it, `EarlyColumnEnds`.)
struct ColumnEndCheck {
    func findings(on page: DrawnPage) -> [PageFinding] {
        var found: [PageFinding] = []
        let columnAreas = page.areas.indices.filter { page.areas[$0].kind == .column }
        let numbers = Dictionary(uniqueKeysWithValues: zip(columnAreas, ColumnRoom.numbers(ofColumns: columnAreas.map { page.areas[$0].rect })))
        for (index, area) in page.areas.enumerated() where area.kind == .column {
            guard let end = area.end, !end.explainsRoomLeft,
                  let short = linesShort(area: index, on: page), short > ColumnRoom.linesAllowed else { continue }
            found.append(PageFinding(page: page.number, kind: .columnEndsEarly,
                                     detail: "column \(numbers[index] ?? 1) \(PageFinding.describe(area.rect)) ends \(short) lines "
                                        + "short of its foot, and its layout names no reason (it says it was full)",
                                     character: area.range.upperBound))
        }
        return found
    }

    /// Lines of room below what area `index` holds, as drawn: its lines, and the pictures and
    /// boxes drawn in it.
    private func linesShort(area index: Int, on page: DrawnPage) -> Int? {
        let area = page.areas[index]
        let lines = page.lines.filter { $0.area == index }
        guard let last = lines.last(where: { !$0.isBox }) ?? lines.last else { return nil }
        var bottom = lines.map { $0.baseline + $0.descent }.max() ?? area.rect.minY
        // What starts in the column fills it down to its bottom (a float too tall for the
        // column's foot fills the rest of it: the float is then at fault, not the column).
        for rect in page.pictures.map(\.rect) + page.boxes.map(\.rect)
        where rect.minX < area.rect.maxX && area.rect.minX < rect.maxX && rect.minY >= area.rect.minY - 1 && rect.minY < area.rect.maxY {
            bottom = max(bottom, min(rect.maxY, area.rect.maxY))
        }
        let pitch = ColumnRoom.pitch(last.ascent + last.descent + last.leading, gridStep: area.gridStep)
        return ColumnRoom.linesShort(foot: area.rect.maxY, contentBottom: bottom, pitch: pitch)
    }
}
