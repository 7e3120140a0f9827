import CCairo
import Images
import Layout
import Pages
import Text

/// Draws laid-out pages into a Cairo context: glyphs (with their text, so that a PDF's text
/// can be extracted), outlined text, colour glyphs (emoji), and pictures at their run-delegate
/// rectangles.
final class PageDrawer {
    let text: AttributedText
    /// Where the pictures are read from: the descriptors their `<img>`s were checked by.
    let pictureFiles: PictureFiles
    /// The pictures the run before loaded (`typeset watch`), taken where their files are alike.
    var keptPictures: KeptPictures?
    private let fontFaces = CairoFontFaces()
    private let repeatedPictures = RepeatedPictures()
    private let pictures = PictureSurfaces()
    private lazy var colorGlyphs = ColorGlyphDrawer(repeatedPictures: repeatedPictures)
    private let invisibleFaces = InvisibleTextFaces()
    private var glyphBuffer: [cairo_glyph_t] = []
    private var runText = RunTextClusters()

    /// Records what is drawn on each page, for the page checker; nil: nothing is recorded.
    var recorder: DrawnPageRecorder?
    /// Whether links get link annotations (PDF only: pictures cannot be clicked).
    var annotatesLinks = false
    /// The links between footnotes' markers and their notes, when they are made (a PDF's).
    var footnoteLinks: FootnoteLinks?
    /// Where references' links go (`ReferenceLink`).
    var references = ReferenceDestinations()
    /// The addresses of the links annotated in running heads (frames drawn unmarked) since
    /// they were last taken, in the order annotated (`takeRunningHeadLinks`).
    private var runningHeadLinks: [String] = []
    /// Opens Cairo's element round the document round a running head's links as they are
    /// annotated, and closes it after them: Cairo 1.16 refers to a link's element from its
    /// parent tree but writes no structure tree when a file's only tags are links (the draft
    /// could not be read, an object missing). Each link's sequence is then the page of heads's
    /// only marked content (`RunningHeadsOverlays.linkSequences`).
    var runningHeadLinksDocument: StructureRecorder?
    /// Marks the document's text and pictures as tagged content and records what each piece
    /// is, for the PDF's structure tree; nil: nothing is marked (page images).
    var structure: StructureRecorder?
    /// Where the PDF's text goes, run by run, when typeset writes it (`PDFTextLayer`): every run
    /// it can write; nil: Cairo draws all of it.
    var textLayer: PDFTextLayer?
    /// Whether a picture drawn so far is an Adobe CMYK JPEG, whose PDF image then needs a
    /// Decode array (`PDFFinisher` adds it, see InvertedCMYKImages).
    private(set) var drewInvertedCMYK = false
    /// Whether a picture carried a PNG's rows in an envelope (`PNGEnvelope`) the finishing step opens.
    private(set) var drewPNGRows = false
    /// Whether a PDF picture's page was drawn in an envelope (`PDFPageEnvelope`) the finishing step places as a form.
    private(set) var drewPDFPages = false

    /// Just above what Cairo treats as fully transparent; invisible on paper and screen.
    static let invisibleAlpha = 0.005

    init(text: AttributedText, pictureFiles: PictureFiles) {
        self.text = text
        self.pictureFiles = pictureFiles
    }

    func draw(_ page: Page, in context: OpaquePointer) throws {
        defer {
            pictures.endPage()
            colorGlyphs.endPage()
            repeatedPictures.endPage()
        }
        recorder?.beginPage(number: page.number, size: page.size, leftOut: page.leftOutBoxes.map(\.range))
        try drawMasterItems(of: page, in: context)
        // Sections' tints next: everything else on the page stands on them. Decoration, not
        // the document's content: an artifact, as a box's background is.
        if !page.tints.isEmpty {
            structure?.beginCairoArtifact(in: context)
            for tint in page.tints { fill(tint.drawn, with: tint.color, in: context) }
            structure?.end(in: context)
        }
        for picture in page.pictures {
            switch picture.content {
            case .picture(let image):
                recorder?.picture(in: picture.bled ?? picture.rect, bleeds: picture.bled != nil, contour: nil, anchor: picture.anchor, inLine: false)
                try drawMarkedImage(image, anchor: picture.anchor, in: picture.rect, bled: picture.bled, in: context)
            case .box(let box): try draw(box, bled: picture.bled, in: context)
            }
        }
        if !page.rules.isEmpty {
            structure?.beginCairoArtifact(in: context)
            for rule in page.rules {
                recorder?.rule(x: rule.x, top: rule.top, bottom: rule.bottom, width: rule.style.width)
                drawRule(rule, in: context)
            }
            structure?.end(in: context)
        }
        try draw(page.frames, of: text, area: .column, in: context)
        if let furniture = page.furniture {
            // The running heads' runs index their own text, not the document's. A PDF's are
            // drawn on pages of their own, outside the structure, each band a pagination
            // artifact of the text layer's (`DocumentWriter`); a PNG page's here, with its page.
            try draw(furniture.frames, of: furniture.text, marked: false, area: .runningHead, in: context)
        }
    }

    /// The furniture of the page's master, under everything else, as the page's own items
    /// stand on a parent page's in InDesign. Not the document's content: an artifact, as the
    /// running heads are. Its pictures and rules are ink the page checker keeps text off; its
    /// tints are not, since text may stand on a tint as on a section's background.
    private func drawMasterItems(of page: Page, in context: OpaquePointer) throws {
        guard let master = page.master, !page.masterItems.isEmpty else { return }
        structure?.beginCairoArtifact(in: context)
        defer { structure?.end(in: context) }
        for item in page.masterItems {
            switch item.content {
            case .picture(let image):
                recorder?.furniture(item.rect, described: "the picture \"\(image.path.split(separator: "/").last ?? "")\" of master \"\(master.name)\"")
                try drawImage(image, in: item.rect, in: context)
            case .rule(let color):
                recorder?.furniture(item.rect, described: "a rule of master \"\(master.name)\"")
                fill(item.rect, with: color, in: context)
            case .tint(let color):
                fill(item.rect, with: color, in: context)
            case .text:
                break   // set and drawn with the running heads (`RunningHeadSetter`), whose text it is
            }
        }
    }

    /// Draws `frames`, whose runs index `source`, set in `area` (the box's text area for a
    /// box's frames, else each frame's rectangle); `marked`: as the document's tagged content.
    /// The pictures in the lines of a box that bleeds are drawn out to `bledPictures`
    /// (`PlacedBox.bledPictures`), where layout put them.
    func draw(_ frames: [Frame], of source: AttributedText, marked: Bool = true, area: DrawnPage.AreaKind,
                      boxText: Rect? = nil, bledPictures: [Int: Rect] = [:], in context: OpaquePointer) throws {
        let structure = marked ? self.structure : nil
        for frame in frames {
            recorder?.beginArea(area, rect: boxText ?? frame.container.rect, frame: frame)
            defer { recorder?.endArea() }
            for float in frame.floats {
                switch float.content {
                case .picture(let image):
                    recorder?.picture(in: float.bled ?? float.rect, bleeds: float.bled != nil, contour: float.contour, anchor: float.anchor, inLine: false)
                    try drawMarkedImage(image, anchor: float.anchor, in: float.rect, bled: float.bled, in: context)
                case .box(let box): try draw(box, bled: float.bled, in: context)
                }
            }
            // Each line and run is read where the frame holds it, not copied out of it.
            try frame.lines.withUnsafeBufferPointer { lines in
                for index in lines.indices {
                    try draw(lines[index], of: source, structure: structure, bledPictures: bledPictures, in: context)
                }
            }
            // A paragraph's lines in a frame go on in one marked sequence (StructureRecorder):
            // it ends with the frame, and links are annotated after it, outside any.
            structure?.end(in: context)
            // The column's notes after its text, which is how they are read.
            if let notes = frame.footnotes, marked { try draw(notes, in: context) }
            // A running head's links (`{link}`) are annotated on its page of heads, outside the
            // structure: the finishing step moves them to their page and tags them there. A
            // repeated table header's, an artifact inside the page's content, are not made.
            if annotatesLinks {
                for index in frame.lines.indices {
                    if marked {
                        LinkAnnotator.annotate(frame.lines[index], footnotes: footnoteLinks, references: references, recordingIn: structure, in: context)
                    } else if area == .runningHead, frame.lines[index].runs.contains(where: { $0.attributes.link != nil }) {
                        runningHeadLinksDocument?.openCairoDocument(in: context)
                        runningHeadLinks += LinkAnnotator.annotate(frame.lines[index], in: context)
                        runningHeadLinksDocument?.closeCairoDocument(in: context)
                    }
                }
            }
        }
    }

    /// The addresses of the running heads' links annotated since the last call, in order.
    func takeRunningHeadLinks() -> [String] {
        defer { runningHeadLinks = [] }
        return runningHeadLinks
    }

    /// Records where the references' targets on `page` are (`ReferenceDestinations`), for the
    /// finishing step to give their links (`InternalLinkDestinations`), as a footnote's ends are.
    func recordReferenceDestinations(on page: Page, sheetMargin: Double) {
        for destination in references.destinations(on: page, sheetMargin: sheetMargin) {
            structure?.recordDestination(InternalLink.reference(destination.name).address, at: Point(x: destination.x, y: destination.y),
                                         mark: "")
        }
    }

    /// Draws `line`, its pieces marked in `structure` when it is given.
    private func draw(_ line: Line, of source: AttributedText, structure: StructureRecorder?,
                      bledPictures: [Int: Rect], in context: OpaquePointer) throws {
        recorder?.beginLine(line)
        if !line.leaders.isEmpty {
            structure?.beginCairoArtifact(in: context)
            TabLeaderDrawer.draw(line.leaders, of: line, in: context)
            structure?.end(in: context)
        }
        if let box = line.box { try draw(box, in: context) }
        if let rows = line.tableRows { try draw(rows, in: context) }
        textLayer?.writesWordSpacesAsNumbers = line.hasGlyphsOffItsBaseline
        textLayer?.beginLine()
        if let initial = line.initial {
            if let recorder {
                initial.glyphIDs.withUnsafeBufferPointer { ids in
                    recorder.glyphs(ids, font: initial.font, size: initial.size, scale: 1, advances: { _ in 0 },
                                    origin: { Point(x: line.origin.x + initial.positions[$0].x, y: line.origin.y + initial.positions[$0].y) },
                                    character: { _ in initial.stringRange.lowerBound }, initial: true)
                }
            }
            structure?.beginText(at: initial.hiddenRange.lowerBound, link: nil,
                                 language: line.runs.first?.attributes.language ?? "", in: context)
            // Read with the line's first shown character (see RunTextClusters), when it shows one.
            let readAlone = !line.runs.contains { $0.clusters.contains(initial.hiddenRange.upperBound) }
            let ink = TextLayerInk(initial)
            if let textLayer, textLayer.canDraw(ink), !ink.isInvisible {
                // The paragraph's first text, as it is read.
                self.structure?.willDrawInLayer(at: initial.hiddenRange.lowerBound, in: context)
                glyphBuffer.refill(with: initial.glyphIDs, at: initial.positions, from: line.origin)
                runText.fill(for: initial, readAlone: readAlone)
                glyphBuffer.withUnsafeBufferPointer { textLayer.show(ink, glyphs: $0, text: runText) }
                // The initial stands lines deep: the line's first run is placed on its own.
                textLayer.beginLine()
            } else {
                self.structure?.willDrawWithCairo(at: initial.hiddenRange.lowerBound, in: context)
                InitialDrawer.draw(initial, of: line, face: try fontFaces.face(for: initial.font), asText: readAlone, in: context)
            }
        }
        let labelEnd = structure?.listLabelEnd(of: line)
        structure?.listLabelEnd = labelEnd
        // Where the text is read (a tagged PDF), its runs are drawn in reading order; a page's
        // pixels are the same in any order.
        let ordered = structure == nil ? line : line.inReadingOrder
        // A list item's marker is marked alone, though it may share a run with its text.
        guard let labelEnd else {
            return try drawRuns(of: ordered, in: line, source: source, structure: structure,
                                bledPictures: bledPictures, in: context)
        }
        try drawRuns(of: ordered.cuttingRuns(at: labelEnd), in: line, labelEnd: labelEnd, source: source, structure: structure,
                     bledPictures: bledPictures, in: context)
    }

    /// Draws the runs of `drawn`, which is `line` or `line` with its list label's run cut at
    /// `labelEnd`, piece by piece.
    private func drawRuns(of drawn: Line, in line: Line, labelEnd: Int? = nil, source: AttributedText, structure: StructureRecorder?,
                          bledPictures: [Int: Rect], in context: OpaquePointer) throws {
        try drawn.runs.withUnsafeBufferPointer { runs in
            for piece in MarkedLinePieces(drawn, labelEnd: labelEnd, footnotes: footnoteLinks) {
                if let structure { try beginPiece(piece, of: runs, line: drawn, structure: structure, in: context) }
                for index in piece.runs {
                    try draw(runs[index], in: line, source: source, bledPictures: bledPictures, in: context)
                }
            }
        }
    }

    /// Draws `run` of `line`: its background, its glyphs or its picture, and its underline
    /// and strike-through.
    private func draw(_ run: GlyphRun, in line: Line, source: AttributedText,
                      bledPictures: [Int: Rect], in context: OpaquePointer) throws {
        if let background = run.attributes.backgroundColor {
            structure?.willDrawWithCairo(at: run.stringRange.lowerBound, in: context)
            DecorationDrawer.drawBackground(background, run: run, line: line, in: context)
        }
        if let box = line.pictureRect(of: run) {
            // A floated or spanning picture's anchor draws nothing: the picture is
            // the frame's float or the page's.
            guard let image = run.image, image.float == nil, image.spanning == nil else { return }
            let bled = bledPictures[run.stringRange.lowerBound]
            recorder?.picture(in: bled ?? box, bleeds: bled != nil, contour: nil, anchor: run.stringRange.lowerBound, inLine: true)
            try drawImage(image, in: box, bled: bled, in: context)
        } else {
            try drawGlyphs(run, line: line, source: source, in: context)
        }
        if run.attributes.underline != nil || run.attributes.strikethrough != nil {
            structure?.willDrawWithCairo(at: run.stringRange.lowerBound, in: context)
            DecorationDrawer.drawDecorations(of: run, line: line, in: context)
        }
    }

    /// Begins the marked content of `piece` of `runs`, the runs of `line`: a picture in the
    /// line, or its text.
    private func beginPiece(_ piece: MarkedLinePieces.Piece, of runs: UnsafeBufferPointer<GlyphRun>, line: Line,
                            structure: StructureRecorder, in context: OpaquePointer) throws {
        let first = piece.runs.lowerBound
        if let image = runs[first].image, let box = line.pictureRect(of: runs[first]) {
            guard image.float == nil, image.spanning == nil else { return structure.end(in: context) }
            structure.beginPicture(image, anchor: runs[first].stringRange.lowerBound, rect: box, in: context)
        } else {
            // The piece's first character in the text: right to left, runs go in visual order.
            var start = runs[first].stringRange.lowerBound
            for index in piece.runs { start = Swift.min(start, runs[index].stringRange.lowerBound) }
            let attributes = runs[first].attributes
            structure.beginText(at: start, link: footnoteLinks?.link(of: runs[first]) ?? attributes.link,
                                language: attributes.language, in: context)
        }
    }

    /// A floated or spanning picture, marked as a figure anchored at `anchor` (its box on the
    /// page is `bled`, where it runs off the page).
    private func drawMarkedImage(_ image: ImageAttachment, anchor: Int, in box: Rect, bled: Rect?,
                                 in context: OpaquePointer) throws {
        structure?.beginPicture(image, anchor: anchor, rect: bled ?? box, in: context)
        defer { structure?.end(in: context) }
        try drawImage(image, in: box, bled: bled, in: context)
    }

    /// The picture in the file `image` names fitted to `box` as its `fit` says, or covering
    /// `bled`, the rectangle it runs off the page in (or `box`, when it asks to bleed and stands
    /// inside the text area: given other proportions than its own, it is cropped to them, not
    /// squashed), the file loaded once (`PictureSurfaces`).
    private func drawImage(_ image: ImageAttachment, in box: Rect, bled: Rect? = nil,
                           in context: OpaquePointer) throws {
        let picture = try pictures.picture(for: image.source) {
            let forPDF = cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_PDF
            if ImageSurfaceLoader.isVector(image.source, in: pictureFiles) {
                let file = try ImageSurfaceLoader.loadVector(image.source, in: pictureFiles)
                guard forPDF, file.info.kind == .pdf else { return (.vector(file), file.heldBytes) }
                // A PDF's page goes into a PDF as it is, not drawn by poppler (`PDFPageForm`).
                let placed = try ImageSurfaceLoader.loadPDFPage(image.source, in: pictureFiles)
                drewPDFPages = true
                return (.pdfPage(placed.surface, width: file.info.width, height: file.info.height), placed.heldBytes)
            }
            let picture = try ImageSurfaceLoader.loadPicture(image.source, in: pictureFiles, forPDF: forPDF, keeping: keptPictures)
            if picture.info.isAdobeCMYK { drewInvertedCMYK = true }
            if picture.carriesPNGRows { drewPNGRows = true }
            return (.raster(picture.surface, picture.info.orientation), picture.heldBytes)
        }
        let place = bled ?? box
        guard place.width > 0, place.height > 0 else { return }
        try drawImage(picture, framed: image.framing(own: picture.size, in: place, fit: bled == nil ? nil : .cover), in: context)
    }

    /// A figure or an aside: its background (out to `bled` when it runs off the page), its
    /// border, then its text.
    private func draw(_ box: PlacedBox, bled: Rect? = nil, in context: OpaquePointer) throws {
        let rect = box.rect
        recorder?.box(rect, borderWidth: box.style.border?.width, anchor: box.box.range.lowerBound)
        let decorated = box.style.background != nil || box.style.border != nil
        if decorated {
            structure?.beginCairoArtifact(in: context)
        }
        if let background = box.style.background { fill(bled ?? rect, with: background, in: context) }
        if let border = box.style.border {
            // Inside the box's edge: the border is part of its width, as its inset says.
            let half = border.width / 2
            CairoPrintedColour.setSource(border.color, in: context)
            cairo_set_line_width(context, border.width)
            cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
            cairo_rectangle(context, rect.minX + half, rect.minY + half, rect.width - border.width, rect.height - border.width)
            cairo_stroke(context)
        }
        if decorated { structure?.end(in: context) }
        try draw(box.frames, of: text, area: .box, boxText: PlacedBox.textRect(of: rect, style: box.style),
                 bledPictures: box.bledPictures, in: context)
    }

    /// A column's notes at its foot, under their short rule (an artifact, as a box's border is).
    private func draw(_ area: FootnoteArea, in context: OpaquePointer) throws {
        structure?.beginCairoArtifact(in: context)
        recorder?.rule(x: area.rule.minX + area.rule.width / 2, top: area.rule.minY, bottom: area.rule.maxY, width: area.rule.width)
        fill(area.rule, with: .black, in: context)
        structure?.end(in: context)
        for note in area.notes { try draw(note.box, in: context) }
    }

    /// `rect` filled with `color`: a box's background, a section's tint (see SolidFill).
    private func fill(_ rect: Rect, with color: Text.Color, in context: OpaquePointer) {
        SolidFill.fill(rect, with: color, in: context)
    }

    /// A gutter's rule: a vertical line with butt ends, so that it stops exactly where its
    /// text does.
    private func drawRule(_ rule: ColumnRule, in context: OpaquePointer) {
        let color = rule.style.color
        cairo_save(context)
        CairoPrintedColour.setSource(color, in: context)
        cairo_set_line_width(context, rule.style.width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_move_to(context, rule.x, rule.top)
        cairo_line_to(context, rule.x, rule.bottom)
        cairo_stroke(context)
        cairo_restore(context)
    }

    /// The picture drawn where its framing puts it, clipped to what of it shows: a crop, or a
    /// place it covers with what falls outside cut off (a picture running off the page is drawn
    /// larger than its place, never distorted). The file goes in whole: a JPEG byte for byte.
    private func drawImage(_ picture: LoadedPicture, framed framing: PictureFraming, in context: OpaquePointer) throws {
        let own = picture.size, drawn = framing.whole
        try repeatedPictures.paint(picture.identity, in: context) {
            cairo_save(context)
            defer { cairo_restore(context) }
            if framing.isCut {
                let shown = framing.shown
                cairo_rectangle(context, shown.minX, shown.minY, shown.width, shown.height)
                cairo_clip(context)
            }
            cairo_translate(context, drawn.minX, drawn.minY)
            cairo_scale(context, drawn.width / own.width, drawn.height / own.height)
            try picture.paint(in: context)
        }
    }

    private func drawGlyphs(_ run: GlyphRun, line: Line, source: AttributedText, in context: OpaquePointer) throws {
        guard !run.glyphIDs.isEmpty else { return }
        glyphBuffer.refill(with: run, at: line.origin)
        if let recorder { record(run, in: recorder) }
        let ink = TextLayerInk(run)
        let drawsInTheLayer = textLayer?.canDraw(ink) ?? false
        // A page the text layer takes from the run before is drawn for its colours alone there,
        // but a shadow or colour glyphs are drawn by Cairo with their text.
        if !drawsInTheLayer || !(textLayer?.takesThePage ?? false) || run.attributes.shadow != nil || ink.isInvisible {
            runText.fill(for: run, text: source, initial: line.initial, wordBreak: line.wordBrokenAfter(in: source))
        }
        if let textLayer, drawsInTheLayer {
            if run.attributes.shadow != nil || ink.isInvisible {
                if let structure {
                    try structure.drawCairoArtifact(in: context) { try drawDecoration(of: run, line: line, in: context) }
                } else {
                    try drawDecoration(of: run, line: line, in: context)
                }
            }
            structure?.willDrawInLayer(at: run.stringRange.lowerBound, in: context)
            glyphBuffer.withUnsafeBufferPointer { textLayer.show(ink, glyphs: $0, text: runText, rightToLeft: run.isRightToLeft) }
            return
        }
        structure?.willDrawWithCairo(at: run.stringRange.lowerBound, in: context)
        let face = try fontFaces.face(for: run.font)
        let color = run.attributes.color
        // Hollow (outline-only) text is still drawn as text so that it can be extracted, with
        // the faintest fill Cairo does not drop as clear (it skips alpha ≤ 255/65535; it has no
        // way to ask for PDF's invisible text rendering mode).
        let fills = run.attributes.stroke?.fills ?? true
        var outlined = glyphBuffer
        if run.font.hasColorBitmaps {
            outlined = colorGlyphs.draw(run, glyphs: glyphBuffer, shadowBox: Self.shadowBox(of: run, in: line), in: context)
            // Cairo drops the text of colour glyphs: it goes under the pictures in a stand-in
            // face whose glyphs draw nothing, kept as faint as hollow text's.
            showText(of: run, face: invisibleFaces.face(for: run.font), alpha: Self.invisibleAlpha, in: context)
            guard !outlined.isEmpty else { return }
            cairo_set_font_face(context, face)
            FontMatrix.set(size: run.fontSize, horizontalScale: run.horizontalScale, in: context)
            CairoPrintedColour.setSource(color, alpha: fills ? color.alpha : Self.invisibleAlpha, in: context)
            cairo_show_glyphs(context, &outlined, Int32(outlined.count))
        } else {
            if let shadow = run.attributes.shadow {
                ShadowDrawer.draw(shadow, glyphs: glyphBuffer, fontFace: face, fontSize: run.fontSize,
                                  horizontalScale: run.horizontalScale, box: Self.shadowBox(of: run, in: line), in: context)
            }
            showText(of: run, face: face, alpha: fills ? color.alpha : Self.invisibleAlpha, in: context)
        }
        if let stroke = run.attributes.stroke { self.stroke(outlined, of: run, with: stroke, in: context) }
    }

    /// Draws what Cairo paints of `run` of `line` under the text the layer writes for it, none
    /// of it text: its shadow, or its colour glyphs' pictures (with their shadow) and the
    /// outlines of its glyphs that have none.
    private func drawDecoration(of run: GlyphRun, line: Line, in context: OpaquePointer) throws {
        let face = try fontFaces.face(for: run.font)
        guard run.font.hasColorBitmaps else {
            guard let shadow = run.attributes.shadow else { return }
            return ShadowDrawer.draw(shadow, glyphs: glyphBuffer, fontFace: face, fontSize: run.fontSize,
                                     horizontalScale: run.horizontalScale, box: Self.shadowBox(of: run, in: line), in: context)
        }
        let outlined = colorGlyphs.draw(run, glyphs: glyphBuffer, shadowBox: Self.shadowBox(of: run, in: line), in: context)
        guard !outlined.isEmpty else { return }
        cairo_set_font_face(context, face)
        FontMatrix.set(size: run.fontSize, horizontalScale: run.horizontalScale, in: context)
        if run.attributes.stroke?.fills ?? true {
            let color = run.attributes.color
            cairo_new_path(context)
            cairo_glyph_path(context, outlined, Int32(outlined.count))
            CairoPrintedColour.setSource(color, in: context)
            cairo_fill(context)
        }
        if let stroke = run.attributes.stroke { self.stroke(outlined, of: run, with: stroke, in: context) }
    }

    /// `glyphs` of `run` outlined with `stroke`, over their fill, as Core Text draws a negative
    /// stroke width; the font face and size are set.
    private func stroke(_ glyphs: [cairo_glyph_t], of run: GlyphRun, with stroke: Stroke, in context: OpaquePointer) {
        cairo_new_path(context)
        cairo_glyph_path(context, glyphs, Int32(glyphs.count))
        CairoPrintedColour.setSource(stroke.color, in: context)
        cairo_set_line_width(context, stroke.widthFraction * run.fontSize)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(context)
    }

    /// The run's glyphs (in `glyphBuffer`, where they are drawn) told to `recorder`.
    private func record(_ run: GlyphRun, in recorder: DrawnPageRecorder) {
        run.glyphIDs.withUnsafeBufferPointer { ids in
            glyphBuffer.withUnsafeBufferPointer { drawn in
                recorder.glyphs(UnsafeBufferPointer(rebasing: ids[..<drawn.count]), font: run.font, size: run.fontSize, scale: run.horizontalScale,
                                advances: { run.advances[$0] }, origin: { Point(x: drawn[$0].x, y: drawn[$0].y) },
                                character: { run.clusters[$0] })
            }
        }
    }

    /// The run's box on the page, raised or lowered with its text: where its shadow falls.
    private static func shadowBox(of run: GlyphRun, in line: Line) -> (x: Double, y: Double, width: Double, height: Double) {
        let bounds = run.typographicBounds()
        return (x: line.origin.x + bounds.minX, y: line.origin.y + bounds.minY - run.attributes.baselineOffset,
                width: bounds.width, height: bounds.height)
    }

    /// The run's glyphs with their text (`glyphBuffer`, `runText`), in the text colour at
    /// `alpha`.
    private func showText(of run: GlyphRun, face: OpaquePointer, alpha: Double, in context: OpaquePointer) {
        let color = run.attributes.color
        cairo_set_font_face(context, face)
        FontMatrix.set(size: run.fontSize, horizontalScale: run.horizontalScale, in: context)
        CairoPrintedColour.setSource(color, alpha: alpha, in: context)
        runText.utf8.withUnsafeBufferPointer { utf8 in
            runText.clusters.withUnsafeBufferPointer { clusters in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(context, chars.baseAddress, Int32(chars.count), glyphBuffer, Int32(glyphBuffer.count),
                                           clusters.baseAddress, Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
                }
            }
        }
    }

}

private extension Array where Element == cairo_glyph_t {
    /// Refilled with `run`'s glyphs where they go on the page, the buffer's room kept: a
    /// mutating call, so that the drawer's buffer is accessed once a run, and the glyphs
    /// written through pointers, not appended one by one.
    mutating func refill(with run: GlyphRun, at origin: Point) {
        refill(with: run.glyphIDs, at: run.positions, from: origin)
    }

    /// Refilled with the glyphs `glyphIDs` at `positions` from `origin`.
    mutating func refill(with glyphIDs: [UInt32], at glyphPositions: [Point], from origin: Point) {
        let count = Swift.min(glyphIDs.count, glyphPositions.count)
        resize(to: count, with: cairo_glyph_t())
        withUnsafeMutableBufferPointer { glyphs in
            glyphIDs.withUnsafeBufferPointer { ids in
                glyphPositions.withUnsafeBufferPointer { positions in
                    for index in 0 ..< count {
                        glyphs[index] = cairo_glyph_t(index: UInt(ids[index]), x: origin.x + positions[index].x,
                                                      y: origin.y + positions[index].y)
                    }
                }
            }
        }
    }
}
