import Text

/// What the line of a picture set in its line takes besides the picture: above its top, the
/// half-leading (and any text or strut reaching higher); below its foot, the text's depth and
/// the half-leading. A picture fitted to a column's height must leave this room, or its line
/// (the picture with it) reaches past the column's foot.
public struct PictureLineRoom: Equatable, Sendable {
    public var above: Double
    public var below: Double
}

extension Framesetter {
    /// The room around the in-line picture at `index` on its line, its paragraph set alone in a
    /// column `width` wide (as `height(of:width:)` sets a box's text); nil when `index` is not
    /// a picture set in a line.
    public func lineRoom(aroundPictureAt index: Int, width: Double) -> PictureLineRoom? {
        guard let delegate = text.attributes(at: index).attributes.runDelegate else { return nil }
        let paragraph = text.paragraphRange(containing: index)
        let column = Container(rect: Rect(x: 0, y: 0, width: width, height: Self.unboundedHeight))
        let lines = frame(in: column, from: paragraph.lowerBound, to: paragraph.upperBound).lines
        guard let line = lines.first(where: { $0.stringRange.contains(index) }) else { return nil }
        // The baseline is `leading / 2 + ascent` below the line's top (BandMetrics).
        return PictureLineRoom(above: max(0, line.leading / 2 + line.ascent - delegate.ascent),
                               below: max(0, line.descent + line.leading / 2 - delegate.descent))
    }
}
