import Layout
import Text

/// One finished page: its frames (one per column of each band), the lines of its running
/// header and footer, and its number, from 1.
public struct Page: Sendable {
    public var number: Int
    public var size: Size
    public var frames: [Frame]
    /// The running header's and footer's parts, one frame each, in the margins.
    public var furniture: PageFurniture?
    /// Pictures spanning columns at the top or bottom of the text area (`<img float="top">`).
    public var pictures: [PlacedPicture] = []
}

/// Lays the text out page by page, on demand. A page is filled from the top down in bands,
/// one per section (`ParagraphStyle.section`; text outside sections is set in the page's
/// columns): a band's columns are filled in turn, each starting where the previous one's
/// visible range ended. A section that ends on the page has its columns balanced, and the
/// next one starts below them, after a gap; one that does not fills its columns to the foot
/// of the page and goes on at the top of the next. A page is made only when asked for, so a
/// renderer can draw it and let it go before the next one exists.
///
/// A shaped section (`SectionStyle.shape`) is one band of its own height holding one frame
/// inside its shape, not balanced; text the shape cannot hold goes on in the same shape on the
/// next page (`BandSetter.fill(_:band:fallback:from:to:exclusions:)`).
///
/// Balancing: a band is balanced when more text follows it on the page, and when a section
/// (not text outside any) ends the document or meets a page break. So a document without
/// sections fills its last page's columns in turn, as it always has.
///
/// Spanning pictures (`SpanningPicture`) are placed on the page their anchor falls on when
/// there is room and the anchor stays there with the picture's room taken from the columns;
/// otherwise at the top or bottom of the next page (`pageWithPictures`), the text going on.
public struct Paginator: Sequence, IteratorProtocol {
    public let framesetter: Framesetter
    public let template: PageTemplate
    public let runningHeads: RunningHeadSetter?
    /// The page count `{pages}` prints, counted beforehand by a pass without running heads.
    public let pageCount: Int?
    /// Shapes text keeps out of, by page number, in points from the page's top-left corner.
    public let exclusions: [Int: [Exclusion]]
    private var position = 0
    private var pageNumber = 0
    private var sections: SectionFinder
    /// The text's spanning pictures, in order, and how many of them the pages have passed.
    private let spanningAnchors: [SpanningAnchor]
    private var anchorsPassed = 0
    /// Spanning pictures whose anchors are on earlier pages, for the next page's top or bottom.
    private var waitingPictures: [SpanningAnchor] = []

    public init(framesetter: Framesetter, template: PageTemplate, runningHeads: RunningHeadSetter? = nil, pageCount: Int? = nil,
                exclusions: [Int: [Exclusion]] = [:]) {
        self.framesetter = framesetter
        self.exclusions = exclusions
        self.template = template
        self.runningHeads = runningHeads
        self.pageCount = pageCount
        sections = SectionFinder(text: framesetter.text)
        spanningAnchors = framesetter.text.attachments.compactMap { attachment in
            attachment.image.spanning.map { SpanningAnchor(index: attachment.index, image: attachment.image, picture: $0) }
        }
    }

    /// Floated pictures that did not fit before the text ended get pages of their own, one
    /// column after another, rather than being dropped: each frame places at least the first.
    private mutating func pageOfWaitingPictures() -> Page? {
        var frames: [Frame] = []
        for column in template.columnRects(ofPage: pageNumber) where framesetter.floatsWaiting(at: position) {
            frames.append(framesetter.frame(in: Container(rect: column, baselineGrid: template.baselineGrid(ofPage: pageNumber)),
                                              from: position, to: position))
        }
        let furniture = runningHeads?.furniture(page: pageNumber, of: pageCount, template: template)
        return Page(number: pageNumber, size: template.size, frames: frames, furniture: furniture)
    }

    public mutating func next() -> Page? {
        let text = framesetter.text
        let picturesWaiting = position >= text.length && text.length > 0 && framesetter.floatsWaiting(at: position)
        guard position < text.length || picturesWaiting || !waitingPictures.isEmpty || (text.length == 0 && pageNumber == 0) else {
            return nil
        }
        pageNumber += 1
        if picturesWaiting { return pageOfWaitingPictures() }
        if spanningAnchors.isEmpty {
            let frames = layOut(from: position, area: template.textArea(ofPage: pageNumber), exclusions: exclusions[pageNumber] ?? [],
                                keepingFrom: nil)
            position = frames.end
            return finish(frames.frames, pictures: [])
        }
        return pageWithPictures()
    }

    private func finish(_ frames: [Frame], pictures: [PlacedPicture]) -> Page {
        let furniture = runningHeads?.furniture(page: pageNumber, of: pageCount, template: template)
        return Page(number: pageNumber, size: template.size, frames: frames, furniture: furniture, pictures: pictures)
    }

    /// The page laid out with the pictures waiting from earlier pages, then again with each
    /// spanning picture anchored on it in turn, kept where its anchor stays on the page.
    private mutating func pageWithPictures() -> Page {
        let start = position
        let reservation = PictureReservation(template: template, page: pageNumber, text: framesetter.text)
        var (placed, left) = reservation.place(waitingPictures)
        var accepted = Array(waitingPictures.prefix(placed.count))
        func layOut(_ pictures: [PlacedPicture]) -> (frames: [Frame], end: Int) {
            let room = reservation.room(beside: pictures)
            // The page may be set again: its paragraphs stay prepared, with their breaks, till it is done.
            return self.layOut(from: start, area: room.area, exclusions: (exclusions[pageNumber] ?? []) + room.exclusions,
                               keepingFrom: start)
        }
        var page = layOut(placed)
        var settled = true
        var considered = anchorsPassed
        while considered < spanningAnchors.count, spanningAnchors[considered].index < page.end {
            let anchor = spanningAnchors[considered]
            considered += 1
            let trial = reservation.place(accepted + [anchor])
            // Pictures from earlier pages go first; this one waits behind any that did not fit.
            guard left.isEmpty, trial.left.isEmpty else {
                left.append(anchor)
                continue
            }
            let candidate = trial.placed
            let set = layOut(candidate)
            let anchored = candidate.filter { $0.anchor >= start }
            if anchored.allSatisfy({ $0.anchor < set.end }) {
                placed = candidate
                accepted.append(anchor)
                page = set
                settled = true
            } else {
                left.append(anchor)
                settled = false
            }
        }
        // The framesetter remembers floats moved on from the last layout: set the kept one again.
        if !settled { page = layOut(placed) }
        framesetter.keepsParagraphs = nil
        // Anchors the last layout took in without trying them (it reached further) wait for the next page.
        while considered < spanningAnchors.count, spanningAnchors[considered].index < page.end {
            left.append(spanningAnchors[considered])
            considered += 1
        }
        anchorsPassed = considered
        waitingPictures = left
        position = page.end
        return finish(page.frames, pictures: placed)
    }

    /// The bands of one page's text from `start` in `area`: its frames and where the text got to.
    /// With `keepingFrom`, the paragraphs from there stay prepared after it returns.
    private mutating func layOut(from start: Int, area: Rect, exclusions excluded: [Exclusion], keepingFrom: Int?) -> (frames: [Frame], end: Int) {
        let text = framesetter.text
        let setter = BandSetter(framesetter: framesetter, grid: template.baselineGrid(ofPage: pageNumber))
        var position = start
        var frames: [Frame] = []
        var top = area.minY
        while position < text.length {
            if !frames.isEmpty {
                if text.forcedBreak(before: position) == .page { break }
                top += gap(before: position)
                if top >= area.maxY { break }
            }
            // The band's paragraphs stay prepared, with their breaks, for the trials that balance
            // it: a paragraph begun on the page before keeps the breaks it was set with there.
            framesetter.keepsParagraphs = keepingFrom ?? position
            defer { framesetter.keepsParagraphs = keepingFrom }
            let section = sections.section(at: position)
            if let style = section.style, let shape = style.shape, let height = style.height {
                let room = area.maxY - top
                // A shape keeps its size: below another band, one with too little room waits
                // for the next page; on a page of its own it is cut to the text area.
                if !frames.isEmpty, height > room + 0.001 { break }
                let rect = Rect(x: area.minX, y: top, width: area.width, height: Swift.min(height, room))
                // A shape too small for a line, first on its page, would stop the text for good:
                // its text is set in one column down the rest of the page instead.
                let fallback = position == start ? Rect(x: area.minX, y: top, width: area.width, height: room) : nil
                let band = setter.fill(shape, band: rect, fallback: fallback, from: position, to: section.end,
                                       exclusions: excluded)
                if band.end == position, position > start { break }
                frames += band.frames
                position = band.end
                guard band.stop == .sectionEnd else { break }
                top = band.bottom
                continue
            }
            let columns = template.columnRects(ofPage: pageNumber, top: top, height: area.maxY - top,
                                               columns: section.style?.columns ?? template.columns,
                                               gutter: section.style?.gutter ?? template.gutter)
            var band = setter.fill(columns, from: position, to: section.end, exclusions: excluded)
            // Below another band, a band whose first line does not fit waits for the next page.
            if !frames.isEmpty, let first = band.frames.first, let line = first.lines.first,
               line.origin.y + line.descent > first.container.rect.maxY + 0.001 {
                break
            }
            let followed = band.stop == .sectionEnd && band.end < text.length
            if followed || (section.style != nil && band.stop != .full) {
                band = setter.balance(band, columns: columns, from: position, to: section.end, exclusions: excluded)
            }
            frames += band.frames
            position = band.end
            guard band.stop == .sectionEnd else { break }
            top = band.bottom
        }
        // Only exclusions can leave a page empty (they cover where the next line would go); the
        // text goes on over the page. Exclusions are on finitely many pages, so pages without
        // them, which always take text, come soon.
        precondition(position > start || !excluded.isEmpty || start >= text.length, "page \(pageNumber) took no text")
        return (frames, position)
    }

    /// The space between a band and the one below it: the page's gutter, so that bands stand as
    /// far apart as columns do, and the space before the lower band's first paragraph, which
    /// the top of a column would drop.
    private func gap(before position: Int) -> Double {
        template.gutter + framesetter.text.paragraphStyle(at: position).spaceBefore
    }
}
