import Text

/// A tab's leader on a line: the room it fills, from the text before the tab to the text after
/// it, in points from the line's origin, and the look of the tab it fills (its size and colour),
/// which the drawer draws its marks in.
public struct LineLeader: Hashable, Sendable {
    public var leader: TabLeader
    public var minX: Double
    public var maxX: Double
    public var fontSize: Double
    public var color: Color

    public init(leader: TabLeader, minX: Double, maxX: Double, fontSize: Double, color: Color) {
        self.leader = leader
        self.minX = minX
        self.maxX = maxX
        self.fontSize = fontSize
        self.color = color
    }

    /// The distance between two marks, in ems of the tab's size: LaTeX's contents leaders
    /// stand 4.5 mu apart with their dots, about half an em.
    public static let pitch = 0.5

    /// The distance between two marks, in points.
    public var step: Double { Self.pitch * fontSize }

    /// The centres of its marks, each on a multiple of the pitch from the page's left edge (so
    /// that the marks of lines one above another stand in columns), half a pitch clear of the
    /// text at either end; `lineX` is the line's origin on the page.
    public func markCentres(lineX: Double) -> [Double] {
        guard let marks = markMultiples(lineX: lineX) else { return [] }
        return stride(from: marks.first, through: marks.last, by: 1).map { $0 * step }
    }

    /// The centres of its first and last marks (those of `markCentres`); nil when the room holds
    /// none. A drawer that repeats the mark along a path needs no more.
    public func markSpan(lineX: Double) -> ClosedRange<Double>? {
        guard let marks = markMultiples(lineX: lineX) else { return nil }
        return marks.first * step ... marks.last * step
    }

    /// The first and last marks' places, in pitches from the page's left edge.
    private func markMultiples(lineX: Double) -> (first: Double, last: Double)? {
        guard step > 0 else { return nil }
        let first = ((lineX + minX + step / 2) / step).rounded(.up), last = ((lineX + maxX - step / 2) / step).rounded(.down)
        return first <= last ? (first, last) : nil
    }
}
