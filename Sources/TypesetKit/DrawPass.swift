import Diagnostics
import Foundation
import Pages
import Render
import Text

/// Pass 6: the pages drawn into the output as they are laid out, and the layout JSON recorded
/// from the same pages when the options ask for it. Every page is laid out; only those
/// `options.pages` selects are written (the layout JSON records them all).
struct DrawPass {
    var options: TypesetOptions
    /// The files the output is made from, for the depfile (`options.dependencyFilePath`).
    var dependencies = DocumentDependencies()

    /// The report of what was written; an error (and nothing written) when a page cannot be
    /// drawn or a file cannot be written, or when the pages are checked (`PageChecking`) and a
    /// check fails. The document is let go once its pages are drawn. Columns that end early
    /// are warned of (`EarlyColumnEnd`).
    func run(_ document: consuming PreparedDocument, to outputPath: String) -> PassResult<TypesetReport> {
        let diagnostics = document.diagnostics
        let checks = PageCheckRun(of: document, checksPages: options.checksPages, selection: options.pages, strict: options.strict)
        // PNG pages are the trimmed page unless the bleed is to be shown.
        let sheet = options.format == .pdf || options.showsBleed ? options.sheet : PrintSheet()
        var layoutJSON: LayoutJSONFile?
        do {
            // The layout JSON is recorded from the pages the writer draws, and kept only when they succeed.
            layoutJSON = try options.layoutJSONPath.map { try LayoutJSONFile(path: $0, textLength: document.text.length, sheet: sheet) }
            let report: TypesetReport
            switch options.format {
            case .pdf:
                let draft = try drawPDF(consume document, to: outputPath, sheet: sheet, recordingInto: layoutJSON, checks: checks)
                checks.finish()
                guard checks.errors.isEmpty else {
                    draft.discard()
                    layoutJSON?.discard()
                    return PassResult(nil, diagnostics: checks.warnings + checks.errors)
                }
                // The layout thread, its caches and the text are gone by now: the finishing
                // step, where a run's memory peaks, has the room they had.
                try placeTogether(draft.finishUnplaced(), targets: [outputPath], layoutJSON: layoutJSON)
                let count = draft.pageCount
                let colours = options.pdfStandards.contains(.x4) ? PDFXColourNote.note(for: draft.paintedColours).map { [$0] } ?? [] : []
                report = TypesetReport(pageCount: count, outputPaths: [outputPath], diagnostics: diagnostics + checks.warnings + colours)
            case .png:
                let writer = checks.watching(DocumentWriter(text: document.text, pictureFiles: document.pictures))
                let pages = try PagesAhead.withPages(of: document.pages()) { laidOut in
                    try writer.writePNGUnplaced(RecordedPages(laidOut.lazy.map { reached(checks.laidOut($0)) }, into: layoutJSON), to: outputPath,
                                                dpi: options.dpi, sheet: sheet)
                }
                checks.finish()
                guard checks.errors.isEmpty else {
                    pages.discard()
                    layoutJSON?.discard()
                    return PassResult(nil, diagnostics: checks.warnings + checks.errors)
                }
                let paths = pages.destinations
                try placeTogether(pages, targets: paths, layoutJSON: layoutJSON)
                report = TypesetReport(pageCount: paths.count, outputPaths: paths, diagnostics: diagnostics + checks.warnings)
            }
            return PassResult(report)
        } catch {
            layoutJSON?.discard()
            return PassResult(nil, diagnostics: [.error("\(error)")])
        }
    }

    /// Puts the run's outputs in place together, or none of them: the output (the PDF, the PNG
    /// pages) last, after the layout JSON and the depfile (`targets`' rule), whose placing can
    /// fail (a copy into a device, a full disk) and whose writing can (a path make cannot name).
    private func placeTogether(_ output: any UnplacedOutput, targets: [String], layoutJSON: LayoutJSONFile?) throws {
        let depfile: AtomicFile?
        do {
            try layoutJSON?.close()
            depfile = try options.dependencyFilePath.map { try DependencyRule(targets: targets, dependencies: dependencies).writeUnplaced(to: $0) }
        } catch {
            output.discard()
            throw error
        }
        let sideFiles: [any UnplacedOutput] = [layoutJSON as (any UnplacedOutput)?, depfile].compactMap { $0 }
        try UnplacedOutputs.placeTogether(sideFiles + [output])
    }

    /// `page`, told to whoever follows the run's progress (`TypesetOptions.pageReached`).
    private func reached(_ page: Page) -> Page {
        if !page.holdsOnlyRunningHeads { options.pageReached?(page.number) }
        return page
    }

    /// Lays out and draws the document's pages into Cairo's draft of the PDF, page N + 1 laid
    /// out while page N is drawn (`PagesAhead`); the document goes when this returns.
    private func drawPDF(_ document: consuming PreparedDocument, to outputPath: String, sheet: PrintSheet,
                         recordingInto layoutJSON: LayoutJSONFile?, checks: PageCheckRun) throws -> PDFDraft {
        var writer = checks.watching(DocumentWriter(text: document.text, pictureFiles: document.pictures))
        writer.keptDeflates = document.keptDeflates
        writer.keptTextLayerPages = document.keptTextLayerPages
        writer.keptPictures = document.keptPictures
        writer.references = ReferenceDestinations(pages: document.referencePages,
                                                  textOffsets: Dictionary(document.anchors.map { ($0.id, $0.textOffset) }, uniquingKeysWith: { first, _ in first }))
        // A PDF's running heads are set after its last page and laid over the pages by the
        // finishing step, so that `{pages}` needs no count first; the layout JSON records
        // each page with its heads, as PNG pages are drawn (the PDF's writer still writes them
        // after the last page: `RunningHeadsMovedAfterTheLastPage`).
        let headsAfterTheLastPage = layoutJSON == nil
        return try PagesAhead.withPages(of: document.pages(runningHeadsAfterTheLastPage: headsAfterTheLastPage)) { laidOut in
            try writer.draftPDF(RecordedPages(laidOut.lazy.map { reached(checks.laidOut($0)) }, into: layoutJSON), to: outputPath, metadata: document.metadata, sheet: sheet,
                                standards: options.pdfStandards, outputIntent: options.outputIntent)
        }
    }
}
