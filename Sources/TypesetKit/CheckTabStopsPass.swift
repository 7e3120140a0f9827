import Markup
import Text

/// A warning at each `tabs` value with stops past the end of a column they are used in
/// (`TabStopCheck`); the text is not changed: layout clamps such stops itself.
struct CheckTabStopsPass {
    var options: TypesetOptions

    func run(_ text: AttributedText, document: MarkupDocument) -> PassResult<AttributedText> {
        PassResult(text, diagnostics: TabStopCheck(page: options.page).check(text, source: document.sourceMap.source))
    }
}
