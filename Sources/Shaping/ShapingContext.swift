import Fonts

/// What besides its text decides a word's glyphs — the face, language, features, script and
/// direction — resolved once for a run of text by `Shaper.context(font:…)`. The run's words are
/// then looked up in the context's own table (`Shaper.withGlyphs(of:in:)`): nothing of the
/// context, whose language and features are strings and arrays, is compared word by word.
///
/// Valid for the Shaper that made it, as long as that Shaper lives; when the Shaper's cache
/// starts again it empties the table in place, so a context kept across that still finds (and
/// keeps) its words.
public struct ShapingContext {
    /// The face words are shaped in when they are not in the table yet (the caller's own, as
    /// given: two faces may share an `id` only if they shape alike).
    let font: Font
    let key: Shaper.Context
    let words: ShapedWordTable
}
