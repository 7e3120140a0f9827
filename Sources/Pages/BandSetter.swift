import Layout
import Text

/// A section's columns across a page from some height down: their frames, where the text
/// stopped, and why.
struct Band {
    enum Stop {
        /// The section's text is all set.
        case sectionEnd
        /// The next paragraph starts a new page.
        case pageBreak
        /// Every column is full (or the last one ended at a column break).
        case full
    }

    var frames: [Frame]
    var end: Int
    /// What the last frame carries on to the text after the band.
    var carry: FlowCarry
    var stop: Stop
    /// The bottom of the lowest line (the band's top when it has none).
    var bottom: Double

    /// Floats and boxes placed in a later column than the text they are anchored in: the text
    /// after each went on before it. Balancing must not add any: a box that fits where it is
    /// written in the full columns would, in shorter ones, open the next column after the text
    /// that follows it, and be read after that text on the page.
    var deferredPlacements: Int {
        frames.reduce(0) { count, frame in
            count + frame.floats.filter { $0.anchor < frame.visibleRange.lowerBound }.count
        }
    }

    /// Notes split at a column's foot, their rest going on at the next's. Balancing must not add
    /// any: shorter columns cut a note the full ones hold whole (a three-line note set two lines
    /// and one across the feet of a section's balanced columns), where a little taller ones would
    /// hold it whole too.
    var splitNotes: Int {
        frames.reduce(0) { $0 + $1.notesGoingOn.count }
    }

    /// Columns before the last that end early (`Frame.endsEarly`), other than before a unit that
    /// went on whole (`Frame.endsBeforeAWholeUnit`: a kept block, a box, a paragraph too short
    /// to split). Balancing must not add any: a shorter band can send a heading kept with its
    /// paragraph on to the next column, ending a column lines early where the full band ends none
    /// (the footnotes fixture's crosshead, 3 lines, once its columns holding notes were balanced).
    /// The units are what balanced columns share out: three schedules in three columns end at
    /// different heights, each whole.
    var earlyColumns: Int {
        frames.dropLast().filter { $0.endsEarly && !$0.endsBeforeAWholeUnit }.count
    }

    /// The rules for a column's end its columns break: their paragraphs' keep rules, which a
    /// frame gives up rather than move more than half its height on (`Frame.keepRulesGaveWay`),
    /// and a table's (`tablePartFaults`). Balancing must not add any: in a trial a few lines
    /// tall that is every time, where a taller trial keeps them — a heading and one line in the
    /// first column of a section, the rest of its paragraph in the second, or a price list's
    /// two-line rows split one and one.
    func columnEndFaults(in text: AttributedText) -> Int {
        frames.filter(\.keepRulesGaveWay).count + tablePartFaults(in: text)
    }
}

/// Fills a band's columns in turn, and balances them: shortens them all to the least height
/// that still holds the text, so that they end together.
struct BandSetter {
    let framesetter: Framesetter
    /// The page's baseline grid, given to every column (nil: none).
    var grid: BaselineGrid? = nil

    /// Balanced columns are found to within this many points.
    static let tolerance = 1.0
    /// Trial layouts at most, however the search goes.
    static let maximumTrials = 24

    /// Frames in `columns`, in turn, from `start` until the text reaches `end` (the section's
    /// end) or a page break, or the columns are full, the first carrying on from `carried`.
    /// Text keeps out of `exclusions` (in page coordinates) in every column.
    ///
    /// A frame sets its first line, box or float even where it reaches below the frame, so that
    /// text taller than any column still goes on. Only first on its page is that the best place
    /// for it: `belowAnotherBand`, a column that reaches below its foot (a first line with its
    /// drop cap's initial, a line with a picture, a float) ends the band before it, and the
    /// text waits for the next page's taller column.
    ///
    /// `boxesEndTheColumn`: a box kept in the column that does not fit ends it, rather than wait
    /// while the text after it goes on (balancing's trials: `Container.boxesEndTheColumn`).
    func fill(_ columns: [Rect], from start: Int, to end: Int, carrying carried: FlowCarry,
              exclusions: [Exclusion] = [], belowAnotherBand: Bool = false, boxesEndTheColumn: Bool = false) -> Band {
        let text = framesetter.text
        var frames: [Frame] = []
        var position = start
        var carry = carried
        var bottom = columns.first?.minY ?? 0
        var stop = Band.Stop.full
        for column in columns {
            var container = Container(rect: column, exclusions: exclusions, baselineGrid: grid)
            container.tallerColumnsFollow = belowAnotherBand
            container.boxesEndTheColumn = boxesEndTheColumn
            let result = framesetter.frame(in: container, from: position, to: end, carrying: carry)
            let frame = result.frame
            if belowAnotherBand, frame.usedHeight > column.height + 0.001 {
                // Past the section's text this column had only its waiting floats to place: the
                // section has ended, and they are held for the next page's top in its columns
                // (HeldFloats), not carried into the next section's.
                if position >= end { stop = .sectionEnd }
                break
            }
            // So does a column marking a column note it has no room to start (one that would
            // begin on the next page, away from its marker).
            if belowAnotherBand, !startsEveryNoteItMarks(frame) { break }
            // Past the section's text, a column whose waiting boxes wait on (too tall for it) takes
            // nothing: they are held for the next page's top (HeldFloats).
            if belowAnotherBand, position >= end, frame.lines.isEmpty, frame.floats.isEmpty, frame.footnotes == nil {
                stop = .sectionEnd
                break
            }
            // A heading that opens the column with no room for its text takes nothing: it waits with
            // its text for the next page's taller column (ColumnBreak).
            if belowAnotherBand, frame.lines.isEmpty, case .keepWithNext = frame.end { break }
            carry = result.carry
            // The framesetter sets at least one line in an empty rectangle; a column that
            // exclusions leave no room in takes nothing, and the next one starts where it would have;
            // so may one filled by floats that waited for it, or by notes going on past the text.
            precondition(frame.visibleRange.upperBound > position || !exclusions.isEmpty || !frame.floats.isEmpty
                            || frame.footnotes != nil,
                         "framesetter made no progress at \(position)")
            position = frame.visibleRange.upperBound
            frames.append(frame)
            // (usedHeight counts floated pictures, which may reach below the last line.)
            if !frame.lines.isEmpty || !frame.floats.isEmpty { bottom = max(bottom, column.minY + frame.usedHeight) }
            // Floats the section's text has passed (a figure that did not fit below it) take the
            // band's next column before the section ends.
            // So do notes going on past the section's text (the rest of one split at a foot).
            if position >= end, carry.hasWaitingFloats || carry.hasNotesGoingOn, column != columns.last { continue }
            if position >= end {
                stop = .sectionEnd
                break
            }
            if text.forcedBreak(before: position) == .page {
                stop = .pageBreak
                break
            }
        }
        return Band(frames: frames, end: position, carry: carry, stop: stop, bottom: bottom)
    }

    private func startsEveryNoteItMarks(_ frame: Frame) -> Bool {
        let started = Set(frame.footnotes?.notes.map(\.reference.marker) ?? [])
        return framesetter.footnotes.all.allSatisfy { reference in
            reference.placement != .column || !frame.visibleRange.contains(reference.marker.lowerBound)
                || started.contains(reference.marker)
        }
    }

    /// `band` (set in `columns` from `start` carrying on from `carried`, the section ending at
    /// `end`) with its columns as short as they can be and still hold the same text: the least
    /// height found by trial layouts, first at an even share of the lines' heights and on up a
    /// line at a time, then halving the interval. A column break can leave columns unequal. The
    /// frames' containers end at the band's bottom, which holds every line. Each trial is the
    /// same fill at another height, with the same carry in; the one kept carries on. A band that
    /// must `reach` down to a point (the foot of a pull quote standing in its columns) is no
    /// shorter: its columns grow to hold what stands in them rather than it hang below them.
    func balance(_ band: Band, columns: [Rect], from start: Int, to end: Int, carrying carried: FlowCarry,
                 exclusions: [Exclusion] = [], belowAnotherBand: Bool = false, reaching foot: Double? = nil) -> Band {
        guard let top = columns.first?.minY, band.stop != .full else { return band }
        var best = band
        let least = max(0, (foot ?? top) - top)   // the height the band reaches whatever its text
        var low = max(0, least - Self.tolerance / 2)   // a height known not to hold the text, or 0
        var high = band.bottom - top     // one known to hold it
        let lines = band.frames.flatMap(\.lines)
        let step = lines.map(\.height).max() ?? Self.tolerance
        // An even share of the columns' heights, each counting its notes right under its text:
        // at their feet, a column holding notes is as tall as the band, and a band whose every
        // column holds notes would make no trial, its notes kept at the page's foot.
        let share = band.frames.reduce(0) { $0 + $1.heightWithNotesUnderText } / Double(columns.count)
        var height = max(least, share)
        var climb = step
        var found = false
        let leavesFloats = band.carry.hasWaitingFloats, leavesNotes = band.carry.hasNotesGoingOn
        let endFaults = band.columnEndFaults(in: framesetter.text), tablesWithRowsSplit = band.tablesWithRowsSplit
        for _ in 0 ..< Self.maximumTrials {
            guard high - low > Self.tolerance, height > low, height < high else { break }
            let shorter = columns.map { Rect(x: $0.minX, y: top, width: $0.width, height: height) }
            let trial = fill(shorter, from: start, to: end, carrying: carried, exclusions: exclusions,
                             belowAnotherBand: belowAnotherBand, boxesEndTheColumn: true)
            // A trial that leaves a floated picture or a note's rest for after the band does not hold it, nor one
            // a column of which reaches below its height (a figure first in a column, set whole):
            // its other columns were set that short, and would end early in the taller band; nor
            // one that moves a box or float past the text after it, splits a note, ends a
            // column early, ends one against its paragraphs' or a table's rules, or splits rows of
            // a table it splits none of.
            let overruns = trial.bottom - top > height + Self.tolerance
            let defers = trial.deferredPlacements > band.deferredPlacements
            let splits = trial.splitNotes > band.splitNotes
            let endsEarly = trial.earlyColumns > band.earlyColumns
            let breaksRules = trial.columnEndFaults(in: framesetter.text) > endFaults
                || !trial.tablesWithRowsSplit.isSubset(of: tablesWithRowsSplit)
            if trial.end == band.end, !overruns, !defers, !splits, !endsEarly, !breaksRules, leavesFloats || !trial.carry.hasWaitingFloats,
               leavesNotes || !trial.carry.hasNotesGoingOn {
                best = trial
                found = true
                high = min(height, trial.bottom - top)
            } else {
                low = height
            }
            if !found, low + climb < high {
                height = low + climb
                climb *= 2
            } else {
                height = (low + high) / 2
            }
        }
        let bandHeight = max(best.bottom - top, least)
        best.bottom = top + bandHeight
        // No container grows past its column: a float that waited for the band and reaches below
        // the room left (a figure under a picture across the page's top) still reads as reaching
        // out of it (`PageText.overrun`), so that the page is set again with it first, in a full
        // column. Grown, it hid the overrun and the figure ran off the page (seed 12671).
        for index in best.frames.indices {
            let column = columns[min(index, columns.count - 1)]
            best.frames[index].container.rect.size.height = min(bandHeight, column.height)
            best.frames[index].roomBelowFoot = max(0, column.height - bandHeight)
        }
        return best
    }
}
