/// The rule drawn down the gutters of a section (`<section column-rule="0.5 #999999">`): how
/// thick and in what colour. Where it runs is the page's business (`ColumnRule` in Pages).
public struct ColumnRuleStyle: Hashable, Sendable {
    /// The rule's thickness, in points.
    public var width: Double
    public var color: Color

    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}
