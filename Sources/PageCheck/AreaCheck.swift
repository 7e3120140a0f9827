import Layout
import Render

/// "No glyph outside its column, its box or the page": the ink of every glyph drawn lies in
/// the area it was set in (a column's frame, a box's text area, a running head's part) and on
/// the trimmed page.
///
/// What may reach past its area, and by how much: `InkAllowance`, the rule the tests' checker
/// asks too, and
/// - a drop cap's initial, its ink above its cap height: layout lines the initial's cap height
///   up with the first line's (as InDesign, lettrine and CSS's `initial-letter` do), so an
///   accent over it ('Ü', 0.2 em of a 4-line initial's size, 10 pt in 11 pt text) rises above a
///   column's top into the margin by design. Only the accent: its cap line is held to the area
///   as the capitals of the text it lines up with are (`verticalShare` of that text's size: a
///   line height tighter than that text sets its capitals, and so the initial's cap line, up to
///   1.5 pt above a column's top, seeds 11560, 14802), and what it rises into is still checked —
///   the page's edge here, other ink, pictures and borders by `InkOverlapCheck`.
/// A running head's glyphs are held to the page alone: its part's frame is as tall as its
/// lines, which it may set taller.
struct AreaCheck {
    static let tolerance = InkAllowance.tolerance

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        for glyph in page.glyphs {
            let line = page.lines[glyph.line]
            let area = page.areas[line.area]
            let ink = glyph.ink
            let pageExcess = max(page.rect.minX - ink.minX, ink.maxX - page.rect.maxX, page.rect.minY - ink.minY,
                                 ink.maxY - page.rect.maxY) - Self.tolerance
            if pageExcess > 0 {
                found.append(PageFinding(page: page.number, kind: .outsidePage,
                                         detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(ink)) is "
                                            + "\(String(format: "%.1f", pageExcess)) pt off the page \(PageFinding.describe(page.rect))"
                                            + page.overfullTableNote(glyph),
                                         character: page.documentCharacter(of: glyph)))
                continue
            }
            guard area.kind != .runningHead else { continue }
            let above = glyph.isInitial
                ? InkAllowance.tolerance + InkAllowance.verticalShare * (line.initial?.textSize ?? 0) + Self.inkAboveCapHeight(of: glyph)
                : nil
            let reach = InkAllowance.reach(ink: ink, advanceMinX: glyph.advanceMinX, advanceMaxX: glyph.advanceMaxX, size: glyph.size,
                                           hangs: text.hangs(glyph.character, line: line), above: above, in: area.rect)
            guard reach.past > reach.allowed else { continue }
            let what = area.kind == .column ? "its column" : "its box's text area"
            // To a hundredth of a point: an excess of a few hundredths read "by 0.0 pt more than allowed".
            found.append(PageFinding(page: page.number, kind: .outsideArea,
                                     detail: "glyph \(text.quoted(glyph, on: page)) \(PageFinding.describe(ink)) reaches "
                                        + "\(String(format: "%.2f", reach.past)) pt past \(what) \(PageFinding.describe(area.rect)), "
                                        + "where \(String(format: "%.2f", reach.allowed)) pt is allowed",
                                     character: page.documentCharacter(of: glyph)))
        }
        return found + pictureFindings(on: page, text: text)
    }

    /// How far a glyph's ink rises above its face's cap height at its size: an accent's or an
    /// ascender's reach over the capitals (0 for a capital without one, but its overshoot).
    static func inkAboveCapHeight(of glyph: DrawnPage.Glyph) -> Double {
        let capLine = glyph.origin.y - Double(glyph.font.capHeight) * glyph.font.scale(for: glyph.size)
        return max(0, capLine - glyph.ink.minY)
    }

    /// Pictures past their area (a float's frame, an inline picture's column or box) or, across
    /// columns, past the page, by more than `tolerance`: a picture is scaled to its place, so
    /// only rounding may reach past it. One that bleeds runs off the page by design.
    private func pictureFindings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        for picture in page.pictures where !picture.bleeds {
            let area = picture.area.map { page.areas[$0] }
            guard area?.kind != .runningHead else { continue }
            let bounds = area?.rect ?? page.rect
            let excess = max(bounds.minX - picture.rect.minX, picture.rect.maxX - bounds.maxX, bounds.minY - picture.rect.minY,
                             picture.rect.maxY - bounds.maxY) - Self.tolerance
            guard excess > 0 else { continue }
            let what = area == nil ? "the page" : area?.kind == .column ? "its column" : "its box's text area"
            found.append(PageFinding(page: page.number, kind: .pictureOutsideArea,
                                     detail: "the picture at \(text.place(of: picture.anchor)) \(PageFinding.describe(picture.rect)) reaches "
                                        + "\(String(format: "%.1f", excess)) pt past \(what) \(PageFinding.describe(bounds))",
                                     character: picture.anchor))
        }
        return found
    }
}
