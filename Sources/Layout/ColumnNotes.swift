import Text

/// The notes a frame being set has taken room for at its column's foot, as its lines holding
/// markers are set (TeX's insertions): those carried from the column before come first, then
/// each marked line's. When a line's notes have no room left, the first that does not fit is
/// split at the foot, keeping at least `leastLinesOfSplitNote` lines here (TeX's
/// `\interfootnotelinepenalty` keeps a note's lines together where it can). A note marked in
/// the column starts in it: behind a split note, or when the notes already take their share,
/// it takes its first `leastLinesOfSplitNote` lines above them, past the share, and its rest
/// goes on after the split note's (TeX would hold it over, and a note could start a page after
/// its marker). Notes carried in that find no room are held over: they go on, in their
/// markers' order, at the foot of the next column.
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
        /// Whether its marker is in this column's lines: it must start here (a note carried in may wait).
        var markedHere = false
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
    /// Notes carried in (or marked on a column's first line) that found no room, held over to the next.
    private var heldOver: [ContinuedNote] = []
    /// How far the first lines of notes marked here reach above the notes' share (0: none do).
    private var pastTheShare = 0.0
    /// The size of the first note's text, which the spaces round the rule are measured in.
    private var size = 0.0

    init(column: Rect) {
        self.column = column
    }

    /// The notes carried from the column before, then those `marked` in text already set (a
    /// page's, see PageNotes), as many as leave room for a line of the text's (`reserve`) and
    /// keep clear of what `container` excludes, split where they are taller; a marked note
    /// starts here past the notes' share when its first lines fit. With no text left to set, a
    /// column too short for any of their lines still takes the first, or they would go on for ever.
    init(in container: Container, carrying carried: [ContinuedNote], marked: [FootnoteReference] = [], reserve: Double,
         framesetter: Framesetter) {
        column = container.rect
        covered = Self.coveredStretches(of: container)
        for note in carried { add(note, markedHere: false, framesetter: framesetter) }
        for reference in marked {
            add(ContinuedNote(reference: reference, from: reference.note.range.lowerBound), markedHere: true, framesetter: framesetter)
        }
        let textBottom = column.minY + reserve
        if !fits(height, below: max(textBottom, highestTop)),
           let split = splitting(below: textBottom, leastLines: 1, framesetter: framesetter),
           !split.entries.isEmpty || reserve > 0 {
            (entries, heldOver, pastTheShare) = (split.entries, split.heldOver, split.pastTheShare)
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

    /// The notes going on in the next column, in their markers' order: the rests of those
    /// split here and those held over.
    private var notesGoingOn: [ContinuedNote] {
        let rests = entries.compactMap { entry in entry.splitAt.map { ContinuedNote(reference: entry.reference, from: $0) } }
        return (rests + heldOver).sorted { $0.reference.marker.lowerBound < $1.reference.marker.lowerBound }
    }

    /// Whether a note added now may stand whole or split in the notes' share: none before it
    /// was split or held over.
    private var isOpen: Bool {
        heldOver.isEmpty && !entries.contains { $0.splitAt != nil }
    }

    /// Whether text set down to `textBottom` leaves the notes their room: below it, and clear
    /// of `container`'s exclusions (a float, a box over the gutter, an `<exclusion>`), which
    /// the notes would be drawn over.
    func fit(in container: Container, below textBottom: Double) -> Bool {
        let room = textRect.maxY
        return textBottom <= room + 0.001 && room >= highestTop - pastTheShare - 0.001
    }

    /// These notes and those whose markers `lines` hold: set here, or held over behind a note
    /// already split or held.
    func adding(markersIn lines: [Line], of framesetter: Framesetter) -> ColumnNotes {
        // Asked of every band set, trials too: a text without notes has no marker to look for.
        guard !framesetter.footnotes.all.isEmpty else { return self }
        var notes = self
        for line in lines {
            // Notes set across the page are placed by the page (see PageNotes), not by a column.
            for reference in framesetter.footnotes.references(in: line.stringRange) where reference.placement == .column {
                notes.add(ContinuedNote(reference: reference, from: reference.note.range.lowerBound), markedHere: true,
                          framesetter: framesetter)
            }
        }
        return notes
    }

    /// The note added whole after the others (where it fits is `taken`'s and `splitting`'s to decide).
    private mutating func add(_ note: ContinuedNote, markedHere: Bool, framesetter: Framesetter) {
        if entries.isEmpty {
            let range = note.reference.note.range
            size = framesetter.text.attributes(at: max(range.lowerBound, range.upperBound - 1)).attributes.fontSize
        }
        entries.append(Entry(reference: note.reference, from: note.from, splitAt: nil,
                             height: framesetter.height(ofNote: note.reference.note, from: note.from, width: column.width),
                             markedHere: markedHere))
    }

    /// These notes taken by a line set down to `textBottom` whose markers brought new notes: as
    /// they are when they fit, else split at the foot (below what the column excludes), each
    /// note marked here starting here; nil when the line must go on to the next column instead
    /// — a new note keeps fewer than `leastLinesOfSplitNote` lines here. A column's `first`
    /// line stays whatever its notes: they are split to the room below it, those of which no
    /// line fits held over (the alternative is notes over what is below, or off the foot).
    func taken(by textBottom: Double, first: Bool, in container: Container, framesetter: Framesetter) -> ColumnNotes? {
        if fit(in: container, below: textBottom) { return self }
        guard let split = splitting(below: textBottom, leastLines: first ? 1 : Self.leastLinesOfSplitNote,
                                    holdingOverWhatCannotStart: first, framesetter: framesetter)
        else { return first ? self : nil }
        return first || split.fit(in: container, below: textBottom) ? split : nil
    }

    /// The same notes set in a clear stretch below `textBottom`: whole while they fit in their
    /// share, the first that does not split to the room left there (when its first part has
    /// `leastLines`); after it, a note marked here takes its first lines (`leastLines` to
    /// `leastLinesOfSplitNote`) above the notes, past their share, and one carried in is held over. Nil when the notes set before
    /// a note do not fit, or a note marked here cannot start (unless `holdingOverWhatCannotStart`).
    private func splitting(below textBottom: Double, leastLines: Int, holdingOverWhatCannotStart: Bool = true,
                           framesetter: Framesetter) -> ColumnNotes? {
        var split = ColumnNotes(column: column)
        split.size = size
        split.covered = covered
        let share = max(textBottom, highestTop)
        for entry in entries {
            if split.isOpen {
                // (A note split before is measured again whole: the room may have grown.)
                let whole = entry.splitAt == nil ? entry.height
                    : framesetter.height(ofNote: entry.reference.note, from: entry.from, width: column.width)
                if split.fits(split.height(withAnother: whole), below: share) {
                    split.entries.append(Entry(reference: entry.reference, from: entry.from, splitAt: nil, height: whole,
                                               markedHere: entry.markedHere))
                    continue
                }
                if let part = split.part(of: entry, below: share, leastLines: leastLines, framesetter: framesetter) {
                    split.entries.append(part)
                    continue
                }
            }
            if entry.markedHere, let part = split.part(of: entry, below: textBottom, leastLines: leastLines,
                                                      atMostLines: Self.leastLinesOfSplitNote, framesetter: framesetter) {
                let below = split.height
                split.entries.append(part)
                split.pastTheShare += split.height - below
            } else if entry.markedHere && !holdingOverWhatCannotStart {
                return nil
            } else {
                split.heldOver.append(ContinuedNote(reference: entry.reference, from: entry.from))
            }
        }
        split.heldOver += heldOver
        return split.fits(split.height, below: textBottom) ? split : nil
    }

    /// `entry`'s note from where it resumes set in the room between `textBottom` and the notes
    /// already set (in the clear stretch that holds them), in at most `atMostLines` lines (nil:
    /// as many as fit); nil when fewer than `leastLines` fit there.
    private func part(of entry: Entry, below textBottom: Double, leastLines: Int, atMostLines: Int? = nil,
                      framesetter: Framesetter) -> Entry? {
        let note = entry.reference.note
        let before = height(withAnother: 0), foot = foot(for: before)
        var space = foot - max(textBottom, clearTop(above: foot)) - before
        guard space > 0 else { return nil }
        var part = framesetter.notePart(note, from: entry.from, width: column.width, height: space)
        if let most = atMostLines, part.frame.lines.count > most {
            // Set again in the height of its first lines, so that it keeps them alone.
            let last = part.frame.lines[most - 1]
            space = last.origin.y + last.descent - part.frame.container.rect.minY + 2 * note.style.inset
            part = framesetter.notePart(note, from: entry.from, width: column.width, height: space)
        }
        let end = part.frame.visibleRange.upperBound
        let whole = end >= note.range.upperBound
        guard part.frame.lines.count >= leastLines || whole && !part.frame.lines.isEmpty, end > entry.from,
              part.height <= space + 0.001 else { return nil }
        return Entry(reference: entry.reference, from: entry.from, splitAt: whole ? nil : end, height: part.height,
                     setIn: space, markedHere: entry.markedHere)
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
