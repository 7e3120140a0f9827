/// The part of a picture shown (`<img crop="L T R B">`): what is cut off each side, as
/// fractions of the picture's own width (left, right) and height (top, bottom), so that it
/// means the same whatever size the picture is drawn at. The picture's file is not changed:
/// it is drawn whole and clipped, as InDesign and LaTeX's `trim`/`clip` do.
public struct PictureCrop: Hashable, Sendable {
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double

    /// Nothing cut off.
    public static let none = PictureCrop(left: 0, top: 0, right: 0, bottom: 0)

    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    /// The fractions of the picture's width and height kept.
    public var keptWidth: Double { 1 - left - right }
    public var keptHeight: Double { 1 - top - bottom }

    /// The size of what is kept of a picture of `own` size, in its units.
    public func kept(of own: (width: Double, height: Double)) -> (width: Double, height: Double) {
        (own.width * keptWidth, own.height * keptHeight)
    }
}
