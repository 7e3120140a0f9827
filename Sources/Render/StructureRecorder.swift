import CCairo
import Layout
import Text

/// Marks what `PageDrawer` draws of the document as tagged content, and records what each
/// marked piece is, page by page, so that the finishing step can build the structure tree in
/// the document's logical order (`StructureTree`) rather than in the order it was drawn.
///
/// A page's content is drawn into two streams: Cairo's (`/P << /MCID n >> BDC … EMC` written by
/// Cairo for a tag the recorder begins) and the text layer's (`PDFTextLayer`, which writes
/// the same itself). A piece is begun here, and opened in a stream only when something is
/// drawn into it (`willDrawWithCairo`, `willDrawInLayer`); when drawing goes over to the other
/// stream, the piece goes on there as a sequence of its own. Cairo numbers its page's
/// sequences from 0; the layer's follow them, so a page's pieces are recorded as Cairo's, then
/// the layer's (`endPage`). The layer writes its sequences in reading order, the structure
/// tree's (`MarkedPiece.readingOrder`), whatever order they were drawn in: a box is drawn
/// before the column its anchor is in, so that its background is under the column's text.
///
/// A piece is one stretch of a line (its runs of one link and one language), a picture, or a
/// link annotation; every piece Cairo draws is a leaf of Cairo's own tree, which is what makes
/// Cairo give it an MCID. Pieces never cross a page.
final class StructureRecorder {
    private(set) var record: StructureRecord
    private let text: AttributedText
    /// The text layer the page's text goes to, when it has one.
    var layer: PDFTextLayer?
    /// Where each page's pieces are kept as the page ends (`record.piecesKept`).
    private let pieces: MarkedPieceFile
    /// The paragraph last looked up: a line's pieces are all in one.
    private var paragraph: Range<Int> = 0 ..< 0
    /// What the record and the drawer need of its style, read once (the style itself is a
    /// large value, costly to copy).
    private var paragraphFacts = ParagraphFacts()
    /// The piece begun and not yet ended, its tag, the stream it is open in (none now), and
    /// whether it was opened in one yet (`opened`: a sequence of it drawn).
    private var open: (piece: MarkedPiece, tag: String, stream: Stream?, opened: Bool)?
    private enum Stream { case cairo, layer }
    /// The page's pieces drawn by Cairo, in MCID order, and the sequences opened in the layer
    /// (artifacts included), in the order drawn.
    private var cairoPieces: [MarkedPiece] = []
    private var layerSequences: [MarkedPiece] = []
    /// Whether Cairo's element round the document is open (`openCairoDocument`).
    private var cairoDocumentOpen = false
    /// Each string of `record.strings` to its index.
    private var stringIndexes: [String: Int32] = [:]
    /// The string looked up last, with its index: every line asks for its language, mostly
    /// the one the line before asked for, which then costs no hashing.
    private var lastString: (string: String, index: Int32)?

    init(text: AttributedText, language: String, keepingPiecesIn pieces: MarkedPieceFile) {
        self.text = text
        record = StructureRecord(language: language)
        record.piecesKept = pieces
        self.pieces = pieces
    }

    /// Starts the record of a new page (before anything is drawn on it, the sheet's own included).
    func beginPage() {
        cairoPieces.removeAll(keepingCapacity: true)
        layerSequences.removeAll(keepingCapacity: true)
    }

    /// Ends the page's last piece and records its pieces; returns how many of them Cairo drew,
    /// the first MCID of the layer's, and the order the layer writes its sequences in (indexes
    /// in the order drawn): reading order, those of one place in the order drawn.
    func endPage(in context: OpaquePointer) -> (firstLayerMCID: Int, layerOrder: [Int]) {
        end(in: context)
        let order = layerSequences.indices.sorted { a, b in
            let first = layerSequences[a].readingOrder, second = layerSequences[b].readingOrder
            return first != second ? first < second : a < b
        }
        pieces.keep(cairoPieces + order.lazy.map { self.layerSequences[$0] }.filter { !$0.isArtifact })
        record.drawnByCairo.append(cairoPieces.count)
        return (cairoPieces.count, order)
    }

    /// Begins a piece of text whose first character is `offset`, or goes on with the piece
    /// open when it is text of the same paragraph, link and language (the lines of a
    /// paragraph in one frame are one piece: half as many marked sequences, and elements in
    /// Cairo's tree, as one a line).
    func beginText(at offset: Int, link: String?, language: String, in context: OpaquePointer) {
        let start = paragraphStart(of: offset)
        let isLabel = listLabelEnd.map { offset < $0 && paragraph.contains($0 - 1) } ?? false
        let linkIndex = link.map(index(of:)), languageIndex = index(of: language)
        if !isLabel, let last = open?.piece, Int(last.paragraph) == start,
           case .text(let openLink, let openLanguage) = last.kind, openLink == linkIndex, openLanguage == languageIndex {
            return
        }
        let kind: MarkedPiece.Kind = isLabel ? .listLabel : .text(link: linkIndex, language: languageIndex)
        begin(MarkedPiece(kind: kind, paragraph: start, offset: offset),
              tag: (isLabel ? .label : paragraphFacts.logical?.role ?? .paragraph).rawValue, in: context)
    }

    /// Where the marker of the list item `line` begins ends, when the line begins one: its
    /// runs are cut there, so that the label is a piece of its own.
    func listLabelEnd(of line: Line) -> Int? {
        let start = line.stringRange.lowerBound
        guard start == 0 || AttributedText.isParagraphEnd(text.storage[start - 1]) else { return nil }
        // The paragraph its pieces will begin in: its style is read once for both.
        lookUpParagraph(containing: start)
        return paragraphFacts.listMarkerLength.map { start + $0 }
    }

    /// The end of the list item's marker on the line being drawn.
    var listLabelEnd: Int?

    /// Begins a picture anchored at `anchor`, drawn in `rect` (user space): a figure, or an
    /// artifact when its `alt` is empty (the author's word that it is decoration).
    func beginPicture(_ image: ImageAttachment, anchor: Int, rect: Rect, in context: OpaquePointer) {
        if image.alternativeText?.isEmpty == true { return beginCairoArtifact(in: context) }
        var left = rect.minX, top = rect.minY, right = rect.maxX, bottom = rect.maxY
        cairo_user_to_device(context, &left, &top)
        cairo_user_to_device(context, &right, &bottom)
        let device = Rect(x: min(left, right), y: min(top, bottom), width: abs(right - left), height: abs(bottom - top))
        record.pictures.append(MarkedPicture(alternativeText: image.alternativeText, rect: device))
        let piece = MarkedPiece(kind: .picture(Int32(record.pictures.count - 1)), paragraph: paragraphStart(of: anchor), offset: anchor)
        begin(piece, tag: "Figure", in: context)
        // Pictures are Cairo's.
        willDrawWithCairo(at: anchor, in: context)
    }

    /// Begins something Cairo draws that is not the document's content: a tint, a rule, a box's
    /// background and border, a picture without a description, crop marks.
    func beginCairoArtifact(in context: OpaquePointer) {
        beginArtifact(in: context)
        willDrawWithCairo(at: 0, in: context)
    }

    /// Begins something drawn that is not the document's content (see `MarkedPiece.Kind.artifact`),
    /// opened in the stream that draws it: the running heads' text may be the layer's.
    func beginArtifact(in context: OpaquePointer) {
        begin(MarkedPiece.artifact, tag: Self.cairoArtifactTag, in: context)
    }

    /// Cairo refuses an `Artifact` tag: a `Span` it numbers, which the finishing step rewrites.
    private static let cairoArtifactTag = "Span"

    /// Ends the piece begun last. A piece nothing was drawn in is still recorded, as an empty
    /// sequence (an empty paragraph is one of the document's).
    func end(in context: OpaquePointer) {
        guard let open else { return }
        if !open.opened, !open.piece.isArtifact {
            if layer != nil {
                willDrawInLayer(at: Int(open.piece.offset), in: context)
            } else {
                willDrawWithCairo(at: Int(open.piece.offset), in: context)
            }
        }
        closeSequence(in: context)
        self.open = nil
    }

    /// Every piece Cairo marks is a leaf under one element round the document, which is what
    /// makes Cairo 1.16 give it an MCID (the finishing step replaces Cairo's tree with one in
    /// logical order). It is begun with Cairo's first tag, on a page Cairo draws on: Cairo drops
    /// the tags of a page it drew nothing on, which a page whose text is all the layer's can be,
    /// and the nesting of every tag after it would be broken.
    func openCairoDocument(in context: OpaquePointer) {
        guard !cairoDocumentOpen else { return }
        cairo_tag_begin(context, Self.cairoDocumentTag, nil)
        cairoDocumentOpen = true
    }

    /// Ends Cairo's element round the document, when it was begun.
    func closeCairoDocument(in context: OpaquePointer) {
        guard cairoDocumentOpen else { return }
        cairo_tag_end(context, Self.cairoDocumentTag)
        cairoDocumentOpen = false
    }

    private static let cairoDocumentTag = "Document"

    /// Cairo is about to draw what belongs to the piece begun, from the text at `offset`: the
    /// piece is opened in Cairo's stream if it is not.
    func willDrawWithCairo(at offset: Int, in context: OpaquePointer) {
        guard let current = open, current.stream != .cairo else { return }
        closeSequence(in: context)
        beginCairoSequence(current.piece.goingOn(at: offset, first: !current.opened), tag: current.tag, in: context)
        open?.stream = .cairo
        open?.opened = true
    }

    /// Draws with Cairo, by `draw`, what decorates the text of the piece begun, whose text the
    /// layer writes (a shadow, a colour glyph's picture): an artifact of Cairo's stream, after
    /// which the piece goes on. PDF/UA-1 (7.1) has no artifact inside real content: a piece
    /// open in Cairo's stream is closed first.
    func drawCairoArtifact(in context: OpaquePointer, _ draw: () throws -> Void) rethrows {
        if open?.stream == .cairo { closeSequence(in: context) }
        beginCairoSequence(MarkedPiece.artifact, tag: Self.cairoArtifactTag, in: context)
        defer { cairo_tag_end(context, Self.cairoArtifactTag) }
        try draw()
    }

    /// Opens `piece`'s sequence in Cairo's stream, as `tag`, and records it.
    private func beginCairoSequence(_ piece: MarkedPiece, tag: String, in context: OpaquePointer) {
        openCairoDocument(in: context)
        tag.withCString { cairo_tag_begin(context, $0, nil) }
        // The page's first drawing of Cairo's is a fill (see CairoDrawnMark).
        if cairoPieces.isEmpty { CairoDrawnMark.draw(at: Point(x: 0, y: 0), in: context) }
        cairoPieces.append(piece)
    }

    /// The text layer is about to draw what belongs to the piece begun, from the text at
    /// `offset`: the piece is opened in the layer if it is not. An artifact is no piece there.
    func willDrawInLayer(at offset: Int, in context: OpaquePointer) {
        guard let current = open, current.stream != .layer, let layer else { return }
        closeSequence(in: context)
        layerSequences.append(current.piece.goingOn(at: offset, first: !current.opened))
        if current.piece.isArtifact {
            layer.beginArtifact()
        } else {
            layer.beginMarked(tag: current.tag)
        }
        open?.stream = .layer
        open?.opened = true
    }

    /// Closes the open piece's sequence in the stream it is open in.
    private func closeSequence(in context: OpaquePointer) {
        switch open?.stream {
        case .cairo: open?.tag.withCString { cairo_tag_end(context, $0) }
        case .layer: layer?.endMarked()
        case nil: break
        }
        open?.stream = nil
    }

    /// Records the link annotation `LinkAnnotator` has just made over the text at `offset`.
    func recordLinkAnnotation(address: String, offset: Int) {
        cairoPieces.append(MarkedPiece(kind: .linkAnnotation(address: index(of: address)), paragraph: paragraphStart(of: offset), offset: offset))
    }

    /// Records the links `LinkAnnotator` made on the running heads of the page `page` (from 0),
    /// in order: the finishing step moves them from the page of heads to it.
    func recordRunningHeadLinks(_ addresses: [String], onPage page: Int) {
        guard !addresses.isEmpty else { return }
        record.runningHeadLinks[page, default: []] += addresses.map { index(of: $0) }
    }

    /// Records that the link to `address` goes to `point` (device space) on the page being drawn.
    func recordDestination(_ address: String, at point: Point, mark: String) {
        record.destinations[address] = LinkDestination(page: record.pageCount, point: point, mark: mark)
    }

    /// The index of `string` in `record.strings`, added the first time.
    private func index(of string: String) -> Int32 {
        if let lastString, lastString.string == string { return lastString.index }
        let index = stringIndexes[string] ?? {
            let index = Int32(record.strings.count)
            record.strings.append(string)
            stringIndexes[string] = index
            return index
        }()
        lastString = (string, index)
        return index
    }

    private func begin(_ piece: MarkedPiece, tag: String, in context: OpaquePointer) {
        end(in: context)
        open = (piece, tag, nil, false)
    }

    /// The start of the paragraph holding `offset`, its logical description recorded the
    /// first time it is met.
    private func paragraphStart(of offset: Int) -> Int {
        lookUpParagraph(containing: offset)
        let start = paragraph.lowerBound
        if !paragraphFacts.recorded, let logical = paragraphFacts.logical {
            record.paragraphs.record(logical, startingAt: start)
            if let (number, box) = paragraphFacts.box, record.boxes[number] == nil { record.boxes[number] = box }
            if let article = paragraphFacts.article, record.articles[Int32(clamping: start)] == nil {
                record.articles[Int32(clamping: start)] = article
            }
            paragraphFacts.recorded = true
        }
        return start
    }

    /// Makes the paragraph holding `offset` `paragraph`, and reads its style, unless it is
    /// that paragraph already.
    private func lookUpParagraph(containing offset: Int) {
        guard paragraphFacts.logical == nil || !paragraph.contains(offset) else { return }
        paragraph = text.paragraphRange(containing: offset)
        if paragraph.isEmpty { paragraph = offset ..< offset + 1 }
        paragraphFacts = ParagraphFacts(text.sharedParagraphStyle(at: paragraph.lowerBound))
    }
}

/// What `StructureRecorder` keeps of the style of the paragraph it looked up last.
private struct ParagraphFacts {
    /// Its description for the record; nil before any paragraph is looked up.
    var logical: LogicalParagraph?
    /// The figure or aside it is set in, by number.
    var box: (number: Int, box: LogicalBox)?
    /// The article it starts or goes on with (`ParagraphStyle.article`).
    var article: Article?
    var listMarkerLength: Int?
    /// Whether `logical` is in the record (it is once a piece of the paragraph has begun).
    var recorded = false

    init() {}

    /// `shared`: the style where its runs keep it, read in place (a copy of the whole style
    /// was some 1,500 instructions a paragraph).
    init(_ shared: Shared<ParagraphStyle>) {
        logical = LogicalParagraph(style: shared.value)
        box = shared.value.box.map { ($0.number, LogicalBox($0)) }
        article = shared.value.article
        listMarkerLength = shared.value.listMarkerLength
    }
}
