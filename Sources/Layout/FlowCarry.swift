/// What one frame hands the next, the frame set from where it ended: the floated pictures that
/// did not fit in it, the notes going on at its foot, and the breaks chosen for the paragraph it
/// ended inside, so that the next frame goes on with the same optimal setting of that
/// paragraph. Setting a frame depends on the text, the container, where it starts and stops,
/// and this: nothing else.
public struct FlowCarry: Equatable, Sendable {
    /// Floats whose anchors are in earlier frames, for the top of the next one, in text order.
    var waitingFloats: [Framesetter.FloatAnchor] = []
    /// The breaks of the paragraph the frame ended in (nil: none carried; the next frame
    /// breaks its first paragraph anew from where it starts).
    var plan: LinePlan?
    /// The table rows the frame split inside their cells at its foot, for the next frame to go
    /// on with (see TableRowSplit).
    public internal(set) var tableRows: TableRowContinuation?
    /// The notes the frame split or held over at its foot, for the next frame's foot (see ColumnNotes).
    var notes: [ContinuedNote] = []

    /// Nothing carried: the start of a text, or a frame that need not continue another.
    public static let none = FlowCarry()

    /// Whether floated pictures wait for the next frame (text or none).
    public var hasWaitingFloats: Bool { !waitingFloats.isEmpty }

    /// Whether notes go on at the next frame's foot.
    public var hasNotesGoingOn: Bool { !notes.isEmpty }

    /// The characters the waiting floats are anchored at, in text order.
    public var waitingAnchors: [Int] { waitingFloats.map(\.index) }

    /// The waiting floats whose anchors `taken` accepts, carried alone (no breaks), and this
    /// carry without them: so a caller can hold some floats back from the frames it sets next.
    public func separatingFloats(where taken: (Int) -> Bool) -> (floats: FlowCarry, rest: FlowCarry) {
        var floats = FlowCarry(), rest = self
        floats.waitingFloats = waitingFloats.filter { taken($0.index) }
        rest.waitingFloats = waitingFloats.filter { !taken($0.index) }
        return (floats, rest)
    }

    /// This carry with `other`'s waiting floats after its own.
    public func addingFloats(of other: FlowCarry) -> FlowCarry {
        var sum = self
        sum.waitingFloats += other.waitingFloats
        return sum
    }
}

/// A frame and what it hands the next one.
public struct FrameResult: Sendable {
    public var frame: Frame
    public var carry: FlowCarry
}
