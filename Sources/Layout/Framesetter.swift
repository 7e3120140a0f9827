import Breaking
import Fonts
import Shaping
import Text

/// Fills containers with lines, like CTFramesetter: "set this container starting at
/// character i". Ask for the next container from the end of the previous frame's visible range.
///
/// Paragraphs are shaped and their break opportunities found once, when first reached; the
/// framesetter keeps only the paragraph in progress, so memory does not grow with the text.
public final class Framesetter {
    public let text: AttributedText
    private let fonts: FontTable
    private let shaper: Shaper
    private let breaker = GreedyLineBreaker()
    private var current: PreparedParagraph?

    public init(text: AttributedText, fonts: FontTable, shaper: Shaper = Shaper()) {
        self.text = text
        self.fonts = fonts
        self.shaper = shaper
    }

    /// Lines set in `container` from character `index` on, until the container is full or the
    /// text ends. An empty container still takes one line, so that a caller looping over
    /// containers always makes progress.
    public func frame(in container: Container, from index: Int) -> Frame {
        let rect = container.rect
        var lines: [Line] = []
        var position = index
        var y = rect.minY
        while position < text.length {
            let paragraph = prepared(containing: position)
            let style = paragraph.style
            let startsParagraph = position == paragraph.range.lowerBound
            let spaceBefore = startsParagraph && !lines.isEmpty ? style.spaceBefore : 0

            let indent = style.headIndent + (startsParagraph ? style.firstLineIndent : 0)
            let fragment = container.lineFragment(atY: y, height: 0)
            let left = fragment.minX + indent
            let available = max(1, fragment.maxX - style.tailIndent - left)
            paragraph.lineStartX = left - fragment.minX
            let lineBreak: LineBreak
            if paragraph.range.isEmpty {
                lineBreak = LineBreak(end: paragraph.range.upperBound, kind: .mandatory)
            } else {
                lineBreak = breaker.nextLine(from: position, opportunities: paragraph.opportunities,
                                             available: available, measure: paragraph)
            }
            var line = LineBuilder(paragraph: paragraph).makeLine(from: position, to: lineBreak, left: left, available: available,
                                                                  startX: left - fragment.minX)

            // The line box: ascent and descent, with the leading split above and below.
            let top = y + spaceBefore
            let baseline = top + line.leading / 2 + line.ascent
            if baseline + line.descent > rect.maxY + 0.001, !lines.isEmpty { break }
            line.origin.y = baseline
            lines.append(line)
            y = top + line.height
            if line.endsParagraph { y += style.spaceAfter }
            position = line.stringRange.upperBound
        }
        return Frame(container: container, lines: lines, visibleRange: index ..< position)
    }

    private func prepared(containing index: Int) -> PreparedParagraph {
        if let current, current.fullRange.contains(index) { return current }
        let paragraph = PreparedParagraph(text: text, range: text.paragraphRange(containing: index), fonts: fonts, shaper: shaper)
        current = paragraph
        return paragraph
    }
}
