import Fonts
import Foundation
import Layout
import Pages
import Text

/// "No glyph outside its frame": the ink of every glyph a page prints — its columns' lines,
/// drop caps' initials, the text of its figures and asides — lies inside the rectangle it was
/// set in (a box's text inside the box less its border and padding). A glyph's ink box is its
/// outline's (or colour bitmap's) box from the font, where it is drawn, not its advance.
///
/// What may reach past, and by how much (measured on every fixture's pages: ink reaches past
/// the frame by at most 0.04 em sideways — a j's tail at a line's start, an italic M's
/// 0.019 em at its end — and 0.002 em below):
/// - every glyph, `frameTolerance` (half a point, well under a pixel at 72 dpi, as
///   PagePropertyChecker allows its advance boxes) and `sideBearingShare` of its size
///   sideways: an italic's overhang, a roman f's hook or a j's tail reach past the advance by
///   design;
/// - every glyph, `verticalShare` of its size above or below: accents over capitals and
///   descenders at a column's edges;
/// - hanging punctuation, 0.7 of its advance more sideways (Layout's Protrusion);
/// - ink the face draws past the glyph's own advance box (an italic f's hook, 0.14 em in
///   Liberation Serif Italic, reaching out of a line that ends in a hanging hyphen).
///
/// A drop cap's initial is checked as any glyph; a figure's or an aside's text against the
/// box's text area; a picture is not a glyph (PagePropertyChecker checks pictures).
struct FrameInkCheck {
    static let frameTolerance = 0.5
    static let sideBearingShare = 0.06
    static let verticalShare = 0.1
    static let hangingShare = 0.7

    /// One glyph past its frame: what, where, and by how much beyond what is allowed.
    struct Overrun: CustomStringConvertible {
        var place: String
        var character: Int
        var ink: Rect
        var frame: Rect
        var excess: Double

        var description: String {
            "\(place): glyph of character \(character) has ink \(PageBoxes.describe(ink)) outside its frame "
                + "\(PageBoxes.describe(frame)) by \(String(format: "%.2f", excess)) pt more than allowed"
        }
    }

    let text: AttributedText

    /// Every glyph of `page` that reaches past its frame further than allowed.
    func overruns(on page: Page) -> [Overrun] {
        var found: [Overrun] = []
        for (frameIndex, frame) in page.frames.enumerated() {
            found += overruns(in: frame, rect: frame.container.rect, place: "page \(page.number) frame \(frameIndex)")
        }
        for placed in page.boxes {
            let inner = PlacedBox.textRect(of: placed.rect, style: placed.style)
            for (frameIndex, frame) in placed.frames.enumerated() {
                found += overruns(in: frame, rect: inner,
                                  place: "page \(page.number) box at character \(placed.box.range.lowerBound) frame \(frameIndex)")
            }
        }
        return found
    }

    private func overruns(in frame: Frame, rect: Rect, place: String) -> [Overrun] {
        var found: [Overrun] = []
        for (lineIndex, line) in frame.lines.enumerated() {
            let at = "\(place) line \(lineIndex)"
            // `scale`: how much wider the glyph is drawn (justification's glyph scaling).
            func check(_ glyph: UInt32, of font: Font, size: Double, scale: Double = 1, at origin: Point, character: Int,
                       advance: Double) {
                guard let ink = font.ink(of: glyph, size: size) else { return }
                let box = Rect(x: origin.x + ink.minX * scale, y: origin.y + ink.minY, width: (ink.maxX - ink.minX) * scale,
                               height: ink.maxY - ink.minY)
                var sideways = Self.frameTolerance + Self.sideBearingShare * size
                if hangs(character, line: line) { sideways += Self.hangingShare * advance }
                // Ink the face itself puts past the glyph's advance (an italic f's hook).
                let overhangLeft = max(0, -ink.minX * scale), overhangRight = max(0, ink.maxX * scale - advance)
                let vertical = Self.frameTolerance + Self.verticalShare * size
                let excess = max(rect.minX - box.minX - sideways - overhangLeft, box.maxX - rect.maxX - sideways - overhangRight,
                                 rect.minY - box.minY - vertical, box.maxY - rect.maxY - vertical)
                if excess > 0 { found.append(Overrun(place: at, character: character, ink: box, frame: rect, excess: excess)) }
            }
            for run in line.runs where run.runDelegate == nil {
                for glyph in run.glyphIDs.indices {
                    let character = run.clusters[glyph]
                    guard !PageBoxes.isWhiteSpace(character, in: text) else { continue }
                    let origin = Point(x: line.origin.x + run.positions[glyph].x, y: line.origin.y + run.positions[glyph].y)
                    check(run.glyphIDs[glyph], of: run.font, size: run.fontSize, scale: run.horizontalScale, at: origin, character: character,
                          advance: run.advances[glyph])
                }
            }
            if let initial = line.initial {
                for (glyph, position) in zip(initial.glyphIDs, initial.positions) {
                    check(glyph, of: initial.font, size: initial.size,
                          at: Point(x: line.origin.x + position.x, y: line.origin.y + position.y),
                          character: initial.stringRange.lowerBound, advance: 0)
                }
            }
        }
        return found
    }

    /// Whether a glyph may hang into the margin (`AttributedText.mayHang`).
    func hangs(_ character: Int, line: Line) -> Bool {
        text.mayHang(character, lineEnd: line.stringRange.upperBound)
    }
}
