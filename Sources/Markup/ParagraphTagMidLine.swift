/// A `<p>` written in the middle of a paragraph, with text after it on its line
/// (`…cream and cheese.</p><p tabs="26 right">600<TAB>g`): as HTML reads it, the text after the
/// tag is a new paragraph in the tag's style; here a `<p>` styles the paragraphs that begin after
/// it, so that text goes on in the paragraph in progress, in its style. Both readings are
/// plausible and the page shows only the second, so the tag gets a warning.
extension ParseState {
    /// Notes a `<p>` read while a paragraph of the text is in progress.
    mutating func notice(paragraphTag tag: Tag) {
        guard builder.textGoesOnInParagraph, builder.noteBeingRead == nil else { return }
        paragraphTagMidParagraph = tag
    }

    /// The first text after such a tag: a warning if it prints before the line ends, in the
    /// paragraph the tag did not begin.
    mutating func checkParagraphTag(before text: SourcedText) {
        guard let tag = paragraphTagMidParagraph,
              let visible = text.units.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        paragraphTagMidParagraph = nil
        guard text.units[visible] != 0x0A, builder.textGoesOnInParagraph else { return }
        diagnostics.warning("this <p> styles the paragraphs that begin after it; the text after it on this line goes on in "
                            + "the paragraph before it: begin a line with the <p> to start a paragraph in its style", at: tag.offset)
    }
}
