import Fonts
import Text

extension Shaper {
    /// The glyphs of `piece`, a part of `word` (counted from the word's start), shaped apart from the rest of the word but in its context: HarfBuzz is given the letters
    /// around the piece as context, so a joining script's letters take the forms their
    /// neighbours in the word give them (an Arabic word's first letter its initial form, the
    /// letter after it a medial one), while no ligature or kerning joins the piece to them.
    /// Clusters count from the piece's start. Not cached: a drop cap's initial and the rest of
    /// its word are shaped so, once a paragraph.
    public func withGlyphs(of piece: Range<Int>, inWord word: TextUnitSlice, in context: ShapingContext,
                           _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        let shaped = word.withUnsafeBufferPointer { text in
            shapeUncached(text, item: piece, font: context.font, context: context.key)
        }
        shaped.withUnsafeBufferPointer(body)
    }

    /// `withGlyphs(of:inWord:in:_:)` as parallel arrays.
    public func shape(_ piece: Range<Int>, inWord word: TextUnitSlice, font: Font, language: String, rightToLeft: Bool)
        -> ShapedGlyphs {
        var shaped = ShapedGlyphs()
        withGlyphs(of: piece, inWord: word, in: context(font: font, language: language, rightToLeft: rightToLeft)) { glyphs in
            shaped = ShapedGlyphs(glyphs)
        }
        return shaped
    }
}
