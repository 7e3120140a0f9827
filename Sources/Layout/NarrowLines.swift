import Breaking
import Text

/// The one rule for how narrow a line may be where something narrows a container — a float or
/// a figure beside the text, an exclusion, a shape's outline (docs/pipeline.md, "Narrow
/// columns: minimum line width beside floats, figures, exclusions and in shapes"). A stretch narrower than the paragraph's `min-line-width` takes no line; and a
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
    /// justified whatever it takes, as the breaker rated it — but for a paragraph filled
    /// first-fit (tab rows: `FrameSetting.nextBreak`), whose lines no breaker rated: a cast
    /// list's "from              the" before a name that did not fit beside it.
    func setsLooseLinesFlush(in fragment: HorizontalSpan, of paragraph: PreparedParagraph) -> Bool {
        let width = fragment.maxX - fragment.minX, fontSize = paragraph.styleRuns.first?.attributes.fontSize ?? 0
        let filledFirstFit = paragraph.hasTabs && !paragraph.tabsOnlyBeforeFirstBreak
        return shape != nil || width < rect.width - 0.001 || width < Self.narrowMeasure * fontSize || filledFirstFit
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
    /// 6288). A soft hyphen inside it does not make two: "hoveniers&shy;architect" unbroken is
    /// the one word "hoveniersarchitect" is. (Each character of Chinese or Japanese is a word
    /// here, as each may end a line.)
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
        while low < offsets.count, offsets[low] < end, paragraph.units[offsets[low] - 1] == PreparedParagraph.softHyphen { low += 1 }
        return low == offsets.count || offsets[low] >= end
    }

    /// Whether `lineBreak` ends a line from `start` that strands a word: one word alone,
    /// which is not the last of its paragraph (nor before a line break), in text broken at
    /// spaces, shorter than a long word (`longWord`). A long word is a line by itself, not a
    /// word stranded in white: passed over, "hoveniersarchitect," (91 pt of 10 pt text) left
    /// 2.5 lines beside a contour empty inside its paragraph. In Chinese or Japanese
    /// (IdeographicText) the lines around a Latin word alone hold several characters each:
    /// passed over, "（Domesday" left four lines beside a picture empty, the text before and
    /// after it able to fill them.
    func strandsWord(_ paragraph: PreparedParagraph, from start: Int, to lineBreak: LineBreak) -> Bool {
        lineBreak.kind != .mandatory && lineBreak.end < paragraph.range.upperBound && !paragraph.isMostlyIdeographic
            && holdsOneWord(paragraph, from: start, to: lineBreak.end)
            && paragraph.width(from: start, to: lineBreak.end) < longWord(in: paragraph)
    }

    /// How wide a long word is, in ems of its paragraph's size: some 15 letters, a Dutch or
    /// German compound. Such a word fills a narrow stretch alone however it is passed over, so
    /// passing it over only drops it below the obstacle; "considered", "considerable" and
    /// "Neighbourhood" are still passed over for a line of two words. In ems, not in
    /// `min-line-width`s: a paragraph that lowers its minimum to take a narrower strip still
    /// leaves "considered" out of it (docs/markup.md's example).
    static let longWordEms = 7.5

    /// The narrowest width of a long word of `paragraph`, for the size its text starts with.
    private func longWord(in paragraph: PreparedParagraph) -> Double {
        Self.longWordEms * (paragraph.styleRuns.first?.attributes.fontSize ?? 0)
    }

    /// How many stretches the look-ahead follows the next line through (`narrowStretches`):
    /// beside a circle its bands alternate left and right of it, and a word passed over in
    /// one may pass over three or four more before a line of two fits (seed 6288).
    static let lookAheadStretches = 8

    /// The stretches the line after one set in `ordered[index]` goes on in while each passes
    /// over a word alone (`passesOverLoneWords`), measured there: the rest of this band's, then
    /// those of the bands below, where they are proposed (on the grid, if any), in reading order, beside the
    /// drop cap's initial (`zone`) where it reaches; up to `lookAheadStretches` of them, ended
    /// by the first stretch wide enough to take a word alone (a band with none is passed).
    /// Empty when the next stretch is that wide.
    mutating func narrowStretches(after index: Int, of ordered: [HorizontalSpan], in container: Container, paragraph: PreparedParagraph,
                                  bandTop: Double, expected: BandMetrics, zone: InitialZone?, memo: LineFragmentMemo) -> [LineMeasure] {
        let rightToLeft = paragraph.bidi.isRightToLeft, narrowest = container.narrowestLine(for: paragraph)
        var stretches: [LineMeasure] = []
        var band = ordered[(index + 1)...], top = bandTop, bands = 0
        while stretches.count < Self.lookAheadStretches {
            guard let next = band.first else {
                bands += 1
                // Measured where the band lands: on a 12 pt grid, 10.8 pt down measured a
                // circle's stretch wider than half the column, and the look-ahead stopped
                // before the stretches "Nobody" was passed over in (seed 19235).
                top = expected.nextTop(after: top, grid: container.baselineGrid)
                guard bands <= Self.lookAheadStretches, top + expected.textBottom <= container.rect.maxY + 0.001 else { break }
                readDownTo = max(readDownTo, top + expected.upper + max(0, expected.height))
                let below = memo.lineFragments(in: container, top: top + expected.upper, height: expected.height, narrowest: narrowest)
                band = (rightToLeft ? below.reversed() : below)[...]
                continue
            }
            band = band.dropFirst()
            guard container.passesOverLoneWords(in: next) else { break }
            var measure = LineMeasure(in: next, style: paragraph.style, rightToLeft: rightToLeft, startsParagraph: false)
            if let zone, zone.isBeside(baseline: top + expected.baseline) { zone.clear(&measure) }
            stretches.append(measure)
        }
        return stretches
    }

    /// The break of a line from `start` whose next line goes on in narrow stretches
    /// (`narrowStretches`, `below`): `lineBreak`, unless the next line would hold one word
    /// alone in the first of them — which the rule passes over, leaving the stretch empty
    /// under this line ("It came on" beside a picture, "Tuesday. Correspondence" below it) —
    /// when the latest earlier break that keeps two words on this line and passes over the
    /// fewest stretches below, none if it can, wins ("It came / on Tuesday."). A line that
    /// cannot give a word keeps its break. This is the look-ahead InDesign's composer makes
    /// over the lines beside a wrap; a line at a time, the rule saw the lone word only once it
    /// was left no choice. Each stretch is measured where it is: beside a circle or a contour
    /// it is not this line's width, and a line a little wider than half the column may have
    /// one below that passes over (seed 6273). And the stretch after a passed-over one is
    /// weighed too: beside a circle's top "considerable;" was passed over in the stretch right
    /// of it and in every band left of it, where "hours considerable;", given down, fits the
    /// second (seed 6288).
    func breakLeavingNoLoneWordBelow(_ paragraph: PreparedParagraph, from start: Int, to lineBreak: LineBreak,
                                     in below: [LineMeasure], columnWidth: Double) -> LineBreak {
        guard lineBreak.kind == .opportunity, lineBreak.end < paragraph.range.upperBound, let first = below.first else { return lineBreak }
        func strands(_ end: Int, in available: Double, tabs: TabOrigin) -> Bool {
            strandsWord(paragraph, from: end, to: framesetter.firstFitBreak(in: paragraph, from: end, available: available, tabs: tabs))
        }
        // How many of the stretches the line from `end` passes over: none where the column
        // itself would leave its word alone, which is set where it comes (LineLoop).
        func passedOver(_ end: Int) -> Int {
            guard !strands(end, in: columnWidth, tabs: first.tabs) else { return 0 }
            return below.firstIndex { !strands(end, in: $0.available, tabs: $0.tabs) } ?? below.count
        }
        var fewest = passedOver(lineBreak.end), best = lineBreak
        for end in paragraph.opportunities.offsets.reversed() where fewest > 0 && end > start && end < lineBreak.end {
            guard !holdsOneWord(paragraph, from: start, to: end) else { break }
            let passed = passedOver(end)
            if passed < fewest { (fewest, best) = (passed, LineBreak(end: end, kind: .opportunity)) }
        }
        return best
    }
}
