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
    private let itemizer: TextItemizer
    private let breaker = GreedyLineBreaker()
    private var current: PreparedParagraph?
    /// The optimal breaks of the paragraph in progress, for the line widths they were made for.
    private var plan: LinePlan?
    private var hyphenators: [String: Hyphenator?] = [:]

    /// Breaks chosen for a paragraph from one of its lines on: the next frame continues with
    /// them when its lines are as wide, and breaks anew from where it starts when they are not.
    private struct LinePlan {
        var lineStarts: [Int]
        var breaks: [LineBreak]?
        var firstWidth: Double
        var otherWidth: Double
    }

    public init(text: AttributedText, fonts: FontTable, shaper: Shaper = Shaper()) {
        self.text = text
        self.fonts = fonts
        self.shaper = shaper
        itemizer = TextItemizer(fonts: fonts)
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
            // A right-to-left paragraph's lines start at the right: its head indent is there.
            let rightToLeft = paragraph.bidi.isRightToLeft
            let left = fragment.minX + (rightToLeft ? style.tailIndent : indent)
            let available = max(1, fragment.maxX - (rightToLeft ? indent : style.tailIndent) - left)
            paragraph.lineStartX = left - fragment.minX
            paragraph.lineEndX = left - fragment.minX + available
            let lineBreak: LineBreak
            if paragraph.range.isEmpty {
                lineBreak = LineBreak(end: paragraph.range.upperBound, kind: .mandatory)
            } else {
                let other = max(1, fragment.maxX - fragment.minX - style.tailIndent - style.headIndent)
                lineBreak = nextBreak(in: paragraph, from: position, available: available, otherLines: other)
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

    /// The break ending the line that starts at `position`: from the paragraph's optimal
    /// breaks when it has them (paragraphs with tabs past their first word — tables — and
    /// those no optimal setting fits are filled first-fit).
    private func nextBreak(in paragraph: PreparedParagraph, from position: Int, available: Double, otherLines: Double) -> LineBreak {
        if !paragraph.hasTabs || paragraph.tabsOnlyBeforeFirstSpace {
            if plan == nil || !planCovers(position, available: available, otherLines: otherLines) {
                let breaks = ParagraphBreaker(paragraph: paragraph, hyphenator: hyphenator(for:))
                    .breaks(from: position, firstWidth: available, otherWidth: otherLines)
                var starts = [position]
                for lineBreak in breaks?.dropLast() ?? [] { starts.append(lineBreak.end) }
                plan = LinePlan(lineStarts: starts, breaks: breaks, firstWidth: available, otherWidth: otherLines)
            }
            if let breaks = plan?.breaks, let line = plan?.lineStarts.firstIndex(of: position) {
                return breaks[line]
            }
            // No optimal setting: the rest of the paragraph is filled first-fit (see planCovers).
        }
        var greedy = breaker.nextLine(from: position, opportunities: paragraph.opportunities, available: available, measure: paragraph)
        if greedy.kind == .opportunity, paragraph.units[greedy.end - 1] == PreparedParagraph.softHyphen {
            greedy.kind = .hyphenated
        }
        return greedy
    }

    /// Whether the current plan has a line starting at `position` as wide as this one will be.
    private func planCovers(_ position: Int, available: Double, otherLines: Double) -> Bool {
        guard let plan else { return false }
        // A paragraph no optimal setting fits (a word wider than the line) is not tried again
        // line after line: that would search it once per line.
        if plan.breaks == nil, let first = plan.lineStarts.first, position >= first { return true }
        guard let line = plan.lineStarts.firstIndex(of: position) else { return false }
        let width = line == 0 ? plan.firstWidth : plan.otherWidth
        return abs(width - available) < 0.001 && abs(plan.otherWidth - otherLines) < 0.001
    }

    private func hyphenator(for language: String) -> Hyphenator? {
        if let known = hyphenators[language] { return known }
        let made = Hyphenator(language: language)
        hyphenators[language] = made
        return made
    }

    private func prepared(containing index: Int) -> PreparedParagraph {
        if let current, current.fullRange.contains(index) { return current }
        let paragraph = PreparedParagraph(text: text, range: text.paragraphRange(containing: index), fonts: fonts,
                                          itemizer: itemizer, shaper: shaper)
        current = paragraph
        plan = nil
        return paragraph
    }
}
