import Layout
import Pages
import Text

/// Where references' links go in the PDF (`ReferenceLink`): for each target, the top of the line
/// its element starts on, on the page the layout set it on, which the finishing step makes its
/// links' destination (`InternalLinkDestinations`).
/// With `--pages` a target on a page left out has no destination, and its references no link.
public struct ReferenceDestinations: Sendable {
    /// The page each id's element is set on, as the document numbers its pages.
    public let pages: [String: Int]
    /// Where each id's element starts in the text.
    public let textOffsets: [String: Int]
    public var selection = PageSelection.all
    /// The ids set on each page, sorted, found once: a page's destinations were found by
    /// walking every id of the document (20,000 references took 2.6 times pdfLaTeX's CPU).
    private let idsByPage: [Int: [String]]
    /// Ids looked at to find pages' destinations: what finding them costs, which tests compare.
    private(set) var idsVisited = 0

    public init(pages: [String: Int] = [:], textOffsets: [String: Int] = [:], selection: PageSelection = .all) {
        self.pages = pages
        self.textOffsets = textOffsets
        self.selection = selection
        idsByPage = Dictionary(grouping: pages.keys) { pages[$0]! }.mapValues { $0.sorted() }
    }

    /// The PDF's page (from 1) of the target `id` names, nil when it is not written.
    func pdfPage(of id: String) -> Int? {
        guard let number = pages[id], selection.contains(number) else { return nil }
        return (1 ... number).count { selection.contains($0) }
    }

    /// The ids of the targets set on page `number`, in order, none when it is not written.
    mutating func ids(onPage number: Int) -> [String] {
        guard selection.contains(number), let ids = idsByPage[number] else { return [] }
        idsVisited += ids.count
        return ids
    }

    /// The destinations of the targets set on `page`, each at the top of the line its element
    /// starts on (the page's top when it has none), which lies `sheetMargin` from the sheet's
    /// top and left edges: a destination is a place on the sheet, as a bookmark's.
    mutating func destinations(on page: Page, sheetMargin: Double) -> [(name: String, x: Double, y: Double)] {
        let ids = ids(onPage: page.number)
        guard !ids.isEmpty else { return [] }
        let lines = (page.frames + page.boxes.flatMap(\.frames)).flatMap(\.lines)
        return ids.map { id in
            let offset = textOffsets[id] ?? 0
            let line = lines.first { $0.stringRange.contains(offset) } ?? lines.first { $0.stringRange.lowerBound >= offset }
            let top = line.map { max(0, $0.origin.y - $0.ascent - $0.leading / 2) } ?? 0
            return (id, sheetMargin, sheetMargin + top)
        }
    }
}
