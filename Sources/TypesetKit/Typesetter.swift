import Diagnostics
import Fonts
import Images
import Foundation
import Layout
import Markup
import Pages
import Render
import Shaping
import Text

/// What a successful run produced.
public struct TypesetReport: Sendable {
    public var pageCount: Int
    public var outputPaths: [String]
    /// Warnings (errors make `typeset` throw `DocumentFailure` instead).
    public var diagnostics: [Diagnostic]
}

/// A document laid out and ready to be drawn: its text, the fonts it resolved to, and
/// the pages, made one at a time as they are iterated.
public struct LaidOutDocument {
    public var text: AttributedText
    public var fonts: FontTable
    public var template: PageTemplate
    /// The header and footer, nil when the pages have neither.
    public var runningHeads: RunningHeads?
    /// The document's title (the options' or else `<meta title>`).
    public var title: String?
    /// The PDF's document information: title, author and subject (the options' or else `<meta>`'s).
    public var metadata = PDFMetadata()
    public var diagnostics: [Diagnostic]
    /// The `<exclusion>`s, by page number.
    public var exclusions: [Int: [Exclusion]] = [:]
    let library: FontLibrary
    private let counted = PageCountCache()

    init(text: AttributedText, fonts: FontTable, template: PageTemplate, runningHeads: RunningHeads?, title: String?,
         diagnostics: [Diagnostic], library: FontLibrary) {
        self.text = text
        self.fonts = fonts
        self.template = template
        self.runningHeads = runningHeads
        self.title = title
        self.diagnostics = diagnostics
        self.library = library
    }

    /// A fresh pass over the pages; each is laid out only when reached. When a running head
    /// prints `{pages}`, the pages are counted first (see `pageCount()`).
    public func pages() -> Paginator {
        let framesetter = Framesetter(text: text, fonts: fonts)
        guard let runningHeads else { return Paginator(framesetter: framesetter, template: template, exclusions: exclusions) }
        return Paginator(framesetter: framesetter, template: template,
                         runningHeads: RunningHeadSetter(heads: runningHeads, fonts: fonts),
                         pageCount: runningHeads.usesPageCount ? pageCount() : nil, exclusions: exclusions)
    }

    /// The number of pages, from a pass that lays them out without running heads (which take
    /// no room from the text) and keeps none of them: memory stays that of one page. It runs
    /// once per document.
    public func pageCount() -> Int {
        if let count = counted.value { return count }
        var paginator = Paginator(framesetter: Framesetter(text: text, fonts: fonts), template: template, exclusions: exclusions)
        var count = 0
        while paginator.next() != nil { count += 1 }
        counted.value = count
        return count
    }
}

/// The page count once known; a class so that a document's copies share it.
private final class PageCountCache {
    var value: Int?
}

/// The whole pipeline: markup → attributed text → fonts → frames → pages → PDF or PNG.
public final class Typesetter {
    public let options: TypesetOptions

    public init(options: TypesetOptions = TypesetOptions()) {
        self.options = options
    }

    /// Typesets the markup file at `inputPath` into `outputPath`, and its layout as JSON into
    /// `options.layoutJSONPath` when set (from the same pages, laid out once).
    /// Throws `DocumentFailure` with every problem found; then nothing is written.
    public func typeset(inputPath: String, outputPath: String) throws -> TypesetReport {
        try refuseLayoutJSONOverwriting([inputPath, outputPath])
        return try write(layOut(fileAt: inputPath), to: outputPath)
    }

    /// Typesets markup already read (standard input, say) into `outputPath`; pictures are
    /// looked up in `baseDirectory`. Throws `DocumentFailure` as `typeset(inputPath:outputPath:)`.
    public func typeset(_ source: MarkupSource, baseDirectory: String, outputPath: String) throws -> TypesetReport {
        try refuseLayoutJSONOverwriting([outputPath])
        return try write(layOut(source, baseDirectory: baseDirectory), to: outputPath)
    }

    /// The layout JSON must not take the place of the document or its output.
    private func refuseLayoutJSONOverwriting(_ paths: [String]) throws {
        guard let layoutJSONPath = options.layoutJSONPath,
              let clash = paths.firstIndex(where: { Self.samePath($0, layoutJSONPath) }) else { return }
        let what = paths.count > 1 && clash == 0 ? "input" : "output"
        throw DocumentFailure([.error("the layout JSON \(layoutJSONPath) would overwrite the \(what)")])
    }

    private func write(_ document: LaidOutDocument, to outputPath: String) throws -> TypesetReport {
        let writer = DocumentWriter(text: document.text)
        var layoutJSON: LayoutJSONFile?
        do {
            // The layout JSON is recorded from the pages the writer draws, and kept only when they succeed.
            layoutJSON = try options.layoutJSONPath.map { try LayoutJSONFile(path: $0, textLength: document.text.length) }
            // Page N + 1 is laid out while page N is drawn.
            let report = try PagesAhead.withPages(of: document.pages()) { laidOut in
                let pages = RecordedPages(laidOut, into: layoutJSON)
                switch options.format {
                case .pdf:
                    let count = try writer.writePDF(pages, to: outputPath, metadata: document.metadata)
                    return TypesetReport(pageCount: count, outputPaths: [outputPath], diagnostics: document.diagnostics)
                case .png:
                    let paths = try writer.writePNG(pages, to: outputPath, dpi: options.dpi)
                    return TypesetReport(pageCount: paths.count, outputPaths: paths, diagnostics: document.diagnostics)
                }
            }
            try layoutJSON?.commit()
            return report
        } catch let failure as DocumentFailure {
            layoutJSON?.discard()
            throw failure
        } catch {
            layoutJSON?.discard()
            throw DocumentFailure(document.diagnostics + [.error("\(error)")])
        }
    }

    /// Reads and parses a markup file and prepares its layout.
    public func layOut(fileAt inputPath: String) throws -> LaidOutDocument {
        let bytes: [UInt8]
        do {
            // A pipe is read as standard input is; a folder or a device is refused, never read.
            bytes = try InputFile(path: inputPath, accepting: .regularFilesAndPipes).readAll()
        } catch {
            throw DocumentFailure([.error("cannot read \(inputPath): \(error)")])
        }
        let source: MarkupSource
        do {
            source = try MarkupSource(fileName: inputPath, bytes: bytes)
        } catch let diagnostic as Diagnostic {
            throw DocumentFailure([diagnostic])
        }
        let directory = URL(fileURLWithPath: inputPath).deletingLastPathComponent().path
        return try layOut(source, baseDirectory: directory)
    }

    /// Parses markup and prepares its layout; pictures are looked up in `baseDirectory`.
    public func layOut(_ source: MarkupSource, baseDirectory: String) throws -> LaidOutDocument {
        if let problem = options.page.problem { throw DocumentFailure([.error("page layout: \(problem)")]) }
        let defaults = MarkupDefaults(
            attributes: TextAttributes(fontFamily: options.fontFamily, fontSize: options.fontSize, language: options.language),
            paragraphStyle: ParagraphStyle(alignment: options.alignment, spaceAfter: options.paragraphSpacing),
            textScale: options.textScale)
        let document = MarkupParser(defaults: defaults, baseDirectory: baseDirectory, imageRoot: options.imageRoot).parse(source)
        var diagnostics = document.diagnostics + options.page.sectionProblems(document.sections)
        // Report bad pictures along with markup errors: every problem in one run.
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw DocumentFailure((diagnostics + ImagePreflight.check(document.text)).sortedBySource())
        }

        var (library, fonts) = try resolveFonts(document.fontRequests, diagnostics: &diagnostics)
        for missing in FontCoverage.resolveFallbacks(in: document.text, table: &fonts, library: library) {
            diagnostics.append(document.sourceMap.diagnostic(.warning, Self.describeUncovered(missing), atTextOffset: missing.firstOffset))
        }
        // An empty title is none: `--title ""` takes the document's away.
        let title = (options.title ?? document.meta.title).flatMap { $0.isEmpty ? nil : $0 }
        let runningHeads = try prepareRunningHeads(document.meta, title: title, fonts: &fonts, library: library,
                                                   diagnostics: &diagnostics)
        var text = document.text
        diagnostics += options.page.fitPictures(&text)
        let imageProblems = ImagePreflight.check(text)
        if !imageProblems.isEmpty { throw DocumentFailure((diagnostics + imageProblems).sortedBySource()) }
        diagnostics += ContourTracing.trace(&text)
        if options.strict, diagnostics.contains(where: { $0.severity == .warning }) {
            throw DocumentFailure(diagnostics.map { warning in
                var promoted = warning
                if promoted.severity == .warning {
                    promoted.severity = .error
                    promoted.message += " [--strict]"
                }
                return promoted
            })
        }
        var laidOut = LaidOutDocument(text: text, fonts: fonts, template: options.page, runningHeads: runningHeads, title: title,
                                      diagnostics: diagnostics, library: library)
        laidOut.exclusions = ExclusionDeclaration.byPage(document.exclusions)
        // The command line's document information wins, field by field, as for the title.
        laidOut.metadata = options.metadata
        laidOut.metadata.title = title
        laidOut.metadata.author = Self.nonEmpty(options.metadata.author ?? document.meta.author)
        laidOut.metadata.subject = Self.nonEmpty(options.metadata.subject ?? document.meta.subject)
        return laidOut
    }

    /// The header and footer the pages get: the options' templates, else the document's
    /// `<meta>` ones; nil when there are none. Finds fallback faces for their text and
    /// checks that the margins hold them.
    private func prepareRunningHeads(_ meta: DocumentMeta, title: String?, fonts: inout FontTable, library: FontLibrary,
                                     diagnostics: inout [Diagnostic]) throws -> RunningHeads? {
        let attributes = TextAttributes(fontFamily: options.fontFamily, fontSize: options.fontSize * RunningHeads.relativeSize,
                                        language: options.language)
        let heads = RunningHeads(header: options.header ?? meta.header, footer: options.footer ?? meta.footer,
                                 title: title ?? "", headerOnFirstPage: options.headerOnFirstPage, attributes: attributes)
        guard !heads.isEmpty else { return nil }
        if heads.uses(.title), heads.title.allSatisfy(\.isWhitespace) {
            diagnostics.append(.warning("a running head prints {title}, but the document has no title; give one with <meta title=\"…\"> or --title"))
        }
        // Every character the heads can print: their text, the title and the figures.
        var sample = AttributedText()
        for template in [heads.header, heads.footer].compactMap({ $0 }) {
            let parts = template.expanded(page: 1_234_567_890, pages: 1, title: heads.title)
            sample.append([parts.left, parts.center, parts.right].joined(separator: " ") + " ", attributes: attributes)
        }
        for missing in FontCoverage.resolveFallbacks(in: sample, table: &fonts, library: library) {
            diagnostics.append(.warning("running heads: " + Self.describeUncovered(missing)))
        }
        let problems = RunningHeadSetter(heads: heads, fonts: fonts).problems(on: options.page)
        diagnostics += problems.warnings.map { .warning($0) }
        if !problems.errors.isEmpty { throw DocumentFailure(diagnostics + problems.errors.map { .error("page layout: \($0)") }) }
        return heads
    }

    private func resolveFonts(_ requests: [FontRequest], diagnostics: inout [Diagnostic]) throws -> (FontLibrary, FontTable) {
        guard let directory = options.fontsDirectory ?? FontLibrary.locateBundledFonts() else {
            throw DocumentFailure([.error("cannot find the bundled fonts folder; set TYPESET_FONTS to it")])
        }
        do {
            let library = try FontLibrary(fontsDirectory: directory, bodyFamily: options.fontFamily)
            var fonts = try FontTableBuilder(library: library)
            for request in requests {
                guard let substitution = try fonts.add(request.descriptor) else { continue }
                switch substitution.reason {
                case .familyMissing:
                    let message = request.location == nil
                        ? "font \"\(request.family)\" not found; using \"\(substitution.font.familyName)\" instead"
                        : "font face \"\(request.family)\" not found; using \"\(substitution.font.familyName)\" instead"
                    diagnostics.append(.warning(message, at: request.location, sourceLine: request.sourceLine))
                case .lacksStyle:
                    diagnostics.append(.warning("font \"\(request.family)\" has no \(request.descriptor) face; using \(substitution.font.displayName) (styles are never faked)",
                                                at: request.location, sourceLine: request.sourceLine))
                }
            }
            return (library, fonts.table)
        } catch let error as FontError {
            throw DocumentFailure(diagnostics + [.error("\(error)")])
        }
    }

    private static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// An empty value is none: `--author ""` takes the document's away.
    private static func nonEmpty(_ value: String?) -> String? {
        value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// "no installed font has U+E000 (private use); it prints as an empty box (3 times)".
    static func describeUncovered(_ missing: UncoveredCharacter) -> String {
        let code = "U+" + String(missing.scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        let name = missing.scalar.properties.name.map { " \($0)" }
            ?? (missing.scalar.properties.generalCategory == .privateUse ? " (private use)" : " (unassigned)")
        let times = missing.count > 1 ? " (\(missing.count) times)" : ""
        return "no installed font has \(code)\(name); it prints as an empty box\(times)"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
