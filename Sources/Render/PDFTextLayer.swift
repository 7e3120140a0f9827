import CCairo
import Foundation
import Layout
import Pages
import Text

/// The text of a PDF's pages, written by typeset itself rather than by Cairo: one content
/// stream a page, which the finishing step lays over the page Cairo drew (`TextLayerOverPages`),
/// with fonts of its own (`PDFEmbeddedFonts`).
///
/// Cairo places every glyph by its own number in a `TJ` array, since it cannot know that a
/// justified line's letters share one spacing and its word spaces one stretch; here a run's
/// spacing is said once, with `Tc` and `Tw` (`RunSpacing`), and a `TJ` number is written only
/// where a glyph is not where the spacing and its width put it (a kern, an odd space). Font
/// size and glyph scaling are the text state's (`Tf`, `Tz`), so a line starts with a `Td` from
/// the line before. Every glyph lands where layout put it, to a thousandth of the font size.
///
/// A glyph's text is its code's ToUnicode entry: in a face written in simple fonts, a lone
/// glyph's every text has a code of its own (`SimpleFontCodes`); in an `/Identity-H` face only
/// the first text a glyph is drawn with (as in Cairo). Any other cluster (several glyphs for one
/// text, a glyph drawn for another text in an `/Identity-H` face) is wrapped in `/ActualText`.
///
/// Everything of the document's text is the layer's: a drop cap's initial, translucent text
/// (`TextLayerGraphicsStates`), the text under a shadow or a colour glyph's picture, which Cairo
/// draws as an artifact (`PageDrawer`), a colour face's glyphs written invisible, in a Type 3
/// font of empty glyphs (`InvisibleFontObjects`): one writer, so that every reader reads the
/// page's text in one order.
///
/// Marked content: the structure recorder opens and closes the page's sequences
/// (`beginMarked`, `beginArtifact`, `endMarked`). When the page ends, they are written in
/// reading order (`endPage(firstMCID:sequenceOrder:)`, the order the recorder gives), not in
/// the order they were drawn: a caption or an aside drawn before the column it is anchored in
/// is read after the paragraph before its anchor, as the structure tree reads it. A sequence
/// written after another than the one drawn before it starts with what changes the text state
/// from the one in force to the one it was written in (`TextState.transition`): nothing on a
/// page drawn in reading order, a book's. Cairo numbers its own page's sequences from 0, in an
/// order known only when the page ends; the layer's come after Cairo's, so their MCIDs are
/// written when the page ends, in the order written.
final class PDFTextLayer {
    /// What the pages change of the state they share (`fonts`, `graphicsStates`).
    private let history = TextLayerHistory()
    let fonts: PDFEmbeddedFonts
    let graphicsStates: TextLayerGraphicsStates
    /// How a colour printed with inks is painted, and the spots each page uses.
    var printedColours = PrintedColours()
    /// Where the pages' deflated content streams are kept until the finishing step.
    let streams: TextLayerStreams
    /// The finished pages, in order: each one's content stream (its index in `streams`, nil
    /// when the page has no text of the layer's), the font resources and graphics states it uses.
    private(set) var pages: [Page] = []
    /// The running heads' text, written after the last page when `{pages}` is known: each
    /// band of a page's heads a stream of its own, which the finishing step paints before the
    /// page's content (a header) or after it (a footer), so that it is read where it stands.
    private(set) var runningHeads: [RunningHeadsText] = []

    struct Page {
        var stream: Int?
        var fontResources: [Int]
        var graphicsStates: [Int] = []
    }

    /// One band of a page's running heads: `page`, the index of the page it goes over.
    struct RunningHeadsText {
        var page: Int
        var band: RunningHeadSetter.Band
        var text: Page
    }

    /// `kept`: the streams the run before deflated (`typeset watch`), taken again.
    init(streams: TextLayerStreams, keeping kept: KeptDeflates? = nil) {
        self.streams = streams
        deflater = Deflater(keeping: kept)
        fonts = PDFEmbeddedFonts(history: history)
        graphicsStates = TextLayerGraphicsStates(history: history)
    }

    /// The pages the run before wrote (`typeset watch`), taken again where alike; nil: every
    /// page is written.
    var keptPages: KeptTextLayerPages? {
        didSet { keptPages?.beginRun() }
    }
    /// What the page being drawn begins from, and the last run's page taken for it: its glyphs
    /// are then not written, only its colours painted (Cairo shares the spots' numbering).
    private var pageStart: KeptTextLayerPages.Start?
    private var takenPage: KeptTextLayerPages.Record?

    /// Whether the page being drawn is the run before's, taken (`keptPages`): `show` writes
    /// no glyph, and needs no text.
    var takesThePage: Bool { takenPage != nil }

    // The layer is drawn on one thread, and no access to its state overlaps another: the
    // properties written at every run go without Swift's runtime exclusivity checks (some 130
    // instructions an access, several a run).
    @exclusivity(unchecked) private var content = PDFContentBytes()
    /// The page's sequences in the order they began: where each starts in `content`, where its
    /// MCID goes (none for an artifact), and the text state it begins in.
    @exclusivity(unchecked) private var sequences: [(start: Int, mcidPlace: Int?, state: TextState)] = []
    @exclusivity(unchecked) private var resourcesOnPage: [Bool] = []
    @exclusivity(unchecked) private var state = TextState()
    /// Whether the run written last was right to left (`show`).
    private var lastRunWasRightToLeft = false
    /// The translation from the drawer's coordinates (y down, origin at the page's corner) to
    /// the sheet's, and the sheet's height.
    private var origin = Point(x: 0, y: 0)
    private var sheetHeight = 0.0
    @exclusivity(unchecked) private var spacingFinder = RunSpacingFinder()
    /// Whether the line being drawn writes its word spaces' stretch as `TJ` numbers, not `Tw`:
    /// a line with a glyph off its baseline (`Line.hasGlyphsOffItsBaseline`), which the drawer
    /// says before the line's first run, since a run cannot see the runs after it.
    var writesWordSpacesAsNumbers = false
    /// How far from the line's baseline a glyph stands off it, needing a `Td` of its own.
    static let baselineTolerance = 0.0005
    private let deflater: Deflater

    /// What the text state holds between runs: what need not be written again.
    struct TextState {
        var inTextObject = false
        /// The font resource and size in force (`Tf`).
        var resource = -1
        var size = 0.0
        var horizontalScale = 1.0
        var spacing = RunSpacing()
        /// The fill's colour (`rg`, `k`, `g`, `scn`), its alpha apart.
        var color = Color.black
        /// The fill's and the outline's opacity, and overprinting (`gs`).
        var paint = TextLayerGraphicsStates.Paint.opaque
        /// How glyphs are painted (`Tr`): 0 filled, 1 outlined, 2 filled then outlined.
        var renderingMode = 0
        /// The outline's colour and width (`RG`, `w`), and whether its joins are round yet (`j`).
        var strokeColor = Color.black
        var lineWidth = 1.0
        var roundJoins = false
        /// The start of the current line in the text object (`Tlm`), in the page's coordinates
        /// (y down), as written.
        var lineX = 0.0, lineY = 0.0
        /// Where the last glyph written on the drawer's line left the pen, as a reader computes
        /// it (nil: no glyph yet on this line, the next one is placed with a `Td`), and the text
        /// rise in force (`Ts`, text space: up) for a glyph raised or lowered on it.
        var penX: Double?
        var rise = 0.0
    }

    /// A line of the drawer's begins: its first glyph is placed with a `Td`, and the glyphs
    /// after it, run after run, go on from the pen (`GlyphWriter`).
    func beginLine() {
        state.penX = nil
    }

    /// Begins a page of `sheetHeight` whose drawing is moved by `origin` on its sheet;
    /// `keptSerial`: the page's `Page.keptSerial`, when its text is the document's alone (no
    /// running heads on it).
    func beginPage(sheetHeight: Double, origin: Point, keptSerial: Int? = nil) {
        history.beginPage()
        if let keptPages {
            let start = KeptTextLayerPages.Start(serial: keptSerial, sheetHeight: sheetHeight, origin: origin, spots: printedColours.spots)
            pageStart = start
            takenPage = keptPages.page(startingAs: start)
        }
        content.removeAll()
        sequences.removeAll(keepingCapacity: true)
        resourcesOnPage = Array(repeating: false, count: resourcesOnPage.count)
        state = TextState()
        lastRunWasRightToLeft = false
        self.origin = origin
        self.sheetHeight = sheetHeight
    }

    /// Ends the page: its sequences written in `sequenceOrder` (indexes in the order they
    /// began; nil: that order), their MCIDs numbered from `firstMCID` (how many Cairo's part of
    /// the page has) in the order written, and its content deflated.
    func endPage(firstMCID: Int, sequenceOrder: [Int]? = nil) throws {
        let deflated: [UInt8]?
        if let takenPage {
            try take(takenPage, firstMCID: firstMCID, sequenceOrder: sequenceOrder)
            deflated = takenPage.deflated
        } else {
            let written = try finishPage(firstMCID: firstMCID, sequenceOrder: sequenceOrder)
            pages.append(written.page)
            deflated = written.deflated
        }
        takenPage = nil
        guard let keptPages, let pageStart, let page = pages.last else { return }
        keptPages.record(KeptTextLayerPages.Record(start: pageStart, firstMCID: firstMCID, sequenceOrder: sequenceOrder,
                                                   changes: history.ofThePage, deflated: deflated, hasStream: page.stream != nil,
                                                   fontResources: page.fontResources, graphicsStates: page.graphicsStates))
    }

    /// The last run's page taken as this one: its changes to the shared state made again, its
    /// stream kept as it was. Its marks are the structure's of the same page, which the
    /// recorder gives alike.
    private func take(_ kept: KeptTextLayerPages.Record, firstMCID: Int, sequenceOrder: [Int]?) throws {
        guard kept.firstMCID == firstMCID, kept.sequenceOrder == sequenceOrder else {
            throw FinishingError("the text of page \(pages.count + 1), taken from the run before, has other marks this run")
        }
        for change in kept.changes {
            let givesAlike: Bool
            switch change {
            case .slot(let font, let given): givesAlike = fonts.slot(for: font) == given
            case .resource(let slot, let font, let given): givesAlike = fonts.resource(slot: slot, font: font) == given
            case .code(let slot, let glyph, let text, let mayBeItsOwnText, let given):
                let glyphs = fonts.glyphs(in: slot)
                if let text {
                    givesAlike = text.withUnsafeBufferPointer { glyphs.code(of: glyph, as: $0, mayBeItsOwnText: mayBeItsOwnText) } == given
                } else {
                    givesAlike = glyphs.code(of: glyph, as: nil, mayBeItsOwnText: mayBeItsOwnText) == given
                }
            case .continuation(let slot, let text, let given):
                givesAlike = text.withUnsafeBufferPointer { fonts.glyphs(in: slot).continuationCode(as: $0) } == given
            case .paint(let paint, let given): givesAlike = graphicsStates.number(of: paint) == given
            }
            // The state is the run before's at this page (`KeptTextLayerPages`): a change made
            // again gives what it gave, or the kept stream would name other codes.
            guard givesAlike else {
                throw FinishingError("the text of page \(pages.count + 1), taken from the run before, is given other codes this run")
            }
        }
        _ = graphicsStates.endPage()
        pages.append(Page(stream: kept.deflated.map { streams.keep($0) }, fontResources: kept.fontResources,
                          graphicsStates: kept.graphicsStates))
    }


    /// Begins the running heads of `band` on a page of `sheetHeight` whose drawing is moved by
    /// `origin`: what is drawn until `endRunningHeads` is a pagination artifact (PDF 14.8.2.2),
    /// a header or a footer, in a stream of its own.
    func beginRunningHeads(_ band: RunningHeadSetter.Band, sheetHeight: Double, origin: Point) {
        beginPage(sheetHeight: sheetHeight, origin: origin)
        beginTextObject()
        sequences.append((start: content.count, mcidPlace: nil, state: state))
        content.raw(band == .header ? "/Artifact <</Type /Pagination /Subtype /Header>> BDC\n"
                                    : "/Artifact <</Type /Pagination /Subtype /Footer>> BDC\n")
        headsBand = (band, content.count)
    }

    /// Ends the running heads begun last, which go over the page `page` (its index): kept
    /// when the layer wrote any of their glyphs (a colour face's are Cairo's).
    func endRunningHeads(over page: Int) throws {
        guard let (band, start) = headsBand else { return }
        headsBand = nil
        guard content.count > start else { return }
        endMarked()
        runningHeads.append(RunningHeadsText(page: page, band: band, text: try finishPage(firstMCID: 0, standingAlone: true).page))
    }

    /// The band of the running heads being written, and where their glyphs start in `content`.
    private var headsBand: (band: RunningHeadSetter.Band, start: Int)?

    /// The page's content written in `sequenceOrder`, MCIDs from `firstMCID` (see `endPage`),
    /// and deflated (the deflated bytes given too, nil when it has no text, for `keptPages`);
    /// `standingAlone`: in `q` … `Q`, for a stream painted before a page's own content (its `cm`
    /// must not reach Cairo's) or after the layer's.
    private func finishPage(firstMCID: Int, sequenceOrder: [Int]? = nil,
                            standingAlone: Bool = false) throws -> (page: Page, deflated: [UInt8]?) {
        let drawnEnd = content.count, endState = state
        endTextObject()
        guard content.count > 0 else { return (Page(stream: nil, fontResources: [], graphicsStates: graphicsStates.endPage()), nil) }
        var page = PDFContentBytes()
        if standingAlone { page.raw("q\n") }
        // The drawer's coordinates, y down, placed on the sheet: Cairo's page leaves its own in
        // effect, and the finishing step puts this stream after it between `q` and `Q`.
        page.raw("1 0 0 -1")
        page.number(origin.x)
        page.number(sheetHeight - origin.y)
        page.raw(" cm\n")
        // What was written before the first sequence (all of it, when nothing is marked).
        page.append(0 ..< (sequences.first?.start ?? drawnEnd), of: content)
        var mcid = firstMCID
        var previous = -1
        var inForce = sequences.first?.state ?? endState
        for index in sequenceOrder ?? Array(sequences.indices) {
            let sequence = sequences[index]
            let next = index + 1 < sequences.count ? sequences[index + 1] : nil
            if index != previous + 1 { TextState.transition(from: inForce, to: sequence.state, fonts: fonts, graphicsStates: graphicsStates,
                                                                 colours: printedColours, into: &page) }
            let end = next?.start ?? drawnEnd
            if let place = sequence.mcidPlace {
                page.append(sequence.start ..< place, of: content)
                page.integer(mcid)
                page.append(place ..< end, of: content)
                mcid += 1
            } else {
                page.append(sequence.start ..< end, of: content)
            }
            inForce = next?.state ?? endState
            previous = index
        }
        // The end of the text object.
        page.append(drawnEnd ..< content.count, of: content)
        if standingAlone { page.raw("Q\n") }
        let resources = resourcesOnPage.indices.filter { resourcesOnPage[$0] }
        let deflated = try deflater.bytes(page.bytes, of: "the text of a page")
        return (Page(stream: streams.keep(deflated), fontResources: resources, graphicsStates: graphicsStates.endPage()), deflated)
    }

    /// Whether the layer can write glyphs painted with `ink`: of a font it can embed, or a
    /// colour face's (written invisible), at a size and scale that draw something.
    func canDraw(_ ink: TextLayerInk) -> Bool {
        ink.size > 0 && ink.horizontalScale > 0 && (ink.isInvisible || fonts.canEmbed(ink.font))
    }

    // MARK: Marked content

    /// `/tag << /MCID n >> BDC`, n given when the page ends.
    func beginMarked(tag: String) {
        beginTextObject()
        let start = content.count
        content.raw("/")
        content.raw(tag)
        content.raw(" <</MCID ")
        sequences.append((start: start, mcidPlace: content.count, state: state))
        content.raw(">> BDC\n")
    }

    /// `/Artifact BMC`: what follows is not the document's content (such as a table's header
    /// repeated on a later page).
    func beginArtifact() {
        beginTextObject()
        sequences.append((start: content.count, mcidPlace: nil, state: state))
        content.raw("/Artifact BMC\n")
    }

    func endMarked() {
        content.raw("EMC\n")
    }

    // MARK: Glyphs

    /// Writes glyphs painted with `ink`, at `glyphs` (where the drawer puts them, the run's
    /// origin included), with the text of `text`'s clusters.
    func show(_ ink: TextLayerInk, glyphs: UnsafeBufferPointer<cairo_glyph_t>, text: RunTextClusters, rightToLeft: Bool = false) {
        guard !glyphs.isEmpty else { return }
        if takenPage != nil { return paintColours(of: ink) }
        let slot = fonts.slot(for: ink.font)
        // Invisible glyphs paint nothing: the paint in force serves.
        if !ink.isInvisible {
            setColor(ink.color)
            setOutline(ink.stroke, fontSize: ink.size)
            // An opacity that paints nothing (a fill under `1 Tr`, an outline not drawn) stays as it is.
            let fills = ink.stroke?.fills ?? true
            setPaint(TextLayerGraphicsStates.Paint(fill: fills ? ink.color.alpha : state.paint.fill,
                                                   stroke: ink.stroke?.color.alpha ?? state.paint.stroke, overprint: ink.overprints))
        }
        beginTextObject()
        if state.horizontalScale != ink.horizontalScale {
            content.number(ink.horizontalScale * 100, decimals: 4)
            content.raw(" Tz\n")
            state.horizontalScale = ink.horizontalScale
        }
        let fontGlyphs = fonts.glyphs(in: slot)
        let found = spacingFinder.spacing(of: glyphs, in: fontGlyphs, size: ink.size, scale: ink.horizontalScale,
                                          current: state.spacing)
        // Without `Tw`, each word space's stretch is a `TJ` number after it, which pypdf counts.
        var spacing = found
        if writesWordSpacesAsNumbers { spacing.word = 0 }
        if spacing.letter != state.spacing.letter {
            content.number(spacing.letter, decimals: 4)
            content.raw(" Tc\n")
        }
        if spacing.word != state.spacing.word {
            content.number(spacing.word, decimals: 4)
            content.raw(" Tw\n")
        }
        state.spacing = spacing
        // The writer owns the page's bytes while it writes the run: no property of the layer's
        // is reached glyph by glyph.
        var writer = GlyphWriter(fonts: fonts, slot: slot, fontGlyphs: fontGlyphs, lineX: state.lineX,
                                 lineY: state.lineY, pen: state.penX, rise: state.rise, resource: state.resource, resourceSize: state.size,
                                 size: ink.size, scale: ink.horizontalScale, spacing: spacing, wordStretch: found.word - spacing.word)
        swap(&content, &writer.content)
        // pypdf reads what follows right-to-left letters backwards with them until a `Tf`: a
        // run after a right-to-left one starts with its own, or the space after a right-to-left
        // word in a left-to-right line is read before the word ("مرحبا from" as " مرحباfrom").
        if lastRunWasRightToLeft, !rightToLeft { writer.startPiece() }
        lastRunWasRightToLeft = rightToLeft
        if rightToLeft {
            writeInReadingOrder(glyphs: glyphs, text: text, with: &writer)
        } else {
            writeInDrawingOrder(glyphs: glyphs, text: text, with: &writer)
        }
        writer.finish()
        swap(&content, &writer.content)
        state.lineX = writer.lineX
        state.lineY = writer.lineY
        // A reader measures a Type 3 font's empty glyphs its own way (pdfminer.six read the line
        // after an emoji apart): the run after invisible glyphs is placed with a `Td`.
        state.penX = ink.isInvisible ? nil : writer.pen
        state.rise = writer.rise
        state.resource = writer.resource
        state.size = writer.resourceSize
        for resource in writer.resourcesUsed {
            if resource >= resourcesOnPage.count { resourcesOnPage += Array(repeating: false, count: resource + 1 - resourcesOnPage.count) }
            resourcesOnPage[resource] = true
        }
    }

    /// On a page taken from the run before, a run's colours alone, in the order drawn: the
    /// spots they name are numbered as met, by Cairo too.
    private func paintColours(of ink: TextLayerInk) {
        guard !ink.isInvisible else { return }
        setColor(ink.color)
        if let stroke = ink.stroke { writeColor(stroke.color, stroke: true, unlessItIs: &state.strokeColor) }
    }

    /// A run's clusters in the order they are drawn, left to right.
    private func writeInDrawingOrder(glyphs: UnsafeBufferPointer<cairo_glyph_t>, text: RunTextClusters, with writer: inout GlyphWriter) {
        text.utf8.withUnsafeBufferPointer { utf8 in
            text.clusters.withUnsafeBufferPointer { clusters in
                var byte = 0, glyph = 0, index = 0
                while index < clusters.count {
                    let cluster = clusters[index]
                    let bytes = UnsafeBufferPointer(rebasing: utf8[byte ..< byte + Int(cluster.num_bytes)])
                    let end = min(glyph + Int(cluster.num_glyphs), glyphs.count)
                    // A space character other than the word space goes in one span with the
                    // one-glyph cluster after it, or, when it ends the run, with the one before
                    // it (`SpaceCharacters`). Such a space is more than one byte: a cluster of one
                    // byte not before the run's last is none of these, and goes on at once.
                    if bytes.count > 1 || index + 2 == clusters.count,
                       end == glyph + 1, end < glyphs.count, index + 1 < clusters.count, clusters[index + 1].num_glyphs == 1,
                       clusters[index + 1].num_bytes > 0, text.isGlyphsOwnText(cluster: index), text.isGlyphsOwnText(cluster: index + 1) {
                        let pairEnd = byte + bytes.count + Int(clusters[index + 1].num_bytes)
                        let endsWithTheRunsSpace = index + 2 == clusters.count
                            && SpaceCharacters.isSpaceOtherThanWordSpace(UnsafeBufferPointer(rebasing: utf8[byte + bytes.count ..< pairEnd]))
                        if endsWithTheRunsSpace || SpaceCharacters.isSpaceOtherThanWordSpace(bytes) {
                            writer.inOneSpan(UnsafeBufferPointer(rebasing: utf8[byte ..< pairEnd]), firstBytes: bytes.count,
                                             glyphs: glyphs[glyph], glyphs[end])
                            byte = pairEnd
                            glyph = end + 1
                            index += 2
                            continue
                        }
                    }
                    writer.cluster(bytes, glyphs: UnsafeBufferPointer(rebasing: glyphs[glyph ..< end]),
                                   isGlyphsOwnText: text.isGlyphsOwnText(cluster: index))
                    byte += Int(cluster.num_bytes)
                    glyph = end
                    index += 1
                }
                // Glyphs past the clusters (none, when the clusters are whole) keep the font's text.
                if glyph < glyphs.count {
                    writer.cluster(nil, glyphs: UnsafeBufferPointer(rebasing: glyphs[glyph...]), isGlyphsOwnText: true)
                }
            }
        }
    }

    /// A right-to-left run's words in reading order, each word's glyphs left to right as drawn,
    /// then the space before it (drawn right of it), a `Tf` before each word
    /// (`RightToLeftWords`; docs/pipeline.md, "A right-to-left run's words in reading order").
    /// poppler reads words in the order written and puts a word's letters in order itself;
    /// pdfium sorts a line's text objects left to right and reverses a right-to-left stretch
    /// itself, so a word apart reads the same to it, and reads a space only in a text object
    /// with ink; pypdf reverses what it reads until a `Tf`, so the `Tf` keeps its reversal inside
    /// the word, and the space, read after the letters, comes out before the word whichever
    /// direction pypdf was reading in.
    private func writeInReadingOrder(glyphs: UnsafeBufferPointer<cairo_glyph_t>, text: RunTextClusters, with writer: inout GlyphWriter) {
        // Each cluster's bytes and glyphs, in the order drawn.
        var bytes: [Range<Int>] = [], glyphRanges: [Range<Int>] = []
        var byte = 0, glyph = 0
        for cluster in text.clusters {
            let end = min(glyph + Int(cluster.num_glyphs), glyphs.count)
            bytes.append(byte ..< byte + Int(cluster.num_bytes))
            glyphRanges.append(glyph ..< end)
            byte += Int(cluster.num_bytes)
            glyph = end
        }
        text.utf8.withUnsafeBufferPointer { utf8 in
            let texts = bytes.map { String(decoding: UnsafeBufferPointer(rebasing: utf8[$0]), as: UTF8.self) }
            for piece in RightToLeftWords.piecesInReadingOrder(of: texts) {
                writer.startPiece()
                for index in piece {
                    writer.cluster(UnsafeBufferPointer(rebasing: utf8[bytes[index]]), glyphs: UnsafeBufferPointer(rebasing: glyphs[glyphRanges[index]]),
                                   isGlyphsOwnText: text.isGlyphsOwnText(cluster: index))
                }
            }
            // Glyphs past the clusters (none, when the clusters are whole) keep the font's text.
            if glyph < glyphs.count {
                writer.cluster(nil, glyphs: UnsafeBufferPointer(rebasing: glyphs[glyph...]), isGlyphsOwnText: true)
            }
        }
    }

    /// An outlined run's glyphs are painted by the text rendering mode (ISO 32000-1, 9.3.6):
    /// filled then outlined (`2 Tr`), or outlined alone (`1 Tr`), which a reader still extracts;
    /// the outline `stroke.widthFraction` of the font size wide (user space, where the page's
    /// scale is 1), its joins round, as Cairo outlined the glyphs' paths.
    private func setOutline(_ stroke: Stroke?, fontSize: Double) {
        let mode = stroke.map { $0.fills ? 2 : 1 } ?? 0
        if let stroke {
            writeColor(stroke.color, stroke: true, unlessItIs: &state.strokeColor)
            let width = stroke.widthFraction * fontSize
            if width != state.lineWidth {
                content.number(width, decimals: 4)
                content.raw(" w\n")
                state.lineWidth = width
            }
            if !state.roundJoins {
                content.raw("1 j\n")
                state.roundJoins = true
            }
        }
        guard mode != state.renderingMode else { return }
        content.integer(mode)
        content.raw(" Tr\n")
        state.renderingMode = mode
    }

    private func setColor(_ color: Color) {
        writeColor(color, stroke: false, unlessItIs: &state.color)
    }

    /// Translucent or overprinting text and outlines: a graphics state of their opacities and
    /// overprinting, when it is not the one in force.
    private func setPaint(_ paint: TextLayerGraphicsStates.Paint) {
        guard paint != state.paint else { return }
        graphicsStates.set(paint, into: &content)
        state.paint = paint
    }

    /// The fill's or the outline's colour, when `color` (its alpha aside) is not the one in
    /// force (`current`, which it then becomes).
    private func writeColor(_ color: Color, stroke: Bool, unlessItIs current: inout Color) {
        var painted = color
        painted.alpha = 1
        guard painted != current else { return }
        printedColours.write(painted, stroke: stroke, into: &content)
        current = painted
    }

    /// A page's text is one text object, its marked sequences inside it (ISO 32000-1, 14.6:
    /// marked content may nest in a text object): a line goes on from the line before with
    /// a `Td`, whatever paragraph it is in.
    private func beginTextObject() {
        guard !state.inTextObject else { return }
        content.raw("BT\n")
        state.inTextObject = true
        // A text object starts with the identity text matrix: y up in text space, where the
        // page's coordinates go down.
        content.raw("1 0 0 -1 0 0 Tm\n")
        state.lineX = 0
        state.lineY = 0
        state.penX = nil
    }

    private func endTextObject() {
        guard state.inTextObject else { return }
        content.raw("ET\n")
        state.inTextObject = false
    }

    /// Writes one run's glyphs: `TJ` arrays with a number wherever the pen is not where the
    /// next glyph goes, a `Td` where it moves off the line or far along it, a `Tf` where a
    /// glyph's code is in another of the face's fonts than the one in force.
    private struct GlyphWriter: ~Copyable {
        let fonts: PDFEmbeddedFonts
        let slot: Int
        /// The run's face: its widths, and its glyphs' codes.
        let fontGlyphs: EmbeddedFontGlyphs
        /// The page's bytes, the layer's while the writer writes its run (`show` swaps them in and out).
        var content = PDFContentBytes()
        /// The start of the line in the text object, as written (see `TextState`).
        var lineX: Double
        var lineY: Double
        /// The font resource and size in force (`Tf`), and the face's font it is (-1: none of
        /// the face's yet in this run).
        private(set) var resource: Int
        private(set) var resourceSize: Double
        private var faceFont = -1
        /// Whether the face is written in simple fonts, a byte a code.
        private let oneByteCodes: Bool
        /// The resources this run's glyphs were written in, each once.
        private(set) var resourcesUsed: [Int] = []
        let size: Double
        let scale: Double
        let spacing: RunSpacing
        /// The stretch each word space has beyond `spacing`, in text space units, written as a
        /// `TJ` number after it: the word spacing on a line written without `Tw`.
        let wordStretch: Double
        /// Where the pen is on the line, in the page's coordinates, as a reader computes it.
        private var penX = 0.0
        /// The text rise in force (`Ts`), in text space (up).
        private(set) var rise: Double
        private var inArray = false
        private var inString = false
        private var positioned = false
        /// Whether the next glyph starts a piece written apart (see `startPiece`).
        private var startsPiece = false

        /// `pen`: where the run before on the drawer's line left the pen (nil: it starts the line).
        init(fonts: PDFEmbeddedFonts, slot: Int, fontGlyphs: EmbeddedFontGlyphs, lineX: Double,
             lineY: Double, pen: Double?, rise: Double, resource: Int, resourceSize: Double, size: Double, scale: Double,
             spacing: RunSpacing, wordStretch: Double) {
            self.fonts = fonts
            self.slot = slot
            self.fontGlyphs = fontGlyphs
            oneByteCodes = fontGlyphs.isWrittenInSimpleFonts
            self.resource = resource
            self.resourceSize = resourceSize
            self.lineX = lineX
            self.lineY = lineY
            self.size = size
            self.scale = scale
            unit = size * scale / 1000
            self.spacing = spacing
            self.wordStretch = wordStretch
            self.rise = rise
            if let pen {
                penX = pen
                positioned = true
            }
        }

        /// Where the run left the pen on the drawer's line (nil: it placed no glyph, none before it did).
        var pen: Double? { positioned ? penX : nil }

        /// A `TJ` number is a thousandth of the font size, scaled as the glyphs are.
        private let unit: Double

        /// The glyphs of one cluster, drawn as `text` (nil: no text given, the glyphs' own);
        /// `isGlyphsOwnText`: whether a lone glyph's text may become its own (not the letter a
        /// drop cap is read with, whose text starts with the cap's, nor an added hyphen). The
        /// letter a drop cap is read with reads as both by its code where the face is written in
        /// simple fonts ("We" for the "e" of "Welcome"), for readers that ignore `/ActualText`
        /// too: they read the initial as a space (`showReadAsASpace`), where with the letter's
        /// own code they read the word broken in two ("W", "elcome").
        ///
        /// Nearly every cluster of a text is one glyph read as its text by its code: that case is
        /// written here, the others apart. (Asked to be inlined, which the optimiser declines at
        /// this size since Swift 5.9: still a call, see docs/pipeline.md.)
        @inline(__always)
        mutating func cluster(_ text: UnsafeBufferPointer<UInt8>?, glyphs: UnsafeBufferPointer<cairo_glyph_t>, isGlyphsOwnText: Bool) {
            guard let text else { return showAsTheirOwnTexts(glyphs) }
            if text.isEmpty { return showReadAsASpace(glyphs) }
            if glyphs.count == 1 {
                let code = fontGlyphs.code(of: UInt32(glyphs[0].index), as: text, mayBeItsOwnText: isGlyphsOwnText)
                guard !code.readsAsText else { return show(glyphs[0], code: code) }
                if showInPieces(text, glyph: glyphs[0]) { return }
            }
            showInSpan(text, glyphs: glyphs)
        }

        /// Glyphs of no text given: each its code of its own text.
        @inline(never)
        private mutating func showAsTheirOwnTexts(_ glyphs: UnsafeBufferPointer<cairo_glyph_t>) {
            for glyph in glyphs { show(glyph, code: fontGlyphs.code(of: UInt32(glyph.index), as: nil)) }
        }

        /// A cluster its codes do not read as `text`, in a span of `/ActualText`. Inside the
        /// span, each glyph reads as its character where the face is written in simple fonts and
        /// the cluster has as many (`ClusterCharacters`), else as its own text.
        @inline(never)
        private mutating func showInSpan(_ text: UnsafeBufferPointer<UInt8>, glyphs: UnsafeBufferPointer<cairo_glyph_t>) {
            let characters = oneByteCodes ? ClusterCharacters.ranges(in: text, glyphCount: glyphs.count) : nil
            let reach = spanReach(glyphs)
            beginSpan(text)
            for (index, glyph) in glyphs.enumerated() {
                var asText: GlyphCode?
                if let characters {
                    let code = fontGlyphs.code(of: UInt32(glyph.index), as: UnsafeBufferPointer(rebasing: text[characters[index]]),
                                               mayBeItsOwnText: false)
                    if code.readsAsText { asText = code }
                }
                let code = asText ?? fontGlyphs.code(of: UInt32(glyph.index), as: nil)
                if index == glyphs.count - 1, reach > 0 {
                    showStretched(glyph, code: code, by: reach)
                } else {
                    show(glyph, code: code)
                }
            }
            endSpan()
        }

        /// How much further than its own advance the cluster's last glyph must take the pen for
        /// the span to end where the cluster does: poppler takes a span's extent from its first
        /// glyph's origin to its last glyph's advance, and a mark drawn back over its letter
        /// (a shadda, a damma) ended the span short of the letter, so the next letter, a gap
        /// away, started a word of its own ("العبّارة" read as "الع" and "بّارة"). 0 when the
        /// last glyph reaches furthest already.
        private func spanReach(_ glyphs: UnsafeBufferPointer<cairo_glyph_t>) -> Double {
            guard let last = glyphs.last else { return 0 }
            let advance = { [fontGlyphs, size, spacing, scale] (glyph: cairo_glyph_t) in
                glyph.x + (fontGlyphs.width(of: UInt32(glyph.index)) / 1000 * size + spacing.letter) * scale
            }
            let end = glyphs.map(advance).max()!
            let reach = end - advance(last)
            // Less than a thousandth of the size is rounding, which the next glyph's number takes.
            return reach > unit ? reach : 0
        }

        /// `glyph` taking the pen `reach` further than its advance (`spanReach`), by a `Tc` of its
        /// own, the letter spacing put back after it.
        @inline(never)
        private mutating func showStretched(_ glyph: cairo_glyph_t, code: GlyphCode, by reach: Double) {
            closeArray()
            let letterSpacing = Self.rounded(spacing.letter + reach / scale)
            content.number(letterSpacing)
            content.raw(" Tc\n")
            show(glyph, code: code)
            penX += (letterSpacing - spacing.letter) * scale
            closeArray()
            content.number(spacing.letter, decimals: 4)
            content.raw(" Tc\n")
        }

        /// Glyphs of an empty text — a drop cap's initial, whose letters are read with its line's
        /// first letter (`RunTextClusters`) — read as a space, which every reader drops beside
        /// the line's first word, in a span whose `/ActualText` is the space too. An empty text
        /// is read as none: pdfium (as MuPDF, in a Type 1 font) reads a code whose ToUnicode
        /// entry is empty by its glyph's name, and a span whose `/ActualText` is empty as no
        /// span, so it read chapter's "“N" and then "“Nobody,”" as one word. Where a code is a
        /// glyph (`/Identity-H`), the glyph keeps its own code, for the span's readers alone.
        @inline(never)
        private mutating func showReadAsASpace(_ glyphs: UnsafeBufferPointer<cairo_glyph_t>) {
            withUnsafeBytes(of: UInt8(ascii: " ")) { bytes in
                let space = bytes.bindMemory(to: UInt8.self)
                beginSpan(space)
                for glyph in glyphs {
                    let code = fontGlyphs.code(of: UInt32(glyph.index), as: space, mayBeItsOwnText: false)
                    show(glyph, code: code.readsAsText ? code : fontGlyphs.code(of: UInt32(glyph.index), as: nil))
                }
                endSpan()
            }
        }

        /// A lone glyph whose text is more than one ToUnicode entry every reader reads
        /// (`ToUnicodePieces`: a ZWJ family, a flag's tag sequence): the glyph read as the first
        /// piece, then each further piece in a narrow code that draws nothing, from the pen on.
        /// No `/ActualText` span: pdfium then drops the text's characters outside the Basic
        /// Multilingual Plane. False, with nothing written, where the face has no such code.
        @inline(never)
        private mutating func showInPieces(_ text: UnsafeBufferPointer<UInt8>, glyph: cairo_glyph_t) -> Bool {
            guard oneByteCodes else { return false }
            let pieces = ToUnicodePieces.pieces(of: text).map { UnsafeBufferPointer(rebasing: text[$0]) }
            guard pieces.count > 1 else { return false }
            var continuations: [GlyphCode] = []
            for piece in pieces.dropFirst() {
                guard let code = fontGlyphs.continuationCode(as: piece) else { return false }
                continuations.append(code)
            }
            let code = fontGlyphs.code(of: UInt32(glyph.index), as: pieces[0], mayBeItsOwnText: false)
            guard code.readsAsText else { return false }
            show(glyph, code: code)
            for code in continuations { show(cairo_glyph_t(index: glyph.index, x: penX, y: glyph.y), code: code, isLaterPiece: true) }
            return true
        }

        /// Opens a span of `/ActualText`, the glyphs written until `endSpan` read as `text`.
        private mutating func beginSpan(_ text: UnsafeBufferPointer<UInt8>) {
            closeArray()
            content.raw("/Span <</ActualText ")
            content.hexTextString(text)
            content.raw(">> BDC\n")
        }

        private mutating func endSpan() {
            closeArray()
            content.raw("EMC\n")
        }

        /// Writes the next glyph apart from those before: in a new `TJ` after a `Tf` and a `Td`
        /// of its own, although the font is the one in force and the pen where it goes. pypdf
        /// reverses a right-to-left stretch of what it reads until it meets a `Tf`.
        mutating func startPiece() {
            closeArray()
            startsPiece = true
        }

        /// Two one-glyph clusters, a space character other than the word space and its
        /// neighbour, in one `/ActualText` span of both texts (`text`, the first's `firstBytes`
        /// bytes first), so that poppler and pdfium keep the space (`SpaceCharacters`). Inside
        /// the span each glyph keeps the code that reads as its own text where the font has one
        /// (a simple font's code for the space glyph read as U+202F), for the readers that
        /// ignore `/ActualText`.
        mutating func inOneSpan(_ text: UnsafeBufferPointer<UInt8>, firstBytes: Int, glyphs first: cairo_glyph_t, _ second: cairo_glyph_t) {
            beginSpan(text)
            let texts = [UnsafeBufferPointer(rebasing: text[..<firstBytes]), UnsafeBufferPointer(rebasing: text[firstBytes...])]
            for (glyph, text) in zip([first, second], texts) {
                let code = fontGlyphs.code(of: UInt32(glyph.index), as: text)
                show(glyph, code: code.readsAsText ? code : fontGlyphs.code(of: UInt32(glyph.index), as: nil))
            }
            endSpan()
        }

        /// `isLaterPiece`: a later piece of a glyph's text, as wide as such a code (`showInPieces`).
        /// A glyph where the pen is, in the font in force, costs a few comparisons, its code's byte
        /// and the pen's advance; what else a glyph may need (a `Tf`, a `Td`, a rise, a `TJ`
        /// number) is written apart. (Asked to be inlined, which the optimiser declines at this
        /// size: still a call.)
        @inline(__always)
        private mutating func show(_ glyph: cairo_glyph_t, code: GlyphCode, isLaterPiece: Bool = false) {
            selectFont(of: code)
            if startsPiece {
                positioned = false
                startsPiece = false
            }
            let x = glyph.x, y = glyph.y
            let offset = (x - penX) / unit
            if !positioned || abs(offset) > 10_000 || y - lineY > PDFTextLayer.baselineTolerance {
                startLine(at: glyph)
            } else if abs(lineY - rise - y) > PDFTextLayer.baselineTolerance || abs(offset) >= 0.5 {
                goOnAlongTheLine(to: glyph, offset: offset)
            }
            openArray()
            openString()
            content.glyphCode(code.value, oneByte: oneByteCodes)
            let isWordSpace = oneByteCodes && code.value == UInt16(SimpleFontCodes.wordSpaceByte)
            let width = isLaterPiece ? Double(ToUnicodePieces.laterPieceWidth) : fontGlyphs.width(of: UInt32(glyph.index))
            penX += (width / 1000 * size + spacing.letter + (isWordSpace ? spacing.word : 0)) * scale
            if isWordSpace, wordStretch != 0 { stretchWordSpace() }
        }

        /// The drawer's line starts, goes far along (a tab), or goes on below the line written (a
        /// `<sub>`; a note's text after its raised number, which poppler reads as a line of its
        /// own when the step is half the number's size, by a hair: a `Td` keeps it as it was): a
        /// new line start at `glyph`, as Cairo does past ten ems, on the glyph's own baseline.
        @inline(never)
        private mutating func startLine(at glyph: cairo_glyph_t) {
            let x = glyph.x, y = glyph.y
            closeArray()
            setRise(0)
            content.number(x - lineX)
            content.number(lineY - y)
            content.raw(" Td\n")
            lineX += Self.rounded(x - lineX)
            lineY -= Self.rounded(lineY - y)
            penX = lineX
            positioned = true
        }

        /// `glyph` raised on the line (a note's mark, `<sup>`), or back on it: a text rise, the
        /// pen going on along the line; and off the pen by `offset` thousandths of the size: a
        /// number, rounded as written. pypdf measures a `Td` along a line by the glyphs' widths
        /// alone, without `Tz` or `Tw`, and read a gap before a raised mark after a line of
        /// scaled glyphs ("football. 4").
        @inline(never)
        private mutating func goOnAlongTheLine(to glyph: cairo_glyph_t, offset: Double) {
            let y = glyph.y
            if abs(lineY - rise - y) > PDFTextLayer.baselineTolerance { setRise(Self.rounded(lineY - y)) }
            if abs(offset) >= 0.5 {
                let adjustment = -(offset.rounded())
                openArray()
                closeString()
                content.number(adjustment, decimals: 0)
                penX -= adjustment * unit
            }
        }

        /// The stretch of the word space just written, as a `TJ` number after it, in thousandths
        /// of the font size to three places: the glyphs after it land where `Tw` put them, to a
        /// millionth of the size.
        @inline(never)
        private mutating func stretchWordSpace() {
            let adjustment = Self.rounded(-wordStretch * 1000 / size)
            closeString()
            content.number(adjustment)
            penX -= adjustment * unit
        }

        private mutating func setRise(_ value: Double) {
            guard value != rise else { return }
            closeArray()
            content.number(value)
            content.raw(" Ts\n")
            rise = value
        }

        /// Writes a `Tf` when `code` is in another font than the one in force, or the run's size
        /// is not, or the glyph starts a piece (`startPiece`). The word space's code (font -1) is
        /// in every font of the face: any of them.
        @inline(__always)
        private mutating func selectFont(of code: GlyphCode) {
            let font = code.font >= 0 ? code.font : max(faceFont, 0)
            guard font != faceFont || resourceSize != size || startsPiece else { return }
            changeFont(to: font)
        }

        /// The face's `font` in force from the next glyph: a `Tf` when its resource or the size
        /// is not the one in force, or the glyph starts a piece.
        @inline(never)
        private mutating func changeFont(to font: Int) {
            let wanted = fonts.resource(slot: slot, font: font)
            faceFont = font
            if !resourcesUsed.contains(wanted) { resourcesUsed.append(wanted) }
            guard wanted != resource || resourceSize != size || startsPiece else { return }
            closeArray()
            content.raw(fonts.resourceName(of: wanted))
            content.number(size, decimals: 4)
            content.raw(" Tf\n")
            resource = wanted
            resourceSize = size
        }

        /// A number as the content writes it, to thousandths: the pen follows what a reader reads.
        private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

        private mutating func openArray() {
            guard !inArray else { return }
            content.byte(UInt8(ascii: "["))
            inArray = true
        }

        private mutating func openString() {
            guard !inString else { return }
            content.byte(UInt8(ascii: "("))
            inString = true
        }

        private mutating func closeString() {
            guard inString else { return }
            content.byte(UInt8(ascii: ")"))
            inString = false
        }

        private mutating func closeArray() {
            closeString()
            guard inArray else { return }
            content.raw("]TJ\n")
            inArray = false
        }

        mutating func finish() {
            closeArray()
        }
    }
}
