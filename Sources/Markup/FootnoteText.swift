import Text

/// A footnote's text as the parser reads it, at its marker inside a paragraph: kept aside and
/// added to the text as paragraphs of their own after the marker's paragraph ends (see
/// FootnoteTags), so that the column's paragraph goes on unbroken and the note is a box like
/// a figure's, set where the layout places it.
struct FootnoteText {
    enum Piece {
        case text(SourcedText, attributes: TextAttributes, faceOrigin: Int?)
        case picture(ImageAttachment, delegate: RunDelegate, attributes: TextAttributes, tagOffset: Int)
    }

    /// The note's box, and the style of its paragraphs.
    var style: BoxStyle
    var paragraphStyle: ParagraphStyle
    /// Where `<footnote>` is, which the line end of its last paragraph is located at.
    var tagOffset: Int
    var pieces: [Piece] = []
}
