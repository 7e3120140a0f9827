import Fonts
import Markup
import Text

/// The last check before pagination: every kept block (`<keep>`, `keep-together`) measured at its column's width; one
/// taller than a column is warned about and set as any text (`KeptBlockCheck`); so is a run of `keep-with-next`
/// paragraphs taller than half a column (`KeepWithNextRunCheck`).
struct CheckKeptBlocksPass {
    var options: TypesetOptions

    func run(_ text: AttributedText, fonts: FontTable, document: MarkupDocument) -> PassResult<AttributedText> {
        var text = text
        let warnings = KeptBlockCheck(page: options.page).check(&text, fonts: fonts, keeps: document.keeps, sourceMap: document.sourceMap)
            + KeepWithNextRunCheck(page: options.page).check(&text, fonts: fonts, sourceMap: document.sourceMap)
        return PassResult(text, diagnostics: warnings)
    }
}
