/// The fallback faces in a `FontTable`: recorded before layout, so that Layout finds a face
/// for every character without calling fontconfig.
extension FontTable {
    /// A recorded fallback: for characters `primary` lacks, in text of a language. Keyed by the
    /// language hint rather than the language, so "en" and "de" text share their fallbacks.
    struct FallbackKey: Hashable {
        var fontID: Int
        var languageHint: String
        var scalar: UInt32
        /// Set for a face found for one presentation of an emoji (a colour face even where
        /// `primary` has the character, or a face of outlines for U+FE0E).
        var presentation: EmojiPresentation?

        init(_ scalar: Unicode.Scalar, primary: Font, language: String, presentation: EmojiPresentation?) {
            fontID = primary.id
            languageHint = FallbackLanguage.hint(for: scalar, language: language)
            self.scalar = scalar.value
            self.presentation = presentation
        }
    }

    /// Records `font` as the face for `scalar` where text in `language` is set in `primary`
    /// (for the character shown as `presentation` only, when given).
    public mutating func addFallback(_ font: Font, for scalar: Unicode.Scalar, primary: Font, language: String,
                                     presentation: EmojiPresentation? = nil) {
        fallbacks[FallbackKey(scalar, primary: primary, language: language, presentation: presentation)] = font
    }

    /// The face recorded for `scalar` beside `primary` in text in `language` (shown as
    /// `presentation`, when given); nil when none was (the primary has it, nothing installed
    /// has it, or it was never looked up).
    public func fallbackFont(for scalar: Unicode.Scalar, primary: Font, language: String,
                             presentation: EmojiPresentation? = nil) -> Font? {
        fallbacks.isEmpty ? nil : fallbacks[FallbackKey(scalar, primary: primary, language: language, presentation: presentation)]
    }

    /// The face for one grapheme cluster (a base character with its marks, or an emoji
    /// sequence): a cluster is never split between faces, which would break its shaping.
    /// `primary` when it has every character that needs a glyph; else the first recorded
    /// fallback of those characters that has them all; else the fallback of the first
    /// character `primary` lacks (or `primary` when none was found: its missing glyph then
    /// stands where a warning already says so).
    ///
    /// An emoji goes first to the face recorded for its presentation (`EmojiPresentation`):
    /// the colour face for U+FE0F or an Emoji_Presentation character, even where `primary` has
    /// it; a face of outlines for U+FE0E where `primary` lacks it.
    public func font<S: Sequence>(forCluster scalars: S, primary: Font, language: String) -> Font where S.Element == Unicode.Scalar {
        let all = Array(scalars)
        let drawn = all.filter(FontCoverage.needsGlyph)
        if let base = all.first, let presentation = EmojiPresentation.of(cluster: all),
           let font = fallbackFont(for: base, primary: primary, language: language, presentation: presentation),
           drawn.allSatisfy(font.hasGlyph) {
            return font
        }
        let lacking = drawn.filter { !primary.hasGlyph(for: $0) }
        guard let first = lacking.first else { return primary }
        var candidates: [Font] = []
        for scalar in lacking {
            if let font = fallbackFont(for: scalar, primary: primary, language: language),
               !candidates.contains(where: { $0 === font }) {
                candidates.append(font)
            }
        }
        if let whole = candidates.first(where: { font in drawn.allSatisfy(font.hasGlyph) }) { return whole }
        return fallbackFont(for: first, primary: primary, language: language) ?? primary
    }
}
