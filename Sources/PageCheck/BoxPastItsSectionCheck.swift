import Render
import Text

/// "An aside over a gutter is not carried past its section's text": a pull quote is set inside
/// the text it interrupts, so one on a page after its section's text has ended, none of it on
/// the page, stands alone (a quote carried past a `<pagebreak>` was printed under the next
/// section's headline, none of its essay there). Only a page after its section's text has
/// been seen counts: a box set before the text that follows it (a quote opening a document
/// whose figure waits for the next page) is not carried. Boxes across columns at a page's top
/// or foot are not asked: one waiting from an earlier page may stand in a band of its own on a
/// later section's page, as a float waits for a page in LaTeX (`ElementsInTheirOwnBands`), and
/// so may a figure over a gutter, whose picture is nowhere else. A
/// column's line is of its first character's section, a box of its first character's. Fed the
/// pages in order.
struct BoxPastItsSectionCheck {
    /// The sections (nil: text outside any) whose column text the pages before showed.
    private var sectionsSeen: Set<Int?> = []

    mutating func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        let sections = Set(page.lines.filter { page.areas[$0.area].kind == .column }.map { text.text.sectionNumber(at: $0.stringRange.lowerBound) })
        defer { sectionsSeen.formUnion(sections) }
        return page.boxes.filter { box in
            guard box.area == nil, let style = text.text.paragraphStyle(at: box.anchor).box, case .center = style.placement,
                  style.kind == .aside else { return false }
            let section = text.text.sectionNumber(at: box.anchor)
            return sectionsSeen.contains(section) && !sections.contains(section)
        }.map { box in
            PageFinding(page: page.number, kind: .boxPastItsSection,
                        detail: "the box over a gutter at \(text.place(of: box.anchor)) \(PageFinding.describe(box.rect)) "
                            + "is on a page after its section's text, none of which is on it",
                        character: box.anchor, subject: box.anchor)
        }
    }
}
