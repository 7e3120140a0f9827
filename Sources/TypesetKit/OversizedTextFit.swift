import Diagnostics
import Fonts
import Markup
import Pages
import Shaping
import Text

/// Text too big for any column it can be set in (`<font size="1000">`): a glyph wider than its
/// column, or a line of it taller than the page's text area. No line can hold it — breaking the
/// word into letters still leaves each letter wider than the column — so layout would set it
/// off the page, one letter a column. It is set at the largest size its column holds, with a
/// warning at the run, as InDesign's overset marker tells the designer the text does not fit.
/// A box's text (a figure's, an aside's) is measured against the page's text width, the most
/// a box can be; the rest against its section's column less the paragraph's indents; each in
/// the narrowest, shortest frame its page's master may give it (`PossibleFrames`).
struct OversizedTextFit {
    var page: PageTemplate
    var fonts: FontTable
    var shaper: Shaper

    func fit(_ text: inout AttributedText, sourceMap: TextSourceMap) -> [Diagnostic] {
        let frames = PossibleFrames(template: page, text: text)
        var changes: [(range: Range<Int>, size: Double)] = []
        var diagnostics: [Diagnostic] = []
        for run in text.attributeRuns.runs(in: 0 ..< text.length) where run.value.image == nil && run.value.runDelegate == nil {
            let size = run.value.fontSize
            let style = text.paragraphStyle(at: run.range.lowerBound)
            // The narrowest, shortest frame its page's master may give it.
            let height = frames.shortestTextArea(at: run.range.lowerBound)
            let measure = style.box == nil
                ? max(frames.narrowestColumn(at: run.range.lowerBound, of: style.section) - style.headIndent - style.tailIndent, Self.leastMeasure)
                : frames.templates(at: run.range.lowerBound).map(\.textArea.width).min() ?? page.textArea.width
            // A glyph is rarely wider than four of its ems, a line taller than two: smaller text is left alone unmeasured.
            guard size > measure / 4 || size > height / 2 else { continue }
            let (widest, tallest) = extent(of: text.storage[run.range], attributes: run.value)
            let scale = min(widest > 0 ? measure / widest : .infinity, tallest > 0 ? height / tallest : .infinity)
            guard scale < 1 else { continue }
            let fitted = (size * scale * 10).rounded(.down) / 10
            changes.append((run.range, fitted))
            let what = widest > measure ? "a letter \(MessagePoints.tenths(widest)) pt wide in a column of \(MessagePoints.tenths(measure)) pt"
                : "a line \(MessagePoints.tenths(tallest)) pt tall on a page whose text is \(MessagePoints.tenths(height)) pt tall"
            diagnostics.append(sourceMap.diagnostic(
                .warning, "text at \(MessagePoints.tenths(size)) pt is too big for its column (\(what)): it is set at "
                    + "\(MessagePoints.tenths(fitted)) pt, the largest the column holds",
                atTextOffset: run.range.lowerBound))
        }
        guard !changes.isEmpty else { return [] }
        text.modifyAttributes(in: changes.map(\.range)) { index, attributes in attributes.fontSize = changes[index].size }
        return diagnostics
    }

    /// A measure under this is the indents' doing, not the column's: the text is not made smaller for it.
    private static let leastMeasure = 36.0

    /// The widest glyph of the run (its advance or its ink, whichever is wider) and the tallest
    /// a line of it is (the face's ascent and descent, or a glyph's ink, whichever is taller).
    private func extent(of units: TextUnitSlice, attributes: TextAttributes) -> (widest: Double, tallest: Double) {
        let font = fonts.font(for: attributes)
        let size = attributes.fontSize
        let shaped = shaper.shape(units, font: font, language: attributes.language)
        let scale = font.scale(for: size)
        let metrics = font.metrics(at: size)
        var widest = 0.0, top = -metrics.ascent, bottom = metrics.descent
        for (index, glyph) in shaped.glyphIDs.enumerated() {
            var width = Double(shaped.advances[index]) * scale
            if let ink = font.ink(of: glyph, size: size) {
                width = max(width, ink.maxX - min(0, ink.minX))
                top = min(top, ink.minY)
                bottom = max(bottom, ink.maxY)
            }
            widest = max(widest, width)
        }
        return (widest, bottom - top)
    }
}
