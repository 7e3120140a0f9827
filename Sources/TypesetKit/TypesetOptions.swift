import Markup
import Pages
import Render
import Text

/// Everything that decides how a document is set, with the defaults of the command line.
public struct TypesetOptions: Sendable {
    public var page = PageTemplate()
    /// Family of text no tag has styled, and the stand-in for faces that cannot be found.
    public var fontFamily = TypesetOptions.defaultFontFamily
    public var fontSize = 11.0
    public var alignment = TextAlignment.justify
    /// Space after each paragraph, in points (the tutorial's markup has no other way to
    /// separate paragraphs; half a line keeps them apart without breaking the column's rhythm).
    public var paragraphSpacing = 5.5
    /// The text's language; nil: the document's `<meta lang>`, or else English.
    public var language: String?
    /// Style sheets read before each document, as if it imported them first (`--style`).
    public var styleSheets: [String] = []
    public var format = OutputFormat.pdf
    /// Resolution of PNG output.
    public var dpi = 72.0
    public var metadata = PDFMetadata()
    /// The sheet each page is printed on: the bleed past the trim and the crop marks.
    public var sheet = PrintSheet()
    /// PNG pages show the whole sheet (bleed and marks), not the trimmed page.
    public var showsBleed = false
    /// The standards a PDF is to conform to (`--pdf-standard`): PDF/X-4, PDF/UA-1.
    public var pdfStandards: Set<PDFStandard> = []
    /// The standards the output is held to: `pdfStandards` for a PDF, none for PNG pages.
    var pdfStandardsInForce: Set<PDFStandard> { format == .pdf ? pdfStandards : [] }
    /// The printing condition a PDF/X file declares, by its ICC profile.
    public var outputIntent = OutputIntent()
    /// The bundled fonts; found beside the executable when nil.
    public var fontsDirectory: String?
    /// Folders of more fonts (`--font-path`, `TYPESET_FONT_PATHS`), searched with the bundled
    /// ones, before the system's.
    public var fontPaths: [String] = []
    /// Pictures must lie inside this folder; the document's own folder when nil.
    public var imageRoot: String?
    /// The processor seconds a PDF picture's page may take to draw when it is checked, before
    /// it is refused as hostile (`ImagePreflight.standardDrawingSeconds`: far more than any
    /// printable page takes). A test of that refusal lowers it.
    public var pictureDrawingSeconds = ImagePreflight.standardDrawingSeconds
    /// Multiplies every text size (the body's, the named styles', those the markup writes and
    /// the running heads'), as a reader's preferred text size does.
    public var textScale = 1.0
    /// Pictures shown at fewer pixels per inch than this get a warning (printers ask for 150
    /// at least, 300 for fine work); 0 checks nothing.
    public var minimumPictureResolution = 150.0
    /// Warnings count as errors: the document fails and nothing is written.
    public var strict = false
    /// The running header, in the top margin of every page but the first (see
    /// `headerOnFirstPage`); nil: the document's `<meta header>`; an empty template: none.
    public var header: RunningTemplate?
    /// The running footer, in the bottom margin of every page; nil: the document's
    /// `<meta footer>`; an empty template: none.
    public var footer: RunningTemplate?
    /// Where to write the layout as JSON (docs/layout-json.md) besides the pages; none when nil.
    public var layoutJSONPath: String?
    /// Where to write the Makefile rule of the output's dependencies (`--depfile`,
    /// `DependencyRule`), placed with the output; none when nil.
    public var dependencyFilePath: String?
    /// The pages written (`--pages`): the whole document is laid out, so page numbers and
    /// `{pages}` are the whole's, and the others are let go unwritten.
    public var pages = PageSelection.all
    /// The first page has a header too (by default it is a title page, without one).
    public var headerOnFirstPage = false

    /// The document's title: what `{title}` prints in running heads, and the PDF's Title.
    /// Nil: the document's `<meta title>`.
    public var title: String? {
        get { metadata.title }
        set { metadata.title = newValue }
    }

    public static let defaultFontFamily = "TeX Gyre Pagella"

    /// Whether every page drawn is checked (`PageChecking`): a fault found is an error, and the
    /// document fails. On in debug builds, off in release builds, unless `TYPESET_CHECK_PAGES` says.
    public var checksPages = PageChecking.isOn()

    /// Told each page's number as it goes to be drawn, on the drawing thread: the command
    /// line's progress line for a long document.
    public var pageReached: (@Sendable (Int) -> Void)?

    public init() {}
}

extension TypesetOptions {
    /// The language of a document that says `meta`: the command line's, else the document's, else English.
    func language(of meta: DocumentMeta) -> String {
        language ?? meta.language ?? "en"
    }
}
