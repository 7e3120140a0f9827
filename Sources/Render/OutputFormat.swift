/// What to write: one PDF, or one PNG per page (`name-001.png`, `name-002.png`, …).
public enum OutputFormat: String, Sendable, CaseIterable {
    case pdf, png
}

/// Document information written into a PDF.
public struct PDFMetadata: Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    /// The document's language (BCP 47), the PDF catalog's `/Lang`.
    public var language = "en"
    /// Seconds since 1970 for the creation date: `SOURCE_DATE_EPOCH`, or a fixed date, so
    /// that the same input gives the same bytes.
    public var creationDate: Int

    /// 2000-01-01T00:00:00Z, used when `SOURCE_DATE_EPOCH` is not set.
    public static let fixedCreationDate = 946_684_800

    public init(title: String? = nil, author: String? = nil, subject: String? = nil,
                creationDate: Int = PDFMetadata.fixedCreationDate) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
    }
}
