/// The point of a picture kept in view when it is cut to its place (`<img focus="X% Y%">`), a
/// photo editor's focal point: a face in a portrait cropped to a tall slot. Fractions of the
/// picture's own width and height from its top left; the centre unless given.
public struct PictureFocus: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public static let centre = PictureFocus(x: 0.5, y: 0.5)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
