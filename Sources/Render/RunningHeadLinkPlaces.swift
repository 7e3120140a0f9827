/// Where the links of each page's running heads go in the structure tree: after the page's
/// content, each a `Link` holding its annotation (the heads' text is an artifact, so the link
/// has no text of its own but its annotation's `/Contents`; PDF/UA-1 lets no annotation be an
/// artifact). A page's content ends with its last piece in reading order, so its heads' links
/// follow the paragraph that piece belongs to; a page with no content of its own follows the
/// page before it, and one before any content comes first in the document.
struct RunningHeadLinkPlaces {
    /// The pages with such links and no content before them, in order.
    let beforeAnyContent: [Int]
    /// The pages with such links, in order, by the first character of the paragraph they follow.
    private var afterParagraph: [Int32: [Int]] = [:]

    init(_ record: StructureRecord) {
        var before: [Int] = []
        var last: Int32?
        for (page, pieces) in record.pages.enumerated() {
            let content = pieces.lazy.filter { !$0.isArtifact }.map(\.readingOrder)
            if let end = content.max() { last = end.paragraph }
            guard record.runningHeadLinks[page] != nil else { continue }
            if let last { afterParagraph[last, default: []].append(page) } else { before.append(page) }
        }
        beforeAnyContent = before
    }

    /// The pages whose heads' links follow the paragraph starting at `paragraph`, in order; each
    /// page is given once.
    mutating func pages(endingIn paragraph: Int32) -> [Int] {
        afterParagraph.removeValue(forKey: paragraph) ?? []
    }
}
