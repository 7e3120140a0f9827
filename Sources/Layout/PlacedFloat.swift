import Text

/// A floated picture placed in a frame: where it is drawn, and the character it is anchored at.
public struct PlacedFloat: Hashable, Sendable {
    public var rect: Rect
    public var image: ImageAttachment
    /// The offset of its U+FFFC character: in this frame's text, or in an earlier frame's
    /// when the picture did not fit there and moved on.
    public var anchor: Int

    public var float: PictureFloat { image.float! }

    /// What another float beside it keeps out of: the picture and its margin on both sides and below.
    var keptClear: Rect {
        let margin = float.margin
        return Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + 2 * margin, height: rect.height + margin)
    }

    /// What the text keeps out of: the picture and its margin beside and below it. No margin
    /// above, which is where its anchor's line begins: the lines above are left as they were set.
    /// With a traced contour, its opaque pixels and the margin round them.
    var exclusion: Exclusion {
        let margin = float.margin
        if let contour = float.contour {
            return Exclusion(ContourExclusion.shape(contour, in: rect, side: float.side, margin: margin))
        }
        let clear = float.side == .left
            ? Rect(x: rect.minX, y: rect.minY, width: rect.width + margin, height: rect.height + margin)
            : Rect(x: rect.minX - margin, y: rect.minY, width: rect.width + margin, height: rect.height + margin)
        return Exclusion(.rectangle(clear))
    }
}
