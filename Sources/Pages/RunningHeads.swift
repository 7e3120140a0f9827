import Text

/// What is printed in the margins of the pages: a running header in the top margin and a
/// running footer in the bottom one, each from a template (`left|centre|right`), set in one
/// face and size.
public struct RunningHeads: Hashable, Sendable {
    public var header: RunningTemplate?
    public var footer: RunningTemplate?
    /// What `{title}` prints.
    public var title: String
    /// The first page is a title page and has no header, as in books and magazines, unless
    /// this is set; its footer prints either way.
    public var headerOnFirstPage: Bool
    /// The face, size and language the lines are set in.
    public var attributes: TextAttributes

    /// Running heads are set at this share of the body size, as footnotes are.
    public static let relativeSize = 0.8

    public init(header: RunningTemplate?, footer: RunningTemplate?, title: String = "", headerOnFirstPage: Bool = false,
                attributes: TextAttributes) {
        self.header = header.flatMap { $0.isEmpty ? nil : $0 }
        self.footer = footer.flatMap { $0.isEmpty ? nil : $0 }
        // A running head is one line: line ends in a title would start new paragraphs.
        self.title = String(title.map { $0.isNewline ? " " : $0 })
        self.headerOnFirstPage = headerOnFirstPage
        self.attributes = attributes
    }

    /// Neither a header nor a footer.
    public var isEmpty: Bool { header == nil && footer == nil }

    /// Whether the page count must be known before the first page is drawn.
    public var usesPageCount: Bool {
        header?.uses(.pages) == true || footer?.uses(.pages) == true
    }

    public func uses(_ field: RunningTemplate.Field) -> Bool {
        header?.uses(field) == true || footer?.uses(field) == true
    }
}
