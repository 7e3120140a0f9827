import Diagnostics

/// The words that describe a picture to a reader who cannot see it: `alt` on `<img>` and
/// `<figure>`, which the tagged PDF carries as a `Figure`'s `/Alt` for screen readers.
enum AlternativeText {
    /// The attribute's value with its white space collapsed, as a screen reader speaks it: a
    /// description written over several lines of markup is one sentence. An empty or blank
    /// value stays empty, the author's word that the picture is decoration.
    static func read(_ attribute: TagAttribute) -> String {
        attribute.value.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

extension ParseState {
    /// A picture with no `alt` (nor a figure's round it) cannot be read out: a warning, or an
    /// error when the document must conform to PDF/UA (`requiresAlternativeText`).
    func reportUndescribedPicture(_ source: TagAttribute, tag: Tag) {
        let message = "picture \"\(source.value.clipped)\" has no alt text, so a screen reader cannot describe it; "
            + "add alt=\"…\" saying what it shows (alt=\"\" if it is decoration)"
        if requiresAlternativeText {
            diagnostics.error(message + " (PDF/UA requires it)", at: tag.offset)
        } else {
            diagnostics.warning(message, at: tag.offset)
        }
    }
}
