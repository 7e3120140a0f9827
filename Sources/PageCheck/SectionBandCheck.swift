import Layout
import Render
import Text

/// "No band's text flows round a picture or box of a later section": a column whose text is of
/// a section before the element's, beginning above it, must not go on below it. The element
/// belongs at the top of its own section's band, below that column's; the column ran on round it
/// instead. No ink need overlap: the designer pages' spread set its story's photograph
/// (`<figure float="top" span="2">` in a four-column section) inside the two balanced columns of
/// the head above it, the deck split round it, and every other check passed. Checked are the
/// elements across columns placed from the text area's left, as those at the top and the foot
/// are; not a box over a gutter, which stands halfway down the room when its band is not
/// balanced, and then in an earlier section's text (three layout-fuzz fixtures: left for the
/// floats' owners). Elements in a column (floats, boxes in a line) are in their own section's
/// column by construction.
struct SectionBandCheck {
    /// Points two rectangles may share, rounding, before they overlap.
    static let tolerance = 1.0

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let elements = page.pictures.filter { $0.area == nil }.map { (rect: $0.rect, anchor: $0.anchor, what: "picture") }
            + page.boxes.filter { $0.area == nil }.map { (rect: $0.rect, anchor: $0.anchor, what: "box") }
        guard !elements.isEmpty else { return [] }
        // A column's section is its first line's: a band is one section's columns.
        var firstLine: [Int: Int] = [:], lowestTop: [Int: Double] = [:]
        for line in page.lines {
            if firstLine[line.area] == nil { firstLine[line.area] = line.stringRange.lowerBound }
            lowestTop[line.area] = max(lowestTop[line.area] ?? -.infinity, line.baseline - line.ascent)
        }
        var found: [PageFinding] = []
        for (index, area) in page.areas.enumerated() where area.kind == .column {
            guard let first = firstLine[index], let lowest = lowestTop[index] else { continue }
            let section = Self.section(at: first, in: text.text)
            // Its text starts above the element and goes on below it: it flowed round it.
            for element in elements where abs(element.rect.minX - area.rect.minX) <= Self.tolerance
                && first < element.anchor && area.rect.minY < element.rect.minY - Self.tolerance
                && lowest > element.rect.maxY && Self.section(at: element.anchor, in: text.text) != section
                && element.rect.overlapDepth(area.rect) > Self.tolerance {
                found.append(PageFinding(page: page.number, kind: .inAnotherSectionsBand,
                                         detail: "the \(element.what) at \(text.place(of: element.anchor)) \(PageFinding.describe(element.rect)) "
                                            + "stands in the column \(PageFinding.describe(area.rect)) of an earlier section's band above it, "
                                            + "whose text starts at \(text.place(of: first))",
                                         character: element.anchor, subject: element.anchor))
            }
        }
        return found
    }

    /// The section a character is in, by its number (nil: outside any, in the page's columns).
    private static func section(at offset: Int, in text: AttributedText) -> Int? {
        text.paragraphStyle(at: min(offset, max(0, text.length - 1))).section?.number
    }
}
