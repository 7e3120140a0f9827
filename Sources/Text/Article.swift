/// An article of an issue (`<include src="articles/ice.txt">`): what its `<meta>` says about
/// it. The paragraph that starts it carries it (`ParagraphStyle.article`), and pages whose
/// text starts there or after print its title in their running heads.
public struct Article: Hashable, Sendable {
    /// Its place among the issue's articles, from 1; 0 for the issue's own text after an
    /// article, whose pages print the issue's title again.
    public var number: Int
    /// The number of the article whose file includes it; 0: the issue's.
    public var includedIn: Int
    public var title: String?
    public var author: String?
    public var subject: String?

    public init(number: Int, includedIn: Int = 0, title: String? = nil, author: String? = nil, subject: String? = nil) {
        self.number = number
        self.includedIn = includedIn
        self.title = title
        self.author = author
        self.subject = subject
    }

    /// The issue's own text again, after an article.
    public static let issue = Article(number: 0)
}

/// Which side a page break lands on (`<pagebreak parity="odd">`): an opener starts on a
/// right-hand (odd) page, a blank page put before it when needed, as LaTeX's
/// `\cleardoublepage` and InDesign's "Start section on next odd page" do.
public enum PageParity: String, Hashable, Sendable, CaseIterable {
    case odd, even

    /// Whether page `number` is on this side.
    public func holds(page number: Int) -> Bool {
        (number % 2 == 1) == (self == .odd)
    }
}
