import Layout
import Render
import Text

/// "A balanced section shares its text out": a section set whole in one band balanced short of
/// its room (its columns' `roomBelowFoot`), from the text area's left, that leaves one of its
/// columns empty while another holds three lines or more after its first unit — a paragraph, a
/// kept block, a table, a box kept in the column, a heading with what follows it — which the
/// empty column could take. A section of three paragraphs and a figure kept in its column was
/// set all in column 1 of three, its other two empty. One unit (a schedule in a `<keep>`, a paragraph) has
/// nothing to give, nor a row of one line and one of two (a price list in three columns set
/// three lines and three: any other share is as tall). Left out, as the band's height is not
/// its text's to share: a band with an obstacle in a column (a float it is as tall as, an
/// `<exclusion>` leaving a column a line) or as tall as a box in it (seed 473), one that goes on from or to another band or page,
/// and one with no room right of it for the empty column (the section's columns narrowed to
/// what the page holds). Only a band holding a box kept in the column and no heading is asked:
/// elsewhere a short section may rightly stand in fewer columns, where a shorter band would
/// send a heading on and end a column early (`Band.earlyColumns`; layout fuzz seeds 286, 473). Only sections
/// that name their columns are checked: the page's column count is not drawn.
struct BalancedBandCheck {
    /// Lines after its first unit a column must hold before an empty column beside it is a fault.
    static let linesShared = 3

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let linesByArea = page.linesByArea
        var bands: [[Int]] = []
        for index in page.areas.indices where page.areas[index].kind == .column && page.areas[index].roomBelowFoot > 0 {
            guard let first = linesByArea[index]?.first else { continue }
            if let last = bands.last?.last, abs(page.areas[last].rect.minY - page.areas[index].rect.minY) < 0.5,
               text.text.sectionNumber(at: linesByArea[last]![0].stringRange.lowerBound) == text.text.sectionNumber(at: first.stringRange.lowerBound) {
                bands[bands.count - 1].append(index)
            } else {
                bands.append([index])
            }
        }
        let left = page.areas.filter { $0.kind == .column }.map(\.rect.minX).min() ?? 0
        var found: [PageFinding] = []
        for band in bands {
            let start = linesByArea[band[0]]![0].stringRange.lowerBound
            let first = page.areas[band[0]].rect, last = page.areas[band[band.count - 1]].rect
            let section = text.text.sectionNumber(at: start)
            guard let columns = text.text.paragraphStyle(at: start).section?.columns, band.count < columns,
                  abs(first.minX - left) < 0.5, last.maxX + first.width <= page.rect.width - left + 0.5,
                  start == 0 || text.text.sectionNumber(at: start - 1) != section,
                  let end = linesByArea[band[band.count - 1]]?.last?.stringRange.upperBound,
                  end >= text.text.length || text.text.sectionNumber(at: end) != section,
                  band.allSatisfy({ page.areas[$0].obstacles.isEmpty }),
                  band.contains(where: { linesByArea[$0]!.contains { holdsABox($0, text: text) } }),
                  !band.contains(where: { column in linesByArea[column]!.contains { $0.isBox && $0.ascent >= first.height - 1 } }),
                  !band.contains(where: { linesByArea[$0]!.contains { isHeading($0, text: text) } }),
                  let (full, lines) = band.lazy.map({ ($0, linesAfterFirstUnit(in: linesByArea[$0]!, of: text)) })
                      .first(where: { $0.1 >= Self.linesShared })
            else { continue }
            found.append(PageFinding(page: page.number, kind: .balancedColumnEmpty,
                                     detail: "the balanced band of the section at \(text.place(of: start)) sets \(band.count) of its "
                                        + "\(columns) columns, though the column \(PageFinding.describe(page.areas[full].rect)) holds "
                                        + "\(lines) lines after its first paragraph or block that another could take",
                                     character: start))
        }
        return found
    }

    /// Whether `line` is a figure or an aside kept in the column (not a table's rows).
    private func holdsABox(_ line: DrawnPage.Line, text: CheckedText) -> Bool {
        line.isBox && text.text.paragraphStyle(at: text.paragraphStart(of: line)).box != nil
    }

    /// Whether `line` is of a paragraph kept with the next (a heading).
    private func isHeading(_ line: DrawnPage.Line, text: CheckedText) -> Bool {
        text.text.paragraphStyle(at: text.paragraphStart(of: line)).keepWithNext
    }

    /// How many of `lines` follow the first unit they open with: a paragraph, a kept block, a
    /// table (a box's line is its own), a paragraph kept with the next counted with it.
    private func linesAfterFirstUnit(in lines: [DrawnPage.Line], of text: CheckedText) -> Int {
        var previous: (paragraph: Int, block: KeptBlock?, table: Int?, keepsWithNext: Bool)?
        for (index, line) in lines.enumerated() {
            let start = text.paragraphStart(of: line)
            let style = text.text.paragraphStyle(at: start)
            let block = text.keptBlock(of: line), table = style.tableCell?.table.number
            if let before = previous, before.paragraph != start, before.block == nil || before.block != block,
               before.table == nil || before.table != table, !before.keepsWithNext {
                return lines.count - index
            }
            previous = (start, block, table, style.keepWithNext)
        }
        return 0
    }
}
