import Diagnostics
import Markup

/// What `ReferenceSettling` needs of a prepared document: what its references and its notes
/// numbered by page printed, its anchors, where a layout puts them, and its warnings.
protocol ReferencingDocument {
    var referenceUses: [ReferenceUse] { get }
    var anchors: [ReferenceAnchor] { get }
    var pageNumberedNotes: [PageNumberedNote] { get }
    var diagnostics: [Diagnostic] { get set }
    var referencePages: [String: Int] { get set }
    var listsContents: Bool { get }
    func referencedPages() -> ReferencedPages
}

extension PreparedDocument: ReferencingDocument {}

/// Settles a document's references (`<ref>`), as TeX's `\pageref` does over runs but within one
/// run: the document is prepared with the values the last setting found, laid out to find its
/// anchors' pages, and prepared again while what the references print changes (a page number
/// one figure longer can move the text after it). Notes numbered by page settle the same way,
/// as LaTeX's `perpage` does over runs: a mark one character wider can move its line to the
/// next page, where it is numbered again. At most `settings` settings: a reference or a note
/// that still changes then is warned about at its tag, printing its last value.
enum ReferenceSettling {
    static let settings = 4

    /// The document `prepare` makes with its references settled. A document without references
    /// or notes numbered by page is prepared once and never laid out here.
    static func settle<Document: ReferencingDocument>(_ prepare: (ReferenceValues) throws -> Document) throws -> Document {
        var values = ReferenceValues()
        var document = try prepare(values)
        for setting in 1 ... settings {
            guard !document.referenceUses.isEmpty || document.listsContents || !document.pageNumberedNotes.isEmpty else { return document }
            let pages = document.referencedPages()
            let found = ReferenceValues(anchors: document.anchors, pages: pages.anchors, notePages: pages.notes)
            let changing = document.referenceUses.filter { found.text(of: $0.id, $0.format) != $0.printed }
            let renumbered = zip(document.pageNumberedNotes, found.noteNumbers).filter { $0.number != $1 }
            // A contents list sets the headings the setting before found: the first has none.
            let listChanged = document.listsContents && found.headings.map(\.listed) != values.headings.map(\.listed)
            if changing.isEmpty, renumbered.isEmpty, !listChanged {
                document.referencePages = found.pages
                return document
            }
            values = found
            document = try prepare(values)
            document.referencePages = found.pages
            if setting == settings {
                document.diagnostics += changing.map {
                    .warning("<ref> to \"\($0.id)\" did not settle in \(settings) settings (what it prints moves what it "
                             + "refers to): it prints \(found.text(of: $0.id, $0.format) ?? "?"), which may be wrong",
                             at: $0.location, sourceLine: $0.sourceLine)
                }
                document.diagnostics += renumbered.map { note, number in
                    .warning("a <footnote> numbered by page did not settle in \(settings) settings (its mark's width moves its line "
                             + "to another page): it is numbered \(number), which may be wrong", at: note.location, sourceLine: note.sourceLine)
                }
            }
        }
        return document
    }
}

private extension ReferenceAnchor {
    /// What a contents list prints of a heading, apart from its page.
    var listed: [String] { [id, title, String(outlineLevel)] }
}
