import Layout
import Text

/// How frames show a text with figures and asides: a frame's lines follow each other in the
/// text, passing over the paragraphs of boxes placed out of the column (floated beside it,
/// across columns, over a gutter); a box kept in the column is one line holding it; and every
/// box shows its paragraphs in its own frames.
struct FramePartition {
    let boxes: TextBoxes

    init(text: AttributedText) {
        boxes = TextBoxes(text: text)
    }

    /// `position`, or the end of the paragraphs of the boxes placed out of the column that
    /// start there: where the column's next line starts. Boxes of the column starting at one of
    /// `waiting` are passed over too: they did not fit, and wait for the next frame's top.
    func passingBoxes(_ position: Int, alsoPassing waiting: Set<Int> = []) -> Int {
        var position = position
        while let box = boxes.box(containing: position), box.style.isOutOfFlow || waiting.contains(box.range.lowerBound),
              box.range.lowerBound == position {
            position = box.range.upperBound
        }
        return position
    }

    /// `passingBoxes` in `frame`, which passes over the boxes of the column none of its lines holds.
    func passingBoxes(_ position: Int, in frame: Frame) -> Int {
        let inLines = Set(frame.lines.compactMap { $0.box?.style.number })
        let waiting = boxes.all.filter {
            !$0.style.isOutOfFlow && frame.visibleRange.contains($0.range.lowerBound) && !inLines.contains($0.style.number)
        }
        return passingBoxes(position, alsoPassing: Set(waiting.map(\.range.lowerBound)))
    }

    /// Whether the character at `index` is in a box a page places (across its columns, or over
    /// a gutter): frames set by a framesetter alone pass over it and never show it.
    func isPlacedByPages(_ index: Int) -> Bool {
        guard let box = boxes.box(containing: index) else { return false }
        switch box.style.placement {
        case .edge, .center: return true
        case .inColumn, .side, .footnote: return false
        }
    }

    /// Every line that shows characters: the lines of `frames` (not a box's own line, whose
    /// characters its box shows) and of the boxes they hold, and of `more` boxes (a page's
    /// across its columns); for table rows, their cells' lines (none for the header rows
    /// repeated, whose text is shown where it is written).
    static func showingLines(of frames: [Frame], and more: [PlacedBox] = []) -> [Line] {
        let boxLines = (frames.flatMap(\.boxes) + more).flatMap { $0.frames.flatMap(\.lines) }
        let lines = frames.flatMap(\.lines).filter { $0.box == nil } + boxLines
        let cellLines = lines.compactMap(\.tableRows).filter { !$0.isRepeatedHeader }.flatMap { $0.cells.flatMap(\.frame.lines) }
        return lines.filter { $0.tableRows == nil } + cellLines
    }

    /// The characters `line` shows: its runs', and its drop cap's initial's, which is in no run.
    static func shownCharacters(_ line: Line) -> [Int] {
        line.runs.flatMap { Array($0.stringRange) } + (line.initial.map { Array($0.stringRange) } ?? [])
    }

    /// The lines of `lines` (a frame's) set beside a drop cap's initial: from the paragraph's
    /// first line down to the initial's foot. Their measure starts after the initial.
    static func besideInitials(_ lines: [Line]) -> Set<Int> {
        var beside: Set<Int> = []
        var initialBottom = -Double.infinity
        for (index, line) in lines.enumerated() {
            if let initial = line.initial { initialBottom = line.origin.y + initial.bounds.maxY }
            if line.origin.y - line.ascent < initialBottom { beside.insert(index) }
        }
        return beside
    }
}
