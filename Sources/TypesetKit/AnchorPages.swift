import Layout
import Markup
import Pages

/// The page each anchor (`id`) is set on: the first page whose text, in its columns or in a
/// figure or aside placed on it, holds the anchor's first character; or else, for an anchor at
/// text that prints nothing, the first page with text after it.
struct AnchorPages {
    private var waiting: [ReferenceAnchor]
    private(set) var pages: [String: Int] = [:]

    init(_ anchors: [ReferenceAnchor]) {
        waiting = anchors
    }

    mutating func look(at page: Page) {
        guard !page.holdsOnlyRunningHeads, !waiting.isEmpty else { return }
        let ranges = (page.frames + page.boxes.flatMap(\.frames)).map(\.visibleRange).filter { !$0.isEmpty }
        waiting.removeAll { anchor in
            guard ranges.contains(where: { $0.contains(anchor.textOffset) || $0.lowerBound > anchor.textOffset }) else { return false }
            pages[anchor.id] = page.number
            return true
        }
    }
}

extension PreparedDocument {
    /// The page of each anchor, from the counting pass (`countingPass`), which also counts the pages.
    func anchorPages() -> [String: Int] {
        var finder = AnchorPages(anchors)
        countingPass { finder.look(at: $0) }
        return finder.pages
    }
}
