import CCairo
import Images
import Pages
import Text

/// The pages a writer leaves out (`PageSelection`), as the document's pages pass it: each is
/// let go unwritten, what it would have shown told to `told` (the page checker's account of
/// the document's words) when that is wanted, and the document's page count kept, for the
/// message when the selection holds none of them.
struct SkippedPages {
    let selection: PageSelection
    private let recorder: PageRecorder?
    private let told: ((DrawnPage) throws -> Void)?
    /// The number of the document's last page seen so far.
    private(set) var documentPageCount = 0

    init(selection: PageSelection, text: AttributedText, pictureFiles: PictureFiles, told: ((DrawnPage) throws -> Void)?) {
        self.selection = selection
        self.told = told
        recorder = told == nil ? nil : PageRecorder(text: text, pictureFiles: pictureFiles)
    }

    /// Whether `page` is written: a page the selection holds, or the running heads of one.
    mutating func writes(_ page: Page) throws -> Bool {
        if !page.holdsOnlyRunningHeads { documentPageCount = max(documentPageCount, page.number) }
        guard !selection.contains(page.number) else { return true }
        if let told, let recorder, !page.holdsOnlyRunningHeads, let drawn = try recorder.record(page) { try told(drawn) }
        return false
    }

    /// The error when no page was written.
    var noneWritten: RenderError {
        .noPageSelected(selection: "\(selection)", pageCount: documentPageCount)
    }
}

/// Draws pages where nothing is kept (a surface of one pixel), recording what is drawn on
/// each (`DrawnPage`): a page checked as it would be drawn, without being written.
final class PageRecorder {
    private let drawer: PageDrawer
    private let recorder = DrawnPageRecorder()
    private let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)!

    init(text: AttributedText, pictureFiles: PictureFiles) {
        drawer = PageDrawer(text: text, pictureFiles: pictureFiles)
        drawer.recorder = recorder
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// What drawing `page` draws.
    func record(_ page: Page) throws -> DrawnPage? {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        try drawer.draw(page, in: context)
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError.cairo(String(cString: cairo_status_to_string(status))) }
        return recorder.endPage()
    }
}
