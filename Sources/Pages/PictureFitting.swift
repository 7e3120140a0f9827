import Diagnostics
import Layout
import Text

extension PageTemplate {
    /// Scales each picture larger than its column (its section's, or the page's) down to fit
    /// it, keeping its proportions: a picture that can never fit would otherwise hang over the
    /// page's edge. A picture in its line fits the measure its paragraph's indents leave (the
    /// narrowest of its lines'), or it would reach past the column by the indent. Returns a
    /// warning at the `<img>` of each picture scaled.
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
                              height: textArea.height)
            let delegate = float.map { RunDelegate(ascent: $0.height, width: $0.width) } ?? attachment.delegate
            let height = delegate.ascent + delegate.descent
            // Half a point of slack: a picture sized to the column in whole points still fits.
            guard delegate.width > column.width + 0.5 || height > column.height + 0.5 else { continue }
            let scale = min(1, column.width / delegate.width, column.height / height)
            let fitted = RunDelegate(ascent: delegate.ascent * scale, descent: delegate.descent * scale, width: delegate.width * scale)
            let indents = column.width < columnWidth - 0.5 ? " (less its paragraph's indents)" : ""
            warnings.append(.warning(String(format: "picture of %.0f×%.0f pt is larger than the %.0f×%.0f pt column",
                                            delegate.width, delegate.ascent + delegate.descent, column.width, column.height)
                                        + indents + String(format: "; scaled to %.0f×%.0f pt", fitted.width, fitted.ascent + fitted.descent),
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
}
