import Diagnostics
import Markup

/// What `ReferenceSettling` needs of a prepared document: what its references printed, its
/// anchors, where a layout puts them, and its warnings.
protocol ReferencingDocument {
    var referenceUses: [ReferenceUse] { get }
    var anchors: [ReferenceAnchor] { get }
    var diagnostics: [Diagnostic] { get set }
    var referencePages: [String: Int] { get set }
    var listsContents: Bool { get }
    func anchorPages() -> [String: Int]
}

extension PreparedDocument: ReferencingDocument {}

/// Settles a document's references (`<ref>`), as TeX's `\pageref` does over runs but within one
/// run: the document is prepared with the values the last setting found, laid out to find its
/// anchors' pages, and prepared again while what the references print changes (a page number
/// one figure longer can move the text after it). At most `settings` settings: a reference
/// that still changes then is warned about at its tag, printing its last value.
enum ReferenceSettling {
    static let settings = 4

    /// The document `prepare` makes with its references settled. A document without references
    /// is prepared once and never laid out here.
    static func settle<Document: ReferencingDocument>(_ prepare: (ReferenceValues) throws -> Document) throws -> Document {
        var values = ReferenceValues()
        var document = try prepare(values)
        for setting in 1 ... settings {
            guard !document.referenceUses.isEmpty || document.listsContents else { return document }
            let found = ReferenceValues(anchors: document.anchors, pages: document.anchorPages())
            let changing = document.referenceUses.filter { found.text(of: $0.id, $0.format) != $0.printed }
            // A contents list sets the headings the setting before found: the first has none.
            let listChanged = document.listsContents && found.headings.map(\.listed) != values.headings.map(\.listed)
            if changing.isEmpty, !listChanged {
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
            }
        }
        return document
    }
}

private extension ReferenceAnchor {
    /// What a contents list prints of a heading, apart from its page.
    var listed: [String] { [id, title, String(outlineLevel)] }
}
