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
    /// The room around each in-line picture at `pictures`' indices on its line, its paragraph
    /// set alone in a column as wide as the picture's `width` (as `height(of:width:)` sets a
    /// box's text); nil where an index is not a picture set in a line. A paragraph is set once
    /// for all of its pictures of one width: set again for each, a paragraph of n pictures
    /// took time in n² (docs/scaling.md, `pictures`).
    public func lineRooms(aroundPictures pictures: [(index: Int, width: Double)]) -> [PictureLineRoom?] {
        var setParagraph: (range: Range<Int>, width: Double, lines: [Line])?
        return pictures.map { picture in
            guard let delegate = text.attributes(at: picture.index).attributes.runDelegate else { return nil }
            let paragraph = text.paragraphRange(containing: picture.index)
            if setParagraph?.range != paragraph || setParagraph?.width != picture.width {
                let column = Container(rect: Rect(x: 0, y: 0, width: picture.width, height: Self.unboundedHeight))
                setParagraph = (paragraph, picture.width, frame(in: column, from: paragraph.lowerBound, to: paragraph.upperBound).lines)
            }
            guard let line = Self.line(holding: picture.index, in: setParagraph?.lines ?? []) else { return nil }
            // The baseline is `leading / 2 + ascent` below the line's top (BandMetrics).
            return PictureLineRoom(above: max(0, line.leading / 2 + line.ascent - delegate.ascent),
                                   below: max(0, line.descent + line.leading / 2 - delegate.descent))
        }
    }

    /// The line whose characters hold `index`, found by halves: a paragraph's lines are in
    /// the text's order.
    private static func line(holding index: Int, in lines: [Line]) -> Line? {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].stringRange.upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < lines.count && lines[low].stringRange.contains(index) ? lines[low] : nil
    }
}
