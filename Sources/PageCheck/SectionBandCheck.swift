import Layout
import Pages
import Render
import Text

/// "Every picture or box placed across columns or over a gutter stands inside its own section's
/// band, and no band's text flows round another section's element": a column whose text is of
/// another section than the element's must not reach into it. No ink need overlap: the designer
/// pages' spread set its story's photograph (`<figure float="top" span="2">` in a four-column
/// section) inside the two balanced columns of the head above it, the deck split round it, and
/// every other check passed; a pull quote of a later section stood halfway down an earlier
/// section's one-column band (layout-fuzz `stretch-after-list-items-beside-aside-over-gutter`),
/// and a picture waiting from an earlier page stood over the next section's columns. Elements
/// in a column (floats, boxes in a line) are in their own section's column by construction; a
/// column's section is its first line's.
struct SectionBandCheck {
    /// Points two rectangles may share, rounding, before they overlap.
    static let tolerance = 1.0

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let elements = page.pictures.filter { $0.area == nil }.map { (rect: $0.rect, anchor: $0.anchor, what: "picture") }
            + page.boxes.filter { $0.area == nil }.map { (rect: $0.rect, anchor: $0.anchor, what: "box") }
        guard !elements.isEmpty else { return [] }
        var firstLine: [Int: Int] = [:]
        for line in page.lines where firstLine[line.area] == nil { firstLine[line.area] = line.stringRange.lowerBound }
        var found: [PageFinding] = []
        for (index, area) in page.areas.enumerated() where area.kind == .column {
            guard let first = firstLine[index] else { continue }
            let section = text.text.sectionNumber(at: first)
            for element in elements where element.rect.overlapDepth(area.rect) > Self.tolerance
                && text.text.sectionNumber(at: element.anchor) != section {
                found.append(PageFinding(page: page.number, kind: .inAnotherSectionsBand,
                                         detail: "the \(element.what) at \(text.place(of: element.anchor)) \(PageFinding.describe(element.rect)) "
                                            + "stands in the column \(PageFinding.describe(area.rect)) of another section's band, "
                                            + "whose text starts at \(text.place(of: first))",
                                         character: element.anchor, subject: element.anchor))
            }
        }
        return found
    }
}
