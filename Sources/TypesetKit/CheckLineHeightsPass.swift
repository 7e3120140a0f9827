import Fonts
import Markup
import Shaping
import Text

/// Warnings about line heights, before layout: a paragraph whose fixed line height is smaller
/// than text it holds (`FixedLineHeightCheck`), and, on a baseline grid, paragraphs whose lines
/// are a little farther apart than the grid's step, so that each takes two grid lines
/// (`GridPitchCheck`). The text is not changed: layout sets such lines as they are.
struct CheckLineHeightsPass {
    var options: TypesetOptions

    func run(_ text: AttributedText, fonts: FontTable, shaper: Shaper, document: MarkupDocument) -> PassResult<AttributedText> {
        let tight = FixedLineHeightCheck(fonts: fonts, shaper: shaper).check(text, sourceMap: document.sourceMap)
        let offGrid = options.page.baselineGrid.map { GridPitchCheck(grid: $0, fonts: fonts).check(text, sourceMap: document.sourceMap) } ?? []
        return PassResult(text, diagnostics: (tight + offGrid).sortedBySource())
    }
}
