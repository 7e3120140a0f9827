import Layout

/// One finished page: its frames (one per column), the lines of its running header and
/// footer, and its number, from 1.
public struct Page: Sendable {
    public var number: Int
    public var size: Size
    public var frames: [Frame]
    /// The running header's and footer's parts, one frame each, in the margins.
    public var furniture: PageFurniture?
}

/// Lays the text out page by page, on demand: each page's columns are filled in turn, each
/// starting where the previous one's visible range ended. A page is made only when asked
/// for, so a renderer can draw it and let it go before the next one exists.
public struct Paginator: Sequence, IteratorProtocol {
    public let framesetter: Framesetter
    public let template: PageTemplate
    public let runningHeads: RunningHeadSetter?
    /// The page count `{pages}` prints, counted beforehand by a pass without running heads.
    public let pageCount: Int?
    private var position = 0
    private var pageNumber = 0

    public init(framesetter: Framesetter, template: PageTemplate, runningHeads: RunningHeadSetter? = nil, pageCount: Int? = nil) {
        self.framesetter = framesetter
        self.template = template
        self.runningHeads = runningHeads
        self.pageCount = pageCount
    }

    public mutating func next() -> Page? {
        let length = framesetter.text.length
        guard position < length || (length == 0 && pageNumber == 0) else { return nil }
        pageNumber += 1
        var frames: [Frame] = []
        for column in template.columnRects(ofPage: pageNumber) where position < length {
            let frame = framesetter.frame(in: Container(rect: column), from: position)
            // The framesetter sets at least one line in an empty container, so this always advances.
            precondition(frame.visibleRange.upperBound > position, "framesetter made no progress at \(position)")
            position = frame.visibleRange.upperBound
            frames.append(frame)
        }
        let furniture = runningHeads?.furniture(page: pageNumber, of: pageCount, template: template)
        return Page(number: pageNumber, size: template.size, frames: frames, furniture: furniture)
    }
}
