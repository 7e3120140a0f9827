/// A ruled line: how thick and in what colour — the rule down a section's gutters (`<section
/// column-rule="0.5 #999999">`; where it runs is the page's business, `ColumnRule` in Pages)
/// and the border round a figure or an aside (`<aside border="0.5 #999999">`, drawn inside its
/// edge).
public struct RuleStyle: Hashable, Sendable {
    /// The rule's thickness, in points.
    public var width: Double
    public var color: Color

    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}
