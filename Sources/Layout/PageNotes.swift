import Text

/// The notes set across a page's text area at its foot, below all its columns
/// (`<meta footnote-placement="page">`), as a book or LaTeX's multicol sets them: those going on
/// from the page before first, then those whose markers the page's text holds, fitted as a
/// column's notes are (see ColumnNotes: at most `footnote-max-height` of the area, the note
/// that would reach higher split there and those after it held over for the next page).
/// The page (Paginator) sets its text above the room they take, and sets it again with more
/// room while they need it.
public struct PageNotes {
    private let notes: ColumnNotes
    private let area: Container

    /// The notes `carried` from the page before and those whose markers are in `marked`, in
    /// `area` (its exclusions kept clear, as a column's notes keep clear of them), in at most
    /// `room` points at its foot (nil: as much as `footnote-max-height` allows).
    public init(in area: Container, carrying carried: [ContinuedNote], markedIn marked: Range<Int>, room: Double?,
                framesetter: Framesetter) {
        let marks = framesetter.footnotes.references(in: marked).filter { $0.placement == .page }
        // The text's room above the notes is the column's first-line reserve; none past the text.
        let reserve = room.map { max(0, area.rect.height - $0) } ?? 0
        notes = ColumnNotes(in: area, carrying: carried, marked: marks, reserve: reserve, framesetter: framesetter)
        self.area = area
    }

    /// Whether there are notes to set or to carry on.
    public var isEmpty: Bool { notes.count == 0 }

    /// The room the notes set on the page take at its foot, the space above their rule included.
    public var height: Double { notes.height }

    /// The notes going on at the next page's foot: the rest of one split here, those held over.
    public var goingOn: [ContinuedNote] { notes.goingOn(before: .max) }

    /// The markers in `marked` of the notes held over whole to the next page, in order: their
    /// lines must go on with them, for a marker and its note share a page.
    public func markersHeldOver(in marked: Range<Int>) -> [Int] {
        goingOn.filter { $0.from == $0.reference.note.range.lowerBound && marked.contains($0.reference.marker.lowerBound) }
            .map(\.reference.marker.lowerBound)
    }

    /// The notes placed at the area's foot under their rule (across the notes when the first
    /// goes on from the page before), as a frame without lines after `end`, where the page's
    /// text ends; nil when none is set here.
    public func frame(after end: Int, framesetter: Framesetter) -> Frame? {
        let top = area.rect.maxY - height
        guard let placed = notes.area(before: .max, below: top, continuationRuleAcross: true, framesetter: framesetter) else {
            return nil
        }
        let rect = Rect(x: area.rect.minX, y: placed.top, width: area.rect.width, height: area.rect.maxY - placed.top)
        var frame = Frame(container: Container(rect: rect), lines: [], visibleRange: end ..< end, text: framesetter.text)
        frame.footnotes = placed
        return frame
    }
}
