/// The edges of a rectangle that an element running off the page may push out.
public struct BleedEdges: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let top = BleedEdges(rawValue: 1)
    public static let bottom = BleedEdges(rawValue: 2)
    public static let left = BleedEdges(rawValue: 4)
    public static let right = BleedEdges(rawValue: 8)
    public static let sides: BleedEdges = [.left, .right]
}

extension Rect {
    /// How near an edge must be to the edge of the area it stands in to touch it: half a
    /// point, the slack widths rounded to whole points leave.
    public static let touchingTolerance = 0.5

    /// The rule for how far an element that bleeds reaches, for every kind of element: each of
    /// `edges` that lies on the same edge of `area` (the text area, or a box's inside) moves out
    /// to that edge of `reach` (the page and its bleed, or the box's bled rectangle); edges
    /// inside the area stay where they are, so the text beside or below it keeps its room.
    public func bled(_ edges: BleedEdges, from area: Rect, to reach: Rect) -> Rect {
        let tolerance = Self.touchingTolerance
        let left = edges.contains(.left) && abs(minX - area.minX) <= tolerance ? reach.minX : minX
        let right = edges.contains(.right) && abs(maxX - area.maxX) <= tolerance ? reach.maxX : maxX
        let top = edges.contains(.top) && abs(minY - area.minY) <= tolerance ? reach.minY : minY
        let bottom = edges.contains(.bottom) && abs(maxY - area.maxY) <= tolerance ? reach.maxY : maxY
        // Unmoved, the rectangle itself: its width recomputed from its edges could differ in the last bit.
        guard (left, top, right, bottom) != (minX, minY, maxX, maxY) else { return self }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
