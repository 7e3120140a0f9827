import Text

/// Floats — pictures (`<img float="left|right">`) and boxes (`<figure float="left|right">`,
/// `<aside …>`): each is placed at the top of the line that holds its anchor character (a box,
/// the line after its paragraphs), against that side of the container's rectangle, and the frame is
/// set again with the picture and its margin as an exclusion, so that the lines beside it are
/// shortened (the lines of a band, see LineLoop). A picture that would reach below
/// the container moves to the top of the next frame set from where this one ends (it is
/// carried, see FlowCarry); the text goes on without waiting for it. A paragraph whose first
/// line holds a float that a float of an earlier paragraph would push down starts below that
/// float (CSS `clear`), whether its own float then fits there or moves on: a portrait taller
/// than its two lines of bio stood beside the next speaker's name.
extension Framesetter {
    /// A float's anchor: a floated picture's character, or the first character of a box
    /// floated beside the text.
    struct FloatAnchor: Hashable, Sendable {
        enum Content: Hashable, Sendable {
            case picture(ImageAttachment)
            case box(BoxRange)
        }

        var index: Int
        var content: Content

        /// The text's floats, in order: its floated pictures and its boxes floated left or right.
        static func all(in text: AttributedText, boxes: TextBoxes) -> [FloatAnchor] {
            let pictures = text.attachments.compactMap { attachment in
                // A picture in a box is set in the box's lines (the markup does not float it).
                attachment.image.float == nil || boxes.box(containing: attachment.index) != nil
                    ? nil : FloatAnchor(index: attachment.index, content: .picture(attachment.image))
            }
            let floated = boxes.all.compactMap { box -> FloatAnchor? in
                guard case .side = box.style.placement else { return nil }
                return FloatAnchor(index: box.range.lowerBound, content: .box(box))
            }
            // In text order, which `anchors(in:)` searches by halves.
            return (pictures + floated).sorted { $0.index < $1.index }
        }
    }

    /// More floats than this in one frame are moved on rather than placed, which bounds the
    /// number of times a frame is set again.
    static let maximumFloatsPerFrame = 32

    /// How many of its anchor's lines the container's exclusions (a pull quote over the gutter,
    /// a picture across the columns) may push a float down, at most, before it moves on to the
    /// next frame's top instead (see `lowestTop`): past a corner or a short band, not past a
    /// whole pull quote (some ten lines).
    static let largestPushPastExclusions = 5

    /// Whether a frame from `index` to `end` must place floats: some are carried in, waiting
    /// for it, or an anchor lies in its text.
    func mayHoldFloats(from index: Int, to end: Int, carrying carried: FlowCarry) -> Bool {
        carried.hasWaitingFloats || index < end && !anchors(in: index ..< end).isEmpty
    }

    /// The frame set again with each float it places as an exclusion, every time with the
    /// same carry in: the floats that end up waiting, and the breaks of the last setting, go on.
    func floatingFrame(in container: Container, from index: Int, to end: Int, carrying carried: FlowCarry) -> FrameResult {
        let rect = container.rect
        let pending = carried.waitingFloats
        let waiting = Set(pending.map(\.index))
        var placed: [PlacedFloat] = []
        var deferred: [FloatAnchor] = []
        // Those that did not fit in the frame before go first, at the top.
        for anchor in pending {
            if let float = place(anchor, top: rect.minY, in: container, beside: placed, waited: true).float {
                placed.append(float)
            } else {
                deferred.append(anchor)
            }
        }
        // Each setting is kept with the floats it was set beside: taking floats out again (their
        // anchors went on to the next frame, they reach into the notes, they leave no line)
        // comes back to floats set beside before, and a frame is a value of them (FloatSettings).
        var settings = FloatSettings()
        // The bands across the container paragraphs clear below floats of earlier paragraphs,
        // kept while their paragraphs go on to the next frame too: back beside the float, the
        // paragraph would stand there again.
        var clearances: [Rect] = []
        // Each setting goes on from the last one's lines above the float placed or taken out.
        var record: ResumableSetting? = ResumableSetting()
        func set() -> FrameResult {
            if let known = settings.result(beside: placed, clearing: clearances) { return known }
            var floated = container
            // A strip beside a float too narrow for its paragraph's lines is left empty (NarrowLines).
            floated.exclusions += placed.map(\.exclusion) + clearances.map { Exclusion(.rectangle($0)) }
            let result = plainFrame(in: floated, from: index, to: end, carrying: carried,
                                    holdsWaitingFloats: placed.contains { waiting.contains($0.anchor) }, record: &record)
            settings.keep(result, beside: placed, clearing: clearances)
            return result
        }
        var result = set()
        var handled = waiting
        for _ in 0 ..< Self.maximumFloatsPerFrame {
            guard let anchor = anchors(in: result.frame.visibleRange).first(where: { !handled.contains($0.index) }) else { break }
            handled.insert(anchor.index)
            guard let line = anchorLine(of: anchor, in: result.frame) else { continue }
            let top = line.top
            let placement = place(anchor, top: top, in: container, beside: placed, lowest: Self.lowestTop(of: anchor, from: top, in: result.frame),
                                  opening: line.opensParagraph)
            if let clearance = placement.clearance { clearances.append(clearance) }
            if let float = placement.float {
                placed.append(float)
            } else {
                deferred.append(anchor)
            }
            if placement.float != nil || placement.clearance != nil { result = set() }
        }
        // Set again, some lines may have gone to the next frame (it is shorter, or a column
        // ends where a paragraph allows): their floats go with them.
        let ending = result.frame.visibleRange.upperBound
        let kept = placed.filter { waiting.contains($0.anchor) || $0.anchor < ending }
        if kept.count < placed.count {
            placed = kept
            result = set()
        }
        // A float reaching into the notes at the column's foot goes on to the next frame, as one
        // reaching below the foot does (set again, fewer lines may hold marks: checked again).
        for _ in 0 ..< placed.count {
            guard let notesTop = result.frame.footnotes?.top else { break }
            let clear = placed.filter { waiting.contains($0.anchor) || $0.rect.maxY <= notesTop + 0.001 }
            guard clear.count < placed.count else { break }
            placed = clear
            result = set()
        }
        if result.frame.visibleRange.isEmpty, !placed.isEmpty, container.exclusions.isEmpty, index < end,
           !placed.contains(where: { waiting.contains($0.anchor) }) {
            // The floats leave no room for a line (a picture as large as the column): the text
            // goes on here and they move on, as a column must take some text. A float that
            // waited for this frame takes it even alone (a figure as tall as the column would
            // otherwise move on for good). (With no text left, a frame holds only the pictures
            // still waiting.)
            placed = []
            clearances = []
            result = set()
        }
        let done = Set(placed.map(\.anchor))
        deferred = pending.filter { !done.contains($0.index) }
            + (anchors(in: result.frame.visibleRange) + boxesWaiting(after: result.frame)).sorted { $0.index < $1.index }
                .filter { !done.contains($0.index) && !waiting.contains($0.index) }
        result.frame.floats = placed
        result.carry.waitingFloats = deferred
        return result
    }

    /// The anchors of floated pictures in `range`, in text order: found by halves, as every
    /// frame set (each trial of a balanced band too) asks whether it holds any.
    private func anchors(in range: Range<Int>) -> ArraySlice<FloatAnchor> {
        let first = floatAnchors.partitionIndex { $0.index >= range.lowerBound }
        let end = floatAnchors.partitionIndex { $0.index >= range.upperBound }
        return floatAnchors[first ..< max(first, end)]
    }

    /// Where `anchor`'s float goes down from: the top of the line holding it — for a box, of the
    /// first line after its paragraphs, or below the frame's last line when none follows it in
    /// the frame — and the paragraph that line opens (nil: it opens none); nil when the frame
    /// does not show the anchor.
    private func anchorLine(of anchor: FloatAnchor, in frame: Frame) -> (top: Double, opensParagraph: Range<Int>?)? {
        func top(of line: Line) -> (top: Double, opensParagraph: Range<Int>?) {
            let paragraph = text.paragraphRange(containing: line.stringRange.lowerBound)
            return (line.origin.y - line.ascent - line.leading / 2, paragraph.lowerBound == line.stringRange.lowerBound ? paragraph : nil)
        }
        switch anchor.content {
        case .picture:
            return frame.lines.first { $0.stringRange.contains(anchor.index) }.map(top(of:))
        case .box:
            guard frame.visibleRange.contains(anchor.index) else { return nil }
            if let line = frame.lines.first(where: { $0.stringRange.lowerBound >= anchor.index }) { return top(of: line) }
            return ((frame.lines.last.map { $0.origin.y + $0.descent } ?? frame.container.rect.minY), nil)
        }
    }

    /// The lowest top the container's exclusions may push `anchor`'s float down to from `top`:
    /// `largestPushPastExclusions` lines of the line at or after the anchor. Pushed past a pull
    /// quote with no limit, a portrait landed 15 lines below its paragraph and left the 30 pt
    /// strip beside it empty (issue 33); it moves on instead, as a float reaching below the column does.
    private static func lowestTop(of anchor: FloatAnchor, from top: Double, in frame: Frame) -> Double {
        let line = frame.lines.first { $0.box == nil && $0.stringRange.upperBound > anchor.index } ?? frame.lines.last
        return top + Double(largestPushPastExclusions) * (line.map { $0.ascent + $0.descent + $0.leading } ?? 0)
    }

    /// The float of `anchor` placed from `top` down against its side of the container's
    /// rectangle, below any float already there and any of the container's exclusions (a box
    /// over the gutter, a picture across the columns) it would touch; nil when it would reach
    /// below the rectangle, or when the exclusions push its top below `lowest`. One that
    /// `waited` for this frame is placed at its top even when it reaches below (a float taller
    /// than the column, placed there rather than never); in its anchor's frame, which may be a
    /// short band below others, it moves on to the next frame instead. With it, when its line is
    /// the first of the paragraph it is `opening` and floats of earlier paragraphs push it down,
    /// the band across the container from `top` to below them, which the paragraph clears.
    private func place(_ anchor: FloatAnchor, top: Double, in container: Container, beside placed: [PlacedFloat],
                       lowest: Double = .infinity, waited: Bool = false,
                       opening paragraph: Range<Int>? = nil) -> (float: PlacedFloat?, clearance: Rect?) {
        let rect = container.rect
        let side: PictureFloat.Side, size: Size, margin: Double
        switch anchor.content {
        case .picture(let image):
            guard let float = image.float else { return (nil, nil) }
            (side, size, margin) = (float.side, Size(width: float.width, height: float.height), float.margin)
        case .box(let box):
            switch box.style.placement {
            case .side(let boxSide):
                let width = width(of: box, available: rect.width)
                (side, size, margin) = (boxSide, Size(width: width, height: height(of: box, width: width)), box.style.margin)
            // A box of the column that waited for this frame is placed as in the column.
            case .inColumn: return (placeWaiting(box, top: top, in: container, beside: placed), nil)
            case .edge, .center, .footnote: return (nil, nil)
            }
        }
        let x = side == .left ? rect.minX : rect.maxX - size.width
        var frame = Rect(x: x, y: top, width: size.width, height: size.height)
        var pushedByExclusion = false
        var cleared = top   // below the floats of earlier paragraphs it met
        // The float moves to the very bottom of the clear rectangle it meets, the same number
        // (rounded differently, a sum would leave it a hair inside and meeting it again): so it
        // moves down every time, clears each float and exclusion at most once, and the loop ends.
        for _ in 0 ... placed.count + container.exclusions.count {
            if let below = placed.first(where: { $0.keptClear.intersects(frame) }) {
                frame.origin.y = below.keptClear.maxY
                if let paragraph, below.anchor < paragraph.lowerBound { cleared = max(cleared, frame.minY) }
            } else if let exclusion = container.exclusions.first(where: { exclusion in
                exclusion.coveredSpans(top: frame.minY, bottom: frame.maxY).contains { $0.maxX > frame.minX && $0.minX < frame.maxX }
            }) {
                frame.origin.y = exclusion.shape.bounds.maxY + exclusion.padding
                pushedByExclusion = true
            } else {
                break
            }
        }
        let clearance = cleared > top ? Rect(x: rect.minX, y: top, width: rect.width, height: cleared - top) : nil
        if frame.maxY > rect.maxY + 0.001, frame.minY > rect.minY + 0.001 || !waited { return (nil, clearance) }
        if pushedByExclusion, frame.minY > lowest + 0.001 { return (nil, clearance) }
        switch anchor.content {
        case .picture(let image):
            return (PlacedFloat(rect: frame, content: .picture(image), anchor: anchor.index, side: side, margin: margin,
                                contour: image.float?.contour), clearance)
        case .box(let box):
            return (PlacedFloat(rect: frame, content: .box(self.place(box, in: frame)), anchor: anchor.index, side: side, margin: margin),
                    clearance)
        }
    }
}
