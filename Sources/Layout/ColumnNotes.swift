import Text

/// The notes a frame being set has taken room for at its column's foot, as its lines holding
/// markers are set (TeX's insertions): those carried from the column before come first, then
/// each marked line's. When a line's notes have no room left, the first that does not fit is
/// split at the foot, keeping at least `leastLinesOfSplitNote` lines here (TeX's
/// `\interfootnotelinepenalty` keeps a note's lines together where it can), and the notes
/// after it are held over: they go on, in order, at the foot of the next column.
struct ColumnNotes {
    /// A note (or the part of one) set at this column's foot.
    private struct Entry {
        var reference: FootnoteReference
        var from: Int
        /// Where the part set here ends: nil when the note ends here.
        var splitAt: Int?
        var height: Double
        /// The height the part was set in (nil: the whole note): it is set again in the same
        /// to be placed, so that its lines break where they did.
        var setIn: Double?
    }

    /// The fewest lines a note's first part keeps when the line holding its marker is not the
    /// column's first (with fewer, the line goes on to the next column with its note).
    static let leastLinesOfSplitNote = 2

    let column: Rect
    /// The stretches of the column, top to bottom, that something excluded from it covers
    /// across any of its width (a float, a box over the gutter, a master page's rule drawn into
    /// the text area), as their bounds and padding: notes, as wide as the column, stand in the
    /// lowest clear stretch that holds them, below what covers the column or above it.
    private var covered: [ClosedRange<Double>] = []
    private var entries: [Entry] = []
    /// Notes whose markers are in this column (or an earlier one), held over to the next.
    private var heldOver: [ContinuedNote] = []
    /// The size of the first note's text, which the spaces round the rule are measured in.
    private var size = 0.0

    init(column: Rect) {
        self.column = column
    }

    /// The notes carried from the column before, as many as leave room for a line of the
    /// text's (`reserve`) and keep clear of what `container` excludes, split where they are
    /// taller. With no text left to set, a column too short for any of their lines still
    /// takes the first, or they would go on for ever.
    init(in container: Container, carrying carried: [ContinuedNote], reserve: Double, framesetter: Framesetter) {
        column = container.rect
        covered = Self.coveredStretches(of: container)
        for note in carried { add(note, framesetter: framesetter) }
        let floor = max(column.minY + reserve, highestTop)
        if !fits(height, below: floor),
           let split = splitting(below: floor, leastLines: 1, framesetter: framesetter),
           !split.entries.isEmpty || reserve > 0 {
            (entries, heldOver) = (split.entries, split.heldOver)
        }
    }

    /// How many notes it has taken, set here or held over.
    var count: Int { entries.count + heldOver.count }

    /// The room the notes take at the foot, the space above the rule included (0 without notes).
    var height: Double { height(withAnother: nil) }

    /// The room the notes take with one more of `extra` points after them.
    private func height(withAnother extra: Double?) -> Double {
        let heights = entries.map(\.height) + (extra.map { [$0] } ?? [])
        guard !heights.isEmpty else { return 0 }
        return size * (FootnoteArea.spaceAboveRule + FootnoteArea.spaceBelowRule) + FootnoteArea.ruleThickness
            + heights.reduce(0, +) + size * FootnoteArea.spaceBetweenNotes * Double(heights.count - 1)
    }

    /// The highest the notes' room may reach: `maxShare` of the column above its foot
    /// (`<meta footnote-max-height>`, TeX's `\dimen\footins`), past which a note splits.
    private var highestTop: Double {
        let note = entries.first?.reference.note ?? heldOver.first?.reference.note
        guard case .footnote(_, let maxShare)? = note?.style.placement else { return column.minY }
        return column.maxY - column.height * maxShare
    }

    /// The column less the room the notes take: what the text has left (without notes, the
    /// whole column: the text keeps out of what the column excludes by itself).
    var textRect: Rect {
        let notes = height
        let bottom = notes > 0 ? foot(for: notes) - notes : column.maxY
        return Rect(x: column.minX, y: column.minY, width: column.width, height: max(0, bottom - column.minY))
    }

    /// Where notes `height` tall end: the foot of the lowest stretch clear for them (the
    /// column's foot when nothing covers it there).
    private func foot(for height: Double) -> Double {
        var foot = column.maxY
        for stretch in covered.reversed() where stretch.lowerBound < foot {
            if stretch.upperBound <= foot - height { break }
            foot = stretch.lowerBound
        }
        return foot
    }

    /// The top of the clear stretch that ends at `foot`: the foot of what covers the column above it.
    private func clearTop(above foot: Double) -> Double {
        covered.last { $0.upperBound <= foot + 0.001 }?.upperBound ?? column.minY
    }

    /// Whether notes `height` tall have a clear stretch below `textBottom`.
    private func fits(_ height: Double, below textBottom: Double) -> Bool {
        foot(for: height) - height >= textBottom - 0.001
    }

    /// The vertical stretches `container`'s exclusions cover across the column, merged, top first.
    private static func coveredStretches(of container: Container) -> [ClosedRange<Double>] {
        let column = container.rect
        let stretches = container.exclusions.compactMap { exclusion -> ClosedRange<Double>? in
            let bounds = exclusion.shape.bounds
            let padding = exclusion.padding
            guard bounds.maxX + padding > column.minX, bounds.minX - padding < column.maxX,
                  bounds.maxY + padding > column.minY, bounds.minY - padding < column.maxY else { return nil }
            return (bounds.minY - padding) ... (bounds.maxY + padding)
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for stretch in stretches {
            if let last = merged.last, stretch.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound ... max(last.upperBound, stretch.upperBound)
            } else {
                merged.append(stretch)
            }
        }
        return merged
    }

    /// The notes going on in the next column: the rest of the one split here, then those held over.
    private var notesGoingOn: [ContinuedNote] {
        let rest = entries.last.flatMap { entry in entry.splitAt.map { ContinuedNote(reference: entry.reference, from: $0) } }
        return (rest.map { [$0] } ?? []) + heldOver
    }

    /// Whether text set down to `textBottom` leaves the notes their room: below it, and clear
    /// of `container`'s exclusions (a float, a box over the gutter, an `<exclusion>`), which
    /// the notes would be drawn over.
    func fit(in container: Container, below textBottom: Double) -> Bool {
        let room = textRect.maxY
        return textBottom <= room + 0.001 && room >= highestTop - 0.001
    }

    /// These notes and those whose markers `lines` hold: set here, or held over behind a note
    /// already split or held.
    func adding(markersIn lines: [Line], of framesetter: Framesetter) -> ColumnNotes {
        var notes = self
        for line in lines {
            // Notes set across the page are placed by the page (see PageNotes), not by a column.
            for reference in framesetter.footnotes.references(in: line.stringRange) where reference.placement == .column {
                notes.add(ContinuedNote(reference: reference, from: reference.note.range.lowerBound), framesetter: framesetter)
            }
        }
        return notes
    }

    mutating func add(_ note: ContinuedNote, framesetter: Framesetter) {
        guard heldOver.isEmpty, entries.last?.splitAt == nil else {
            heldOver.append(note)
            return
        }
        if entries.isEmpty {
            let range = note.reference.note.range
            size = framesetter.text.attributes(at: max(range.lowerBound, range.upperBound - 1)).attributes.fontSize
        }
        entries.append(Entry(reference: note.reference, from: note.from, splitAt: nil,
                             height: framesetter.height(ofNote: note.reference.note, from: note.from, width: column.width)))
    }

    /// These notes taken by a line set down to `textBottom` whose markers brought the notes
    /// after `before`: as they are when they fit, else split at the foot (below what the
    /// column excludes); nil when the line must go on to the next column instead — its first
    /// new note keeps fewer than `leastLinesOfSplitNote` lines here. A column's `first`
    /// line stays whatever its notes: they are split to the room below it, all held over when
    /// none fits (the alternative is notes over what is below, or off the foot).
    func taken(by textBottom: Double, first: Bool, after before: ColumnNotes, in container: Container,
               framesetter: Framesetter) -> ColumnNotes? {
        if fit(in: container, below: textBottom) { return self }
        guard let split = splitting(below: max(textBottom, highestTop),
                                    leastLines: first ? 1 : Self.leastLinesOfSplitNote, framesetter: framesetter)
        else { return first ? self : nil }
        if first { return split }
        let keepsItsNote = split.entries.count > before.entries.count
        return keepsItsNote && split.fit(in: container, below: textBottom) ? split : nil
    }

    /// The same notes set in a clear stretch below `textBottom`: whole while they fit, the first
    /// that does not split to the room left (when its first part has `leastLines`), the rest held
    /// over; nil when the notes set before it do not fit either.
    private func splitting(below textBottom: Double, leastLines: Int, framesetter: Framesetter) -> ColumnNotes? {
        var split = ColumnNotes(column: column)
        split.size = size
        split.covered = covered
        for entry in entries {
            let note = ContinuedNote(reference: entry.reference, from: entry.from)
            guard split.heldOver.isEmpty, split.entries.last?.splitAt == nil else {
                split.heldOver.append(note)
                continue
            }
            // (A note split before is measured again whole: the room may have grown.)
            let whole = entry.splitAt == nil ? entry.height
                : framesetter.height(ofNote: entry.reference.note, from: entry.from, width: column.width)
            if split.fits(split.height(withAnother: whole), below: textBottom) {
                split.entries.append(Entry(reference: entry.reference, from: entry.from, splitAt: nil, height: whole))
                continue
            }
            // The part goes where the notes before it stand: the clear stretch that holds them.
            let before = split.height(withAnother: 0), foot = split.foot(for: before)
            let space = foot - max(textBottom, split.clearTop(above: foot)) - before
            let part = framesetter.notePart(entry.reference.note, from: entry.from, width: column.width, height: space)
            let end = part.frame.visibleRange.upperBound
            if part.frame.lines.count >= leastLines, end > entry.from, part.height <= space + 0.001 {
                split.entries.append(Entry(reference: entry.reference, from: entry.from,
                                           splitAt: end < entry.reference.note.range.upperBound ? end : nil, height: part.height,
                                           setIn: space))
            } else {
                split.heldOver.append(note)
            }
        }
        split.heldOver += heldOver
        return split.fits(split.height, below: textBottom) ? split : nil
    }

    /// The notes whose markers are before `end` (the frame's end, once its keep rules have
    /// moved lines on), placed at the column's foot, or below `textBottom` when they are taller
    /// than the room under the text (a column's first line, which stays whatever its notes:
    /// they reach below the foot, as that line's picture would); nil when there are none.
    /// `continuationRuleAcross`: when the first note goes on from the page before, its rule is
    /// as wide as the notes, to say so (memoir's `\splitfootnoterule`, the Chicago Manual's).
    func area(before end: Int, below textBottom: Double, continuationRuleAcross: Bool = false,
              framesetter: Framesetter) -> FootnoteArea? {
        let kept = keeping(before: end)
        guard !kept.entries.isEmpty else { return nil }
        let top = max(kept.foot(for: kept.height) - kept.height, textBottom)
        let ruleY = top + kept.size * FootnoteArea.spaceAboveRule
        var y = ruleY + FootnoteArea.ruleThickness + kept.size * FootnoteArea.spaceBelowRule
        var notes: [PlacedFootnote] = []
        for entry in kept.entries {
            let rect = Rect(x: column.minX, y: y, width: column.width, height: entry.height)
            notes.append(PlacedFootnote(reference: entry.reference,
                                        box: framesetter.placeNote(entry.reference.note, from: entry.from, setIn: entry.setIn, in: rect)))
            y += entry.height + kept.size * FootnoteArea.spaceBetweenNotes
        }
        let goesOn = kept.entries[0].from > kept.entries[0].reference.note.range.lowerBound
        let ruleWidth = continuationRuleAcross && goesOn ? column.width : column.width * FootnoteArea.ruleShare
        let rule = Rect(x: column.minX, y: ruleY, width: ruleWidth, height: FootnoteArea.ruleThickness)
        return FootnoteArea(notes: notes, rule: rule, top: top)
    }

    /// The notes going on in the next column when the frame ends at `end`.
    func goingOn(before end: Int) -> [ContinuedNote] {
        keeping(before: end).notesGoingOn
    }

    /// The notes whose markers are before `end`: those carried in, and those of the lines kept.
    private func keeping(before end: Int) -> ColumnNotes {
        var kept = self
        kept.entries = entries.filter { $0.reference.marker.lowerBound < end }
        kept.heldOver = heldOver.filter { $0.reference.marker.lowerBound < end }
        return kept
    }
}

extension FrameSetting {
    /// The height the frame's first line is expected to take, which the notes carried in leave
    /// it (none past the text's end, where the frame holds notes alone).
    func firstLineReserve(from index: Int, to end: Int) -> Double {
        guard !carriedNotes.isEmpty, index < end, let next = lineStart(at: index, frameHasLines: false) else { return 0 }
        return BandMetrics.expected(in: next.paragraph, at: index).lower
    }
}
