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
    /// Pictures and boxes spanning columns at the top or bottom of the text area (`<img
    /// float="top">`, `<figure float="top">`), and boxes over a gutter (`<aside float="center">`).
    public var pictures: [PlacedPicture] = []
    /// The rules down the gutters of its sections that have them (`<section column-rule>`).
    public var rules: [ColumnRule] = []
    /// The tints behind its sections that have a background (`<section background>`), one per
    /// band, top down.
    public var tints: [SectionTint] = []
    /// Whether the page holds only the running heads of the page of the same number, set after
    /// the last page (`RunningHeadsPlacement.afterTheLastPage`): the PDF's finishing step lays
    /// it over that page.
    public var holdsOnlyRunningHeads = false

    /// Every figure and aside on the page: across its columns, floated in a frame, or kept in one.
    public var boxes: [PlacedBox] {
        pictures.compactMap(\.box) + frames.flatMap(\.boxes)
    }
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
/// A section with a column rule (`SectionStyle.columnRule`) has its rules found from the
/// frames of each of its bands on the page kept (`ColumnRules`): a page carries them as values.
/// So does a section with a background its tints (`SectionTints`), one per band.
///
/// Spanning pictures (`SpanningPicture`) are placed on the page their anchor falls on when
/// there is room and the anchor stays there with the picture's room taken from the columns;
/// otherwise at the top or bottom of the next page (`pageWithPictures`), the text going on.
public struct Paginator: Sequence, IteratorProtocol {
    public let framesetter: Framesetter
    public let template: PageTemplate
    public let runningHeads: RunningHeadSetter?
    /// Where the running heads are set: on each page, or on pages of their own after the last.
    public let placement: RunningHeadsPlacement
    /// The heads waiting for the last page, when they are set after it.
    private var headsAfterTheLastPage: RunningHeadsAfterTheLastPage?
    /// Shapes text keeps out of, by page number, in points from the page's top-left corner.
    public let exclusions: [Int: [Exclusion]]
    private var sections: SectionFinder
    /// The text's spanning pictures, in order.
    private let spanningAnchors: [SpanningAnchor]
    /// Where the pages have got to: all a page is set from besides the text and the template.
    private var flow = Flow()

    /// Where the next page starts, and what the pages before it hand it.
    private struct Flow {
        var position = 0
        /// What the last frame set carries to the next page's first frame.
        var carry = FlowCarry.none
        /// The number of the page last made (0 before the first).
        var pageNumber = 0
        /// How many of the spanning pictures the pages have passed.
        var anchorsPassed = 0
        /// Spanning pictures whose anchors are on earlier pages, for the next page's top or bottom.
        var waitingPictures: [SpanningAnchor] = []
    }

    /// The text set from where a page starts: its frames, where the text got to, and what the
    /// last frame carries on.
    private struct PageText {
        var frames: [Frame] = []
        var end: Int
        var carry: FlowCarry
        /// The bands whose sections rule their gutters: their frames' indices, and the rule.
        var ruledBands: [(frames: Range<Int>, style: RuleStyle)] = []
        /// The bands whose sections have a background: their frames' indices, and the section.
        var tintedBands: [(frames: Range<Int>, section: SectionStyle)] = []

        /// The band added below the page's bands so far: its frames, where it ends, and the
        /// section it belongs to (whose rule it draws down its gutters and whose tint it is
        /// set on), if any.
        mutating func take(_ band: Band, of section: SectionStyle?) {
            let indices = frames.count ..< frames.count + band.frames.count
            if let rule = section?.columnRule, section?.shape == nil { ruledBands.append((indices, rule)) }
            if let section, section.background != nil { tintedBands.append((indices, section)) }
            frames += band.frames
            end = band.end
            carry = band.carry
        }

        /// The top of the band holding `index` when it is not the page's first band (nil: the
        /// first, or none): a picture anchored in it goes no higher, below the bands before it.
        func bandTop(holding index: Int) -> Double? {
            guard let first = frames.first?.container.rect.minY,
                  let top = frames.first(where: { $0.visibleRange.contains(index) })?.container.rect.minY,
                  top > first + 0.5 else { return nil }
            return top
        }

        /// The rules of the ruled bands, found only for the page kept, not for every trial.
        var rules: [ColumnRule] {
            ruledBands.flatMap { ColumnRules.rules(beside: Array(frames[$0.frames]), style: $0.style) }
        }

        /// The tints of the tinted bands, found only for the page kept.
        var tints: [SectionTint] {
            tintedBands.compactMap { SectionTints.tint(beside: Array(frames[$0.frames]), section: $0.section) }
        }
    }

    public init(framesetter: Framesetter, template: PageTemplate, runningHeads: RunningHeadSetter? = nil,
                placement: RunningHeadsPlacement = .onEachPage(pageCount: nil), exclusions: [Int: [Exclusion]] = [:]) {
        self.framesetter = framesetter
        self.exclusions = exclusions
        self.template = template
        self.runningHeads = runningHeads
        self.placement = placement
        if let runningHeads, case .afterTheLastPage = placement {
            headsAfterTheLastPage = RunningHeadsAfterTheLastPage(setter: runningHeads)
        }
        sections = SectionFinder(text: framesetter.text)
        spanningAnchors = SpanningAnchor.all(in: framesetter)
    }

    /// Floated pictures that did not fit before the text ended get pages of their own, one
    /// column after another, rather than being dropped: each frame places at least the first.
    /// The columns are the last section's, where they waited: their pictures were fitted to its
    /// column (`fitPictures`, `fitBoxes`), which may be wider than the page's.
    private mutating func pageOfWaitingPictures() -> Page {
        var frames: [Frame] = []
        let section = sections.section(at: framesetter.text.length - 1).style
        let area = template.textArea(ofPage: flow.pageNumber)
        let columns = template.columnRects(ofPage: flow.pageNumber, top: area.minY, height: area.height,
                                           columns: section?.columns ?? template.columns, gutter: section?.gutter ?? template.gutter)
        for column in columns where flow.carry.hasWaitingFloats {
            let result = framesetter.frame(in: Container(rect: column, baselineGrid: template.baselineGrid(ofPage: flow.pageNumber)),
                                           from: flow.position, to: flow.position, carrying: flow.carry)
            frames.append(result.frame)
            flow.carry = result.carry
        }
        return finish(frames, pictures: [], tints: [])
    }

    public mutating func next() -> Page? {
        let text = framesetter.text
        let picturesWaiting = flow.position >= text.length && text.length > 0 && flow.carry.hasWaitingFloats
        guard flow.position < text.length || picturesWaiting || !flow.waitingPictures.isEmpty
                || (text.length == 0 && flow.pageNumber == 0) else {
            return headsAfterTheLastPage?.next(pageCount: flow.pageNumber, template: template)
        }
        flow.pageNumber += 1
        // Pages behind this one are done: their paragraphs are not set again.
        framesetter.cache.forget(before: flow.position)
        if picturesWaiting { return pageOfWaitingPictures() }
        if spanningAnchors.isEmpty {
            let page = layOut(area: template.textArea(ofPage: flow.pageNumber), exclusions: exclusions[flow.pageNumber] ?? [])
            flow.position = page.end
            flow.carry = page.carry
            return finish(page.frames, pictures: [], rules: page.rules, tints: page.tints)
        }
        return pageWithPictures()
    }

    private mutating func finish(_ frames: [Frame], pictures: [PlacedPicture], rules: [ColumnRule] = [], tints: [SectionTint]) -> Page {
        var furniture: PageFurniture?
        if case .onEachPage(let pageCount) = placement {
            furniture = runningHeads?.furniture(page: flow.pageNumber, of: pageCount, template: template)
        }
        let page = template.bleeding(Page(number: flow.pageNumber, size: template.size, frames: frames, furniture: furniture,
                                          pictures: pictures, rules: rules, tints: tints))
        headsAfterTheLastPage?.note(page)
        return page
    }

    /// The page laid out with the pictures waiting from earlier pages, then again with each
    /// spanning picture anchored on it in turn, kept where its anchor stays on the page. Every
    /// trial is the same layout of the page with other pictures; the one kept carries on.
    private mutating func pageWithPictures() -> Page {
        let start = flow.position
        let reservation = PictureReservation(template: template, page: flow.pageNumber, framesetter: framesetter)
        var (placed, left) = reservation.place(flow.waitingPictures)
        var accepted = Array(flow.waitingPictures.prefix(placed.count))
        func layOut(_ pictures: [PlacedPicture]) -> PageText {
            let room = reservation.room(beside: pictures)
            return self.layOut(area: room.area, exclusions: (exclusions[flow.pageNumber] ?? []) + room.exclusions)
        }
        var page = layOut(placed)
        var considered = flow.anchorsPassed
        // How high each picture at the top may go: below the bands that precede its anchor's.
        var floors: [Int: Double] = [:]
        while considered < spanningAnchors.count, spanningAnchors[considered].index < page.end {
            let anchor = spanningAnchors[considered]
            considered += 1
            // A box over a gutter straddles the one after the column its text is in.
            let laidOut = page
            floors[anchor.index] = laidOut.bandTop(holding: anchor.index)
            let trial = reservation.place(accepted + [anchor], columnOf: { anchor in
                laidOut.frames.first { $0.visibleRange.contains(anchor.index) }
                    .map { reservation.column(at: $0.container.rect.minX, of: anchor) } ?? 0
            }, floorOf: { floors[$0.index] })
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
            } else {
                left.append(anchor)
            }
        }
        // Anchors the last layout took in without trying them (it reached further) wait for the next page.
        while considered < spanningAnchors.count, spanningAnchors[considered].index < page.end {
            left.append(spanningAnchors[considered])
            considered += 1
        }
        flow.anchorsPassed = considered
        flow.waitingPictures = left
        flow.position = page.end
        flow.carry = page.carry
        return finish(page.frames, pictures: placed, rules: page.rules, tints: page.tints)
    }

    /// The bands of the page's text from where it starts, in `area`.
    private mutating func layOut(area: Rect, exclusions excluded: [Exclusion]) -> PageText {
        let text = framesetter.text
        let start = flow.position
        let setter = BandSetter(framesetter: framesetter, grid: template.baselineGrid(ofPage: flow.pageNumber))
        var page = PageText(end: start, carry: flow.carry)
        var top = area.minY
        while page.end < text.length {
            let position = page.end
            if !page.frames.isEmpty {
                if text.forcedBreak(before: position) == .page { break }
                top += gap(before: position)
                if top >= area.maxY { break }
            }
            let section = sections.section(at: position)
            if let style = section.style, let shape = style.shape, let height = style.height {
                let room = area.maxY - top
                // A shape keeps its size: below another band, one with too little room waits
                // for the next page; on a page of its own it is cut to the text area.
                if !page.frames.isEmpty, height > room + 0.001 { break }
                let rect = Rect(x: area.minX, y: top, width: area.width, height: Swift.min(height, room))
                // A shape too small for a line, first on its page, would stop the text for good:
                // its text is set in one column down the rest of the page instead.
                let fallback = position == start ? Rect(x: area.minX, y: top, width: area.width, height: room) : nil
                let band = setter.fill(shape, band: rect, fallback: fallback, from: position, to: section.end,
                                       carrying: page.carry, exclusions: excluded)
                if band.end == position, position > start { break }
                page.take(band, of: style)
                guard band.stop == .sectionEnd else { break }
                top = band.bottom
                continue
            }
            let columns = template.columnRects(ofPage: flow.pageNumber, top: top, height: area.maxY - top,
                                               columns: section.style?.columns ?? template.columns,
                                               gutter: section.style?.gutter ?? template.gutter)
            // Below another band, a column whose first line does not fit waits for the next page,
            // and the band with it when it is the first.
            let belowAnotherBand = !page.frames.isEmpty
            var band = setter.fill(columns, from: position, to: section.end, carrying: page.carry, exclusions: excluded,
                                   belowAnotherBand: belowAnotherBand)
            if band.frames.isEmpty { break }
            let followed = band.stop == .sectionEnd && band.end < text.length
            if followed || (section.style != nil && band.stop != .full) {
                band = setter.balance(band, columns: columns, from: position, to: section.end, carrying: page.carry,
                                      exclusions: excluded, belowAnotherBand: belowAnotherBand)
            }
            page.take(band, of: section.style)
            guard band.stop == .sectionEnd else { break }
            top = band.bottom
        }
        // Only exclusions can leave a page empty (they cover where the next line would go); the
        // text goes on over the page. Exclusions are on finitely many pages, so pages without
        // them, which always take text, come soon. Floats waiting from the page before may fill
        // a page: each column places at least one.
        precondition(page.end > start || !excluded.isEmpty || start >= text.length || flow.carry.hasWaitingFloats,
                     "page \(flow.pageNumber) took no text")
        return page
    }

    /// The space between a band and the one below it: the page's gutter, so that bands stand as
    /// far apart as columns do, and the space before the lower band's first paragraph, which
    /// the top of a column would drop.
    private func gap(before position: Int) -> Double {
        template.gutter + framesetter.text.paragraphStyle(at: position).spaceBefore
    }
}

