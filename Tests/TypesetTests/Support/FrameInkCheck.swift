import Fonts
import Foundation
import Layout
import PageCheck
import Pages
import Text

/// "No glyph outside its frame": the ink of every glyph a page prints — its columns' lines,
/// drop caps' initials, the text of its figures and asides — lies inside the rectangle it was
/// set in (a box's text inside the box less its border and padding). A glyph's ink box is its
/// outline's (or colour bitmap's) box from the font, where it is drawn, not its advance.
///
/// What may reach past, and by how much, is the page checker's rule (`InkAllowance` in
/// PageCheck), asked here of laid-out pages as the binary asks it of drawn ones. A drop cap's
/// initial is checked as any glyph; a figure's or an aside's text against the box's text area;
/// a picture is not a glyph (PagePropertyChecker checks pictures).
struct FrameInkCheck {
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
                let excess = InkAllowance.excess(ink: box, advanceMinX: origin.x, advanceMaxX: origin.x + advance, size: size,
                                                 hangs: hangs(character, line: line), in: rect)
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
