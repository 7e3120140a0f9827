import Breaking
import Fonts
import Shaping
import Text

/// Fills containers with lines, like CTFramesetter: "set this container starting at
/// character i". A frame is a value computed from values: the text, the container, where to
/// start and stop, and what the frame before it carried (`FlowCarry`); it returns the frame
/// and what it carries on. Nothing else survives between calls but the paragraph cache, a
/// pure memo (see ParagraphCache), so setting the same frame again — a trial layout that
/// balances columns, places floats or counts pages — gives the same frame.
///
/// A column ends where its paragraphs allow (see ColumnBreak): no orphans, no widows, no
/// heading left at its foot. Every container is filled by one loop, band by band (see LineLoop
/// and docs/shapes.md).
public final class Framesetter {
    public let text: AttributedText
    /// Paragraphs shaped, and breaks found, for every frame this framesetter sets.
    public let cache: ParagraphCache
    let breaker = GreedyLineBreaker()
    /// The text's figures and asides (see BoxLayout).
    public let boxes: TextBoxes
    /// The text's tables (see TableLayout).
    public let tables: TextTables
    /// The text's footnotes' markers and notes (see FootnoteArea).
    public let footnotes: TextFootnotes
    /// The text's floated pictures and boxes, in order (see FloatFramesetting).
    let floatAnchors: [FloatAnchor]

    public init(text: AttributedText, fonts: FontTable, shaper: Shaper = Shaper()) {
        self.text = text
        cache = ParagraphCache(text: text, fonts: fonts, shaper: shaper)
        boxes = TextBoxes(text: text)
        tables = TextTables(text: text)
        footnotes = TextFootnotes(text: text, boxes: boxes)
        floatAnchors = FloatAnchor.all(in: text, boxes: boxes)
    }

    /// Frames set so far, trials included: each a pass of the line loop over a container. The
    /// work a layout has cost, which tests compare where a time would be the machine's noise.
    public private(set) var framesSet = 0
    /// Lines set so far, in every frame set: a frame set again goes on from its last setting's
    /// lines where it can (ResumableSetting), and sets fewer.
    public internal(set) var linesSet = 0

    /// The largest counts of the line-breaking searches so far (see ParagraphBreaker's window).
    var largestBreakSearch: KnuthPlassLineBreaker.Effort { cache.largestBreakSearch }

    /// Lines set in `container` from character `start` on, until the container is full, the
    /// text reaches `end` (a paragraph's start; the text's end when nil) or a paragraph that
    /// must start a new column or page (`ParagraphStyle.breakBefore`), then ended where its
    /// paragraphs allow (see ColumnBreak); and what the frame carries to the next one, set from
    /// where it ends. `carried` is what the frame before it carried (`.none` at the start of
    /// the text). An empty container still takes one line, so that a caller looping over
    /// containers always makes progress — unless it has a shape or exclusions that leave no
    /// line fragment anywhere: then the frame is empty (see docs/shapes.md).
    public func frame(in container: Container, from start: Int, to end: Int? = nil,
                      carrying carried: FlowCarry) -> FrameResult {
        let end = min(end ?? text.length, text.length)
        if mayHoldFloats(from: start, to: end, carrying: carried) {
            return floatingFrame(in: container, from: start, to: end, carrying: carried)
        }
        return plainFrame(in: container, from: start, to: end, carrying: carried)
    }

    /// The frame set from `start` with nothing carried in: a text's first frame, or one that
    /// need not continue the paragraph setting of another.
    public func frame(in container: Container, from start: Int, to end: Int? = nil) -> Frame {
        frame(in: container, from: start, to: end, carrying: .none).frame
    }

    /// Frames in `containers` in turn, each from the end of the one before, carrying on what
    /// it carries (a text view's chain of containers); frames stop when the text does.
    public func frames(in containers: [Container], from start: Int = 0) -> [Frame] {
        var frames: [Frame] = []
        var position = start, carry = FlowCarry.none
        for container in containers where position < text.length || carry.hasWaitingFloats || carry.hasNotesGoingOn || frames.isEmpty {
            let result = frame(in: container, from: position, carrying: carry)
            frames.append(result.frame)
            position = result.frame.visibleRange.upperBound
            carry = result.carry
        }
        return frames
    }

    /// A frame of text alone, without placing floats: the floats carried in stay waiting, and
    /// the boxes in the column it had no room for join them (see WaitingBoxes).
    func plainFrame(in container: Container, from start: Int, to end: Int, carrying carried: FlowCarry,
                    holdsWaitingFloats: Bool = false) -> FrameResult {
        var unrecorded: ResumableSetting?
        return plainFrame(in: container, from: start, to: end, carrying: carried, holdsWaitingFloats: holdsWaitingFloats,
                          record: &unrecorded)
    }

    /// The same, going on from `record`'s setting of the frame beside other exclusions where
    /// they cannot have changed its lines, and leaving this one's there (see ResumableSetting).
    func plainFrame(in container: Container, from start: Int, to end: Int, carrying carried: FlowCarry,
                    holdsWaitingFloats: Bool, record: inout ResumableSetting?) -> FrameResult {
        framesSet += 1
        var setting = FrameSetting(framesetter: self, carrying: carried.plan, tableRows: carried.tableRows, notes: carried.notes,
                                   holdsWaitingFloats: holdsWaitingFloats)
        let frame = setting.linesEndingOnWholeWord(in: container, from: start, to: end, record: &record)
        return FrameResult(frame: frame, carry: FlowCarry(waitingFloats: carried.waitingFloats + boxesWaiting(after: frame),
                                                          plan: setting.plan(containing: frame.visibleRange.upperBound),
                                                          tableRows: setting.tableRowsGoingOn(after: frame), notes: frame.notesGoingOn))
    }

    /// The first-fit break ending the line from `position` in `available` points, placed at `tabs`.
    func firstFitBreak(in paragraph: PreparedParagraph, from position: Int, available: Double, tabs: TabOrigin) -> LineBreak {
        let measure = paragraph.measured(at: tabs)
        let row = paragraph.entryRowTab.map { EntryRow.breaks(of: paragraph, tab: $0, available: available, measure: measure) }
        var greedy = breaker.nextLine(from: position, opportunities: row?.opportunities ?? paragraph.opportunities,
                                      available: available, measure: measure)
        if greedy.kind == .opportunity, paragraph.units[greedy.end - 1] == PreparedParagraph.softHyphen {
            greedy.kind = .hyphenated
        }
        // An entry row's title broken before its tab ends short, as a last line: never justified.
        if greedy.end == row?.tabBreak { greedy.kind = .mandatory }
        return greedy
    }
}
