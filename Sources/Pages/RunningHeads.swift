import Text

/// What is printed in the margins of the pages: a running header in the top margin and a
/// running footer in the bottom one, each from a template (`left|centre|right`), set in one
/// face and size.
public struct RunningHeads: Hashable, Sendable {
    public var header: RunningTemplate?
    public var footer: RunningTemplate?
    /// What `{title}` and `{author}` print.
    public var title: String
    public var author = ""
    /// The first page is a title page and has no header, as in books and magazines, unless
    /// this is set; its footer prints either way.
    public var headerOnFirstPage: Bool
    /// The face, size and language the lines are set in.
    public var attributes: TextAttributes
    /// The master pages declared: a page using one has its heads instead of these, and no
    /// first-page rule (an opener master without heads is the title page).
    public var masters: [MasterPage] = []

    /// Running heads are set at this share of the body size, as footnotes are.
    public static let relativeSize = RunningTemplate.relativeSize

    public init(header: RunningTemplate?, footer: RunningTemplate?, title: String = "", headerOnFirstPage: Bool = false,
                attributes: TextAttributes) {
        self.header = header.flatMap { $0.isEmpty ? nil : $0 }
        self.footer = footer.flatMap { $0.isEmpty ? nil : $0 }
        // A running head is one line: line ends in a title would start new paragraphs.
        self.title = Self.oneLine(title)
        self.headerOnFirstPage = headerOnFirstPage
        self.attributes = attributes
    }

    /// A title as a running head prints it: on one line.
    static func oneLine(_ title: String) -> String {
        String(title.map { $0.isNewline ? " " : $0 })
    }

    /// Neither a header nor a footer, and no master pages to print anything.
    public var isEmpty: Bool { header == nil && footer == nil && masters.isEmpty }

    /// Whether the page count must be known before the first page is drawn.
    public var usesPageCount: Bool { uses(.pages) }

    public func uses(_ field: RunningTemplate.Field) -> Bool {
        ([header, footer].compactMap { $0 } + masters.flatMap(\.templates)).contains { $0.uses(field) }
    }

    /// The header and footer of a page using `master` (nil: the document's own).
    public func templates(for master: MasterPage?) -> (header: RunningTemplate?, footer: RunningTemplate?) {
        master.map { ($0.header, $0.footer) } ?? (header, footer)
    }
}
