/// Where the blocks a file left open end: the document's end, or an included article's
/// (`<include>`). An article's close with it, each with a warning at its tag, as an HTML
/// parser closes what is open at the end of a document: left open, a `<section>` would run on
/// into the next article, whose own `<section>` (or the next `<include>`) would then be
/// an error, and its figures would be set in the last article's columns.
///
/// A story's `<jump>` ends its article's text too (`jump`): what was read of its file ends
/// there, but a link or a styling tag open at the jump goes on at its `<resume>`.
enum FileEnd {
    case document, article, jump

    /// As a message names it: "it ends with the article".
    var phrase: String {
        switch self {
        case .document: "the document"
        case .article: "the article"
        case .jump: "the story's part"
        }
    }
}

extension ParseState {
    /// At the end of the document or an article: a `<master>`, a note, a table, a box, a
    /// section, a `<keep>` block or a link still open ends there, each with a word at its tag;
    /// the notes of the last paragraph follow it, located at `endOffset`.
    mutating func finishBlocks(at end: FileEnd, endOffset: Int) {
        finishMaster()
        finishFootnotes(at: endOffset)
        finishTables(at: end)
        finishBoxes(at: end)
        finishSection(at: end)
        finishKeeps(at: end)
        if end != .jump { warnAboutUnclosedLink(at: end) }
    }
}
