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
    /// The master page it uses (`<master>`), and its furniture placed; nil: none (the
    /// document's `<meta>` heads).
    public var master: MasterPage?
    public var masterItems: [PlacedMasterItem] = []
    /// The article its text starts in (`<include>`), whose title its running heads print; nil:
    /// the document's own text.
    public var article: Article?
    /// The name of the section in force where its text starts (`<section name>`), which
    /// `{section}` prints.
    public var section: String?
    /// The boxes over a gutter whose section's text ends on this page with no room left for
    /// them here: they are not carried into the pages after it, and are drawn on no page.
    public var leftOutBoxes: [BoxRange] = []
    /// Whether it is a blank page put before a page break that must land on the other side of
    /// the spread (`<pagebreak parity="odd">`): no text, no furniture, no running heads.
    public var isBlankForParity = false
    /// Whether the page holds only the running heads of the page of the same number, set after
    /// the last page (`RunningHeadsPlacement.afterTheLastPage`): the PDF's finishing step lays
    /// it over that page.
    public var holdsOnlyRunningHeads = false
    /// Its serial among the pages `typeset watch` keeps between runs (`KeptPages`): a page
    /// taken again from the last setting has the serial of the page it was, so two pages of one
    /// serial are set from the same parts (its running heads aside). nil outside watch.
    public var keptSerial: Int?

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
    /// Whether the text has notes set across the page (`<meta footnote-placement="page">`).
    private let setsNotesAcrossPages: Bool
    /// Where the text switches master pages (`ParagraphStyle.master`), in order.
    private let masterSwitches: MasterSwitches
    /// Where the text's articles start (`ParagraphStyle.article`), in order.
    private let articleStarts: [(position: Int, value: Article)]
    /// The name of the section in force where each page's text starts, for `{section}`.
    private let sectionNames: SectionNamesInForce
    /// The text's spanning pictures, in order.
    private let spanningAnchors: [SpanningAnchor]
    /// Where the pages have got to: all a page is set from besides the text and the template.
    private var flow: Flow
    /// The pages of the last setting taken again, and this one's recorded (`typeset watch`).
    private let reuse: PageReuse?
    /// How many times a box over a gutter is placed again halfway down its column as set round
    /// it, each a layout of the page (docs/pipeline.md: one suffices in the pages measured but
    /// one, which converges in three).
    static let centringRounds = 3

    /// Where the next page starts, and what the pages before it hand it.
    struct Flow {
        var position = 0
        /// What the last frame set carries to the next page's first frame.
        var carry = FlowCarry.none
        /// Floats their sections left waiting as they ended, for the next page's top (HeldFloats).
        var heldFloats = FlowCarry.none
        /// The number of the page last made (0 before the first).
        var pageNumber = 0
        /// How many of the spanning pictures the pages have passed.
        var anchorsPassed = 0
        /// Spanning pictures whose anchors are on earlier pages, for the next page's top or bottom.
        var waitingPictures: [SpanningAnchor] = []
        /// The master of the page being made, the page's frame (the document's, or its master's
        /// columns and margins), its furniture placed, and the shapes the page's text keeps out
        /// of: the document's for the page and the furniture's.
        var master: MasterPage?
        var template: PageTemplate
        var masterItems: [PlacedMasterItem] = []
        var exclusions: [Exclusion] = []
        /// The article the page's text starts in, and the name of its section.
        var article: Article?
        var section: String?
        /// Notes set across the pages going on at the next one's foot (PageNotes).
        var pageNotes: [ContinuedNote] = []

        /// Whether the two hand the next page the same: the rest (master, template,
        /// furniture, article, section) each page finds again from where it starts.
        func handsOnAlike(_ other: Flow) -> Bool {
            position == other.position && pageNumber == other.pageNumber && carry == other.carry && heldFloats == other.heldFloats
                && anchorsPassed == other.anchorsPassed && waitingPictures == other.waitingPictures && pageNotes == other.pageNotes
        }
    }

    /// The text set from where a page starts: its frames, where the text got to, and what the
    /// last frame carries on.
    private struct PageText {
        var frames: [Frame] = []
        var end: Int
        var carry: FlowCarry
        /// Floats the sections that ended left waiting, kept from the bands below (HeldFloats).
        var heldFloats: FlowCarry
        /// The bands whose sections rule their gutters: their frames' indices, and the rule.
        var ruledBands: [(frames: Range<Int>, style: RuleStyle)] = []
        /// The bands whose sections have a background: their frames' indices, the section, and
        /// how far across the page its columns run, those left empty included.
        var tintedBands: [(frames: Range<Int>, section: SectionStyle, columns: HorizontalSpan)] = []
        /// The notes set across the page at its foot, below its bands (PageNotes).
        var notes: PageNotes?

        /// The frames, the page's notes last, as a frame of their own.
        func framesWithNotes(framesetter: Framesetter) -> [Frame] {
            frames + (notes?.frame(after: end, framesetter: framesetter).map { [$0] } ?? [])
        }

        /// The band added below the page's bands so far: its frames, where it ends, and the
        /// section it belongs to (whose rule it draws down its gutters and whose tint it is
        /// set on), if any. Floats still waiting when its section ends are held (HeldFloats).
        mutating func take(_ band: Band, of section: SectionStyle?, across columns: [Rect]) {
            add(band.frames, of: section, across: columns)
            end = band.end
            carry = band.carry
            if band.stop == .sectionEnd {
                let (floats, text) = carry.separatingFloats { _ in true }
                carry = text
                heldFloats = heldFloats.addingFloats(of: floats)
            }
        }

        /// A band of floats held from an ended section (`held`, set with `BandSetter.place`):
        /// the text stays where it was; the floats it could not hold stay held, before `others`.
        mutating func take(held band: Band, of section: SectionStyle?, across columns: [Rect], others: FlowCarry) {
            add(band.frames, of: section, across: columns)
            heldFloats = band.carry.addingFloats(of: others)
        }

        private mutating func add(_ bandFrames: [Frame], of section: SectionStyle?, across columns: [Rect]) {
            let indices = frames.count ..< frames.count + bandFrames.count
            if let rule = section?.columnRule, section?.shape == nil { ruledBands.append((indices, rule)) }
            if let section, section.background != nil, let left = columns.map(\.minX).min(), let right = columns.map(\.maxX).max() {
                tintedBands.append((indices, section, HorizontalSpan(minX: left, maxX: right)))
            }
            frames += bandFrames
        }

        /// The rectangle of the column whose text holds `index` (nil: none on the page).
        func column(holding index: Int) -> Rect? {
            frames.first { $0.visibleRange.contains(index) }?.container.rect
        }

        /// The top of the line holding `index`, its share of the leading above it included, when
        /// it is in a band of one column `width` wide (nil: none on the page, the page's first
        /// line, or a line in a band of several columns).
        func lineTop(holding index: Int, inAColumnAsWideAs width: Double) -> Double? {
            if frames.first(where: { !$0.lines.isEmpty })?.lines.first?.stringRange.contains(index) == true { return nil }
            for frame in frames where frame.visibleRange.contains(index) && frame.container.rect.width >= width - BandSetter.tolerance {
                if let line = frame.lines.first(where: { $0.stringRange.contains(index) }) {
                    return line.origin.y - line.ascent - Swift.max(0, line.leading) / 2
                }
            }
            return nil
        }

        /// The top of the band holding `index` when it is not the page's first band (nil: the
        /// first, or none): a picture anchored in it goes no higher, below the bands before it.
        func bandTop(holding index: Int) -> Double? {
            guard let first = frames.first?.container.rect.minY,
                  let top = frames.first(where: { $0.visibleRange.contains(index) })?.container.rect.minY,
                  top > first + 0.5 else { return nil }
            return top
        }

        /// How far the page's text reaches out of the room it was set in, at most: a column's first
        /// line, or a float that waited for it, is set even when taller than the column, and a
        /// picture in a line even where it is wider than the stretch left it (0: none).
        var overrun: Double {
            frames.reduce(0) { Swift.max($0, $1.container.rect.minY + $1.usedHeight - $1.container.rect.maxY, $1.pictureOverhang) }
        }

        /// The rules of the ruled bands, found only for the page kept, not for every trial.
        var rules: [ColumnRule] {
            ruledBands.flatMap { ColumnRules.rules(beside: leftToRight(frames[$0.frames]), style: $0.style) }
        }

        /// The tints of the tinted bands, found only for the page kept. A band's tint takes in
        /// the pictures and boxes across columns at the page's top or foot (`pictures`, each
        /// with the number of the section its anchor is in) of its section that stand next to
        /// it, no other band between: its floated elements too.
        func tints(under pictures: [(picture: PlacedPicture, section: Int?)]) -> [SectionTint] {
            tintedBands.compactMap { band in
                let standing = pictures.filter { picture, section in
                    picture.position != .middle && section == band.section.number && standsNext(to: band.frames, picture.rect)
                }
                return SectionTints.tint(beside: frames[band.frames], across: band.columns, under: standing.map(\.picture.rect),
                                         section: band.section)
            }
        }

        /// Whether `rect`, above or below the band of `bandFrames`, has no other band's text
        /// between it and the band.
        private func standsNext(to bandFrames: Range<Int>, _ rect: Rect) -> Bool {
            let containers = frames[bandFrames].map(\.container.rect)
            guard let top = containers.map(\.minY).min(), let bottom = containers.map(\.maxY).max() else { return false }
            let between: ClosedRange<Double>
            if rect.maxY <= top + BandSetter.tolerance {
                between = Swift.min(rect.maxY, top) ... top
            } else if rect.minY >= bottom - BandSetter.tolerance {
                between = bottom ... Swift.max(bottom, rect.minY)
            } else {
                return false
            }
            return !frames.indices.contains { index in
                !bandFrames.contains(index) && frames[index].lines.contains { between.contains($0.origin.y) }
            }
        }

        /// A band's frames, which are in reading order (from the right in a right-to-left
        /// section), as they stand across the page.
        private func leftToRight(_ band: ArraySlice<Frame>) -> [Frame] {
            band.sorted { $0.container.rect.minX < $1.container.rect.minX }
        }
    }

    /// `wordWidths`: the words a pull quote's width was fitted with (`fitBoxes`), measured again
    /// only when not given.
    public init(framesetter: Framesetter, template: PageTemplate, runningHeads: RunningHeadSetter? = nil,
                placement: RunningHeadsPlacement = .onEachPage(pageCount: nil), exclusions: [Int: [Exclusion]] = [:],
                measuring wordWidths: WordWidths? = nil, keeping kept: KeptPages? = nil) {
        self.framesetter = framesetter
        self.exclusions = exclusions
        self.template = template
        flow = Flow(template: template)
        self.runningHeads = runningHeads
        self.placement = placement
        if let runningHeads, case .afterTheLastPage = placement {
            headsAfterTheLastPage = RunningHeadsAfterTheLastPage(setter: runningHeads)
        }
        sections = SectionFinder(text: framesetter.text)
        masterSwitches = MasterSwitches(in: framesetter.text)
        articleStarts = Self.switches(in: framesetter.text, \.article)
        sectionNames = SectionNamesInForce(text: framesetter.text, articleStarts: articleStarts)
        spanningAnchors = SpanningAnchor.all(in: framesetter, measuring: wordWidths ?? WordWidths(fonts: framesetter.cache.fonts))
        setsNotesAcrossPages = framesetter.footnotes.all.contains { $0.placement == .page }
        if let kept {
            reuse = PageReuse(kept: kept, setting: KeptSetting(text: framesetter.text, fonts: framesetter.cache.fonts, template: template,
                                                               exclusions: exclusions, spanningAnchors: spanningAnchors,
                                                               setsNotesAcrossPages: setsNotesAcrossPages))
        } else {
            reuse = nil
        }
    }

    public mutating func next() -> Page? {
        if let kept = reuse?.keptPage(after: flow.pageNumber) { return taken(kept) }
        let text = framesetter.text
        if flow.position >= text.length || startsAnotherMaster(at: flow.position) {
            // The text's last band may end full with floats still waiting in its carry (a
            // column that could not hold them ended it below another band): they are held as
            // an ended section's are, or they would be on no page. So are floats waiting at a
            // `<pagebreak master>`: they go on a page of their own, of the master before it.
            let (floats, rest) = flow.carry.separatingFloats { _ in true }
            flow.carry = rest
            flow.heldFloats = flow.heldFloats.addingFloats(of: floats)
        }
        // Floats still waiting when the text has ended get pages of their own (HeldFloats).
        let picturesWaiting = flow.position >= text.length && text.length > 0 && flow.heldFloats.hasWaitingFloats
        // So does the rest of a note split at the last page's foot.
        guard flow.position < text.length || picturesWaiting || flow.carry.hasNotesGoingOn || !flow.pageNotes.isEmpty
                || !flow.waitingPictures.isEmpty
                || (text.length == 0 && flow.pageNumber == 0) else {
            reuse?.finish()
            return headsAfterTheLastPage?.next(pageCount: flow.pageNumber, template: template)
        }
        framesetter.cache.reach.reset()
        flow.pageNumber += 1
        if ParityPages.needsBlankPage(flow.pageNumber, at: flow.position, in: text,
                                      somethingWaits: flow.heldFloats.hasWaitingFloats || flow.carry.hasWaitingFloats
                                          || flow.carry.hasNotesGoingOn || !flow.waitingPictures.isEmpty) {
            return blankPage(read: flow.position ..< flow.position)
        }
        // Pages behind this one are done: their paragraphs are not set again.
        framesetter.cache.forget(before: flow.position)
        // A page uses the master in force where its text starts, and prints its article's title.
        flow.master = masterOfNextPage()
        flow.template = template.using(flow.master)
        flow.article = articleStarts.last { $0.position <= flow.position }?.value
        flow.section = sectionNames.name(at: flow.position)
        flow.masterItems = flow.master.map { flow.template.items(of: $0, onPage: flow.pageNumber) } ?? []
        flow.exclusions = (exclusions[flow.pageNumber] ?? []) + flow.template.exclusions(for: flow.masterItems, onPage: flow.pageNumber)
        if spanningAnchors.isEmpty {
            var page = layOutAboveNotes(area: flow.template.textArea(ofPage: flow.pageNumber), exclusions: BandExclusions(page: flow.exclusions))
            if furnitureStoppedTheText(page) {
                page = layOutAboveNotes(area: flow.template.textArea(ofPage: flow.pageNumber), exclusions: BandExclusions(page: flow.exclusions))
            }
            flow.position = page.end
            flow.carry = page.carry
            flow.heldFloats = page.heldFloats
            flow.pageNotes = page.notes?.goingOn ?? []
            return finish(PageParts(frames: page.framesWithNotes(framesetter: framesetter), pictures: [], rules: page.rules,
                                    tints: page.tints(under: [])),
                          read: framesetter.cache.reach.read(in: text, startingAt: page.end))
        }
        return pageWithPictures()
    }

    /// A page of the last setting taken again, its flow handed on.
    private mutating func taken(_ kept: KeptPage) -> Page {
        flow = kept.flowAfter
        guard let parts = kept.parts else { return blankPage(read: kept.read) }
        return finish(parts, read: kept.read, serial: kept.serial)
    }

    /// A blank page before a page break that must land on the other side of the spread.
    private mutating func blankPage(read: Range<Int>) -> Page {
        reuse?.record(nil, flowAfter: flow, read: read)
        let page = Page(number: flow.pageNumber, size: template.size, frames: [], isBlankForParity: true)
        headsAfterTheLastPage?.note(page)
        return page
    }

    /// The page made of `parts`, with its running heads, its flow handed on; `read`: the text
    /// its layout read, recorded for the next setting (`PageReuse`); `serial`: the kept page's
    /// it is taken from.
    private mutating func finish(_ parts: PageParts, read: Range<Int>, serial: Int? = nil) -> Page {
        let keptSerial = reuse?.record(parts, flowAfter: flow, read: read, taken: serial)
        let (frames, pictures, rules, tints) = (parts.frames, parts.pictures, parts.rules, parts.tints)
        var furniture: PageFurniture?
        if case .onEachPage(let pageCount) = placement {
            furniture = runningHeads?.furniture(page: flow.pageNumber, of: pageCount, template: flow.template, master: flow.master,
                                                context: .init(article: flow.article, section: flow.section))
        }
        let page = flow.template.bleeding(Page(number: flow.pageNumber, size: flow.template.size, frames: frames, furniture: furniture,
                                          pictures: pictures, rules: rules, tints: tints, master: flow.master,
                                          masterItems: flow.masterItems, article: flow.article, section: flow.section,
                                          leftOutBoxes: parts.leftOutBoxes, keptSerial: keptSerial))
        headsAfterTheLastPage?.note(page)
        return page
    }

    /// The page laid out with the pictures waiting from earlier pages, then again with each
    /// spanning picture anchored on it in turn, kept where its anchor stays on the page and the
    /// columns still hold what they set. Every trial is the same layout of the page with other
    /// pictures; the one kept carries on.
    private mutating func pageWithPictures() -> Page {
        let start = flow.position
        var reservation = PictureReservation(template: flow.template, page: flow.pageNumber, framesetter: framesetter,
                                             taken: flow.exclusions)
        var (placed, left) = reservation.place(flow.waitingPictures)
        func layOut(_ pictures: [PlacedPicture]) -> PageText {
            let room = reservation.room(beside: pictures)
            return self.layOutAboveNotes(area: room.area, exclusions: BandExclusions(page: flow.exclusions, pictures: room.rooms),
                                         boxesOverGutters: pictures.filter { $0.position == .middle && !reservation.ownBands.contains($0.anchor) })
        }
        var page = layOut(placed)
        if furnitureStoppedTheText(page) {
            reservation.taken = flow.exclusions
            page = layOut(placed)
        }
        var accepted: [SpanningAnchor] = []
        // How high each picture at the top may go: below the bands that precede its anchor's.
        var floors: [Int: Double] = [:]
        /// `candidate` with its boxes over gutters (`anchors`' pictures) placed again halfway down
        /// their columns as set round them (over the gutters they straddle in `laidOut`), and the
        /// page `set` again, until they stay put (within balancing's tolerance; a few rounds at
        /// most, the last kept): balancing, and the notes across the page, change the height of
        /// the column a box stands halfway down with the room the box takes. A box waiting from
        /// an earlier page stands in the page's first column, where the text it interrupts goes on.
        func centred(_ candidate: [PlacedPicture], of anchors: [SpanningAnchor], beside laidOut: PageText,
                     set: PageText) -> (placed: [PlacedPicture], page: PageText) {
            var (candidate, set) = (candidate, set)
            for _ in 0 ..< Self.centringRounds where candidate.contains(where: { $0.position == .middle }) {
                let around = set
                let moved = reservation.place(anchors, columnOf: { laidOut.column(holding: $0.index) },
                                              heightOf: { around.column(holding: Swift.max($0.index, start)) },
                                              floorOf: { floors[$0.index] })
                guard moved.left.isEmpty, zip(moved.placed, candidate).contains(where: { abs($0.rect.minY - $1.rect.minY) > BandSetter.tolerance })
                else { break }
                candidate = moved.placed
                set = layOut(candidate)
            }
            return (candidate, set)
        }
        /// The pictures from earlier pages that another section's text flows round on `page`.
        func straysFromEarlierPages() -> [Int] {
            placed.filter { !reservation.ownBands.contains($0.anchor) && $0.standsInAnotherSectionsBand(of: page.frames, in: framesetter.text) }
                .map(\.anchor)
        }
        while true {
            // Pictures from earlier pages that another section's text would flow round stand in
            // bands of their own (ElementsInTheirOwnBands); a box over a gutter waiting behind one
            // moved so may then be placed, and be moved too.
            while case let strays = straysFromEarlierPages(), !strays.isEmpty {
                reservation.ownBands.formUnion(strays)
                (placed, left) = reservation.place(flow.waitingPictures)
                page = layOut(placed)
            }
            // Pictures from earlier pages go first, unless the room they leave cannot hold what the
            // columns must set there (a float from the page before, also waiting, is placed at
            // their top whatever its height): then they wait on, behind it.
            if !placed.isEmpty, page.overrun > BandSetter.tolerance {
                let bare = layOut([])
                if page.overrun > bare.overrun + BandSetter.tolerance {
                    (placed, left, page) = ([], flow.waitingPictures, bare)
                }
            }
            accepted = Array(flow.waitingPictures.prefix(placed.count))
            // Notes across the page take its foot: a box waiting from an earlier page stands halfway
            // down the text above them, not the whole text area, where the notes could not pass it.
            guard setsNotesAcrossPages, !placed.isEmpty else { break }
            (placed, page) = centred(placed, of: accepted, beside: page, set: page)
            // Raised so, it may stand in the columns of a section opening the page, which stopped
            // above it while it stood over the notes: then it too takes a band of its own, and the
            // page is set again (a round a picture moved so: the loop ends).
            let raised = straysFromEarlierPages()
            guard !raised.isEmpty else { break }
            reservation.ownBands.formUnion(raised)
            (placed, left) = reservation.place(flow.waitingPictures)
            page = layOut(placed)
        }
        var considered = flow.anchorsPassed
        while considered < spanningAnchors.count, spanningAnchors[considered].index < page.end {
            let anchor = spanningAnchors[considered]
            considered += 1
            // A box over a gutter straddles the one after the column its text is in.
            let laidOut = page
            floors[anchor.index] = laidOut.bandTop(holding: anchor.index)
            let trial = reservation.place(accepted + [anchor], columnOf: { laidOut.column(holding: $0.index) },
                                          heightOf: { laidOut.column(holding: $0.index) }, floorOf: { floors[$0.index] })
            // Pictures from earlier pages go first; this one waits behind any that did not fit.
            guard left.isEmpty, trial.left.isEmpty else {
                left.append(anchor)
                continue
            }
            let (candidate, set) = centred(trial.placed, of: accepted + [anchor], beside: laidOut, set: layOut(trial.placed))
            let anchored = candidate.filter { $0.anchor >= start }
            // Kept where its anchor stays on the page, the room it leaves the columns still holds
            // what they set (a float that waited for the page, a picture in its line), and no
            // other section's text flows round it (ElementsInTheirOwnBands); else it waits.
            if anchored.allSatisfy({ $0.anchor < set.end && !$0.standsInAnotherSectionsBand(of: set.frames, in: framesetter.text) }),
               set.overrun <= laidOut.overrun + BandSetter.tolerance {
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
        let leftOut = boxesOverGuttersLeftOut(of: &left, sectionsEndingBy: page.end)
        flow.waitingPictures = left
        flow.position = page.end
        flow.carry = page.carry
        flow.heldFloats = page.heldFloats
        flow.pageNotes = page.notes?.goingOn ?? []
        let sectioned = placed.map { (picture: $0, section: sections.section(at: $0.anchor).style?.number) }
        return finish(PageParts(frames: page.framesWithNotes(framesetter: framesetter), pictures: placed, rules: page.rules,
                                tints: page.tints(under: sectioned),
                                leftOutBoxes: leftOut),
                      read: framesetter.cache.reach.read(in: framesetter.text, startingAt: page.end))
    }

    /// The boxes over a gutter of `waiting` whose sections end by `end`, taken out of it: each
    /// had no room on the last page of its section's text (one such box a page), and a later
    /// page is another section's, or past a `<pagebreak>` — a pull quote there stood alone under
    /// the next section's headline, none of its essay on the page. As LaTeX's `\clearpage`
    /// flushes its floats before the next chapter's text rather than into it, the box goes no
    /// further; it is left out, and the page says so (`Page.leftOutBoxes`). Only an aside: a
    /// pull quote repeats its text, a figure's picture is nowhere else, so a figure waits on as
    /// any float does.
    private mutating func boxesOverGuttersLeftOut(of waiting: inout [SpanningAnchor], sectionsEndingBy end: Int) -> [BoxRange] {
        var leftOut: [BoxRange] = [], carried: [SpanningAnchor] = []
        for anchor in waiting {
            if case .box(let box) = anchor.content, anchor.position == .middle, box.style.kind == .aside,
               sections.section(at: anchor.index).end <= end {
                leftOut.append(box)
            } else {
                carried.append(anchor)
            }
        }
        waiting = carried
        return leftOut
    }

    /// How many times a page is set again above another room for its notes across the page,
    /// and how close the search for the room comes (points; a fraction of a line, as the
    /// space between the text and the notes' rule may stretch).
    static let noteRounds = 6
    static let noteRoomPrecision = 4.0

    /// The page's text laid out in `area` (see `layOut`) above the room at its foot that the
    /// notes set across the page take (PageNotes): those going on from the page before and
    /// those its text marks, each starting on the page (past the notes' share when it must, see
    /// ColumnNotes). While the notes need more room than the text left them, the text is set
    /// again above that room: a line whose note then has no room goes on to the next page with
    /// it, as TeX's page builder sends a line on with its insertion, and balanced columns
    /// balance above the notes. So does a line in a band of one column whose note is held over
    /// whole (no line of it fits): the text is set again ending above it, unless it is at the
    /// top of the page's text, which always stays. The room is searched by halves between one
    /// too small and one that holds the notes, `noteRounds` settings at most; the highest text
    /// foot that holds them is kept (without one, the notes fit the room they have, and the
    /// rest goes on to the next page).
    private mutating func layOutAboveNotes(area: Rect, exclusions excluded: BandExclusions,
                                           boxesOverGutters: [PlacedPicture] = []) -> PageText {
        guard setsNotesAcrossPages else { return layOut(area: area, exclusions: excluded, boxesOverGutters: boxesOverGutters) }
        let start = flow.position, whole = Container(rect: area, exclusions: excluded.all)
        func notes(of page: PageText, room: Double?) -> PageNotes {
            PageNotes(in: whole, carrying: flow.pageNotes, markedIn: start ..< page.end, room: room, framesetter: framesetter)
        }
        /// Where the page's text must end for its notes: above the room they take, and above the
        /// first line of a marker whose note is held over whole that can go on — not the page's
        /// first line nor one at the top of its text area, which always stay, nor one in a band
        /// of several columns, where ending the text area above it would end every column there.
        func textFoot(of page: PageText, notes placed: PageNotes) -> Double {
            let aboveNotes = area.maxY - placed.height
            let tops = placed.markersHeldOver(in: start ..< page.end).lazy.compactMap { page.lineTop(holding: $0, inAColumnAsWideAs: area.width) }
            guard let top = tops.first(where: { $0 > area.minY + BandSetter.tolerance }) else { return aboveNotes }
            return Swift.min(aboveNotes, top)
        }
        func layOutText(above foot: Double) -> PageText {
            let above = Rect(x: area.minX, y: area.minY, width: area.width, height: Swift.max(0, foot - area.minY))
            return self.layOut(area: above, exclusions: excluded, boxesOverGutters: boxesOverGutters)
        }
        // The text's foot is searched between one that leaves the notes too little room and one
        // that leaves them room (the highest such kept): the notes marked on the page start
        // there past their share, so the room the first setting's marks ask for is more than the
        // text that stays above it marks, and the room can be too large as well as too small.
        var foot = area.maxY, tooHigh = Double.infinity
        var page = layOutText(above: foot)
        var placed = notes(of: page, room: nil)
        var best: (page: PageText, notes: PageNotes, foot: Double)?
        for _ in 0 ..< Self.noteRounds {
            let needed = textFoot(of: page, notes: placed)
            let next: Double
            if needed >= foot - BandSetter.tolerance {
                if best.map({ foot > $0.foot }) ?? true { best = (page, placed, foot) }
                next = Swift.min(needed, tooHigh.isFinite ? (foot + tooHigh) / 2 : needed)
                guard next - foot >= Self.noteRoomPrecision else { break }
            } else {
                tooHigh = Swift.min(tooHigh, foot)
                next = best.map { ($0.foot + foot) / 2 } ?? needed
                guard foot - next >= Self.noteRoomPrecision else { break }
            }
            foot = next
            page = layOutText(above: foot)
            placed = notes(of: page, room: nil)
        }
        if let best {
            (page, placed) = (best.page, best.notes)
        } else {
            let room = area.maxY - foot
            if placed.height > room + BandSetter.tolerance { placed = notes(of: page, room: room) }
        }
        page.notes = placed.isEmpty ? nil : placed
        return page
    }

    /// The bands of the page's text from where it starts, in `area`; `boxesOverGutters` stand
    /// in the bands of their anchors' sections.
    private mutating func layOut(area: Rect, exclusions excluded: BandExclusions, boxesOverGutters: [PlacedPicture] = []) -> PageText {
        let text = framesetter.text
        let start = flow.position
        let setter = BandSetter(framesetter: framesetter, grid: flow.template.baselineGrid(ofPage: flow.pageNumber))
        var page = PageText(end: start, carry: flow.carry, heldFloats: flow.heldFloats)
        var top = placeHeldFloats(on: &page, area: area, setter: setter, exclusions: excluded.all)
        // Past the text's end, a page holds the notes still going on, in the last section's columns.
        while page.end < text.length || page.frames.isEmpty && page.carry.hasNotesGoingOn && text.length > 0 {
            let position = page.end
            if !page.frames.isEmpty {
                if text.forcedBreak(before: position) == .page { break }
                top += gap(before: position)
                if top >= area.maxY { break }
            }
            let section = sections.section(at: Swift.min(position, text.length - 1))
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
                                       carrying: page.carry, exclusions: excluded.ofBand(at: top, sectionEnd: section.end))
                if band.end == position, position > start { break }
                page.take(band, of: style, across: [rect])
                guard band.stop == .sectionEnd else { break }
                top = band.bottom
                continue
            }
            let columns = flow.template.columnRects(ofPage: flow.pageNumber, top: top, height: area.maxY - top, of: section.style)
            // Below another band, a column whose first line does not fit waits for the next page,
            // and the band with it when it is the first.
            let belowAnotherBand = !page.frames.isEmpty
            let bandExclusions = excluded.ofBand(at: top, sectionEnd: section.end)
            var band = setter.fill(columns, from: position, to: section.end, carrying: page.carry, exclusions: bandExclusions,
                                   belowAnotherBand: belowAnotherBand)
            if band.frames.isEmpty { break }
            let followed = band.stop == .sectionEnd && band.end < text.length
            if followed || (section.style != nil && band.stop != .full) {
                // A pull quote standing in the band's columns ends in them, not in the next section.
                let quoteFoot = boxesOverGutters.filter { (position ..< section.end).contains($0.anchor) && $0.rect.minY >= top }
                    .map { $0.rect.maxY + $0.margin }.max()
                band = setter.balance(band, columns: columns, from: position, to: section.end, carrying: page.carry,
                                      exclusions: bandExclusions, belowAnotherBand: belowAnotherBand, reaching: quoteFoot)
            }
            page.take(band, of: section.style, across: columns)
            guard band.stop == .sectionEnd else { break }
            top = band.bottom
        }
        // Only exclusions can leave a page empty (they cover where the next line would go); the
        // text goes on over the page. Exclusions are on finitely many pages, so pages without
        // them, which always take text, come soon. Floats waiting from the page before may fill
        // a page: each column places at least one.
        precondition(page.end > start || !excluded.all.isEmpty || start >= text.length || flow.carry.hasWaitingFloats
                        || flow.carry.hasNotesGoingOn || !flow.pageNotes.isEmpty
                        || flow.heldFloats.hasWaitingFloats,
                     "page \(flow.pageNumber) took no text")
        return page
    }

    /// The floats held from sections that ended on the page before placed at the top of
    /// `area`, a band per section in its own columns (HeldFloats), until one leaves floats for
    /// the next page; returns where the text's bands start.
    private mutating func placeHeldFloats(on page: inout PageText, area: Rect, setter: BandSetter,
                                          exclusions excluded: [Exclusion]) -> Double {
        var top = area.minY
        while let first = page.heldFloats.waitingAnchors.first {
            if !page.frames.isEmpty { top += flow.template.gutter }
            guard top < area.maxY else { break }
            let section = sections.section(at: first).style
            let ofSection = Set(page.heldFloats.waitingAnchors.filter { sections.section(at: $0).style == section })
            let (floats, others) = page.heldFloats.separatingFloats { ofSection.contains($0) }
            let columns = flow.template.columnRects(ofPage: flow.pageNumber, top: top, height: area.maxY - top, of: section)
            let band = setter.place(floats, in: columns, at: page.end, exclusions: excluded)
            page.take(held: band, of: section, across: columns, others: others)
            top = band.bottom
            guard band.stop == .sectionEnd else { break }
        }
        return top
    }

    /// The space between a band and the one below it: the page's gutter, so that bands stand as
    /// far apart as columns do, and the space before the lower band's first paragraph, which
    /// the top of a column would drop.
    private func gap(before position: Int) -> Double {
        flow.template.gutter + framesetter.text.paragraphStyle(at: position).spaceBefore
    }

    /// Whether `page` took no text because its master's furniture left the text no room (a
    /// picture over the whole text area): every page of that master would take none, and the
    /// pages would never end. Then the furniture is no exclusion of the page, which is laid out
    /// again, and the page checker reports the text printed over it.
    private mutating func furnitureStoppedTheText(_ page: PageText) -> Bool {
        let documentExclusions = exclusions[flow.pageNumber] ?? []
        guard page.end == flow.position, flow.position < framesetter.text.length,
              flow.exclusions.count > documentExclusions.count else { return false }
        flow.exclusions = documentExclusions
        return true
    }

    /// The master of the page about to be made: the one in force where its text starts, or,
    /// when floats from before a switch wait for it, the one in force at the first of them.
    /// They were fitted to the frames they may be set in (`PossibleFrames`), which are their
    /// text's: a float held across `<section master>` onto a page of narrower columns hung 71 pt
    /// past its column. After a `<section master>` switch the text may be set in the master
    /// before's frame too, as on the page the switch is on; at a `<pagebreak master>` the
    /// floats were held (`next`), and the page holds them alone (`layOut` stops at the break).
    private func masterOfNextPage() -> MasterPage? {
        let firstWaiting = (flow.heldFloats.waitingAnchors + flow.carry.waitingAnchors).min() ?? flow.position
        return masterSwitches.master(inForceAt: Swift.min(flow.position, firstWaiting))
    }

    /// Whether `position` starts a page of a master given by `<pagebreak master>`.
    private func startsAnotherMaster(at position: Int) -> Bool {
        guard let index = masterSwitches.index(inForceAt: position) else { return false }
        return masterSwitches.all[index].position == position && framesetter.text.forcedBreak(before: position) == .page
    }

    /// The paragraphs of `text` whose styles switch `value` (an article), in order.
    private static func switches<Value>(in text: AttributedText, _ value: KeyPath<ParagraphStyle, Value?>) -> [(position: Int, value: Value)] {
        let runs = text.paragraphStyleRuns
        return (0 ..< runs.runCount).compactMap { run in
            runs.value(ofRun: run)[keyPath: value].map { (runs.range(ofRun: run).lowerBound, $0) }
        }
    }
}

