import Diagnostics
import Layout
import Text

extension PageTemplate {
    /// Scales each picture larger than its column (its section's, or the page's) down to fit
    /// it, keeping its proportions: a picture that can never fit would otherwise hang over the
    /// page's edge. A picture in its line fits the measure its paragraph's indents leave (the
    /// narrowest of its lines'), or it would reach past the column by the indent; and, on a
    /// baseline grid, the column's height down to its last grid line, where the picture's
    /// baseline goes (a picture the column's full height had its baseline moved down onto the
    /// next line, below the column). Its height also leaves its line's room above and below it
    /// (`PictureLineRoom`), measured once the pictures are fitted to their columns by the
    /// framesetter `framesetter` makes of the text: a picture the column's full height had its
    /// line's half-leading above it and the text's depth below, and reached past the column's
    /// foot by them. Returns a warning at the `<img>` of each picture scaled (`places`).
    public func fitPictures(_ text: inout AttributedText, places: ElementPlaces,
                            framesetter: (AttributedText) -> Framesetter) -> [Diagnostic] {
        let boxes = TextBoxes(text: text)
        // A picture in a figure or an aside is fitted to its box (see `fitBoxes`).
        let pictures = text.attachments.filter { boxes.box(containing: $0.index) == nil }
        // Each to the narrowest column and the shortest page it may be set on: a master may
        // set other columns and margins (`PossibleFrames`).
        let possible = PossibleFrames(template: self, text: text)
        let frames = pictures.map { possible.templates(at: $0.index) }
        func fit(_ picture: (index: Int, image: ImageAttachment, delegate: RunDelegate), framedBy frames: [PageTemplate],
                 leaving room: PictureLineRoom?) -> PictureFit? {
            frames.compactMap { $0.fit(picture, in: text, leaving: room, places: places) }.min { $0.size.width < $1.size.width }
        }
        let columnFits = zip(pictures, frames).compactMap { fit($0, framedBy: $1, leaving: nil) }
        apply(columnFits, to: &text)
        // Its line is measured with the words beside the picture at its fitted size.
        let inLine = zip(pictures, frames).filter { $0.0.image.float == nil }
        let rooms = framesetter(text).lineRooms(aroundPictures: inLine.map { picture, frames in
            let section = text.paragraphStyle(at: picture.index).section
            return (picture.index, frames.map { $0.columnWidth(of: section) }.min() ?? columnWidth(of: section))
        })
        let roomAt = Dictionary(zip(inLine.map(\.0.index), rooms), uniquingKeysWith: { first, _ in first })
        let fits = zip(pictures, frames).compactMap { picture, frames in fit(picture, framedBy: frames, leaving: roomAt[picture.index] ?? nil) }
        apply(fits, to: &text)
        return fits.map(\.warning)
    }

    /// A picture's fitted size and the warning that says so.
    private struct PictureFit {
        var index: Int
        var size: RunDelegate
        var warning: Diagnostic
    }

    /// `picture` (at its size as written) fitted to its column, leaving its line's `room` (nil:
    /// none, or a float, which has no line); nil when it fits as it is.
    private func fit(_ picture: (index: Int, image: ImageAttachment, delegate: RunDelegate), in text: AttributedText,
                     leaving room: PictureLineRoom?, places: ElementPlaces) -> PictureFit? {
        let style = text.paragraphStyle(at: picture.index)
        // A floated picture's size is on its float, its character taking no room.
        let float = picture.image.float
        let columnWidth = columnWidth(of: style.section)
        let column = Size(width: float == nil ? style.narrowestMeasure(in: columnWidth) : columnWidth,
                          height: float == nil ? heightOnTheGrid : textArea.height)
        let delegate = float.map { RunDelegate(ascent: $0.height, width: $0.width) } ?? picture.delegate
        let height = delegate.ascent + delegate.descent
        let tallest = pictureHeight(inColumnOf: column.height, leaving: room)
        // A picture sized to the column in whole points still fits.
        let slack = RunDelegate.fittingSlack
        guard delegate.width > column.width + slack || height > tallest + slack else { return nil }
        let scale = min(1, column.width / delegate.width, tallest / height)
        let fitted = delegate.scaled(by: scale)
        let indents = column.width < columnWidth - 0.5 ? " (less its paragraph's indents)" : ""
        let grid = column.height < textArea.height - 0.5 ? " (to its last line of the baseline grid)" : ""
        let line = tallest < column.height - 0.5 ? " (less its line's leading and depth)" : ""
        let warning = Diagnostic.warning(String(format: "picture of %.0f×%.0f pt is larger than the %.0f×%.0f pt column",
                                                delegate.width, height, column.width, column.height)
                                            + indents + grid + line + String(format: "; scaled to %.0f×%.0f pt", fitted.width, fitted.ascent + fitted.descent),
                                         at: places.place(of: picture.image))
        return PictureFit(index: picture.index, size: fitted, warning: warning)
    }

    /// Each picture of `fits` set to its fitted size (a float's on its float).
    private func apply(_ fits: [PictureFit], to text: inout AttributedText) {
        for fit in fits {
            text.modifyAttributes(in: fit.index ..< fit.index + 1) {
                if var float = $0.image?.float {
                    float.width = fit.size.width
                    float.height = fit.size.ascent + fit.size.descent
                    $0.image?.float = float
                } else {
                    $0.runDelegate = fit.size
                }
            }
        }
    }

    /// The tallest a picture may be in a column `height` tall (down to its last grid line):
    /// with its line's `room` above it inside that height, and the room below it inside the
    /// text area (on a grid the depth goes below the last grid line, where the baseline is).
    private func pictureHeight(inColumnOf height: Double, leaving room: PictureLineRoom?) -> Double {
        guard let room else { return height }
        return max(1, min(height - room.above, textArea.height - room.above - room.below))
    }

    /// The height of the text area down to its last baseline grid line (the whole height without
    /// a grid): the tallest a picture in its line can be and have its baseline on the grid in a
    /// column the page's height. The grid is counted from the text area's top (`baselineGrid(ofPage:)`).
    private var heightOnTheGrid: Double {
        guard let step = baselineGrid, step > 0 else { return textArea.height }
        return (textArea.height / step + 1e-6).rounded(.down) * step
    }
}
