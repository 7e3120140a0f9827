import Fonts
import Markup
import Shaping
import Text

/// A warning at each paragraph whose fixed line height is smaller than text it holds
/// (`FixedLineHeightCheck`); the text is not changed: layout moves such lines apart itself.
struct CheckLineHeightsPass {
    func run(_ text: AttributedText, fonts: FontTable, shaper: Shaper, document: MarkupDocument) -> PassResult<AttributedText> {
        PassResult(text, diagnostics: FixedLineHeightCheck(fonts: fonts, shaper: shaper).check(text, sourceMap: document.sourceMap))
    }
}
