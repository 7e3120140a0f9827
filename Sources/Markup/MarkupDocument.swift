import Diagnostics
import Text

/// A font family named in a document, with where it was first asked for, so that the
/// Fonts stage can say where a missing face was requested.
public struct FontRequest: Hashable, Sendable {
    public var family: String
    public var location: SourceLocation?
    public var sourceLine: String?

    public init(family: String, location: SourceLocation? = nil, sourceLine: String? = nil) {
        self.family = family
        self.location = location
        self.sourceLine = sourceLine
    }
}

/// What the parser makes of a document.
public struct MarkupDocument: Sendable {
    public var text: AttributedText
    /// Each family the document uses, in order of first use.
    public var fontRequests: [FontRequest]
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The styles a document starts with, before any tag.
public struct MarkupDefaults: Sendable {
    public var attributes: TextAttributes
    public var paragraphStyle: ParagraphStyle

    public init(attributes: TextAttributes, paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.attributes = attributes
        self.paragraphStyle = paragraphStyle
    }
}
