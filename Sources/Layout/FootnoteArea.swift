import Text

/// A note set at a column's foot, and the marker it belongs to.
public struct PlacedFootnote: Sendable {
    public var reference: FootnoteReference
    public var box: PlacedBox
}

/// The notes set at the foot of a column, under a short rule, as TeX's `\footins` and
/// InDesign's column footnotes set them: the last note's last line at the column's foot, the
/// notes above it in their markers' order, the rule above the first.
public struct FootnoteArea: Sendable {
    public var notes: [PlacedFootnote]
    /// The short rule above the notes, as the rectangle it fills.
    public var rule: Rect
    /// Where the room the notes take begins: the space between the text and the rule.
    public var top: Double

    /// The last note's foot: the column's, unless the notes are taller than the room below the text.
    public var bottom: Double { notes.last?.box.rect.maxY ?? rule.maxY }

    /// The rule's thickness, and its length as a share of the column (TeX's 2 in of a 6.5 in page).
    public static let ruleThickness = 0.5
    static let ruleShare = 1.0 / 3.0
    /// Space between the text and the rule, the rule and the first note, and two notes, in
    /// ems of the notes' size: TeX's `\skip\footins` is a big skip, about an em of the body.
    static let spaceAboveRule = 1.0
    static let spaceBelowRule = 0.5
    static let spaceBetweenNotes = 0.25
}

/// The notes a frame being set has taken room for at its column's foot, as its lines holding
/// markers are set (TeX's insertions: a line whose note has no room left goes on to the next
/// column with it).
struct ColumnNotes {
    let column: Rect
    private(set) var references: [FootnoteReference] = []
    /// The notes' heights, in order.
    private var heights: [Double] = []
    /// The size of the first note's text, which the spaces round the rule are measured in.
    private var size = 0.0

    init(column: Rect) {
        self.column = column
    }

    /// The room the notes take at the foot, the space above the rule included (0 without notes).
    var height: Double {
        guard !heights.isEmpty else { return 0 }
        return size * (FootnoteArea.spaceAboveRule + FootnoteArea.spaceBelowRule) + FootnoteArea.ruleThickness
            + heights.reduce(0, +) + size * FootnoteArea.spaceBetweenNotes * Double(heights.count - 1)
    }

    /// The column less the room the notes take: what the text has left.
    var textRect: Rect {
        Rect(x: column.minX, y: column.minY, width: column.width, height: max(0, column.height - height))
    }

    /// Whether text set down to `textBottom` leaves the notes their room: below it, and clear
    /// of `container`'s exclusions (a float, a box over the gutter, an `<exclusion>`), which
    /// the notes would be drawn over.
    func fit(in container: Container, below textBottom: Double) -> Bool {
        let room = textRect.maxY
        guard textBottom <= room + 0.001 else { return false }
        return !container.exclusions.contains { exclusion in
            exclusion.coveredSpans(top: room, bottom: column.maxY).contains { $0.maxX > column.minX && $0.minX < column.maxX }
        }
    }

    /// These notes and those whose markers `lines` hold.
    func adding(markersIn lines: [Line], of framesetter: Framesetter) -> ColumnNotes {
        var notes = self
        for line in lines {
            for reference in framesetter.footnotes.references(in: line.stringRange) {
                notes.add(reference, framesetter: framesetter)
            }
        }
        return notes
    }

    private mutating func add(_ reference: FootnoteReference, framesetter: Framesetter) {
        if references.isEmpty {
            let note = reference.note.range
            size = framesetter.text.attributes(at: max(note.lowerBound, note.upperBound - 1)).attributes.fontSize
        }
        references.append(reference)
        heights.append(framesetter.height(of: reference.note, width: column.width))
    }

    /// The notes whose markers are before `end` (the frame's end, once its keep rules have
    /// moved lines on), placed at the column's foot, or below `textBottom` when they are taller
    /// than the room under the text (a column's first line, which stays whatever its notes:
    /// they reach below the foot, as that line's picture would); nil when there are none.
    func area(before end: Int, below textBottom: Double, framesetter: Framesetter) -> FootnoteArea? {
        var kept = ColumnNotes(column: column)
        for reference in references where reference.marker.lowerBound < end { kept.add(reference, framesetter: framesetter) }
        guard !kept.references.isEmpty else { return nil }
        let top = max(column.maxY - kept.height, textBottom)
        let ruleY = top + kept.size * FootnoteArea.spaceAboveRule
        var y = ruleY + FootnoteArea.ruleThickness + kept.size * FootnoteArea.spaceBelowRule
        var notes: [PlacedFootnote] = []
        for (reference, height) in zip(kept.references, kept.heights) {
            let rect = Rect(x: column.minX, y: y, width: column.width, height: height)
            notes.append(PlacedFootnote(reference: reference, box: framesetter.place(reference.note, in: rect)))
            y += height + kept.size * FootnoteArea.spaceBetweenNotes
        }
        let rule = Rect(x: column.minX, y: ruleY, width: column.width * FootnoteArea.ruleShare, height: FootnoteArea.ruleThickness)
        return FootnoteArea(notes: notes, rule: rule, top: top)
    }
}
