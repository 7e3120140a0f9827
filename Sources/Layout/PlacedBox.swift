import Text

/// A figure or an aside set where it is placed: its outer rectangle (border and padding
/// included), how it looks, and its paragraphs' frames inside it, in page coordinates.
public struct PlacedBox: Sendable {
    public var rect: Rect
    public var box: BoxRange
    public var frames: [Frame]
    /// Where each picture in its lines is drawn when it runs off the page with the box, by the
    /// offset of its character; set by the page with the box's bled rectangle (`bleeding(to:)`),
    /// empty when the box does not bleed or no picture of it reaches an edge.
    public var bledPictures: [Int: Rect] = [:]
    /// How many points narrower than it was fitted to its most shrunk picture is drawn (0: each
    /// at its fitted size), the box being set narrower than its pictures were fitted to
    /// (NarrowedBoxPictures): how far that picture would have reached past the box's text,
    /// which the page weighs as it weighs a picture's overhang (PictureOverhang).
    public var picturesShrunkBy = 0.0

    public var style: BoxStyle { box.style }

    /// Where its text is set: the rectangle less the border and padding.
    public static func textRect(of rect: Rect, style: BoxStyle) -> Rect {
        let inset = style.inset
        return Rect(x: rect.minX + inset, y: rect.minY + inset, width: max(1, rect.width - 2 * inset),
                    height: max(0, rect.height - 2 * inset))
    }
}

/// What a float or an element across columns shows: a picture, or a figure or an aside set in
/// its box.
public enum PlacedContent: Sendable {
    case picture(ImageAttachment)
    case box(PlacedBox)

    public var image: ImageAttachment? {
        if case .picture(let image) = self { return image }
        return nil
    }

    public var box: PlacedBox? {
        if case .box(let box) = self { return box }
        return nil
    }
}
