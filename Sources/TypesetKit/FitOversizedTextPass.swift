import Fonts
import Markup
import Shaping
import Text

/// Text too big for its column set at the largest size the column holds, with a warning at
/// each such run (`OversizedTextFit`): the only check before layout that changes the text.
struct FitOversizedTextPass {
    var options: TypesetOptions

    func run(_ text: AttributedText, fonts: FontTable, shaper: Shaper, document: MarkupDocument) -> PassResult<AttributedText> {
        var text = text
        let diagnostics = OversizedTextFit(page: options.page, fonts: fonts, shaper: shaper).fit(&text, sourceMap: document.sourceMap)
        return PassResult(text, diagnostics: diagnostics)
    }
}
