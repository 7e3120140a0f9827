import Layout
import Render
import Text

/// "No kept block split over two columns when it fits one": a `<keep>` block or a
/// `keep-together` paragraph (`KeptBlock`) whose last line at one column's foot and first
/// line at the next column's head are of one block, its two parts together no taller than the
/// room the first column had (its frame's height and what balancing took off it). The layout
/// moves such a block whole to the next column (`ColumnBreak`), in balanced columns too, which
/// then end at different heights: three schedules balanced in three columns had the longest
/// split four lines and two. A block taller than its column's room is split where it falls, and
/// one a `<columnbreak>` inside it splits is split where its author asked.
struct KeptBlockSplitCheck {
    /// Points the two parts may exceed the room by, rounding.
    static let tolerance = 1.0

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let linesByArea = page.linesByArea
        let columns = page.areas.indices.filter { page.areas[$0].kind == .column && linesByArea[$0] != nil }
        var found: [PageFinding] = []
        for (above, below) in zip(columns, columns.dropFirst()) {
            let ending = linesByArea[above]!, opening = linesByArea[below]!
            // (A `<columnbreak>` inside the block splits it where its author asked.)
            guard let block = text.keptBlock(of: ending[ending.count - 1]), isKeptByItsAuthor(block, in: text.text),
                  block == text.keptBlock(of: opening[0]),
                  text.text.forcedBreak(before: opening[0].stringRange.lowerBound) == nil else { continue }
            // With the heading above it, which goes where the block goes (the department page's
            // review head and its block, taller together than the column, split where it falls).
            let inBlock = ending.reversed().prefix { text.keptBlock(of: $0) == block }.count
            let headed = ending.dropLast(inBlock).reversed().prefix { text.text.paragraphStyle(at: text.paragraphStart(of: $0)).keepWithNext }.count
            let before = ending.suffix(inBlock + headed)
            let after = opening.prefix { text.keptBlock(of: $0) == block }
            let height = extent(of: Array(before)) + extent(of: Array(after))
            let area = page.areas[above]
            let room = area.rect.height + area.roomBelowFoot
            // A block opening a column of its whole room there was taller than it as set (its
            // lines narrowed by an obstacle, passed down past bands too narrow); so may one set
            // beside an obstacle be.
            let opensFullColumn = before.count == ending.count && area.roomBelowFoot == 0
            guard height <= room + Self.tolerance, !opensFullColumn, area.obstacles.isEmpty else { continue }
            let first = ending[ending.count - inBlock].stringRange.lowerBound
            found.append(PageFinding(page: page.number, kind: .keptBlockSplit,
                                     detail: "the kept block at \(text.place(of: first)), \(Self.points(height)) pt tall, is split between "
                                        + "the columns \(PageFinding.describe(area.rect)) and \(PageFinding.describe(page.areas[below].rect)), "
                                        + "though a column's room there is \(Self.points(room)) pt",
                                     character: first))
        }
        return found
    }

    /// Whether `block` is a `<keep>` block or a `keep-together` paragraph, not a heading's lines:
    /// a heading as tall as a third of the page is display text gone long, split where it falls
    /// in balanced columns as in full ones (layout fuzz seed 467).
    private func isKeptByItsAuthor(_ block: KeptBlock, in text: AttributedText) -> Bool {
        switch block {
        case .block: return true
        case .paragraph(let start): return text.paragraphStyle(at: start).keepTogether
        }
    }

    /// From the top of the first line's box to the bottom of the last's, `lines` in drawing order.
    private func extent(of lines: [DrawnPage.Line]) -> Double {
        let ordered = lines.sorted { $0.baseline < $1.baseline }
        guard let top = ordered.first, let bottom = ordered.last else { return 0 }
        return bottom.baseline + bottom.descent + bottom.leading / 2 - (top.baseline - top.ascent - top.leading / 2)
    }

    private static func points(_ value: Double) -> String { String(Double((value * 10).rounded()) / 10) }
}
