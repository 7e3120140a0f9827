import Text

/// Lines set in one container, like CTFrame.
public struct Frame: Sendable {
    public var container: Container
    public var lines: [Line]
    /// The characters this frame shows; the next frame starts at its upper bound, as the
    /// Core Text tutorial does with CTFrameGetVisibleStringRange.
    public var visibleRange: Range<Int>
    /// The text the frame's string ranges index, as a CTFrame keeps its string: caret
    /// positions need its grapheme clusters (see FrameQueries).
    public var text: AttributedText
    /// Floated pictures placed in the frame, the lines flowing round them.
    public var floats: [PlacedFloat] = []
    /// The notes of the footnotes its lines mark, at its foot (see FootnoteArea).
    public var footnotes: FootnoteArea?
    /// Notes whose markers are in this frame or an earlier one, going on at the next one's foot.
    public var notesGoingOn: [ContinuedNote] = []
    /// Why its lines stop where they do (see FrameEnd).
    public var end: FrameEnd = .endOfText
    /// Whether it ends against its paragraphs' keep rules (an orphan or a widow, a heading at its
    /// foot, a kept block split), which give way rather than move more than half a column on
    /// (see ColumnBreak).
    public var keepRulesGaveWay = false
    /// How far its column's room goes on below its container's foot: what balancing took off
    /// the column (0: set in the whole of it).
    public var roomBelowFoot = 0.0

    public var lineOrigins: [Point] { lines.map(\.origin) }

    /// What its container keeps the text out of other than its own floats, whose exclusions
    /// (each with its margin) the floats' setting added to it: a page's `<exclusion>`, a picture
    /// across the columns, a box over the gutter.
    public var exclusionsBesideFloats: [Exclusion] {
        guard !floats.isEmpty else { return container.exclusions }
        let ofFloats = floats.map(\.exclusion)
        return container.exclusions.filter { !ofFloats.contains($0) }
    }

    /// Bottom of the last line's descent, of the lowest float or of a drop cap's ink (an
    /// initial longer than its paragraph, a tail), or the top of the container when empty;
    /// the container's foot when it holds notes (or their foot, reaching below it).
    public var usedHeight: Double {
        if let notes = footnotes { return max(container.rect.height, notes.bottom - container.rect.minY) }
        return textHeight
    }

    /// The height its text and its notes take with the notes right under the text: what a
    /// balanced column needs, where `usedHeight` counts the notes at the container's foot.
    public var heightWithNotesUnderText: Double {
        guard let notes = footnotes else { return usedHeight }
        return textHeight + notes.bottom - notes.top
    }

    /// Bottom of the last line's descent, of the lowest float or of a drop cap's ink, from the
    /// container's top, its notes left out.
    private var textHeight: Double {
        let floatBottom = floats.map { $0.rect.maxY - container.rect.minY }.max() ?? 0
        guard let last = lines.last else { return floatBottom }
        let initialBottom = lines.compactMap { line in line.initial.map { line.origin.y + $0.inkBottom - container.rect.minY } }.max() ?? 0
        return max(floatBottom, initialBottom, last.origin.y + last.descent - container.rect.minY)
    }
}
