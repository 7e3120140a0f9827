import Layout
import Markup
import Pages

/// The page each place in the text is set on — an anchor (`id`), a footnote's marker: the first
/// page whose text, in its columns or in a figure or aside placed on it, holds the place's first
/// character; or else, for a place at text that prints nothing, the first page with text after it.
/// A place in a figure's or an aside's text is on the page that box is placed on, which may be
/// later than the page its column's text passes it on (a figure moved on: `\pageref` of a float).
struct TextPlacePages {
    /// The places not yet found, by their index in the list given, the last in the text first:
    /// those the pages reach are at the end.
    private var waiting: [(index: Int, offset: Int)]
    private(set) var pages: [Int?]
    private let boxes: TextBoxes

    init(_ offsets: [Int], boxes: TextBoxes) {
        waiting = offsets.enumerated().map { ($0.offset, $0.element) }.sorted { $0.offset > $1.offset }
        pages = Array(repeating: nil, count: offsets.count)
        self.boxes = boxes
    }

    mutating func look(at page: Page) {
        guard !page.holdsOnlyRunningHeads, !waiting.isEmpty else { return }
        let columns = page.frames.map(\.visibleRange).filter { !$0.isEmpty }
        let boxTexts = page.boxes.flatMap(\.frames).map(\.visibleRange).filter { !$0.isEmpty }
        let texts = columns + boxTexts
        // No place at or past the end of the page's furthest text is on it or passed: only the
        // places before it are looked at. Every place looked at on every page made 40,000
        // anchors quadratic in the pages.
        guard let furthest = texts.map(\.upperBound).max() else { return }
        let reached = (waiting.lastIndex { $0.offset >= furthest } ?? -1) + 1
        // Passed by the columns' text only: a box's text (a note's, a figure's) stands after the
        // paragraph that places it, so a page holding it may not have reached a place before it.
        let stillWaiting = waiting[reached...].filter { place in
            let found = boxes.box(containing: place.offset) == nil
                ? texts.contains { $0.contains(place.offset) } || columns.contains { $0.lowerBound > place.offset }
                : boxTexts.contains { $0.contains(place.offset) }
            guard found else { return true }
            pages[place.index] = page.number
            return false
        }
        waiting.replaceSubrange(reached..., with: stillWaiting)
    }
}

/// The pages a layout put a document's anchors and page-numbered notes' markers on.
struct ReferencedPages {
    var anchors: [String: Int] = [:]
    /// The page of each note numbered by page, in text order.
    var notes: [Int] = []
}

extension PreparedDocument {
    /// The page of each anchor and of each page-numbered note's marker, from the counting pass
    /// (`countingPass`), which also counts the pages.
    func referencedPages() -> ReferencedPages {
        let boxes = TextBoxes(text: text)
        var anchorPlaces = TextPlacePages(anchors.map(\.textOffset), boxes: boxes)
        var notePlaces = TextPlacePages(pageNumberedNotes.map(\.textOffset), boxes: boxes)
        let pageCount = countingPass {
            anchorPlaces.look(at: $0)
            notePlaces.look(at: $0)
        }
        var found = ReferencedPages()
        for (anchor, page) in zip(anchors, anchorPlaces.pages) {
            if let page { found.anchors[anchor.id] = page }
        }
        // A marker on no page (the text ended before it) counts as on the last.
        found.notes = notePlaces.pages.map { $0 ?? pageCount }
        return found
    }
}
