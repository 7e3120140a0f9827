import Text

/// Where a picture is drawn in its place and what of it shows: the one rule the drawing, the
/// resolution check and a contour's wrap follow. What `crop` keeps is fitted to the place as
/// `fit` says; where it covers the place and is cut further, it is moved so that its `focus`
/// is as near the place's centre as covering the place allows (a photo editor's focal point:
/// centred when the crop has room for it, else the crop stops at the picture's edge).
public struct PictureFraming: Hashable, Sendable {
    /// Where the picture's file, whole, is drawn: the clip cuts it down to `shown`.
    public let whole: Rect
    /// What of it shows: the part kept by its crop, where it is drawn, within its place.
    public let shown: Rect

    /// A picture of `own` size (pixels, or a vector's points) in `place`.
    public init(own: (width: Double, height: Double), crop: PictureCrop = .none, focus: PictureFocus = .centre,
                fit: PictureFit, in place: Rect) {
        let kept = crop.kept(of: own)
        let centred = fit.drawnRect(own: kept, in: place)
        let scaleX = centred.width / kept.width, scaleY = centred.height / kept.height
        // Where the focus falls with the kept part centred, and how far that is from the place's centre.
        let focusX = centred.minX + (focus.x - crop.left) * own.width * scaleX
        let focusY = centred.minY + (focus.y - crop.top) * own.height * scaleY
        let drawn = Rect(x: Self.towardFocus(centred.minX, length: centred.width, shift: place.minX + place.width / 2 - focusX,
                                             within: place.minX, place.maxX),
                         y: Self.towardFocus(centred.minY, length: centred.height, shift: place.minY + place.height / 2 - focusY,
                                             within: place.minY, place.maxY),
                         width: centred.width, height: centred.height)
        whole = Rect(x: drawn.minX - crop.left * own.width * scaleX, y: drawn.minY - crop.top * own.height * scaleY,
                     width: own.width * scaleX, height: own.height * scaleY)
        let left = max(drawn.minX, place.minX), top = max(drawn.minY, place.minY)
        shown = Rect(x: left, y: top, width: min(drawn.maxX, place.maxX) - left, height: min(drawn.maxY, place.maxY) - top)
    }

    /// Whether anything of the picture is cut off: then it is clipped to `shown`.
    public var isCut: Bool { !shown.contains(whole, tolerance: 1e-6) }

    /// The start of a side `length` long moved by `shift` toward the focus, as far as it still
    /// covers `low ... high`; a side no longer than that is not cut and stays centred.
    private static func towardFocus(_ start: Double, length: Double, shift: Double, within low: Double, _ high: Double) -> Double {
        guard length > high - low else { return start }
        return min(low, max(high - length, start + shift))
    }
}

extension ImageAttachment {
    /// How this picture, of `own` size, is framed in `place`: its crop and focus, and its
    /// fit, or `fit` (a picture run off the page covers it).
    public func framing(own: (width: Double, height: Double), in place: Rect, fit: PictureFit? = nil) -> PictureFraming {
        PictureFraming(own: own, crop: crop, focus: focus, fit: fit ?? drawnFit, in: place)
    }
}
