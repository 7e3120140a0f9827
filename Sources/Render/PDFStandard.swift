/// A standard a PDF is asked to conform to (`--pdf-standard`), beyond the plain PDF that is
/// always written.
public enum PDFStandard: String, Sendable, CaseIterable {
    /// PDF/X-4 (ISO 15930-7): a file for the print shop, with its printing condition.
    case x4
    /// PDF/UA-1 (ISO 14289-1): a tagged file that assistive technology can read.
    case ua1

    /// How the standard is named where people read it.
    public var title: String {
        switch self {
        case .x4: return "PDF/X-4"
        case .ua1: return "PDF/UA-1"
        }
    }
}
