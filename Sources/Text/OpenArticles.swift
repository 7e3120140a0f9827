/// The articles of an issue (`<include>`) open where its text is read, the innermost last, each
/// with what a reader of the PDF finds it by (its bookmark, its `Art` element): an article's
/// first paragraph opens it inside the article including it, and the paragraph that goes on
/// with an including article's text, or the issue's own (`Article.issue`), closes those inside.
/// An article entered again after it closed (its story resumed later in the issue, `<resume>`)
/// goes on in the entry it had: one bookmark and one `Art` element an article.
public struct OpenArticles<Entry> {
    private var open: [(number: Int, entry: Entry)] = []
    /// Every article's entry, by its number, once made.
    private var made: [Int: Entry] = [:]

    public init() {}

    /// The innermost open article's entry; nil in the issue's own text.
    public var innermost: Entry? { open.last?.entry }

    /// Goes on with `article`, which a paragraph starts (`ParagraphStyle.article`); an article
    /// not open yet gets the entry it had, or else the one `make` makes inside its includer's
    /// (nil: the document's).
    public mutating func enter(_ article: Article, making make: (_ parent: Entry?) -> Entry) {
        if let index = open.lastIndex(where: { $0.number == article.number }) {
            return open.removeSubrange(index + 1 ..< open.count)
        }
        guard article.number != Article.issue.number else { return open.removeAll() }
        let includer = open.lastIndex { $0.number == article.includedIn }
        open.removeSubrange((includer.map { $0 + 1 } ?? 0) ..< open.count)
        let entry = made[article.number] ?? make(innermost)
        made[article.number] = entry
        open.append((article.number, entry))
    }
}
