/// A picture taken out of its line and set against one side of its column, the text flowing
/// round it (`<img float="right">`). Its character stays in the text, where it is anchored,
/// but takes no room in the line: the size is here rather than in the run delegate.
public struct PictureFloat: Hashable, Sendable {
    public enum Side: Hashable, Sendable { case left, right }

    public var side: Side
    public var width: Double
    public var height: Double
    /// Clear space between the picture and the text beside and below it, in points.
    public var margin: Double

    public static let defaultMargin = 8.0

    public init(side: Side, width: Double, height: Double, margin: Double = PictureFloat.defaultMargin) {
        self.side = side
        self.width = width
        self.height = height
        self.margin = margin
    }
}
