import Layout
import Text

/// Where a paginator sets the running heads.
public enum RunningHeadsPlacement: Sendable {
    /// On each page as it is made; `pageCount` is what `{pages}` prints, counted beforehand
    /// by a pass of its own when the heads print it.
    case onEachPage(pageCount: Int?)
    /// On pages of their own, one for each page that has any, after the last page, when the
    /// count is known (`Page.holdsOnlyRunningHeads`). A PDF's finishing step lays each over
    /// its page, so `{pages}` costs no pass before the first page is drawn.
    case afterTheLastPage
}

/// The running heads of pages set without them, set once the last page is known, each page's
/// on a page of its own, in page order. What a page set with its heads would leave out is left
/// out here too: the parts an element bleeding over the margin covers (`bleeding`), which is
/// all that is kept of the pages meanwhile, and only for the pages that have such elements.
struct RunningHeadsAfterTheLastPage {
    let setter: RunningHeadSetter
    /// The rectangles of the elements that bled on each page that has any, by page number.
    private var bledRects: [Int: [Rect]] = [:]
    /// The master page of each page that uses one, by page number.
    private var masters: [Int: MasterPage] = [:]
    /// The article each page's text starts in, for the pages in one, and its section's name.
    private var articles: [Int: Article] = [:]
    private var sections: [Int: String] = [:]
    /// The pages left blank for a page break's parity, which have no heads.
    private var blankPages: Set<Int> = []
    /// The number of the page whose heads were set last (0 before the first).
    private var lastNumber = 0

    init(setter: RunningHeadSetter) {
        self.setter = setter
    }

    /// Takes what the heads of `page`, a page of the document, will need from it.
    mutating func note(_ page: Page) {
        let rects = page.bledRects
        if !rects.isEmpty { bledRects[page.number] = rects }
        if let master = page.master { masters[page.number] = master }
        if let article = page.article { articles[page.number] = article }
        if let section = page.section { sections[page.number] = section }
        if page.isBlankForParity { blankPages.insert(page.number) }
    }

    /// The next page of running heads among the `pageCount` pages; nil after the last. Pages
    /// whose heads print nothing (a first page without its header) have none.
    mutating func next(pageCount: Int, template: PageTemplate) -> Page? {
        while lastNumber < pageCount {
            lastNumber += 1
            // A page's heads stand in its margins, its master's when it sets them.
            let master = masters[lastNumber]
            guard !blankPages.contains(lastNumber),
                  let furniture = setter.furniture(page: lastNumber, of: pageCount, template: template.using(master), master: master,
                                                   context: .init(article: articles[lastNumber], section: sections[lastNumber]))?
                .leavingOut(coveredBy: bledRects[lastNumber] ?? []), !furniture.frames.isEmpty else { continue }
            return Page(number: lastNumber, size: template.size, frames: [], furniture: furniture, holdsOnlyRunningHeads: true)
        }
        return nil
    }
}

extension Page {
    /// This page of running heads with only its heads in `band`: the top half's for the
    /// header, the bottom half's for the footer (a master's text item goes by where it
    /// stands). nil: none there.
    public func runningHeads(in band: RunningHeadSetter.Band) -> Page? {
        guard var furniture else { return nil }
        let middle = size.height / 2
        furniture.frames = furniture.frames.filter { ($0.container.rect.minY + $0.container.rect.height / 2 < middle) == (band == .header) }
        guard !furniture.frames.isEmpty else { return nil }
        var page = self
        page.furniture = furniture
        return page
    }
}
