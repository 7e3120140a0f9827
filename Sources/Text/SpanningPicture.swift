/// A picture set across columns at the top or bottom of a page (`<img float="top" span="2">`),
/// not in its line: its character stays in the text as its anchor and takes no room. Its size
/// is known only on the page, from the columns it spans, so it keeps its proportions here.
public struct SpanningPicture: Hashable, Sendable {
    public enum Edge: Hashable, Sendable { case top, bottom }

    public var edge: Edge
    /// How many columns it spans from the left, or nil for all of them (the text area's width).
    public var columns: Int?
    /// Width over height.
    public var aspect: Double
    /// Whether it runs off the page (`bleed="true"`): past the page's edge it stands at, and its
    /// sides when it spans the text area's width, by the sheet's bleed.
    public var bleeds: Bool

    public init(edge: Edge, columns: Int?, aspect: Double, bleeds: Bool = false) {
        self.bleeds = bleeds
        self.edge = edge
        self.columns = columns
        self.aspect = aspect
    }
}
