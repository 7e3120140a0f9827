import Diagnostics
import Render

/// Pass 6: the pages drawn into the output as they are laid out, and the layout JSON recorded
/// from the same pages when the options ask for it.
struct DrawPass {
    var options: TypesetOptions

    /// The report of what was written; an error (and nothing written) when a page cannot be
    /// drawn or a file cannot be written.
    func run(_ document: PreparedDocument, to outputPath: String) -> PassResult<TypesetReport> {
        let writer = DocumentWriter(text: document.text)
        // PNG pages are the trimmed page unless the bleed is to be shown.
        let sheet = options.format == .pdf || options.showsBleed ? options.sheet : PrintSheet()
        var layoutJSON: LayoutJSONFile?
        do {
            // The layout JSON is recorded from the pages the writer draws, and kept only when they succeed.
            layoutJSON = try options.layoutJSONPath.map { try LayoutJSONFile(path: $0, textLength: document.text.length, sheet: sheet) }
            // A PDF's running heads are set after its last page and laid over the pages by the
            // finishing step, so that `{pages}` needs no count first; the layout JSON records
            // each page with its heads, as PNG pages are drawn.
            let headsAfterTheLastPage = options.format == .pdf && layoutJSON == nil
            // Page N + 1 is laid out while page N is drawn.
            let report = try PagesAhead.withPages(of: document.pages(runningHeadsAfterTheLastPage: headsAfterTheLastPage)) { laidOut in
                let pages = RecordedPages(laidOut, into: layoutJSON)
                switch options.format {
                case .pdf:
                    let count = try writer.writePDF(pages, to: outputPath, metadata: document.metadata, sheet: sheet,
                                                    standards: options.pdfStandards, outputIntent: options.outputIntent)
                    return TypesetReport(pageCount: count, outputPaths: [outputPath], diagnostics: document.diagnostics)
                case .png:
                    let paths = try writer.writePNG(pages, to: outputPath, dpi: options.dpi, sheet: sheet)
                    return TypesetReport(pageCount: paths.count, outputPaths: paths, diagnostics: document.diagnostics)
                }
            }
            try layoutJSON?.commit()
            return PassResult(report)
        } catch {
            layoutJSON?.discard()
            return PassResult(nil, diagnostics: [.error("\(error)")])
        }
    }
}
