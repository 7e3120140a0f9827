import Diagnostics
import Fonts
import Images
import Layout
import Markup
import Pages
import Render
import Shaping
import Text

/// A document ready to be paginated: its text with every picture fitted and checked, the fonts
/// it resolved to, the page template, running heads and exclusions, and the warnings found
/// on the way. Its pages are made one at a time as they are iterated (`pages()`).
public struct PreparedDocument {
    public var text: AttributedText
    public var fonts: FontTable
    public var template: PageTemplate
    /// The header and footer, nil when the pages have neither.
    public var runningHeads: RunningHeads?
    /// The document's title (the options' or else `<meta title>`).
    public var title: String?
    /// The PDF's document information: title, author and subject (the options' or else `<meta>`'s).
    public var metadata = PDFMetadata()
    /// The style sheets the document read, for its dependencies.
    public var styleSheets: [String] = []
    /// The files it includes (`<include>`), as absolute paths, in the order read.
    public var includedFiles: [String] = []
    /// The picture files, each opened once when its `<img>` was read and checked: the pages
    /// draw them from here (`PictureFiles`).
    public var pictures = PictureFiles()
    /// The elements given an `id`, and the `<ref>`s with what they print (`ReferenceSettling`).
    public var anchors: [ReferenceAnchor] = []
    public var referenceUses: [ReferenceUse] = []
    /// Whether it has a contents list (`<contents>`), which settles as references do.
    public var listsContents = false
    /// Its notes numbered by page, with the numbers they printed, which settle as references do.
    public var pageNumberedNotes: [PageNumberedNote] = []
    /// The page each anchor is set on, as the references settled (`ReferenceSettling`).
    public var referencePages: [String: Int] = [:]
    public var diagnostics: [Diagnostic]
    /// The `<exclusion>`s, by page number.
    public var exclusions: [Int: [Exclusion]] = [:]
    /// Where the elements of the flow that may move whole are written, for warnings about the
    /// pages (`MovedElementCheck`).
    var flowPlaces: [Int: FlowElementPlace] = [:]
    /// Where each picture and box is written, for messages about them (`ElementPlaces`).
    public var elementPlaces = ElementPlaces()
    /// Where each character of the text came from in the markup, to locate what the pages'
    /// checks find (nil: a text made without markup; its findings are not located); its
    /// source's text waits in a file (`TextSourceMap.keepingSourceInAFile()`).
    public var sourceMap: TextSourceMap?
    /// The library the fonts came from, kept as long as they are.
    let library: FontLibrary
    /// The page count once known (`pageCount()`).
    let counted = PageCountCache()
    /// Shapes the text for every pass over it — the boxes' fitting, the page count's pass, the
    /// pages — which are run one after another, so that each word is shaped once.
    let shaper: Shaper
    /// Measures the pull quotes' words for the boxes' fitting and every pass over the pages, each once.
    let wordWidths: WordWidths
    /// The pages of the run before, under `typeset watch`: the pages set once more take those
    /// the edit did not reach (`KeptPages`); nil: every page is set.
    var keptPages: KeptPages?
    /// The streams the run before deflated, under `typeset watch` (`KeptDeflates`); nil: every
    /// stream is deflated.
    var keptDeflates: KeptDeflates?
    /// The text layer's pages the run before wrote, under `typeset watch`
    /// (`KeptTextLayerPages`); nil: every page's text is written.
    var keptTextLayerPages: KeptTextLayerPages?
    /// The pictures the run before checked and loaded, under `typeset watch` (`KeptPictures`);
    /// nil: every picture is loaded.
    var keptPictures: KeptPictures?

    init(text: AttributedText, fonts: FontTable, template: PageTemplate, runningHeads: RunningHeads?, title: String?,
         diagnostics: [Diagnostic], library: FontLibrary, shaper: Shaper, wordWidths: WordWidths) {
        self.text = text
        self.fonts = fonts
        self.template = template
        self.runningHeads = runningHeads
        self.title = title
        self.diagnostics = diagnostics
        self.library = library
        self.shaper = shaper
        self.wordWidths = wordWidths
    }
}
