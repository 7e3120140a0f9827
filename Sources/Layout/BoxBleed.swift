extension PlacedBox {
    /// The box drawn out to `bled`, past the page's edges, with `bledPictures` set: each picture
    /// in its lines that stands on an edge of its inside that moved goes out to `bled` on that
    /// edge, by the one rule (`Rect.bled`). A picture alone in its line is the box's picture: it
    /// is widened to the line, the box's whole inside, before the rule applies, so that a figure
    /// asked to run off the page runs off on both sides even when its picture is a few points
    /// narrower than the column (`<img width="480">` in a 483 pt text area would leave a white
    /// sliver at the trim). One pass over the box's lines and runs.
    public func bleeding(to bled: Rect) -> PlacedBox {
        let inside = Self.textRect(of: rect, style: style)
        var edges = BleedEdges()
        if bled.minX < rect.minX { edges.insert(.left) }
        if bled.maxX > rect.maxX { edges.insert(.right) }
        if bled.minY < rect.minY { edges.insert(.top) }
        if bled.maxY > rect.maxY { edges.insert(.bottom) }
        var box = self
        box.bledPictures = [:]
        for frame in frames {
            for line in frame.lines {
                let lonePicture = line.lonePicture
                for run in line.runs {
                    // A floated or spanning picture's anchor is not drawn in the line.
                    guard let image = run.image, image.float == nil, image.spanning == nil,
                          let picture = line.pictureRect(of: run) else { continue }
                    let placed = run.stringRange == lonePicture
                        ? Rect(x: inside.minX, y: picture.minY, width: inside.width, height: picture.height) : picture
                    let reach = placed.bled(edges, from: inside, to: bled)
                    if reach != placed, reach != picture { box.bledPictures[run.stringRange.lowerBound] = reach }
                }
            }
        }
        return box
    }
}
