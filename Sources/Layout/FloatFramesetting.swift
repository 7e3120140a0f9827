import Text

/// Floated pictures (`<img float="left|right">`): each is placed at the top of the line that
/// holds its anchor character, against that side of the container's rectangle, and the frame is
/// set again with the picture and its margin as an exclusion, so that the lines beside it are
/// shortened (the lines of a band, see LineLoop). A picture that would reach below
/// the container moves to the top of the next frame set from where this one ends (it is
/// carried, see FlowCarry); the text goes on without waiting for it.
extension Framesetter {
    /// A floated picture's character.
    struct FloatAnchor: Hashable, Sendable {
        var index: Int
        var image: ImageAttachment
    }

    /// More floats than this in one frame are moved on rather than placed, which bounds the
    /// number of times a frame is set again.
    static let maximumFloatsPerFrame = 32

    /// Whether the text has floated pictures at all.
    public var hasFloats: Bool { !floatAnchors.isEmpty }

    /// Whether a frame from `index` to `end` must place floats: some are carried in, waiting
    /// for it, or an anchor lies in its text.
    func mayHoldFloats(from index: Int, to end: Int, carrying carried: FlowCarry) -> Bool {
        carried.hasWaitingFloats || floatAnchors.contains { $0.index >= index && $0.index < end }
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
            if let float = place(anchor, top: rect.minY, in: rect, beside: placed) {
                placed.append(float)
            } else {
                deferred.append(anchor)
            }
        }
        func set() -> FrameResult {
            var floated = container
            floated.exclusions += placed.map(\.exclusion)
            return plainFrame(in: floated, from: index, to: end, carrying: carried)
        }
        var result = set()
        var handled = waiting
        for _ in 0 ..< Self.maximumFloatsPerFrame {
            guard let anchor = anchors(in: result.frame.visibleRange).first(where: { !handled.contains($0.index) }) else { break }
            handled.insert(anchor.index)
            guard let line = result.frame.lines.first(where: { $0.stringRange.contains(anchor.index) }) else { continue }
            let top = line.origin.y - line.ascent - line.leading / 2
            if let float = place(anchor, top: top, in: rect, beside: placed) {
                placed.append(float)
                result = set()
            } else {
                deferred.append(anchor)
            }
        }
        // Set again, some lines may have gone to the next frame (it is shorter, or a column
        // ends where a paragraph allows): their floats go with them.
        let ending = result.frame.visibleRange.upperBound
        let kept = placed.filter { waiting.contains($0.anchor) || $0.anchor < ending }
        if kept.count < placed.count {
            placed = kept
            result = set()
        }
        if result.frame.visibleRange.isEmpty, !placed.isEmpty, container.exclusions.isEmpty, index < end {
            // The floats leave no room for a line (a picture as large as the column): the text
            // goes on here and they move on, as a column must take some text. (With no text
            // left, a frame holds only the pictures still waiting.)
            placed = []
            result = plainFrame(in: container, from: index, to: end, carrying: carried)
        }
        let done = Set(placed.map(\.anchor))
        deferred = pending.filter { !done.contains($0.index) }
            + anchors(in: result.frame.visibleRange).filter { !done.contains($0.index) && !waiting.contains($0.index) }
        result.frame.floats = placed
        result.carry.waitingFloats = deferred
        return result
    }

    /// The anchors of floated pictures in `range`, in text order.
    private func anchors(in range: Range<Int>) -> [FloatAnchor] {
        floatAnchors.filter { range.contains($0.index) }
    }

    /// The float of `anchor` placed from `top` down against its side of `rect`, below any
    /// float already there it would touch; nil when it would reach below `rect` and is not at
    /// its top (a picture taller than the column is placed there anyway rather than never).
    private func place(_ anchor: FloatAnchor, top: Double, in rect: Rect, beside placed: [PlacedFloat]) -> PlacedFloat? {
        guard let float = anchor.image.float else { return nil }
        let x = float.side == .left ? rect.minX : rect.maxX - float.width
        var box = Rect(x: x, y: top, width: float.width, height: float.height)
        // The box moves to the very bottom of the clear rectangle it meets, the same number
        // (rounded differently, a sum would leave it a hair inside and meeting it again): so it
        // moves down every time, clears each float at most once, and the loop ends.
        for _ in 0 ... placed.count {
            guard let below = placed.lazy.map(\.keptClear).first(where: { $0.intersects(box) }) else { break }
            box.origin.y = below.maxY
        }
        if box.maxY > rect.maxY + 0.001, box.minY > rect.minY + 0.001 { return nil }
        return PlacedFloat(rect: box, image: anchor.image, anchor: anchor.index)
    }
}
