import Diagnostics
import Render

/// A file that claims a standard names its document: PDF/X-4 wants `dc:title` in its
/// metadata, and PDF/UA-1 requires it, since a screen reader announces the document by its
/// title (the viewer shows it, `/DisplayDocTitle`), not by its file name.
enum TitleRequirement {
    /// The problem with a document without a title under `standards`: an error for PDF/UA, a
    /// warning for PDF/X; nil when it has a title or no standard is asked for.
    static func problem(title: String?, standards: Set<PDFStandard>) -> Diagnostic? {
        guard title == nil, !standards.isEmpty else { return nil }
        let remedy = "give the document <meta title=\"…\"> or --title"
        if standards.contains(.ua1) {
            return .error("PDF/UA-1 requires the document's title, which a screen reader announces: " + remedy)
        }
        return .warning("a PDF/X-4 file should carry its document's title: " + remedy)
    }
}
