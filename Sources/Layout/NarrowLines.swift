import Breaking
import Text

/// The one rule for how narrow a line may be where something narrows a container — a float or
/// a figure beside the text, an exclusion, a shape's outline (docs/pipeline.md, "Narrow
/// columns"). A stretch narrower than the paragraph's `min-line-width` takes no line; and a
/// stretch narrower than half the column that would take one word alone (not the paragraph's
/// last) takes none either, when two words fit the column. Either way the stretch is left
/// empty and the text goes on where the container is wide enough again. A rectangle is never
/// narrowed: its lines are as wide as it is, however narrow.
extension Container {
    /// Whether a line of one word alone is passed over in `fragment`: in a stretch under half
    /// the container's width ("The / Board / had / long" down a picture's side). A wider one
    /// takes it, as InDesign sets it: passed over, the same word comes first in every band
    /// beside a tall obstacle, and the stretch beside a pull quote stayed empty down its height.
    func passesOverLoneWords(in fragment: HorizontalSpan) -> Bool {
        fragment.width < rect.width / 2
    }

    /// The narrowest stretch lines of `style` in text of `fontSize` are set in: the style's
    /// minimum, at most half the container's width (a column only twice as wide as the minimum
    /// still sets text beside a picture), at least the container's own `minimumFragmentWidth`.
    func narrowestLine(for style: ParagraphStyle, fontSize: Double) -> Double {
        max(minimumFragmentWidth, min(style.minimumLineWidth.points(fontSize: fontSize), rect.width / 2))
    }

    /// The narrowest stretch the lines of `paragraph` are set in, for the size its text starts with.
    func narrowestLine(for paragraph: PreparedParagraph) -> Double {
        narrowestLine(for: paragraph.style, fontSize: paragraph.styleRuns.first?.attributes.fontSize ?? 0)
    }

    /// Whether a justified line of `paragraph` in `fragment` that would be spaced out is set
    /// flush with its start instead (LineAdjustment.isSpacedOut): where its measure is
    /// irregular — cut short by a float, a figure, an exclusion or a contour, or along a
    /// shape's outline — or narrow, under `narrowMeasure` ems. There the line breaker has few
    /// spaces to share the slack among ("and      1880s" beside a contour, "for
    /// twenty-five" in a recipe's fourth of a page); a line of a wider regular column is
    /// justified whatever it takes, as the breaker rated it.
    func setsLooseLinesFlush(in fragment: HorizontalSpan, of paragraph: PreparedParagraph) -> Bool {
        let width = fragment.maxX - fragment.minX, fontSize = paragraph.styleRuns.first?.attributes.fontSize ?? 0
        return shape != nil || width < rect.width - 0.001 || width < Self.narrowMeasure * fontSize
    }

    /// Under this many ems a column is narrow: some 24 characters, three or four word spaces a
    /// line (four columns of A4 at 11 pt are 9.7 em; three, 13.5 em).
    static let narrowMeasure = 12.0
}

extension FrameSetting {
    /// Whether the text from `start` to `end` is one word or a piece of one: no break
    /// opportunity lies between them, past the anchors of floated pictures at its start, which
    /// show nothing in the line, and the spaces a paragraph may open with, which make no word
    /// (" quietly" was two, and the look-ahead left it alone on a headline's first line: seed
    /// 6288). (Each character of Chinese or Japanese is a word here, as each may end a line.)
    func holdsOneWord(_ paragraph: PreparedParagraph, from start: Int, to end: Int) -> Bool {
        var first = start
        while first < end, paragraph.units[first] == 0x20 || text.attributes(at: first).attributes.image?.isSetApart ?? false {
            first += 1
        }
        let offsets = paragraph.opportunities.offsets
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] <= first { low = mid + 1 } else { high = mid }
        }
        return low == offsets.count || offsets[low] >= end
    }

    /// Whether `lineBreak` ends a line from `start` that strands a word: one word alone,
    /// which is not the last of its paragraph (nor before a line break).
    func strandsWord(_ paragraph: PreparedParagraph, from start: Int, to lineBreak: LineBreak) -> Bool {
        lineBreak.kind != .mandatory && lineBreak.end < paragraph.range.upperBound
            && holdsOneWord(paragraph, from: start, to: lineBreak.end)
    }

    /// The break of a line from `start` whose next line goes on in a narrow stretch
    /// (`passesOverLoneWords`), `available` wide there: `lineBreak`, unless the next line
    /// would hold one word alone — which the rule passes over, leaving the stretch empty under
    /// this line ("It came on" beside a picture, "Tuesday. Correspondence" below it) — when the
    /// latest earlier break that keeps two words on this line and gives the next line two wins
    /// ("It came / on Tuesday."). A line that cannot give a word keeps its break. This is the
    /// look-ahead InDesign's composer makes over the lines beside a wrap; a line at a time, the
    /// rule saw the lone word only once it was left no choice. The next line's stretch is
    /// measured where it is: beside a circle or a contour it is not this line's width, and a
    /// line a little wider than half the column may have one below that passes over (seed 6273).
    func breakLeavingNoLoneWordBelow(_ paragraph: PreparedParagraph, from start: Int, to lineBreak: LineBreak,
                                     available: Double, tabs: TabOrigin) -> LineBreak {
        guard lineBreak.kind == .opportunity, lineBreak.end < paragraph.range.upperBound else { return lineBreak }
        func leavesLoneWord(_ end: Int) -> Bool {
            strandsWord(paragraph, from: end, to: framesetter.firstFitBreak(in: paragraph, from: end, available: available, tabs: tabs))
        }
        guard leavesLoneWord(lineBreak.end) else { return lineBreak }
        for end in paragraph.opportunities.offsets.reversed() where end > start && end < lineBreak.end {
            guard !holdsOneWord(paragraph, from: start, to: end) else { break }
            if !leavesLoneWord(end) { return LineBreak(end: end, kind: .opportunity) }
        }
        return lineBreak
    }
}
