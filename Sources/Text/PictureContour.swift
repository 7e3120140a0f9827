/// The outline of a picture's opaque pixels, for `wrap="contour"`: the picture cut into
/// horizontal bands, each with the leftmost and rightmost opaque pixel in it. Text wraps a
/// line at a time, so the extent of each band is all it needs; holes inside do not matter.
/// In fractions of the picture's width and height (0…1), so it scales with the placed size.
public struct PictureContour: Hashable, Sendable {
    public struct Band: Hashable, Sendable {
        public var top: Double
        public var bottom: Double
        public var left: Double
        public var right: Double

        public init(top: Double, bottom: Double, left: Double, right: Double) {
            self.top = top
            self.bottom = bottom
            self.left = left
            self.right = right
        }
    }

    /// Top to bottom; a band with no opaque pixel is left out.
    public var bands: [Band]

    public init(bands: [Band]) {
        self.bands = bands
    }
}
