import Layout

/// One finished page: its frames (one per column) and its number, from 1.
public struct Page: Sendable {
    public var number: Int
    public var size: Size
    public var frames: [Frame]
}

/// Lays the text out page by page, on demand: each page's columns are filled in turn, each
/// starting where the previous one's visible range ended. A page is made only when asked
/// for, so a renderer can draw it and let it go before the next one exists.
public struct Paginator: Sequence, IteratorProtocol {
    public let framesetter: Framesetter
    public let template: PageTemplate
    private var position = 0
    private var pageNumber = 0

    public init(framesetter: Framesetter, template: PageTemplate) {
        self.framesetter = framesetter
        self.template = template
    }

    public mutating func next() -> Page? {
        let length = framesetter.text.length
        guard position < length || (length == 0 && pageNumber == 0) else { return nil }
        pageNumber += 1
        var frames: [Frame] = []
        for column in template.columnRects where position < length {
            let frame = framesetter.frame(in: Container(rect: column), from: position)
            // The framesetter sets at least one line in an empty container, so this always advances.
            precondition(frame.visibleRange.upperBound > position, "framesetter made no progress at \(position)")
            position = frame.visibleRange.upperBound
            frames.append(frame)
        }
        return Page(number: pageNumber, size: template.size, frames: frames)
    }
}
