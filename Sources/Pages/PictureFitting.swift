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
    /// next line, below the column). Returns a warning at the `<img>` of each picture scaled.
    public func fitPictures(_ text: inout AttributedText) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let boxes = TextBoxes(text: text)
        // A picture in a figure or an aside is fitted to its box (see `fitBoxes`).
        for attachment in text.attachments where boxes.box(containing: attachment.index) == nil {
            let style = text.paragraphStyle(at: attachment.index)
            // A floated picture's size is on its float, its character taking no room.
            let float = attachment.image.float
            let columnWidth = columnWidth(of: style.section)
            let column = Size(width: float == nil ? style.narrowestMeasure(in: columnWidth) : columnWidth,
                              height: float == nil ? heightOnTheGrid : textArea.height)
            let delegate = float.map { RunDelegate(ascent: $0.height, width: $0.width) } ?? attachment.delegate
            let height = delegate.ascent + delegate.descent
            // Half a point of slack: a picture sized to the column in whole points still fits.
            guard delegate.width > column.width + 0.5 || height > column.height + 0.5 else { continue }
            let scale = min(1, column.width / delegate.width, column.height / height)
            let fitted = RunDelegate(ascent: delegate.ascent * scale, descent: delegate.descent * scale, width: delegate.width * scale)
            let indents = column.width < columnWidth - 0.5 ? " (less its paragraph's indents)" : ""
            let grid = column.height < textArea.height - 0.5 ? " (to its last line of the baseline grid)" : ""
            warnings.append(.warning(String(format: "picture of %.0f×%.0f pt is larger than the %.0f×%.0f pt column",
                                            delegate.width, delegate.ascent + delegate.descent, column.width, column.height)
                                        + indents + grid + String(format: "; scaled to %.0f×%.0f pt", fitted.width, fitted.ascent + fitted.descent),
                                     at: attachment.image.location, sourceLine: attachment.image.sourceLine))
            text.modifyAttributes(in: attachment.index ..< attachment.index + 1) {
                if var float {
                    float.width = fitted.width
                    float.height = fitted.ascent + fitted.descent
                    $0.image?.float = float
                } else {
                    $0.runDelegate = fitted
                }
            }
        }
        return warnings
    }

    /// The height of the text area down to its last baseline grid line (the whole height without
    /// a grid): the tallest a picture in its line can be and have its baseline on the grid in a
    /// column the page's height. The grid is counted from the text area's top (`baselineGrid(ofPage:)`).
    private var heightOnTheGrid: Double {
        guard let step = baselineGrid, step > 0 else { return textArea.height }
        return (textArea.height / step + 1e-6).rounded(.down) * step
    }
}
