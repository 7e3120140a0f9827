import Diagnostics
import Foundation
import Images
import Markup
import Pages
import Render
import Shaping

/// What a successful run produced.
public struct TypesetReport: Sendable {
    public var pageCount: Int
    public var outputPaths: [String]
    /// Warnings (errors make `typeset` throw `DocumentFailure` instead).
    public var diagnostics: [Diagnostic]
    /// The files the output was made from.
    public var dependencies = DocumentDependencies()
}

/// The whole pipeline: markup → attributed text → fonts → frames → pages → PDF or PNG, as a
/// list of passes (`prepare` and `write`), each returning its value and what it found.
public final class Typesetter {
    public let options: TypesetOptions
    /// What the run before handed on (`typeset watch`); nil: every run starts afresh.
    let kept: KeptBetweenRuns?

    public init(options: TypesetOptions = TypesetOptions(), keptBetweenRuns: KeptBetweenRuns? = nil) {
        self.options = options
        kept = keptBetweenRuns
    }

    /// Typesets the markup file at `inputPath` into `outputPath`, and its layout as JSON into
    /// `options.layoutJSONPath` when set (from the same pages, laid out once).
    /// Throws `DocumentFailure` with every problem found; then nothing is written.
    public func typeset(inputPath: String, outputPath: String) throws -> TypesetReport {
        try refuseLayoutJSONOverwriting([inputPath, outputPath])
        return try write(prepare(fileAt: inputPath), to: outputPath, documentPath: inputPath)
    }

    /// Typesets markup already read (standard input, say) into `outputPath`; pictures are
    /// looked up in `baseDirectory`. Throws `DocumentFailure` as `typeset(inputPath:outputPath:)`.
    public func typeset(_ source: MarkupSource, baseDirectory: String, outputPath: String) throws -> TypesetReport {
        try refuseLayoutJSONOverwriting([outputPath])
        return try write(prepare(source, baseDirectory: baseDirectory), to: outputPath, documentPath: nil)
    }

    /// Reads and parses a markup file and prepares it to be paginated.
    public func prepare(fileAt inputPath: String) throws -> PreparedDocument {
        let directory = URL(fileURLWithPath: inputPath).deletingLastPathComponent().path
        return try prepare(Self.source(at: inputPath), baseDirectory: directory)
    }

    /// The file at `inputPath` read and decoded. Its bytes are let go on return, before the
    /// markup is parsed: a book's source would otherwise be held three times at once (bytes,
    /// decoded units, the text being built).
    private static func source(at inputPath: String) throws -> MarkupSource {
        let bytes: [UInt8]
        do {
            // A pipe is read as standard input is; a folder or a device is refused, never read.
            bytes = try InputFile(path: inputPath, accepting: .regularFilesAndPipes).readAll(limit: MarkupSource.maximumSize)
        } catch InputFile.Problem.cannotOpen(let reason) {
            // The system's reason alone: "cannot read X: No such file or directory".
            throw DocumentFailure([.error("cannot read \(inputPath): \(reason)")])
        } catch InputFile.Problem.longerThan(let limit) {
            throw DocumentFailure([.error("cannot read \(inputPath): \(InputFile.Problem.tooLongForADocument(limit))")])
        } catch {
            throw DocumentFailure([.error("cannot read \(inputPath): \(error)")])
        }
        do {
            return try MarkupSource(fileName: inputPath, bytes: bytes)
        } catch let diagnostic as Diagnostic {
            throw DocumentFailure([diagnostic])
        }
    }

    /// The passes up to a document ready to be paginated: parse, resolve fonts, running heads,
    /// check pictures, check kept blocks. A pass that finds an error stops the document with everything found so
    /// far (`PassLog`); pictures are looked up in `baseDirectory`. A document with references
    /// goes through them again until what they print settles (`ReferenceSettling`).
    public func prepare(_ source: MarkupSource, baseDirectory: String) throws -> PreparedDocument {
        // A page that cannot hold text stops the run before the markup is read.
        if let problem = options.page.problem { throw DocumentFailure([.error("page layout: \(problem)")]) }
        kept?.pictures.beginRun()
        return try ReferenceSettling.settle { try prepare(source, baseDirectory: baseDirectory, references: $0) }
    }

    private func prepare(_ source: MarkupSource, baseDirectory: String, references: ReferenceValues) throws -> PreparedDocument {
        var log = PassLog()
        let parsed = ParsePass(options: options, baseDirectory: baseDirectory, references: references, keptParses: kept?.parses).run(source)
        if let document = parsed.value { kept?.filesLookedFor = document.filesLookedFor }
        // Markup errors are reported with the pictures' problems, in source order: every problem in one run.
        let document = try log.take(parsed) { found in
            let pictureProblems = parsed.value.map { ImagePreflight.check($0.text, places: $0.elementPlaces, files: $0.pictures, standards: options.pdfStandardsInForce,
                                                                                        drawingSeconds: options.pictureDrawingSeconds) } ?? []
            return (found + pictureProblems).sortedBySource()
        }
        let fonts = try log.take(try ResolveFontsPass(options: options, kept: kept).run(document))
        // An empty title is none: `--title ""` takes the document's away.
        let title = MetadataText.cleaned(options.title ?? document.meta.title)
        let headed = try log.take(RunningHeadsPass(options: options).run(document.meta, title: title, articles: document.articles,
                                                                       sectionNames: document.sections.compactMap(\.style.name), fonts: fonts))
        // Bad pictures are reported in source order, among the warnings before them.
        let shaper = kept?.shaper ?? Shaper()
        let wordWidths = WordWidths(fonts: headed.fonts.table)
        let furniture = headed.heads?.masters.flatMap(\.pictures) ?? []
        let marked = SuperscriptMarksPass().run(document.text, fonts: headed.fonts.table, shaper: shaper)
        let checkPictures = CheckPicturesPass(options: options, keptBoxHeights: kept?.boxHeights, keptPictures: kept?.pictures)
        let pictured = try log.take(checkPictures.run(marked, pictures: document.pictures, places: document.elementPlaces, fonts: headed.fonts.table,
                                                      shaper: shaper, wordWidths: wordWidths, furniture: furniture)) {
            $0.sortedBySource()
        }
        let fitted = try log.take(FitOversizedTextPass(options: options).run(pictured, fonts: headed.fonts.table, shaper: shaper, document: document))
        let tabbed = try log.take(CheckTabStopsPass(options: options).run(fitted, fonts: headed.fonts.table, document: document))
        let displayed = try log.take(CheckDisplayWordsPass(options: options).run(tabbed, fonts: headed.fonts.table, document: document))
        let leaded = try log.take(CheckLineHeightsPass(options: options).run(displayed, fonts: headed.fonts.table, shaper: shaper, document: document))
        var text = try log.take(CheckKeptBlocksPass(options: options).run(leaded, fonts: headed.fonts.table, document: document))
        if !options.pdfStandards.isEmpty, options.format == .pdf {
            let untitled = TitleRequirement.problem(title: title, standards: options.pdfStandards).map { [$0] } ?? []
            let leftOut = options.pdfStandards.contains(.x4)
                ? PDFXPreflight.removeLinks(from: &text, sourceMap: document.sourceMap, linkTags: document.linkTags) : []
            text = try log.take(PassResult(text, diagnostics: untitled + leftOut))
        }
        if options.strict { try log.refuseWarnings() }

        // Elements that bleed reach past the page by the sheet's bleed, whatever the output format.
        var template = options.page
        template.bleed = options.sheet.bleed
        var prepared = PreparedDocument(text: text, fonts: headed.fonts.table, template: template, runningHeads: headed.heads,
                                        title: title, diagnostics: log.diagnostics, library: headed.fonts.library, shaper: shaper,
                                        wordWidths: wordWidths)
        prepared.exclusions = ExclusionDeclaration.byPage(document.exclusions)
        prepared.keptPages = kept?.pages
        prepared.keptDeflates = kept?.deflates
        prepared.keptTextLayerPages = kept?.textLayerPages
        prepared.keptPictures = kept?.pictures
        prepared.flowPlaces = FlowElementPlace.find(in: text, document: document)
        prepared.elementPlaces = document.elementPlaces
        // The markup's text is let go with the parsed document: the pages' checks locate what
        // they find from a file (a book's 4.2 MB would otherwise be held through layout).
        prepared.sourceMap = document.sourceMap.keepingSourceInAFile()
        // The command line's document information wins, field by field, as for the title.
        prepared.metadata = options.metadata
        prepared.metadata.title = title
        prepared.metadata.language = options.language(of: document.meta)
        prepared.styleSheets = document.styleSheets
        prepared.includedFiles = document.includedFiles
        prepared.pictures = document.pictures
        prepared.anchors = document.anchors
        prepared.referenceUses = document.referenceUses
        prepared.listsContents = document.listsContents
        prepared.pageNumberedNotes = document.pageNumberedNotes
        prepared.metadata.author = MetadataText.cleaned(options.metadata.author ?? document.meta.author)
        prepared.metadata.subject = MetadataText.cleaned(options.metadata.subject ?? document.meta.subject)
        return prepared
    }

    /// The passes from a prepared document to its output: paginate and draw (`DrawPass`).
    /// The document is let go as soon as its pages are drawn (`DrawPass`). `documentPath`:
    /// the markup file's, nil for markup already read. (Internal, not private: the reader
    /// matrix's test keeps the prepared text a PDF was set from, without preparing it twice.)
    func write(_ document: consuming PreparedDocument, to outputPath: String, documentPath: String?) throws -> TypesetReport {
        var log = PassLog(document.diagnostics)
        var dependencies = DocumentDependencies(of: document)
        dependencies.document = documentPath
        if options.dependencyFilePath != nil {
            let unsayable = DependencyRule.problems(with: dependencies, pictures: document.text.attachments.map(\.image),
                                                   places: document.elementPlaces)
            if !unsayable.isEmpty { throw DocumentFailure(log.diagnostics + unsayable) }
        }
        let overwrites = OutputOverwriteCheck(output: outputPath, outputIsPNGPages: options.format == .png,
                                              otherOutputs: [("--layout-json", options.layoutJSONPath), ("--depfile", options.dependencyFilePath)]
                                                  .compactMap { option, path in path.map { (option, $0) } })
            .problems(pictures: document.text.attachments.map(\.image) + (document.runningHeads?.masters.flatMap(\.pictures) ?? []),
                      places: document.elementPlaces,
                      readFiles: OutputOverwriteCheck.readFiles(of: dependencies))
        if !overwrites.isEmpty { throw DocumentFailure(log.diagnostics + overwrites) }
        var report = try log.take(DrawPass(options: options, dependencies: dependencies).run(consume document, to: outputPath))
        report.dependencies = dependencies
        return report
    }

    /// The layout JSON must not take the place of the document or its output.
    private func refuseLayoutJSONOverwriting(_ paths: [String]) throws {
        guard let layoutJSONPath = options.layoutJSONPath,
              let clash = paths.firstIndex(where: { Self.samePath($0, layoutJSONPath) }) else { return }
        let what = paths.count > 1 && clash == 0 ? "input" : "output"
        throw DocumentFailure([.error("the layout JSON \(layoutJSONPath) would overwrite the \(what)")])
    }

    private static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
