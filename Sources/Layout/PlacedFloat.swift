import Text

/// A float placed in a frame — a picture (`<img float="left">`) or a box (`<figure
/// float="left">`, `<aside float="right">`): where it is drawn, the side it keeps to, and the
/// character it is anchored at.
public struct PlacedFloat: Sendable {
    public var rect: Rect
    public var content: PlacedContent
    /// The offset of its anchor — the picture's U+FFFC character, the box's first character —
    /// in this frame's text, or in an earlier frame's when it did not fit there and moved on.
    public var anchor: Int
    public var side: PictureFloat.Side
    /// Clear space kept beside and below it.
    public var margin: Double
    /// A picture's traced outline, which the text wraps round instead of the rectangle.
    public var contour: PictureContour?
    /// The stretch across the container the text and other floats keep clear beside it, when
    /// more than the float and its margin: a box of the column set at the top of the next one
    /// (see WaitingBoxes) has nothing beside it, as in the column.
    public var clearSpan: HorizontalSpan? = nil
    /// Where it is drawn when it runs off the page (`bleed="true"` against the page's side),
    /// past the page's edge; set by the page, which alone knows where that edge is (nil: `rect`).
    public var bled: Rect? = nil

    public var image: ImageAttachment? { content.image }
    public var box: PlacedBox? { content.box }

    /// What another float beside it keeps out of: the float and its margin on both sides and below.
    var keptClear: Rect {
        if let clearSpan { return Rect(x: clearSpan.minX, y: rect.minY, width: clearSpan.width, height: rect.height + margin) }
        return Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + 2 * margin, height: rect.height + margin)
    }

    /// What the text keeps out of: the float and its margin beside and below it. No margin
    /// above, which is where its anchor's line begins: the lines above are left as they were set.
    /// With a traced contour, its opaque pixels and the margin round them.
    var exclusion: Exclusion {
        if let contour {
            return Exclusion(ContourExclusion.shape(contour, in: rect, side: side, margin: margin))
        }
        if clearSpan != nil { return Exclusion(.rectangle(keptClear)) }
        let clear = side == .left
            ? Rect(x: rect.minX, y: rect.minY, width: rect.width + margin, height: rect.height + margin)
            : Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + margin, height: rect.height + margin)
        return Exclusion(.rectangle(clear))
    }
}
