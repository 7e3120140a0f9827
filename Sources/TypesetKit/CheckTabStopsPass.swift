import Fonts
import Markup
import Text

/// A warning at each `tabs` value with stops past the end of a column they are used in, or
/// whose rows do not fit on one line there (`TabStopCheck`); the text is not changed: layout
/// keeps such text in the column itself.
struct CheckTabStopsPass {
    var options: TypesetOptions

    func run(_ text: AttributedText, fonts: FontTable, document: MarkupDocument) -> PassResult<AttributedText> {
        PassResult(text, diagnostics: TabStopCheck(page: options.page).check(text, fonts: fonts, sourceMap: document.sourceMap))
    }
}
