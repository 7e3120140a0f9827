import Layout
import Text

/// How wide a box over a gutter (`<aside float="center">`) is when it does not say: its own
/// text never narrower than a line may be (`min-line-width`, docs/markup.md "Narrow lines"),
/// and the text beside it never left less than half its measure (docs/pipeline.md, "A pull
/// quote over the gutter is never set a word a line").
extension PageTemplate {
    /// `box`'s outer width on a page: the width it asks for, or its natural width
    /// (`BoxRange.width`). Over a gutter, without `width`, that is a third of its columns; where
    /// that leaves its own text narrower than its `min-line-width`, it is one column wide (the
    /// measure of the text it interrupts; the bare minimum would still set a pull quote two
    /// words a line), or that minimum with its insets if wider; and never narrower than its
    /// widest word with its insets (`widestWord`, from `widestWord(of:in:measuring:)`), which the line
    /// loop would otherwise break by its last resort (the designer pages' report: an 88 pt quote
    /// set "Mitar-/beiter"). Where the box then leaves the
    /// text beside it a stretch narrower than half a column or than that text's
    /// `min-line-width` — a stretch of a word or two a line, which the line loop mostly leaves
    /// empty — it is as wide as the columns it reaches into, the text going above and below it.
    func width(of box: BoxRange, in text: AttributedText, widestWord: Double) -> Double {
        let available = availableWidth(for: box, in: text)
        let natural = box.width(available: available, in: text)
        guard case .center = box.style.placement, box.style.width == nil else { return natural }
        let section = text.paragraphStyle(at: box.range.lowerBound).section
        let column = columnWidth(of: section)
        let narrowest = Self.narrowestLine(in: box.range, of: text) + 2 * box.style.inset
        let width = min(available, max(natural >= narrowest ? natural : max(column, narrowest), widestWord + 2 * box.style.inset))
        let pitch = column + (section?.gutter ?? gutter)
        // The stretch of text left beside it, in the column its side (with its margin) falls in.
        let edge = (available - width) / 2 - box.style.margin
        guard edge > 0 else { return width }
        let reached = (edge / pitch).rounded(.down)
        let beside = edge - reached * pitch
        let interrupted = box.range.lowerBound > 0 ? box.range.lowerBound - 1 : min(box.range.upperBound, text.length - 1)
        let narrowestBeside = max(column / 2, Self.narrowestLine(in: interrupted ..< interrupted + 1, of: text))
        guard beside > 0.5, beside < narrowestBeside else { return width }
        return available - 2 * reached * pitch
    }

    /// The width of the widest word of a box over a gutter that does not ask for a width, set
    /// alone (`wordWidths`); 0 for any other box, whose width its words do not set.
    static func widestWord(of box: BoxRange, in text: AttributedText, measuring wordWidths: WordWidths) -> Double {
        guard case .center = box.style.placement, box.style.width == nil else { return 0 }
        return wordWidths.widths(of: WordWidths.words(in: box.range, of: text), in: text).max() ?? 0
    }

    /// The widest of the `min-line-width`s of the paragraphs in `range`, each at its size.
    private static func narrowestLine(in range: Range<Int>, of text: AttributedText) -> Double {
        var widest = 0.0, index = range.lowerBound
        while index < range.upperBound {
            let fontSize = text.attributes(at: index).attributes.fontSize
            widest = max(widest, text.paragraphStyle(at: index).minimumLineWidth.points(fontSize: fontSize))
            index = max(index + 1, text.paragraphRange(containing: index).upperBound)
        }
        return widest
    }
}
