import Text

/// The style of text no tag styles. It is the typesetter's defaults (the command line's face,
/// size and paragraph settings), in the language `<meta lang>` gives, restyled by the named
/// style `body` when the document or a sheet it imports defines one before the text: a
/// designer's `body` is the default text, as InDesign's Basic Paragraph is. A style defined
/// with `clean="on"` starts its paragraphs from the defaults instead of from the text around
/// it (InDesign's "Based On: [No Paragraph Style]", CSS's `all: initial`); and any other style
/// applied to plain body text replaces the body's settings rather than adding to them
/// (`leaveBodyText`), so that an indent given to the body does not indent every heading.
extension ParseState {
    /// The character attributes a clean style starts from.
    var cleanAttributes: TextAttributes {
        var attributes = defaults.bodyAttributes
        if !defaults.languageIsFixed, let language = meta.language { attributes.language = language }
        return attributes
    }

    /// The paragraph settings a clean style starts from.
    var cleanParagraphStyle: ParagraphStyle { defaults.paragraphStyle }

    /// The `body` style just defined, by the tag at `offset`, made the style of the text no
    /// tag styles: the defaults restyled by it (a second definition replaces the first, as
    /// for any style). After the text has begun it only names a style.
    mutating func restyleBaseText(at offset: Int) {
        guard let body = namedStyles["body"] else { return }
        guard !fileHasText else {
            return diagnostics.warning("<style name=\"body\"> after the text has begun restyles only <p style=\"body\">; "
                                       + "define it before the text to restyle the document's text", at: offset)
        }
        startClean()
        body.paragraph.apply(to: &builder.paragraphStyle)
        if body.paragraph.dropCap.lines != nil { builder.dropCaps.origin = offset }
        apply(body.character, faceOffset: offset, tagOffset: offset)
        bodyText = (builder.attributes, builder.paragraphStyle)
    }

    /// Before a named style other than `body` starts a paragraph: a paragraph has one style, as
    /// in InDesign, so in text that is plain body (no `<p>` open, nothing changed since the body
    /// was restyled) the style replaces the body's settings instead of adding to them — a
    /// headline does not take the body's leading and indent. Inside a `<p>` (`<p style="body">`
    /// too, which documents have written to get the body) it adds to what is in force, as always.
    /// `inParagraph`: whether a `<p>` was open before the style's own tag.
    mutating func leaveBodyText(inParagraph: Bool) {
        guard let bodyText, !inParagraph, builder.paragraphStyle == bodyText.paragraphStyle,
              builder.attributes == bodyText.attributes else { return }
        startClean()
    }

    /// `<meta lang>` given to the text from its start, unless the command line gave the language.
    mutating func applyMetaLanguage() {
        guard !defaults.languageIsFixed, let language = meta.language, !fileHasText,
              builder.attributes.language != language else { return }
        builder.attributes.language = language
        bodyText?.attributes.language = language
    }

    /// The text from here on in the defaults, for a clean style to start from.
    mutating func startClean() {
        builder.attributes = cleanAttributes
        builder.faceOrigin = nil
        builder.paragraphStyle = cleanParagraphStyle
    }
}
