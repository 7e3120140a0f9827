import Text

/// A `</p>` that brings back the language of a `<p>` written for one paragraph and never closed.
/// As HTML is written, `<p style="fr">Bonjour…` then `<p style="zh">欢迎…` then `</p>Welcome…`:
/// the one `</p>` closes only the latest `<p>`, and the English after it is set as French —
/// French spacing before its colons, French hyphenation — with nothing on the page to say why
/// (a designer's conference programme). A `<p>` on a line of its own that wraps several
/// paragraphs, a language among them in a `<p>…</p>` of its own, is written that way on
/// purpose and is not warned about. Right-to-left text has its own warning
/// (RightToLeftWithoutLetters).
struct LanguageOfAnOpenParagraphTag {
    /// The `</p>`, the outer `<p>` still open, and the language it set.
    let closingTag: Int
    let openTag: Int
    let language: String
    /// How many `<p>` were open after the `</p>`: the outer one is closed when fewer are.
    let openParagraphs: Int
}

extension ParseState {
    /// `</p>`: closes the latest `<p>`, and notes when the text after it is in the language of
    /// an outer `<p>` written for one paragraph.
    mutating func closeParagraph(_ tag: Tag) {
        let inner = innermostOpen(.p)
        guard close(.p), let inner else {
            return diagnostics.warning("</p> without a matching <p> ignored", at: tag.offset)
        }
        languageResumed = nil
        guard let outer = innermostOpen(.p), let outerTag = outer.tagOffset,
              builder.attributes.language != savedStyles(of: outer).attributes.language, builder.paragraphStyle.direction != .rtl,
              isWrittenForOneParagraph(outer, before: inner) else { return }
        languageResumed = LanguageOfAnOpenParagraphTag(closingTag: tag.offset, openTag: outerTag, language: builder.attributes.language,
                                                       openParagraphs: openCount(of: .p))
    }

    /// Whether `outer` styles one paragraph only before `inner` opens, begun on `outer`'s own
    /// line: `<p style="fr">Bonjour…` and the next line `<p style="zh">…`, as HTML is written.
    /// The paragraph is looked at back from `inner`, and only so far: every `</p>` may ask.
    private func isWrittenForOneParagraph(_ outer: OpenElement, before inner: OpenElement) -> Bool {
        let storage = builder.text.storage
        let paragraphEnd = inner.textLength - 1
        guard let outerTag = outer.tagOffset, outer.textLength < paragraphEnd, paragraphEnd - outer.textLength <= Self.longestParagraphLookedAt,
              inner.textLength <= storage.count, storage[paragraphEnd] == AttributedText.lineFeed,
              !storage[outer.textLength ..< paragraphEnd].contains(AttributedText.lineFeed),
              let firstCharacter = builder.sourceMap.sourceOffset(ofTextOffset: outer.textLength) else { return false }
        return diagnostics.source.location(of: firstCharacter).line == diagnostics.source.location(of: outerTag).line
    }

    /// Longer than any paragraph written for a `<p>` of its own (some 700 words).
    private static let longestParagraphLookedAt = 4096

    /// The first text after such a `</p>`: a warning if it prints while the outer `<p>` is
    /// still open, in its language.
    mutating func checkLanguageResumed(before text: SourcedText) {
        guard let resumed = languageResumed, text.units.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A }) else { return }
        languageResumed = nil
        guard openCount(of: .p) >= resumed.openParagraphs, builder.attributes.language == resumed.language else { return }
        let source = diagnostics.source
        diagnostics.warning("this </p> closes only the latest <p>; the text after it goes on in the <p> of line "
                            + "\(source.location(of: resumed.openTag).line), still open, in its language (lang=\"\(resumed.language)\"): "
                            + "end that paragraph with its own </p>, or close both here (</p></p>)", at: resumed.closingTag)
    }
}
