import Layout
import Pages

/// Pass 5: the pages, laid out one at a time as they are iterated, so that drawing can start
/// with the first (`DrawPass`).
extension PreparedDocument {
    /// A fresh pass over the pages; each is laid out only when reached. With the running heads
    /// on each page, when one prints `{pages}`, the pages are counted first (see `pageCount()`);
    /// after the last page (`RunningHeadsPlacement.afterTheLastPage`, for a PDF), they need no count.
    /// Under `typeset watch` the pages the edit did not reach are the run before's (`keptPages`).
    public func pages(runningHeadsAfterTheLastPage: Bool = false) -> Paginator {
        let framesetter = Framesetter(text: text, fonts: fonts, shaper: shaper)
        guard let runningHeads else {
            return Paginator(framesetter: framesetter, template: template, exclusions: exclusions, measuring: wordWidths, keeping: keptPages)
        }
        let placement: RunningHeadsPlacement = runningHeadsAfterTheLastPage
            ? .afterTheLastPage : .onEachPage(pageCount: runningHeads.usesPageCount ? pageCount() : nil)
        return Paginator(framesetter: framesetter, template: template, runningHeads: RunningHeadSetter(heads: runningHeads, fonts: fonts),
                         placement: placement, exclusions: exclusions, measuring: wordWidths, keeping: keptPages)
    }

    /// The number of pages, from a pass that lays them out without running heads (which take
    /// no room from the text) and keeps none of them: memory stays that of one page. It runs
    /// once per document.
    public func pageCount() -> Int {
        counted.value ?? countingPass()
    }

    /// Lays every page out without running heads, shows each to `look` and keeps none of them;
    /// returns (and keeps) the count. The page count's pass, and the references' (`anchorPages()`).
    @discardableResult
    func countingPass(_ look: (Page) -> Void = { _ in }) -> Int {
        var paginator = Paginator(framesetter: Framesetter(text: text, fonts: fonts, shaper: shaper), template: template, exclusions: exclusions,
                                  measuring: wordWidths)
        var count = 0
        while let page = paginator.next() {
            look(page)
            count += 1
        }
        counted.value = count
        return count
    }
}

/// The page count once known; a class so that a document's copies share it.
final class PageCountCache {
    var value: Int?
}
