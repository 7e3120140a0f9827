/// A frame's setting kept so that the next setting of the same frame beside other exclusions
/// (a float placed, or taken out again: FloatFramesetting) goes on from its last line those
/// cannot reach instead of from the frame's top. The line loop reads the container only in the
/// bands it asks for stretches — its lines', the widths it predicts for a paragraph's breaks, the
/// look-ahead for a word left alone — and an exclusion only changes the answer for a band it
/// meets, so up to a point above every changed exclusion the loop's state is the one the
/// earlier setting had there: the loop takes it from a checkpoint (one a line) and sets only the
/// lines from there. What the loop reads without asking for a band (a drop cap's clearance, the
/// notes at the foot, a box's or a table's place) it does not follow: no checkpoint after it is
/// taken. Every frame is the one set from its top; a float placed near a column's foot sets only
/// the lines from a little above it.
struct ResumableSetting {
    /// The loop's state before it sets a line (`FrameSetting.lines`).
    struct Checkpoint {
        var lines: Int
        var setLines: Int
        var position: Int
        var y: Double
        var linesOfParagraph: Int?
        var lastFragment: HorizontalSpan
        var boxWaits: Bool
        var lineSkip: LineSkip
        var leadingAbove: GridLeading?
        /// The breaks chosen so far, by paragraph (`FrameSetting.plans`).
        var plans: [Int: LinePlan]
        /// The foot of the lowest band the setting had read the container in (`FrameSetting.readDownTo`).
        var readDownTo: Double
    }

    /// What the setting was set from (nil: nothing set yet).
    private var column: Container?
    private var start = 0, end = 0
    private var holdsWaitingFloats = false
    /// Every line set, and the keep rules' view of each, before the keep rules ended the frame.
    private(set) var lines: [Line] = []
    private(set) var setLines: [ColumnBreak.SetLine] = []
    private var checkpoints: [Checkpoint] = []

    /// A record of no setting yet: the first one sets its frame from the top.
    init() {}

    /// A setting of `column` from `start` to `end` about to begin, with no checkpoint yet.
    init(of column: Container, from start: Int, to end: Int, holdsWaitingFloats: Bool) {
        self.column = column
        (self.start, self.end) = (start, end)
        self.holdsWaitingFloats = holdsWaitingFloats
    }

    /// The latest checkpoint a setting of `column` (from `start` to `end`) may go on from: the
    /// same frame with some exclusions added or taken out, every one of them below all the
    /// setting had read there. Nil when there is none (another frame, or a rectangle that has
    /// gained its first exclusion: its lines are measured as a rectangle's).
    func resumePoint(in column: Container, from start: Int, to end: Int, holdsWaitingFloats: Bool) -> Checkpoint? {
        guard let earlier = self.column, start == self.start, end == self.end, holdsWaitingFloats == self.holdsWaitingFloats,
              column.isRectangular == earlier.isRectangular else { return nil }
        var alike = column
        alike.exclusions = earlier.exclusions
        guard alike == earlier else { return nil }
        let changed = column.exclusions.filter { !earlier.exclusions.contains($0) }
            + earlier.exclusions.filter { !column.exclusions.contains($0) }
        return checkpoints.last { checkpoint in changed.allSatisfy { $0.liesBelow(bandsEndingAt: checkpoint.readDownTo) } }
    }

    /// This record, for a setting of `column` going on from `checkpoint` of it: the lines and
    /// checkpoints before it are the new setting's too.
    func resumed(in column: Container, at checkpoint: Checkpoint) -> ResumableSetting {
        var resumed = self
        resumed.column = column
        resumed.lines.removeSubrange(checkpoint.lines...)
        resumed.setLines.removeSubrange(checkpoint.setLines...)
        resumed.checkpoints.removeAll { $0.lines >= checkpoint.lines }
        return resumed
    }

    /// Keeps the loop's state before its next line, when a later setting may go on from it.
    mutating func keep(_ checkpoint: Checkpoint) {
        guard checkpoint.readDownTo.isFinite else { return }
        checkpoints.append(checkpoint)
    }

    /// Keeps the lines the setting set.
    mutating func finish(lines: [Line], setLines: [ColumnBreak.SetLine]) {
        self.lines = lines
        self.setLines = setLines
    }
}

extension Exclusion {
    /// Whether no band ending at `bottom` or above meets it, its padding included: a
    /// rectangle's covers only bands reaching past its top (`Shape.coveredSpans`).
    func liesBelow(bandsEndingAt bottom: Double) -> Bool {
        if case .rectangle(let rect) = shape { return bottom + padding <= rect.minY }
        return bottom < shape.bounds.minY - padding
    }
}
