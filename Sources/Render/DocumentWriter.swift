import CCairo
import Foundation
import Images
import Layout
import Pages
import Text

/// Writes pages as they are laid out: each page is drawn, finished and dropped as the next
/// one is taken (a page or two may be laid out ahead, `PagesAhead`), so memory does not
/// grow with the page count. (A PDF's finishing step, `PDFFinisher`, holds the objects of
/// the file it rewrites: some 18 MB for the 7 MB KJV book.)
public struct DocumentWriter {
    public var text: AttributedText
    /// Given what was drawn on each of the document's pages, as it is drawn (`DrawnPage`), for
    /// the page checker; nil: nothing is recorded. A page of running heads alone is not told.
    public var pageDrawn: ((DrawnPage) throws -> Void)?
    /// The document's pages written (`--pages`); the others are laid out and let go.
    public var selection = PageSelection.all
    /// Where references' links go (`ReferenceLink`): the page each id's element is set on and
    /// where it starts; the selection is the writer's.
    public var references = ReferenceDestinations()
    /// Given what would have been drawn on each page the selection leaves out, for the page
    /// checker's account of the document's words; nil: such pages are not drawn at all.
    public var pageSkipped: ((DrawnPage) throws -> Void)?
    /// Where the pictures are read from: a document's own (`MarkupDocument.pictures`), the
    /// files its `<img>`s were checked by; a new one opens each picture when first drawn.
    public var pictureFiles: PictureFiles
    /// The streams the run before deflated (`typeset watch`): a PDF's pages that are alike are
    /// not compressed again. nil: every stream is deflated.
    public var keptDeflates: KeptDeflates?
    /// The text layer's pages the run before wrote (`typeset watch`): a page it takes again
    /// is not written. nil: every page is.
    public var keptTextLayerPages: KeptTextLayerPages?
    /// The pictures the run before loaded (`typeset watch`): a picture whose file is alike is
    /// not loaded again. nil: every picture is.
    public var keptPictures: KeptPictures?

    public init(text: AttributedText, pictureFiles: PictureFiles = PictureFiles()) {
        self.text = text
        self.pictureFiles = pictureFiles
    }

    /// The references' destinations on the pages written.
    private var referencesWritten: ReferenceDestinations {
        var written = references
        written.selection = selection
        return written
    }

    /// A drawer for the pages, recording what it draws when `pageDrawn` asks for it.
    private func makeDrawer() -> PageDrawer {
        let drawer = PageDrawer(text: text, pictureFiles: pictureFiles)
        drawer.keptPictures = keptPictures
        if pageDrawn != nil { drawer.recorder = DrawnPageRecorder() }
        return drawer
    }

    /// `pageDrawn` told what `drawer` drew on the page it last drew.
    private func tellDrawn(by drawer: PageDrawer) throws {
        guard let pageDrawn, let page = drawer.recorder?.endPage() else { return }
        try pageDrawn(page)
    }

    /// The pages the selection leaves out, as they pass.
    private func makeSkippedPages() -> SkippedPages {
        SkippedPages(selection: selection, text: text, pictureFiles: pictureFiles, told: pageSkipped)
    }

    /// Writes every page of `pages` into one PDF at `path`, each on a sheet as `sheet` says.
    /// Returns the page count.
    ///
    /// Cairo draws the pages into a draft beside the output (`draftPDF`); `PDFFinisher` reads
    /// the draft and writes the finished file under the output's temporary name, which is put
    /// in place only when all of it has been written (`PDFDraft.finish`).
    @discardableResult
    public func writePDF<S: Sequence>(_ pages: S, to path: String, metadata: PDFMetadata = PDFMetadata(),
                                      sheet: PrintSheet = PrintSheet(), standards: Set<PDFStandard> = [],
                                      outputIntent: OutputIntent = OutputIntent()) throws -> Int
        where S.Element == Page {
        try draftPDF(pages, to: path, metadata: metadata, sheet: sheet, standards: standards, outputIntent: outputIntent).finish()
    }

    /// Draws every page of `pages` into Cairo's draft of the PDF at `path`, to be finished
    /// (`PDFDraft.finish`) once whatever laid the pages out, and the text, have been let go:
    /// the finishing step is the run's peak of memory.
    public func draftPDF<S: Sequence>(_ pages: S, to path: String, metadata: PDFMetadata = PDFMetadata(),
                                      sheet: PrintSheet = PrintSheet(), standards: Set<PDFStandard> = [],
                                      outputIntent: OutputIntent = OutputIntent()) throws -> PDFDraft
        where S.Element == Page {
        let file = try AtomicFile(destination: path)
        let draft = file.temporary + ".draft"
        keptDeflates?.beginRun()
        let sink: FileSink
        do {
            sink = try FileSink(temporary: draft)
        } catch {
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
        do {
            // PDF/X allows no annotation (see PDFXPreflight): its notes and its running heads'
            // links (whose text has no `<a>` to leave out) are not links.
            let annotates = !standards.contains(.x4)
            let drawn = try drawPDF(pages, into: sink, draft: draft, path: path, metadata: metadata, sheet: sheet,
                                    annotatesLinks: annotates, footnoteLinks: annotates ? FootnoteLinks(text: text) : nil)
            var finisher = PDFFinisher(sheet: sheet, metadata: metadata)
            finisher.marksInvertedCMYK = drawn.invertedCMYK
            finisher.restoresPNGRows = drawn.pngRows
            finisher.placesPDFPages = drawn.pdfPages
            finisher.structure = drawn.structure
            finisher.runningHeads = RunningHeadsOverlays(overlays: drawn.runningHeads)
            finisher.textLayer = drawn.textLayer
            finisher.printedColours = drawn.printedColours
            finisher.standards = standards
            finisher.outputIntent = outputIntent
            finisher.keptDeflates = keptDeflates
            return PDFDraft(file: file, path: draft, written: drawn.draft, pageSizes: drawn.sizes, finisher: finisher)
        } catch {
            TemporaryFiles.shared.remove(draft)
            file.discard()
            throw error
        }
    }

    /// What `drawPDF` drew: the document's pages' (trimmed) sizes, whether an Adobe CMYK JPEG
    /// was drawn (see InvertedCMYKImages), a PNG's rows and a PDF picture's page in their
    /// envelopes (see PNGEnvelope, PDFPageEnvelope),
    /// the record of the tagged content the structure tree is built from (see
    /// StructureRecorder), and the pages of running heads drawn after the last page, each with
    /// the page it goes over (see RunningHeadsOverlays).
    private struct Drawn {
        var sizes: [Size] = []
        var invertedCMYK = false
        var pngRows = false
        var pdfPages = false
        var structure: StructureRecord
        var runningHeads: [(page: Int, heads: Int)] = []
        /// The pages' text as typeset wrote it, to be laid over Cairo's pages.
        var textLayer: PDFTextLayer?
        /// The colours printed with inks, drawn by Cairo in key colours (see PrintedColours).
        var printedColours: PrintedColours
        /// Cairo's file, written and to be read back (set once it is closed).
        var draft: ReadOnlyFile!
    }

    /// Draws every page into Cairo's PDF, written through `sink`, and closes it. The pages of
    /// running heads (`Page.holdsOnlyRunningHeads`) come after the document's pages and are
    /// drawn as they are, outside the document's structure, to be laid over their pages; heads
    /// set on their pages (`RunningHeadsPlacement.onEachPage`) are moved there first, so that
    /// a PDF's heads are written one way (`RunningHeadsMovedAfterTheLastPage`).
    private func drawPDF<S: Sequence>(_ pages: S, into sink: FileSink, draft: String, path: String, metadata: PDFMetadata,
                                      sheet: PrintSheet, annotatesLinks: Bool, footnoteLinks: FootnoteLinks?) throws -> Drawn
        where S.Element == Page {
        let textLayer: PDFTextLayer
        let pieces: MarkedPieceFile
        do {
            textLayer = PDFTextLayer(streams: try TextLayerStreams(beside: draft), keeping: keptDeflates)
            pieces = try MarkedPieceFile(beside: draft)
        } catch {
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
        guard let surface = cairo_pdf_surface_create_for_stream(FileSink.cairoWrite, sink.cairoClosure,
                                                                PageTemplate.a4.width, PageTemplate.a4.height),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cannotWrite(path: path, reason: "cannot create the file")
        }
        setMetadata(metadata, on: surface)
        let context = cairo_create(surface)!
        let printedColours = PrintedColours()
        CairoPrintedColour.attach(printedColours, to: context)
        textLayer.printedColours = printedColours
        textLayer.keptPages = keptTextLayerPages
        let drawer = makeDrawer()
        drawer.annotatesLinks = annotatesLinks
        drawer.footnoteLinks = footnoteLinks
        drawer.references = referencesWritten
        let structure = StructureRecorder(text: text, language: metadata.language, keepingPiecesIn: pieces)
        drawer.structure = structure
        drawer.runningHeadLinksDocument = structure
        drawer.textLayer = textLayer
        structure.layer = textLayer
        let outline = DocumentOutline(text: text)
        var drawn = Drawn(structure: structure.record, printedColours: printedColours)
        func endStructure() throws {
            structure.closeCairoDocument(in: context)
            try checkStatus(context, writing: sink, to: path)
        }
        var skipped = makeSkippedPages()
        // The PDF's page (from 1) of each document page written: its running heads go over it.
        var pdfPageOfNumber: [Int: Int] = [:]
        do {
            for page in RunningHeadsMovedAfterTheLastPage(pages) {
                guard try skipped.writes(page) else { continue }
                let media = sheet.mediaBox(for: page.size)
                cairo_pdf_surface_set_size(surface, media.size.width, media.size.height)
                // Where the page's corner is on its sheet: the layer's text is placed from it.
                let origin = sheet.isPageOnly ? 0 : sheet.margin
                if page.holdsOnlyRunningHeads {
                    guard let pdfPage = pdfPageOfNumber[page.number] else {
                        throw RenderError.cannotWrite(path: path, reason: "running heads for page \(page.number), which was not drawn")
                    }
                    try endStructure()
                    // Their text is the layer's, a header's and a footer's stream laid on their
                    // page before and after its body; what Cairo draws of them (a colour face's
                    // pictures, a rule under a word), if anything, is laid over the page as a form.
                    drawer.structure = nil
                    printedColours.beginPage(drawn.sizes.count + drawn.runningHeads.count)
                    for band in [RunningHeadSetter.Band.header, .footer] {
                        guard let heads = page.runningHeads(in: band) else { continue }
                        textLayer.beginRunningHeads(band, sheetHeight: media.size.height, origin: Point(x: origin, y: origin))
                        try draw(heads, onSheet: sheet, in: context, drawer: drawer, marks: false)
                        _ = drawer.recorder?.endPage()
                        try textLayer.endRunningHeads(over: pdfPage - 1)
                    }
                    structure.recordRunningHeadLinks(drawer.takeRunningHeadLinks(), onPage: pdfPage - 1)
                    drawn.runningHeads.append((page: pdfPage - 1, heads: drawn.sizes.count + drawn.runningHeads.count))
                } else {
                    guard drawn.runningHeads.isEmpty else {
                        throw RenderError.cannotWrite(path: path, reason: "page \(page.number) came after the pages of running heads")
                    }
                    // The finishing step draws the crop marks, in registration colour.
                    // Running heads on the page are set again each run: such a page is written.
                    textLayer.beginPage(sheetHeight: media.size.height, origin: Point(x: origin, y: origin),
                                        keptSerial: page.furniture == nil ? page.keptSerial : nil)
                    structure.beginPage()
                    printedColours.beginPage(drawn.sizes.count)
                    try draw(page, onSheet: sheet, in: context, drawer: drawer, marks: false)
                    drawer.recordReferenceDestinations(on: page, sheetMargin: sheet.margin)
                    try tellDrawn(by: drawer)
                    let structureOfPage = structure.endPage(in: context)
                    try textLayer.endPage(firstMCID: structureOfPage.firstLayerMCID, sequenceOrder: structureOfPage.layerOrder)
                    outline.addBookmarks(startingOn: page, pageIndex: drawn.sizes.count + 1, sheetMargin: sheet.margin, to: surface)
                    drawn.sizes.append(page.size)
                    pdfPageOfNumber[page.number] = drawn.sizes.count
                }
                cairo_show_page(context)
                try checkStatus(context, writing: sink, to: path)
            }
            guard !drawn.sizes.isEmpty else { throw skipped.noneWritten }
            try endStructure()
        } catch {
            cairo_destroy(context)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
            // Cairo's drawing calls fail once its stream has: the write is the cause.
            if let failure = sink.failure { throw RenderError.cannotWrite(path: path, reason: "\(failure)") }
            throw error
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        let written: ReadOnlyFile
        do {
            written = try sink.closeForReading(path: draft, what: "the draft")
        } catch {
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        drawn.invertedCMYK = drawer.drewInvertedCMYK
        drawn.pngRows = drawer.drewPNGRows
        drawn.pdfPages = drawer.drewPDFPages
        drawn.structure = structure.record
        drawn.textLayer = textLayer
        drawn.draft = written
        return drawn
    }

    /// Draws `page` where its trim lies on `sheet`, then, when `marks`, the sheet's marks round it.
    private func draw(_ page: Page, onSheet sheet: PrintSheet, in context: OpaquePointer, drawer: PageDrawer,
                      marks: Bool = true) throws {
        guard !sheet.isPageOnly else { return try drawer.draw(page, in: context) }
        cairo_save(context)
        cairo_translate(context, sheet.margin, sheet.margin)
        do {
            try drawer.draw(page, in: context)
        } catch {
            cairo_restore(context)
            throw error
        }
        cairo_restore(context)
        guard marks, sheet.cropMarks else { return }
        drawer.structure?.beginCairoArtifact(in: context)
        CropMarks(sheet: sheet).draw(for: page.size, in: context)
        drawer.structure?.end(in: context)
    }

    /// Writes one PNG per page, named as `PNGPageNames` says, each showing the whole of
    /// `sheet` (by default the trimmed page alone), and puts them in place. Returns the paths written.
    @discardableResult
    public func writePNG<S: Sequence>(_ pages: S, to path: String, dpi: Double,
                                      sheet: PrintSheet = PrintSheet()) throws -> [String] where S.Element == Page {
        let written = try writePNGUnplaced(pages, to: path, dpi: dpi, sheet: sheet)
        try written.commit()
        return written.destinations
    }

    /// Writes one PNG per page as `writePNG` does, each under its temporary name: the caller
    /// places them with the run's other outputs, or discards them.
    public func writePNGUnplaced<S: Sequence>(_ pages: S, to path: String, dpi: Double,
                                              sheet: PrintSheet = PrintSheet()) throws -> UnplacedPNGPages where S.Element == Page {
        let base = PNGPageNames.base(of: path)
        let drawer = makeDrawer()
        var written: [AtomicFile] = []
        var skipped = makeSkippedPages()
        do {
            for page in RunningHeadsMovedAfterTheLastPage(pages) {
                guard try skipped.writes(page) else { continue }
                let file = try AtomicFile(destination: PNGPageNames.pageFile(page.number, base: base))
                let surface = try renderImage(page, drawer: drawer, dpi: dpi, sheet: sheet)
                defer { cairo_surface_destroy(surface) }
                try tellDrawn(by: drawer)
                try PNGStream.write(surface, into: file)
                written.append(file)
            }
            guard !written.isEmpty else { throw skipped.noneWritten }
        } catch {
            for file in written { file.discard() }
            throw error
        }
        return UnplacedPNGPages(files: written, base: base, documentPageCount: skipped.documentPageCount)
    }

    /// Renders one page on white at `dpi`, as the PNG output would show it.
    public func rasterize(_ page: Page, dpi: Double) throws -> RasterImage {
        let drawer = makeDrawer()
        let surface = try renderImage(page, drawer: drawer, dpi: dpi)
        defer { cairo_surface_destroy(surface) }
        try tellDrawn(by: drawer)
        return RasterImage(surface: surface)
    }

    /// Renders each page of `pages` on white at `dpi` and hands it to `body`, one at a time;
    /// `beforeDrawing` is told of each page before its pixels are made (to wait for memory).
    public func rasterize<S: Sequence>(_ pages: S, dpi: Double, beforeDrawing: (Page) throws -> Void = { _ in },
                                       _ body: (Page, RasterImage) throws -> Void) throws
        where S.Element == Page {
        // One drawer for all the pages: its faces and Cairo's caches of their glyphs serve them all.
        let drawer = makeDrawer()
        for page in pages {
            try beforeDrawing(page)
            let surface = try renderImage(page, drawer: drawer, dpi: dpi)
            defer { cairo_surface_destroy(surface) }
            try tellDrawn(by: drawer)
            try body(page, RasterImage(surface: surface))
        }
    }

    /// Draws each page of `pages` where nothing is kept (a surface of one pixel) and hands
    /// what was drawn on it (`DrawnPage`) to `body`, one at a time: the pages a test lays out,
    /// checked as they would be drawn.
    public func recordDrawn<S: Sequence>(_ pages: S, _ body: (Page, DrawnPage) throws -> Void) throws where S.Element == Page {
        let recorder = PageRecorder(text: text, pictureFiles: pictureFiles)
        for page in pages {
            if let drawn = try recorder.record(page) { try body(page, drawn) }
        }
    }

    private func renderImage(_ page: Page, drawer: PageDrawer, dpi: Double,
                             sheet: PrintSheet = PrintSheet()) throws -> OpaquePointer {
        let scale = dpi / 72
        let size = sheet.mediaBox(for: page.size).size
        let pixels = PagePixels(pageSize: size, dpi: dpi)
        guard pixels.isWithinBudget else {
            throw RenderError.tooManyPixels(String(format: "a page of %g × %g pt at %g dpi would be %@, more than the %@ a page image may have",
                                                   size.width, size.height, dpi, pixels.description, PagePixels.budgetDescription))
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixels.width), Int32(pixels.height))!
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_scale(context, scale, scale)
        Self.setGlyphOptions(of: context)
        do {
            try draw(page, onSheet: sheet, in: context, drawer: drawer)
            try checkStatus(context)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// How glyphs are drawn into page images: unhinted and anti-aliased in grey.
    static func setGlyphOptions(of context: OpaquePointer) {
        let options = cairo_font_options_create()
        // Glyphs are placed by HarfBuzz's unhinted advances; hinted metrics would fight them.
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    private func checkStatus(_ context: OpaquePointer) throws {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// As `checkStatus(_:)`, but a failure to write the file is told as one, with its reason.
    private func checkStatus(_ context: OpaquePointer, writing sink: FileSink, to path: String) throws {
        if let failure = sink.failure { throw RenderError.cannotWrite(path: path, reason: "\(failure)") }
        try checkStatus(context)
    }

    private func setMetadata(_ metadata: PDFMetadata, on surface: OpaquePointer) {
        // The draft's dates are the document's, not the clock's: the file identifier is made
        // from the draft (see PDFFinisher).
        let stamp = PDFDate.iso8601(secondsSince1970: metadata.creationDate)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, stamp)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, stamp)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "typeset")
        if let title = metadata.title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        if let author = metadata.author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject = metadata.subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
    }
}
