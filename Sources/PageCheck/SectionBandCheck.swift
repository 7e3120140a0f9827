import Layout
import Render
import Text

/// "A picture or a box stands in its own section's band": one drawn over a column whose text is
/// another section's was placed outside its section's band on the page, and that section's text
/// flows round what is not its own. No ink need overlap: the designer pages' spread set its
/// story's photograph (`<figure float="top" span="2">` in a four-column section) inside the two
/// columns of the head above it, the deck split round it, and every other check passed.
/// Elements in a column (floats, boxes in a line) are in their own section's column by
/// construction; they are checked all the same.
struct SectionBandCheck {
    /// Points two rectangles may share, rounding, before they overlap.
    static let tolerance = 1.0

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let elements = page.pictures.filter { $0.area == nil }.map { (rect: $0.rect, anchor: $0.anchor, what: "picture") }
            + page.boxes.map { (rect: $0.rect, anchor: $0.anchor, what: "box") }
        guard !elements.isEmpty else { return [] }
        // A column's section is its first line's: a band is one section's columns.
        var firstLine: [Int: Int] = [:]
        for line in page.lines where firstLine[line.area] == nil { firstLine[line.area] = line.stringRange.lowerBound }
        var found: [PageFinding] = []
        for (index, area) in page.areas.enumerated() where area.kind == .column {
            guard let character = firstLine[index] else { continue }
            let section = Self.section(at: character, in: text.text)
            for element in elements where Self.section(at: element.anchor, in: text.text) != section {
                guard element.rect.overlapDepth(area.rect) > Self.tolerance else { continue }
                found.append(PageFinding(page: page.number, kind: .inAnotherSectionsBand,
                                         detail: "the \(element.what) at \(text.place(of: element.anchor)) \(PageFinding.describe(element.rect)) "
                                            + "stands in the column \(PageFinding.describe(area.rect)) of another section's band, "
                                            + "whose text starts at \(text.place(of: character))",
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
