/// A picture taken out of its line and set against one side of its column, the text flowing
/// round it (`<img float="right">`). Its character stays in the text, where it is anchored,
/// but takes no room in the line: the size is here rather than in the run delegate.
public struct PictureFloat: Hashable, Sendable {
    public enum Side: Hashable, Sendable { case left, right }
    /// What the text wraps round: the picture's rectangle, or its opaque pixels (`wrap="contour"`).
    public enum Wrap: Hashable, Sendable { case rectangle, contour }

    public var side: Side
    public var width: Double
    public var height: Double
    /// Clear space between the picture and the text beside and below it, in points.
    public var margin: Double
    public var wrap: Wrap
    /// The outline traced from the picture's transparency before layout, when `wrap` is
    /// `.contour` and the picture has one; without it the text wraps round the rectangle.
    public var contour: PictureContour?
    /// Whether it runs past its side's page edge into the bleed when it stands against that
    /// edge of the text area (`bleed="true"`): drawn wider, cropped, the text wrapping as before.
    public var bleeds: Bool

    public static let defaultMargin = 8.0

    public init(side: Side, width: Double, height: Double, margin: Double = PictureFloat.defaultMargin,
                wrap: Wrap = .rectangle, contour: PictureContour? = nil, bleeds: Bool = false) {
        self.side = side
        self.bleeds = bleeds
        self.wrap = wrap
        self.contour = contour
        self.width = width
        self.height = height
        self.margin = margin
    }
}
