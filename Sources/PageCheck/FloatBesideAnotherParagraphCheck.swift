import Layout
import Render
import Text

/// "No portrait beside the next speaker": a picture floated to one side of a column stands
/// beside the first line of a later paragraph whose own floated picture, on the same side of
/// that column, it pushed below itself. A reader takes the picture beside a paragraph for that
/// paragraph's: two-line bios beside portraits taller than them had each name beside the face
/// before, its own face one place down. The layout takes such a paragraph down with its float,
/// below the float above (`FloatFramesetting`, CSS `clear`). Pictures stacked at a column's top
/// because their anchors' column had no room for them are not this: their paragraphs are
/// elsewhere (the text goes on without them, as documented); nor are a paragraph's own floats
/// stacked beside its first line, nor a float whose anchor goes on inside its paragraph.
struct FloatBesideAnotherParagraphCheck {
    /// Points a line may reach into the picture's height, rounding.
    static let tolerance = 0.5

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        for areaIndex in page.areas.indices where page.areas[areaIndex].kind == .column {
            let area = page.areas[areaIndex].rect
            let floats = page.pictures.filter { $0.area == areaIndex && $0.line == nil }
            // Its side: the column's half its middle is in.
            func isLeft(_ picture: DrawnPage.Picture) -> Bool { picture.rect.minX + picture.rect.maxX < area.minX + area.maxX }
            for above in floats {
                for below in floats where below.anchor > above.anchor && below.rect.minY > above.rect.minY + Self.tolerance
                    && isLeft(below) == isLeft(above) {
                    // The line `below` is anchored in, when it opens a paragraph other than `above`'s.
                    let paragraph = text.text.paragraphRange(containing: below.anchor)
                    guard !paragraph.contains(above.anchor),
                          let line = page.lines.first(where: { $0.area == areaIndex && $0.stringRange.contains(below.anchor) }),
                          line.stringRange.lowerBound == paragraph.lowerBound else { continue }
                    let top = line.baseline - line.ascent - line.leading / 2, bottom = line.baseline + line.descent + line.leading / 2
                    guard top < above.rect.maxY - Self.tolerance, bottom > above.rect.minY + Self.tolerance else { continue }
                    found.append(PageFinding(
                        page: page.number, kind: .floatBesideAnotherParagraph,
                        detail: "the picture at character \(above.anchor) \(PageFinding.describe(above.rect)) stands beside the first "
                            + "line of the paragraph at \(text.place(of: paragraph.lowerBound)) (baseline \(String(format: "%.1f", line.baseline))), "
                            + "whose own picture (character \(below.anchor)) it pushes below itself to \(PageFinding.describe(below.rect))",
                        character: below.anchor))
                }
            }
        }
        return found
    }
}
