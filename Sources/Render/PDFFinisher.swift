import Foundation
import Layout

/// The last step of every PDF: Cairo writes the drawing into a draft, and this copies the
/// draft's objects one at a time, in the order of the file, into the finished file, adding on
/// the way what Cairo 1.16 cannot write: each page's TrimBox and BleedBox beside a MediaBox
/// holding both, the crop marks in registration colour, the dates in the form the PDF
/// standard requires, typeset's own text layer, the structure tree in logical order, the XMP
/// metadata (`DocumentXMP`), and what the standards asked for need (`PDFX4`). Streams are copied from the draft in
/// pieces, as they are; objects other than streams go into compressed object streams
/// (`PDFStreamingWriter`). It holds an offset an object and a few numbers a page
/// (`PDFDraftPages`), never the draft's objects, so memory does not grow with the page count.
struct PDFFinisher {
    var sheet: PrintSheet
    var metadata: PDFMetadata
    /// Whether the draft holds an Adobe CMYK JPEG, whose inverted values need a `/Decode`
    /// array Cairo does not write (see InvertedCMYKImages).
    var marksInvertedCMYK = false
    /// Whether the draft holds a PNG's rows in a JPEG envelope, to be put in its place (see
    /// PNGRowsInPDF).
    var restoresPNGRows = false
    /// Whether the draft holds a PDF picture's page in a JPEG envelope, to be placed as a form
    /// in its place (see PDFPageForm).
    var placesPDFPages = false
    /// The tagged content drawn, from which the structure tree is built in logical order
    /// (`StructureTree`); nil: Cairo's tree is kept as it is.
    var structure: StructureRecord?
    /// The text typeset wrote itself, to be laid over Cairo's pages.
    var textLayer: PDFTextLayer?
    /// The colours printed with inks: Cairo's key colours to rewrite, the spots' colour spaces.
    var printedColours = PrintedColours()
    /// The pages of running heads drawn after the document's, to be laid over their pages.
    var runningHeads = RunningHeadsOverlays(overlays: [])
    /// The standards the file is to conform to (`--pdf-standard`).
    var standards: Set<PDFStandard> = []
    /// The printing condition of a PDF/X file.
    var outputIntent = OutputIntent()
    /// The streams the run before deflated (`typeset watch`), taken again; nil: none.
    var keptDeflates: KeptDeflates?

    /// Reads Cairo's PDF `draft`, whose pages were drawn at `pageSizes` (the trimmed
    /// sizes, in order), and writes the finished file as `output`'s temporary. Throws
    /// `FinishingError` when either cannot be done.
    func finish(draft: ReadOnlyFile, pageSizes: [Size], into output: AtomicFile) throws {
        // Every page's text kept, to be copied with the draft's objects.
        try textLayer?.streams.close()
        // The structure's pieces, kept in a file while the pages were drawn.
        var finisher = self
        try finisher.structure?.readPagesBack()
        let file = try output.open()
        do {
            var copy = try PDFDraftCopy(finisher, draft: draft, pageSizes: pageSizes, into: file)
            try copy.run()
            try file.close()
        } catch {
            // Nothing is left behind: the output was never finished.
            output.discard()
            // The output's own name is the caller's to say (`RenderError.cannotWrite`).
            if let error = error as? SystemError { throw FinishingError(error.description) }
            throw error
        }
    }
}
