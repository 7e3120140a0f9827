import Fonts
import Markup
import Text

/// A warning at each word of a display paragraph wider than its column (`DisplayWordCheck`);
/// the text is not changed: layout hyphenates such a word itself.
struct CheckDisplayWordsPass {
    var options: TypesetOptions

    func run(_ text: AttributedText, fonts: FontTable, document: MarkupDocument) -> PassResult<AttributedText> {
        PassResult(text, diagnostics: DisplayWordCheck(page: options.page).check(text, fonts: fonts, sourceMap: document.sourceMap))
    }
}
