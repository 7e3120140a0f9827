import Breaking
import Text

/// The one loop that fills every container with lines, band by band (docs/shapes.md). A band
/// is a stretch of the container's height holding lines on one baseline: in a rectangle it has
/// one fragment, its width, and takes one line; a shape, exclusions or floats may give it
/// several, and it takes one line in each, left to right (right to left in a right-to-left
/// paragraph), consecutive in the text. The indents, hanging punctuation, tab stops, line
/// heights and the baseline grid are the same in every fragment.
///
/// A line's height depends on what it holds, and what it holds on the width its band leaves,
/// so each band is proposed at the height a line of the paragraph's text takes, its fragments
/// found and lines set in them; when the lines turn out taller (a picture, a larger size), the
/// band is proposed again, tall enough for them, a few times at most, as TextKit and CSS
/// shapes do. A band with no fragment, or none the next word fits, moves down a point (a
/// rectangle's bands are all alike, so there it never moves); one with no fragment at least
/// the paragraph's minimum line width (NarrowLines) searches further down a line at a time
/// (EmptyBands).
extension FrameSetting {
    /// How far a band moves down when it has no room: a point, so that lines resume within
    /// a point of where an exclusion or a shape's narrow end gives way.
    static let bandStep = 1.0

    /// How far a band with no room moves down on `grid`: the fewest grid lines that make at
    /// least `bandStep`. A finer grid would take millions of steps down a page, and a step too
    /// small to change the band's y none at all.
    static func bandStep(on grid: BaselineGrid?) -> Double {
        guard let step = grid?.step else { return bandStep }
        return step >= bandStep ? step : step * (bandStep / step).rounded(.up)
    }
    /// How many times a band is proposed when its lines turn out taller than proposed.
    static let bandAttempts = 4

    /// Lines set in one band, on its baseline.
    struct PlacedBand {
        var lines: [Line]
        /// Where the next band starts: below the line boxes.
        var next: Double
        /// The stretch its last line was set in.
        var lastFragment: HorizontalSpan
    }

    /// What the search for a band saw on its way, besides the band it found.
    struct BandSearch {
        /// Some band had a usable stretch (when none had, only bands reaching below the
        /// bottom are left to try).
        var sawStretch = false
        /// The line, set (or expected) at the top of the room left, on the grid, reached below
        /// the container's foot: it needs more room than there is, whatever its width (a
        /// picture in it, a larger size, the space above it). FrameEnd reads it.
        var reachedBelowFoot = false
    }

    /// Lines set in `container` from `index` until it is full or the text reaches `end`, the
    /// frame's end then moved back where the keep rules ask (see ColumnBreak).
    mutating func lines(in column: Container, from index: Int, to end: Int) -> Frame {
        var unrecorded: ResumableSetting?
        return lines(in: column, from: index, to: end, record: &unrecorded)
    }

    /// The same, going on from `record`'s setting of the frame beside other exclusions where
    /// they cannot have changed its lines (ResumableSetting), and leaving this setting's there
    /// (nil: none kept).
    mutating func lines(in column: Container, from index: Int, to end: Int, record: inout ResumableSetting?) -> Frame {
        // The container shrinks from its foot as lines holding footnotes' markers take room for their notes.
        var container = column, rect = column.rect
        var notes = ColumnNotes(in: column, carrying: carriedNotes, reserve: firstLineReserve(from: index, to: end),
                                framesetter: framesetter)
        container.rect = notes.textRect
        rect = container.rect
        var lines: [Line] = []
        var setLines: [ColumnBreak.SetLine] = []
        var overflow: ColumnBreak.Overflow?
        var position = index
        var y = rect.minY
        var linesOfParagraph: Int?   // lines of the current paragraph in this frame, when it began here
        var lastFragment = HorizontalSpan(minX: rect.minX, maxX: rect.maxX)
        var initialZone: InitialZone?   // the drop cap beside the lines being set, down to its baseline
        var boxWaits = false   // a box in the column did not fit and waits for the next frame (see WaitingBoxes)
        var lineSkip = LineSkip(floor: rect.minY)   // what the next band's text keeps clear of
        var leadingAbove: GridLeading?   // on a grid, the band just above, which the next is pitched from
        // In a rectangle every band is alike: a word that does not fit one fits no other.
        let fitWords = !container.isRectangular
        // The notes carried in are placed clear of the container's exclusions.
        readDownTo = carriedNotes.isEmpty ? -.infinity : .infinity
        // A rectangle's lines are measured as no setting beside exclusions measures them: none
        // goes on from them, and its checkpoints are not kept.
        let keepsCheckpoints = record != nil && !column.isRectangular
        var resumedLines = 0
        if let earlier = record {
            if let checkpoint = earlier.resumePoint(in: column, from: index, to: end, holdsWaitingFloats: holdsWaitingFloats) {
                resumedLines = checkpoint.lines
                record = earlier.resumed(in: column, at: checkpoint)
                lines = Array(earlier.lines[..<checkpoint.lines])
                setLines = Array(earlier.setLines[..<checkpoint.setLines])
                (position, y, linesOfParagraph, lastFragment) = (checkpoint.position, checkpoint.y, checkpoint.linesOfParagraph, checkpoint.lastFragment)
                (boxWaits, lineSkip, leadingAbove) = (checkpoint.boxWaits, checkpoint.lineSkip, checkpoint.leadingAbove)
                (plans, readDownTo) = (checkpoint.plans, checkpoint.readDownTo)
            } else {
                record = keepsCheckpoints ? ResumableSetting(of: column, from: index, to: end, holdsWaitingFloats: holdsWaitingFloats)
                    : ResumableSetting()
            }
        }
        while position < end {
            // (No checkpoint beside a drop cap's initial, which keeps clear of the exclusions.)
            if keepsCheckpoints, initialZone == nil {
                record?.keep(ResumableSetting.Checkpoint(lines: lines.count, setLines: setLines.count, position: position, y: y,
                                                         linesOfParagraph: linesOfParagraph, lastFragment: lastFragment, boxWaits: boxWaits,
                                                         lineSkip: lineSkip, leadingAbove: leadingAbove, plans: plans, readDownTo: readDownTo))
            }
            if settingBox == nil, let box = framesetter.boxes.box(containing: position) {
                // A box written right after a break opens the next column or page (DocumentBuilder).
                if position == box.range.lowerBound, !lines.isEmpty, text.forcedBreak(before: position) != nil { break }
                // A floated or spanning box is placed by whoever places floats or the page's
                // pictures; the column's text goes on after its paragraphs.
                guard box.style.placement == .inColumn else {
                    position = min(box.range.upperBound, end)
                    continue
                }
                // Placed clear of the exclusions wherever that is.
                readDownTo = .infinity
                // Kept with a `<keep>` block round it, as its paragraphs would be.
                let boxStyle = text.paragraphStyle(at: box.range.lowerBound)
                let keep = KeptBlock(boxStyle, paragraphStart: box.range.lowerBound)
                // One that does not fit below the text waits for the top of the next frame, and
                // the text after it goes on filling this one; boxes after it wait behind it.
                guard !boxWaits, let block = blockLine(for: box, in: container, top: y, first: lines.isEmpty) else {
                    if container.boxesEndTheColumn, !lines.isEmpty {
                        overflow = ColumnBreak.Overflow(startsParagraph: true, linesLeft: 0, keep: keep, boxDidNotFit: true)
                        break
                    }
                    boxWaits = true
                    position = min(box.range.upperBound, end)
                    continue
                }
                // A heading that opens the box keeps with the box's own text, not the box with the
                // column's: a box kept with the next paragraph would leave its height empty at a
                // column's foot when that paragraph has no room there.
                var rules = KeepRules(boxStyle)
                rules.keepWithNext = false
                setLines.append(ColumnBreak.SetLine(linesBefore: 0, endsParagraph: true, isBlank: false, rules: rules,
                                                    keep: keep, bottom: block.origin.y - rect.minY))
                lines.append(block)
                lineSkip.set([block])
                leadingAbove = nil
                linesOfParagraph = nil
                y = block.origin.y + box.style.margin
                position = min(box.range.upperBound, end)
                continue
            }
            if !settingTableCell, let table = framesetter.tables.table(containing: position) {
                readDownTo = .infinity
                // A table's rows, a group a line (see TableRowsInColumn).
                guard let rows = tableRowLines(for: table, at: position, goingOn: carriedTableRows, in: container, top: y,
                                               after: lines) else {
                    overflow = tableRowOverflow(for: table, at: position)
                    break
                }
                setLines += rows.map(\.setLine)
                lines += rows.map(\.line)
                lineSkip.set(rows.map(\.line))
                leadingAbove = nil
                linesOfParagraph = nil
                if let split = rows[rows.count - 1].line.tableRows?.continuation {
                    // Rows split at the foot: the column is full, and the next one goes on with them.
                    position = split.position
                    overflow = ColumnBreak.Overflow(startsParagraph: false, linesLeft: Int.max / 2)
                    break
                }
                y = rows[rows.count - 1].line.origin.y
                position = min(max(position + 1, rows[rows.count - 1].line.stringRange.upperBound), end)
                // The text after a table stands as far from it as the text before it does.
                if position == table.range.upperBound, table.range.lowerBound > 0 {
                    y += text.paragraphStyle(at: table.range.lowerBound - 1).spaceAfter
                }
                continue
            }
            guard let next = lineStart(at: position, frameHasLines: !lines.isEmpty) else { break }
            // `paragraph.style` is read field by field where the text's runs keep it, not bound to a
            // local: copied whole, it cost some 250 instructions a band and as many to free.
            let paragraph = next.paragraph
            let top = y + next.spaceBefore
            if initialZone?.paragraph != paragraph.range.lowerBound { initialZone = nil }
            var search = BandSearch()
            var placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: fitWords, beyondBottom: false,
                                   beside: initialZone, above: lineSkip, pitchedFrom: leadingAbove, search: &search)
            if placed == nil, lines.isEmpty, !holdsWaitingFloats {
                // Nothing fits: the frame still takes a line wherever there is a fragment,
                // the next word or picture sticking out of it as out of a narrow rectangle.
                // Not below floats that waited for the frame: they are what it holds, and the
                // line goes on to the next (one was set below a column's foot, under a figure
                // as tall as the column: seeds 1252, 2504).
                if fitWords, search.sawStretch {
                    placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: false, beyondBottom: false,
                                       beside: initialZone, above: lineSkip, pitchedFrom: leadingAbove, search: &search)
                }
                placed = placed
                    ?? placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: false, beyondBottom: true,
                                 beside: initialZone, above: lineSkip, pitchedFrom: leadingAbove, search: &search)
            }
            if placed == nil, !lines.isEmpty, fitWords, search.sawStretch, container.shape != nil {
                // A shape narrows to its foot: no stretch below is wide enough again for the
                // word left alone, so it is set alone rather than the rest leave the shape for
                // the next page (NarrowLines).
                placed = placeBand(in: container, paragraph: paragraph, from: position, top: top, fitWords: true, beyondBottom: false,
                                   beside: initialZone, above: lineSkip, pitchedFrom: leadingAbove, avoidsLoneWords: false,
                                   search: &search)
            }
            var footnoteDidNotFit = false
            if let band = placed {
                // A line holding a footnote's marker takes its note's room at the column's foot,
                // splitting the note there when it is too long; one whose note has no room left
                // there goes on to the next column, as TeX's insertions do (a column's first
                // line stays, its notes split below it).
                let withNotes = notes.adding(markersIn: band.lines, of: framesetter)
                let bandBottom = band.lines.map { $0.origin.y + $0.descent }.max() ?? band.next
                if withNotes.count > notes.count || lines.isEmpty && !withNotes.fit(in: container, below: bandBottom) {
                    // Notes stand clear of the exclusions at the foot.
                    readDownTo = .infinity
                    if let taken = withNotes.taken(by: bandBottom, first: lines.isEmpty, in: container, framesetter: framesetter) {
                        notes = taken
                        container.rect = notes.textRect
                        rect = container.rect
                    } else {
                        placed = nil
                        footnoteDidNotFit = true
                    }
                }
            }
            guard let band = placed else {
                if !lines.isEmpty {
                    overflow = ColumnBreak.Overflow(
                        startsParagraph: next.startsParagraph,
                        linesLeft: next.startsParagraph ? 0 : linesLeft(in: paragraph, from: position, after: lastFragment,
                                                                        container: container, atMost: paragraph.style.widows),
                        keep: KeptBlock(paragraph.style, paragraphStart: paragraph.range.lowerBound),
                        keepsWithPrevious: next.startsParagraph && paragraph.style.keepWithPrevious,
                        reachedBelowFoot: search.reachedBelowFoot, footnoteDidNotFit: footnoteDidNotFit)
                }
                break
            }
            // (The lines' fields read where they lie, here and below: a Line copied retains its runs.)
            if !band.lines.isEmpty, let initial = band.lines[0].initial {
                // The initial goes with its paragraph to the next column rather than reach below this one.
                let zone = InitialZone(of: initial, on: band.lines[0], paragraph: paragraph)
                let expected = BandMetrics.expected(in: paragraph, at: position)
                if !lines.isEmpty, max(zone.baseline + expected.textBottom - expected.baseline, zone.inkBottom) > rect.maxY + 0.001 {
                    overflow = ColumnBreak.Overflow(startsParagraph: true, linesLeft: 0,
                                                    keepsWithPrevious: paragraph.style.keepWithPrevious)
                    break
                }
                initialZone = zone
            }
            let keep = KeptBlock(paragraph.style, paragraphStart: paragraph.range.lowerBound)
            for line in band.lines {
                linesOfParagraph = line.stringRange.lowerBound == paragraph.range.lowerBound ? 0 : linesOfParagraph
                setLines.append(ColumnBreak.SetLine(linesBefore: linesOfParagraph, endsParagraph: line.endsParagraph,
                                                    isBlank: paragraph.range.isEmpty, rules: KeepRules(paragraph.style), keep: keep,
                                                    bottom: line.origin.y + line.descent - rect.minY))
                linesOfParagraph = linesOfParagraph.map { $0 + 1 }
                lines.append(line)
            }
            lastFragment = band.lastFragment
            y = band.next
            lineSkip.set(band.lines, reach: paragraph.inkReach)
            // (A line of a float's anchors alone takes no room: the next is pitched from the text above it.)
            if band.lines.contains(where: { $0.height > 0 }) {
                leadingAbove = container.baselineGrid == nil ? nil : GridLeading(lines: band.lines, next: band.next)
            }
            let last = band.lines.count - 1
            // From the initial's last line down, the lines keep clear of its ink too (a tail
            // below its baseline): once the next band would land past it. Asked where that band is
            // proposed, not a pitch of the initial's below: the initial is sized for the pitch of
            // its first line, which a larger first line makes two grid lines (seed 5430: 15 pt text
            // on a 14 pt grid, a 28 pt pitch, where the lines after it go on 14 pt apart and the
            // fifth was pushed below the initial, leaving its baseline's line empty).
            if let zone = initialZone, !zone.isBeside(baseline: nextBaseline(after: band, in: paragraph, container: container)) {
                lineSkip.floor = max(lineSkip.floor, zone.inkBottom)
            }
            // A paragraph shorter than its initial, or one with no room beside it: what comes
            // next starts below the initial, where line N + 1 would have.
            if let zone = initialZone, band.lines[last].endsParagraph || band.lines[last].holdsItsInitialAlone {
                let belowInitial = zone.nextBandTop(afterDepth: band.next - band.lines[last].origin.y)
                // Set below the initial, not pitched from the line above.
                if belowInitial > y { leadingAbove = nil }
                y = max(y, belowInitial)
                lineSkip.floor = max(lineSkip.floor, zone.inkBottom)
            }
            if band.lines[last].endsParagraph {
                initialZone = nil
                y += paragraph.style.spaceAfter
            }
            position = band.lines[last].stringRange.upperBound
        }
        if keepsCheckpoints { record?.finish(lines: lines, setLines: setLines) }
        framesetter.linesSet += lines.count - resumedLines
        var frame = endedWhereParagraphsAllow(container, from: index, to: position, lines: lines, setLines: setLines, overflow: overflow)
        frame.container = column
        let textBottom = frame.lines.map { $0.origin.y + $0.descent }.max() ?? column.rect.minY
        frame.footnotes = notes.area(before: frame.visibleRange.upperBound, below: textBottom, framesetter: framesetter)
        frame.notesGoingOn = notes.goingOn(before: frame.visibleRange.upperBound)
        return frame
    }

    /// The baseline the band after `band` is proposed on (`placeBand`): the text that comes
    /// next expected below the band, on the grid when there is one.
    private func nextBaseline(after band: PlacedBand, in paragraph: PreparedParagraph, container: Container) -> Double {
        let expected = BandMetrics.expected(in: paragraph, at: band.lines[band.lines.count - 1].stringRange.upperBound)
        return container.baselineGrid.map { $0.snap(band.next + expected.baseline) } ?? band.next + expected.baseline
    }

    /// A box kept in the column (`<figure>` without `float`) as one line of its own, from `top`
    /// down (after its margin, unless `first` in the frame) at the column's left, as wide as
    /// it asks; nil when it would reach below the container and is not `first`, or taller
    /// columns follow (`Container.tallerColumnsFollow`). The line has
    /// no glyphs: it holds the box, so that the column's breaks and balancing treat it as a
    /// line that cannot split. In a container with a shape or exclusions (a float, a box over
    /// the gutter) it goes down to the first band clear for it, in the widest stretch there —
    /// narrower, if it asks for no width, where the stretch is narrower than the column.
    private func blockLine(for box: BoxRange, in container: Container, top: Double, first: Bool) -> Line? {
        let rect = container.rect
        var x = rect.minX
        var width = framesetter.width(of: box, available: rect.width)
        var height = framesetter.height(of: box, width: width)
        var boxTop = top + (first ? 0 : box.style.margin)
        if !container.isRectangular,
           let clear = clearPlace(for: box, in: container, from: boxTop, width: width, height: height, narrowerThanItsPictures: first) {
            // Clear only past the column's foot: a box the column would hold waits for the next
            // frame, as a waiting one does (placeWaiting). One taller than the column stays, as
            // it would at the top of a plain one; a shape's next frame is the same shape.
            if container.shape == nil, clear.top + clear.height > rect.maxY + 0.001,
               boxTop + height <= rect.maxY + 0.001 { return nil }
            (x, boxTop, width, height) = (clear.x, clear.top, clear.width, clear.height)
        } else if !container.isRectangular, !first || container.shape == nil {
            // Nowhere clear in the column, even at its top (a picture across the columns covers
            // it): the box waits for the next frame rather than be drawn over what covers it. In
            // a shape, whose next frame is the same shape, one opening the frame stays at its top.
            return nil
        }
        if !first || container.tallerColumnsFollow, boxTop + height > rect.maxY + 0.001 { return nil }
        let placed = framesetter.place(box, in: Rect(x: x, y: boxTop, width: width, height: height))
        return Line(origin: Point(x: x, y: boxTop + height), ascent: height, descent: 0, leading: 0, width: width,
                    stringRange: box.range, runs: [], endsParagraph: true, box: placed)
    }

    /// How many narrower widths a box in a shape is measured at, at most, on its way down.
    static let boxWidthTrials = 64

    /// The first place from `top` down where `box` (`width` × `height` in the full column) is
    /// clear of the container's shape and exclusions; nil when there is none above its foot.
    /// A narrower place is taken only where the box still holds its pictures (they were fitted
    /// to its full width) — unless no such place above the foot has room for the box and it
    /// may go `narrowerThanItsPictures`, when the first narrower one is, its pictures scaled to
    /// it (NarrowedBoxPictures). Only a box opening its frame may: one below text waits
    /// for the next frame instead, as a box too tall for the room left does.
    func clearPlace(for box: BoxRange, in container: Container, from top: Double, width: Double, height: Double,
                    narrowerThanItsPictures: Bool) -> (x: Double, top: Double, width: Double, height: Double)? {
        if let holding = clearPlace(for: box, in: container, from: top, width: width, height: height, holdingPictures: true),
           holding.top + holding.height <= container.rect.maxY + 0.001 {
            return holding
        }
        guard narrowerThanItsPictures else { return nil }
        return clearPlace(for: box, in: container, from: top, width: width, height: height, holdingPictures: false)
    }

    private func clearPlace(for box: BoxRange, in container: Container, from top: Double, width: Double, height: Double,
                            holdingPictures: Bool) -> (x: Double, top: Double, width: Double, height: Double)? {
        var boxTop = top, trials = 0
        let step = Self.bandStep(on: container.baselineGrid)
        // A box goes no narrower than its first paragraph's lines would.
        let narrowest = container.narrowestLine(for: text.paragraphStyle(at: box.range.lowerBound),
                                                fontSize: text.attributes(at: box.range.lowerBound).attributes.fontSize)
        while boxTop + min(height, 1) <= container.rect.maxY {
            let fragments = container.lineFragments(top: boxTop, height: height, narrowest: narrowest)
            if let place = fragments.first(where: { $0.width >= width - 0.001 }) {
                return (place.minX, boxTop, width, height)
            }
            // A narrower stretch here: the box at the width it would have in it, if that is clear.
            if let widest = fragments.max(by: { $0.width < $1.width }), trials < Self.boxWidthTrials {
                trials += 1
                let narrower = framesetter.width(of: box, available: widest.width)
                let narrowerHeight = framesetter.height(of: box, width: narrower)
                let stretches = container.lineFragments(top: boxTop, height: narrowerHeight, narrowest: narrowest)
                if !holdingPictures || framesetter.picturesFit(in: box, width: narrower),
                   let place = stretches.first(where: { $0.width >= narrower - 0.001 }), boxTop + narrowerHeight <= container.rect.maxY + 0.001 {
                    return (place.minX, boxTop, narrower, narrowerHeight)
                }
            }
            boxTop += step
        }
        return nil
    }

    /// The first band from `top` down that takes at least one line from `position`, with its
    /// lines set, or nil when none does above the container's bottom.
    /// - Parameters:
    ///   - fitWords: pass over fragments the next word (or picture) does not fit, when it
    ///     would fit the container's full width;
    ///   - beyondBottom: accept lines that reach below the container's bottom.
    ///   - beside: the drop cap of the paragraph, which the lines of bands down to its baseline keep clear of.
    ///   - above: what is above the band, whose ink the band's text keeps clear of when the
    ///     line height would put it closer (LineSkip).
    ///   - pitchedFrom: on a grid, the band right above `top`'s space, which the band's baseline
    ///     is pitched from (GridLeading).
    ///   - avoidsLoneWords: with `fitWords`, pass over stretches narrower than the container
    ///     that would hold one word alone where its full width holds two (NarrowLines).
    ///   - search: what the search saw on its way (BandSearch).
    private mutating func placeBand(in container: Container, paragraph: PreparedParagraph, from position: Int, top: Double,
                                    fitWords: Bool, beyondBottom: Bool, beside zone: InitialZone?, above: LineSkip,
                                    pitchedFrom lineAbove: GridLeading?, avoidsLoneWords: Bool = true,
                                    search: inout BandSearch) -> PlacedBand? {
        let rect = container.rect
        let expected = BandMetrics.expected(in: paragraph, at: position)
        let grid = container.baselineGrid
        // Where the band starts before a grid moves it, and where it is proposed: on a grid,
        // where its expected baseline, pitched from the line above, falls on a grid line.
        var bandTop = top
        let expectedRise = lineAbove?.rise(of: expected) ?? 0
        func proposedTop() -> Double {
            grid.map { $0.snap(bandTop - expectedRise + expected.baseline) - expected.baseline } ?? bandTop
        }
        var proposed = expected
        var initialPitch: Double?   // the distance between lines a drop cap is sized for, once its first line is set
        var movedDownFrom: Double?   // the baseline the band's lines were first set on, when they turned out taller and moved down a grid line
        let narrowest = container.narrowestLine(for: paragraph)
        repeat {
            var fragmentsTop = proposedTop()
            // The band has not moved down past bands with no room: it is at the top of the room left.
            let atRoomTop = bandTop == top
            if !beyondBottom, fragmentsTop + expected.textBottom > rect.maxY + 0.001 {
                search.reachedBelowFoot = search.reachedBelowFoot || atRoomTop
                return nil
            }
            var noStretch = false
            for attempt in 0 ..< Self.bandAttempts {
                readDownTo = max(readDownTo, fragmentsTop + proposed.upper + max(0, proposed.height))
                let fragments = cache.fragments.lineFragments(in: container, top: fragmentsTop + proposed.upper, height: proposed.height,
                                                              narrowest: narrowest)
                guard !fragments.isEmpty else {
                    noStretch = attempt == 0
                    break
                }
                search.sawStretch = true
                let besideZone = zone.flatMap { $0.isBeside(baseline: fragmentsTop + expected.baseline) ? $0 : nil }
                var set = setLines(in: fragments, container: container, paragraph: paragraph, from: position,
                                   bandTop: fragmentsTop, expected: expected, fitWords: fitWords, beside: besideZone,
                                   initialPitch: initialPitch, avoidsLoneWords: avoidsLoneWords,
                                   atColumnHead: top <= rect.minY + 0.001)
                guard let lastFragment = set.lastFragment else { break }
                let actual = BandMetrics(lines: set.lines)
                guard proposed.holds(actual) else {
                    proposed = proposed.enlarged(toHold: actual)
                    continue
                }
                // A drop cap is sized for the lines' pitch, which is known for sure once its first
                // line is set: a line taller than its text's first face (a fallback face, a
                // larger word) sets it again for the pitch it has — from its baseline to where the
                // next line's lands: its depth below the baseline and the height above it the
                // text after it expects, as the next band is proposed. (Its whole height, a line
                // mixing an italic's ascent with the roman's descent, 12.07 pt on a 12 pt grid,
                // sized the initial for 24 pt and left a blank grid line under it: seed 3551.)
                let after = set.lines.isEmpty ? expected
                    : BandMetrics.expected(in: paragraph, at: set.lines[set.lines.count - 1].stringRange.upperBound)
                let pitch = InitialLetter.pitch(advance: actual.advance - actual.baseline + after.baseline, grid: grid)
                if initialPitch == nil, !set.lines.isEmpty, let opening = set.lines[0].initial, abs(opening.pitch - pitch) > 0.001 {
                    initialPitch = pitch
                    continue
                }
                // Each line's baseline where the band's puts it (summed as one line alone is, so
                // that a band of one line lands where a rectangle's line does), lower when its
                // text would come too close to what is above it, moved down onto the grid
                // when there is one.
                var shift = 0.0
                // The top of the lines' boxes before the grid moves them: risen, on a grid, to their pitch below the line above.
                let linesTop = bandTop - (lineAbove?.rise(of: actual) ?? 0)
                // A band below the initial's lines (one beside it with no room moved below it too)
                // keeps clear of its ink.
                var clearOf = above
                if let zone, besideZone == nil { clearOf.floor = max(clearOf.floor, zone.inkBottom) }
                let lowered = clearOf.baseline(for: set.lines, natural: linesTop + actual.baseline, reach: paragraph.inkReach)
                    - (linesTop + actual.baseline)
                for index in set.lines.indices {
                    let leading = set.lines[index].leading, ascent = set.lines[index].ascent
                    let natural = linesTop + leading / 2 + ascent + (actual.baseline - (leading / 2 + ascent))
                    // A line of a float's anchors alone has no height and is no line of text: on
                    // the grid it took the grid line the text after it then had to go below.
                    let lineGrid = set.lines[index].height > 0 ? grid : nil
                    set.lines[index].origin.y = lineGrid?.snap(natural + lowered) ?? natural + lowered
                    if lowered > 0 { set.lines[index].movedClear = set.lines[index].origin.y - (grid?.snap(natural) ?? natural) }
                    if index == 0 { shift = set.lines[0].origin.y - natural }
                }
                // Lines taller than expected put the baseline lower than proposed, and on a grid
                // lines shorter than expected may take a grid line above the proposed one (10 pt
                // text in a 16 pt deck): the band's fragments are found again where it lands.
                let landedTop = set.lines[0].origin.y - actual.baseline
                if abs(landedTop - fragmentsTop) > 0.001 { readDownTo = max(readDownTo, landedTop + actual.upper + max(0, actual.height)) }
                if abs(landedTop - fragmentsTop) > 0.001,
                   !Self.standsBackUp(fragments, at: landedTop, baseline: set.lines[0].origin.y, movedDownFrom: movedDownFrom,
                                      height: actual, in: container, memo: cache.fragments) {
                    // The baseline they were set for there: the grid line proposed for the text expected.
                    if landedTop > fragmentsTop, movedDownFrom == nil {
                        movedDownFrom = grid?.snap(fragmentsTop + expected.baseline) ?? fragmentsTop + expected.baseline
                    }
                    fragmentsTop = landedTop
                    continue
                }
                let bottom = set.lines.map { $0.origin.y + $0.descent }.max() ?? fragmentsTop
                if !beyondBottom, bottom > rect.maxY + 0.001 {
                    search.reachedBelowFoot = search.reachedBelowFoot || atRoomTop
                    return nil
                }
                // The lines beside a drop cap's initial move down past an exclusion below the
                // paragraph's first line, but the initial hangs from that line: the paragraph
                // goes down with it to where nothing covers it. With nowhere clear, not even as a
                // column's first line: the column takes nothing, as one the exclusions leave no room
                // in, and the next column or page takes the paragraph (a 4-line 'C' over a picture
                // at the page's foot, seed 20099).
                if !set.lines.isEmpty, !InitialZone.isClear(of: set.lines[0], in: container) { break }
                return PlacedBand(lines: set.lines, next: linesTop + actual.advance + shift, lastFragment: lastFragment)
            }
            if noStretch, grid == nil {
                bandTop = Self.nextBandWithStretches(in: container, below: bandTop, band: proposed, narrowest: narrowest)
                readDownTo = max(readDownTo, bandTop + Self.searchedPast(band: proposed))
            } else {
                bandTop += Self.bandStep(on: grid)
            }
        } while proposedTop() < rect.maxY
        return nil
    }

    /// Whether lines set in `fragments` a grid line lower, which turned out to fit the grid line
    /// they were first proposed on (`movedDownFrom`, now `baseline`, their band's top `top`), stand
    /// there as set. The baselines are compared, not the band's tops: the lines set lower may
    /// be of another height than the text expected there, which puts their top elsewhere for
    /// the same grid line (seed 10109 as generated now). At that grid line the
    /// full stretch held a line too tall for it (a larger word, a superscript), so the band moved
    /// down, where a float's margin narrows the stretch to lines that are not: set there they
    /// would move back up, and the taller line down again, without end, leaving the upper grid
    /// line empty (seeds 6908, 10109, 12618, 13633). As a typesetter sets the shorter line on
    /// the upper grid line rather than leave it blank, they stand there when every stretch they
    /// were set in is clear at it too.
    static func standsBackUp(_ fragments: [HorizontalSpan], at top: Double, baseline: Double, movedDownFrom: Double?,
                             height: BandMetrics, in container: Container, memo: LineFragmentMemo) -> Bool {
        guard let movedDownFrom, abs(baseline - movedDownFrom) <= 0.001 else { return false }
        let clear = memo.lineFragments(in: container, top: top + height.upper, height: height.height)
        return SpanList.subtracting(clear, from: fragments).isEmpty
    }

    /// Lines from `position` in a band's fragments, one a fragment, in reading order; a
    /// paragraph's last line ends the band. The paragraph's first line makes room for its drop
    /// cap's initial (sized for `initialPitch` when given) and records it; lines in a band
    /// `beside` it keep clear of it.
    private mutating func setLines(in fragments: [HorizontalSpan], container: Container, paragraph: PreparedParagraph,
                                   from position: Int, bandTop: Double, expected: BandMetrics,
                                   fitWords: Bool, beside: InitialZone?,
                                   initialPitch: Double?, avoidsLoneWords: Bool,
                                   atColumnHead: Bool) -> (lines: [Line], lastFragment: HorizontalSpan?) {
        // `paragraph.style` is read field by field, never copied whole (see `lines(in:from:to:)`).
        let rect = container.rect
        let rightToLeft = paragraph.bidi.isRightToLeft
        let ordered = rightToLeft ? Array(fragments.reversed()) : fragments
        let fragmentMemo = cache.fragments
        var lines: [Line] = []
        var start = position
        var lastFragment: HorizontalSpan?
        for (index, fragment) in ordered.enumerated() {
            // The line's field read where it lies: a Line copied retains its runs.
            if !lines.isEmpty, lines[lines.count - 1].endsParagraph { break }
            let startsParagraph = start == paragraph.range.lowerBound
            var measure = LineMeasure(in: fragment, style: paragraph.style, rightToLeft: rightToLeft, startsParagraph: startsParagraph)
            // The initial opens the paragraph's first line, at its start; lines below keep clear of it.
            let pitch = initialPitch ?? InitialLetter.pitch(advance: expected.advance, grid: container.baselineGrid)
            var zone = beside
            let measureWidth = rect.width - paragraph.style.headIndent - paragraph.style.tailIndent
                - (startsParagraph ? paragraph.style.firstLineIndent : 0)
            var opening = startsParagraph ? paragraph.initial?.fitted(within: measureWidth, pitch: pitch) : nil
            // An initial keeps clear of the exclusions down its lines.
            if opening != nil { readDownTo = .infinity }
            if let initial = opening, !container.exclusions.isEmpty {
                // An initial two lines of which would print over an exclusion below its first
                // line leaves this stretch: the paragraph moves on to where it is clear (where
                // nothing fits, the frame takes it here all the same).
                if let clear = initial.fitted(clearOf: container, opening: measure, baseline: bandTop + expected.baseline,
                                              pitch: pitch, rightToLeft: rightToLeft) {
                    opening = clear
                } else if let moved = initial.opening(measure, clearOf: container, baseline: bandTop + expected.baseline, pitch: pitch,
                                                      rightToLeft: rightToLeft, narrowest: container.narrowestLine(for: paragraph)) {
                    // Nor two lines clear at the line's start: the initial and the line move along it to where it is.
                    measure = moved
                } else if fitWords {
                    continue
                }
            }
            if let opening {
                zone = InitialZone(paragraph: paragraph.range.lowerBound, opening: measure, width: opening.width(pitch: pitch),
                                   gap: opening.gap, baseline: bandTop + expected.baseline + Double(opening.lines - 1) * pitch,
                                   pitch: pitch, rightToLeft: rightToLeft)
            }
            let clearedInitial = zone?.clear(&measure) ?? false
            // A stretch beside the initial too narrow for a line (NarrowLines) takes none where
            // no band further down is wider beside it: in a rectangle, whose bands are alike but
            // for the initial's, or where the column itself, less the initial, is that narrow
            // (seed 12097: 3.6 pt beside a four-line 'A' in a 60 pt column, the first word set
            // there past the column). The paragraph's first line holds the initial alone, and its
            // text goes on below the initial.
            // So does the paragraph's first line beside a float or an exclusion that keeps the
            // stretch beside the initial that narrow down to its last line: its lines below would
            // be passed over there, left empty inside the paragraph (a 39 pt strip between a
            // three-line 'T' and a picture floated right: its first line set in it, the next two
            // empty, the third off the pitch).
            let narrowest = container.narrowestLine(for: paragraph)
            let columnBesideInitial = measureWidth - (zone?.span.width ?? 0)
            let besideNoRoom = clearedInitial && measure.available < narrowest
                && (!fitWords || columnBesideInitial < narrowest
                    || opening.map { narrowBesideItsLastLine(zone, lines: $0.lines, pitch: pitch, in: container, bandTop: bandTop,
                                                            expected: expected, narrowest: narrowest) } ?? false)
            if besideNoRoom, opening == nil { continue }
            if measure.available < 1 {
                if fitWords, !besideNoRoom { continue }
                measure.available = 1
            }
            let available = measure.available, tabs = measure.tabs
            // The line's measure in the column as it is here: beside the initial (the paragraph's
            // first line, or one below it), less the initial's room, which a band further down
            // does not give back until the initial ends — so a word too wide for that is set there
            // as a rectangle sets it (hyphenated), rather than the lines beside the initial left empty.
            let columnWidth = measureWidth - (clearedInitial ? zone?.span.width ?? 0 : 0)
            // A line below the first beside the initial is never passed over (for a word too wide
            // or one alone): the paragraph's lines go on there, or it would hold an empty band
            // (seed 4304: "quietly" alone was passed over three times beside a 'B').
            let belowTheFirstBesideItsInitial = clearedInitial && opening == nil
            if fitWords, !besideNoRoom, !belowTheFirstBesideItsInitial, !paragraph.range.isEmpty, !firstWordFits(paragraph, from: start, available: available, tabs: tabs),
               firstWordFits(paragraph, from: start, available: columnWidth, tabs: tabs) {
                continue
            }
            // A display line (a heading) the column holds whole is not broken by an obstacle's
            // corner beside it: it waits for the band where it is whole (NarrowLines). At the
            // column's head it waits only as far as the lines it would take broken here: beside
            // a tall picture or exclusion it is set in the stretch, balanced, rather than leave
            // the column's head empty.
            if fitWords, !besideNoRoom, paragraph.style.balance, startsParagraph, !paragraph.range.isEmpty,
               restFits(paragraph, from: start, available: columnWidth, tabs: tabs),
               !restFits(paragraph, from: start, available: available, tabs: tabs),
               !atColumnHead || wholeSoonBelow(paragraph, from: start, available: available, tabs: tabs, container: container,
                                               bandTop: bandTop, expected: expected) {
                continue
            }
            // A stretch narrower than half the column that would hold one word alone is left
            // empty, when the column would hold two (NarrowLines).
            let firstFit = fitWords && !besideNoRoom && !paragraph.range.isEmpty && fragment.width < rect.width - 0.001
                ? framesetter.firstFitBreak(in: paragraph, from: start, available: available, tabs: tabs) : nil
            let stranded = firstFit.map { strandsWord(paragraph, from: start, to: $0) } ?? false
            if stranded, avoidsLoneWords, !belowTheFirstBesideItsInitial, container.passesOverLoneWords(in: fragment),
               !strandsWord(paragraph, from: start, to: framesetter.firstFitBreak(in: paragraph, from: start,
                                                                                 available: columnWidth, tabs: tabs)) {
                continue
            }
            var lineBreak: LineBreak
            if paragraph.range.isEmpty {
                lineBreak = LineBreak(end: paragraph.range.upperBound, kind: .mandatory)
            } else if besideNoRoom, let hiddenEnd = opening?.hiddenEnd {
                lineBreak = LineBreak(end: hiddenEnd, kind: hiddenEnd < paragraph.range.upperBound ? .forced : .mandatory)
            } else {
                let lineStart = start
                // A rectangle's lines below are all as wide as its other lines (less the initial's
                // room beside it); a shape's are predicted.
                let below = container.isRectangular
                    ? LinesBelow(in: fragment, style: paragraph.style, rightToLeft: rightToLeft, zone: zone,
                                 baseline: bandTop + expected.baseline)
                    : nil
                var predictedDownTo = readDownTo
                lineBreak = nextBreak(in: paragraph, from: start, available: available, tabs: tabs,
                                      planFits: { plan, line in Self.plan(plan, fits: line, available: available, below: below) },
                                      widths: {
                                          if let below { return ([available] + below.narrow, below.other) }
                                          return Self.predictedWidths(container: container, fragments: fragmentMemo, paragraph: paragraph,
                                                                      from: lineStart,
                                                                      firstWidth: available, rest: ordered[(index + 1)...],
                                                                      bandTop: bandTop, expected: expected, zone: zone,
                                                                      readDownTo: &predictedDownTo)
                                      })
                readDownTo = predictedDownTo
                // The optimal breaks strand a word where the first fit would not: the first fit wins.
                if let firstFit, !stranded, strandsWord(paragraph, from: start, to: lineBreak) {
                    lineBreak = firstFit
                }
                // Nor is a word left alone on the next line, in the stretches it goes on in: this
                // band's next, then those below, measured where they are — a shape's or a
                // contour's are not this one's (NarrowLines).
                if firstFit != nil, avoidsLoneWords {
                    let below = narrowStretches(after: index, of: ordered, in: container, paragraph: paragraph, bandTop: bandTop,
                                                expected: expected, zone: zone, memo: fragmentMemo)
                    if !below.isEmpty {
                        let indentedWidth = rect.width - paragraph.style.headIndent - paragraph.style.tailIndent
                        lineBreak = breakLeavingNoLoneWordBelow(paragraph, from: start, to: lineBreak, in: below, columnWidth: indentedWidth)
                    }
                }
            }
            // Punctuation hangs into the column's margin, never against an exclusion or a shape's outline.
            // Where the measure is irregular or narrow a line that would be spaced out is set flush (NarrowLines).
            var line = cache.line(of: paragraph, from: start, to: lineBreak, left: measure.left, available: available,
                                  startX: tabs.startX,
                                  hangsLeft: fragment.minX <= rect.minX + 0.001 && !(clearedInitial && !rightToLeft),
                                  hangsRight: fragment.maxX >= rect.maxX - 0.001 && !(clearedInitial && rightToLeft),
                                  flushWhenLoose: container.setsLooseLinesFlush(in: fragment, of: paragraph),
                                  besideInitial: clearedInitial)
            if let opening, let zone {
                let width = opening.width(pitch: pitch)
                line.initial = opening.placed(x: zone.initialLeft(width: width) - line.origin.x, pitch: pitch)
            }
            lines.append(line)
            start = line.stringRange.upperBound
            lastFragment = fragment
            if besideNoRoom { break }
        }
        return (lines, lastFragment)
    }

    /// Whether the stretch beside the initial of `zone`, `lines` lines tall from the band at
    /// `bandTop`, is still narrower than `narrowest` on its last line: what narrows it there
    /// (a float, an exclusion) reaches down its whole height.
    private func narrowBesideItsLastLine(_ zone: InitialZone?, lines: Int, pitch: Double, in container: Container,
                                         bandTop: Double, expected: BandMetrics, narrowest: Double) -> Bool {
        guard let zone else { return false }
        let top = bandTop + expected.upper + Double(max(0, lines - 1)) * pitch
        let widest = cache.fragments.lineFragments(in: container, top: top, height: expected.height)
            .filter { $0.maxX > zone.span.minX && $0.minX < zone.span.maxX }
            .map { zone.width(besideItIn: $0) }.max() ?? 0
        return widest < narrowest
    }

    /// Whether line `line` of `plan` fits a line `available` wide: the plan was made for that
    /// width, and, where the widths of the lines below are known (a rectangle's, `below`),
    /// for those widths too.
    private static func plan(_ plan: LinePlan, fits line: Int, available: Double, below: LinesBelow?) -> Bool {
        guard abs(plan.width(ofLine: line) - available) < 0.001 else { return false }
        guard let below else { return true }
        guard abs(plan.otherWidth - below.other) < 0.001 else { return false }
        let last = max(plan.widths.count, line + 1 + below.narrow.count)
        return (line + 1 ..< last).allSatisfy { abs(plan.width(ofLine: $0) - below.width(ofLine: $0 - line - 1)) < 0.001 }
    }

    /// Whether the text from `position` to its first break fits `available` (and so a line
    /// need not cut a word or overhang).
    private func firstWordFits(_ paragraph: PreparedParagraph, from position: Int, available: Double, tabs: TabOrigin) -> Bool {
        let greedy = framesetter.firstFitBreak(in: paragraph, from: position, available: available, tabs: tabs)
        return greedy.kind != .forced && paragraph.width(from: position, to: greedy.end, tabs: tabs) <= available + 1e-6
    }

    /// Whether a display paragraph that does not fit whole in the stretch `available` wide at
    /// `bandTop` finds a stretch that holds it whole no farther down than the lines it would
    /// take here: the obstacle beside it is a corner it waits past, not a tall picture or
    /// exclusion it is set beside (a subheadline at a column's head beside a 300 pt exclusion
    /// waited below it, the 244 pt beside it left empty; so did one beside its own float).
    private func wholeSoonBelow(_ paragraph: PreparedParagraph, from position: Int, available: Double, tabs: TabOrigin,
                                container: Container, bandTop: Double, expected: BandMetrics) -> Bool {
        let style = paragraph.style
        let natural = paragraph.width(from: position, to: paragraph.range.upperBound, tabs: tabs)
        let linesHere = max(2, (natural / max(available, 1)).rounded(.up))
        let reach = linesHere * expected.advance
        let narrowest = container.narrowestLine(for: paragraph)
        var top = bandTop + Self.bandStep
        while top <= bandTop + reach {
            let fragments = cache.fragments.lineFragments(in: container, top: top + expected.upper, height: expected.height,
                                                          narrowest: narrowest)
            for fragment in fragments {
                let measure = LineMeasure(in: fragment, style: style, rightToLeft: paragraph.bidi.isRightToLeft,
                                          startsParagraph: true)
                if restFits(paragraph, from: position, available: measure.available, tabs: tabs) { return true }
            }
            top += Self.bandStep
        }
        return false
    }

    /// Whether the paragraph's text from `position` to its end fits one line `available` wide.
    private func restFits(_ paragraph: PreparedParagraph, from position: Int, available: Double, tabs: TabOrigin) -> Bool {
        paragraph.width(from: position, to: paragraph.range.upperBound, tabs: tabs) <= available + 1e-6
    }

    /// Lines of the paragraph from `position` (the line that did not fit) to its end, counted
    /// up to `limit`, in lines as wide as they would be in `fragment` (the last line's): what
    /// would go on to the next column if this one ended before it.
    private mutating func linesLeft(in paragraph: PreparedParagraph, from position: Int, after lastFragment: HorizontalSpan,
                                    container: Container, atMost limit: Int) -> Int {
        // They go on in the next column: without a shape, as wide as this column (the floats
        // and exclusions that narrowed its last lines are this column's, and a widow measured
        // beside a float would be counted as two lines); in a shape, as wide as this line.
        let fragment = container.shape == nil ? HorizontalSpan(minX: container.rect.minX, maxX: container.rect.maxX) : lastFragment
        var measure = LineMeasure(in: fragment, style: paragraph.style, rightToLeft: paragraph.bidi.isRightToLeft, startsParagraph: false)
        measure.available = max(1, measure.available)
        let available = measure.available
        // The lines after it: a rectangle's other lines, or in a shape as wide as this one.
        let rectangular = container.shape == nil ? LineMeasure.otherLines(in: fragment.width, style: paragraph.style) : nil
        let other = rectangular ?? available
        // The breaks the line would have had (the paragraph's plan, or one made for this width).
        _ = nextBreak(in: paragraph, from: position, available: available, tabs: measure.tabs,
                      planFits: { plan, line in
                          Self.plan(plan, fits: line, available: available, below: rectangular.map { LinesBelow(narrow: [], other: $0) })
                      },
                      widths: { ([available], other) })
        return linesLeft(in: paragraph, from: position, available: available, otherLines: other, tabs: measure.tabs, atMost: limit)
    }

    /// The measures of the lines from `position` on, as the container would give them if
    /// every line were as tall as `expected`: `firstWidth`, the rest of this band's fragments, then the
    /// bands below, until there is enough room for twice the paragraph's remaining text or the
    /// container ends. Knuth–Plass breaks the paragraph for them; when a line turns out to have
    /// another width, the paragraph is broken again from there.
    private static func predictedWidths(container: Container, fragments memo: LineFragmentMemo, paragraph: PreparedParagraph,
                                        from position: Int,
                                        firstWidth: Double, rest: ArraySlice<HorizontalSpan>, bandTop: Double,
                                        expected: BandMetrics, zone: InitialZone?, readDownTo: inout Double) -> ([Double], Double) {
        let style = paragraph.style
        let rect = container.rect
        let remaining = paragraph.prefixAdvance[paragraph.prefixAdvance.count - 1]
            - paragraph.prefixAdvance[paragraph.glyphIndex(atOrAfter: position)]
        var widths = [firstWidth]
        var total = firstWidth
        let rightToLeft = paragraph.bidi.isRightToLeft
        var beside = zone
        let narrowest = container.narrowestLine(for: paragraph)
        func add(_ fragment: HorizontalSpan) {
            var width = fragment.width - style.headIndent - style.tailIndent
            var measure = LineMeasure(in: fragment, style: style, rightToLeft: rightToLeft, startsParagraph: false)
            if let zone = beside, zone.clear(&measure) { width = measure.available }
            guard width >= 1 else { return }
            widths.append(width)
            total += width
        }
        rest.forEach(add)
        var top = bandTop + expected.advance
        while total < 2 * remaining, top + expected.textBottom <= rect.maxY + 0.001, widths.count < 10_000 {
            if let zone = beside, !zone.isBeside(baseline: top + expected.baseline) { beside = nil }
            readDownTo = max(readDownTo, top + expected.upper + max(0, expected.height))
            let below = memo.lineFragments(in: container, top: top + expected.upper, height: expected.height, narrowest: narrowest)
            guard !below.isEmpty else {
                // A prediction needs no point-by-point search: a line's height down is close
                // enough, and a column of stretches too narrow to use would cost a query a point.
                top += max(Self.bandStep, expected.advance)
                continue
            }
            (paragraph.bidi.isRightToLeft ? Array(below.reversed()) : below).forEach(add)
            top += expected.advance
        }
        return (widths, widths[widths.count - 1])
    }
}
