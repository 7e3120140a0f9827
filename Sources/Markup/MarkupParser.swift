import Diagnostics
import Foundation
import Images
import Text

/// Builds attributed text from markup: the Core Text tutorial's `<font>` and `<img>` grown
/// into the language described in docs/markup.md. Every problem is collected, located in
/// the source; the parse stops only after `MarkupDiagnostics.errorLimit` errors.
public struct MarkupParser {
    public var defaults: MarkupDefaults
    /// Folder that `<img src>` paths are relative to.
    public var baseDirectory: String
    /// Pictures must lie inside this folder (symbolic links resolved); `baseDirectory` when nil.
    public var imageRoot: String?
    /// Whether a picture without `alt` is an error (a PDF/UA document) rather than a warning.
    public var requiresAlternativeText = false
    /// Style sheets read before the document, as if it imported them first (`--style`): paths
    /// as given, each bounding its own imports by its folder unless `imageRoot` is given.
    public var styleSheets: [String] = []
    /// What the references print: the values the parse and layout before this one found
    /// (`ReferenceValues`); none for the first parse.
    public var references = ReferenceValues()
    /// The most `<include>`s the document reads, every file's together (`ParseState.include`).
    public var maximumIncludes = Self.maximumIncludes
    /// The most `<include>`s a document reads by default, counted each time a file is read:
    /// each file including the next twice, 31 files of 50 bytes would read 2³¹ files — a run of
    /// minutes bounded only by the 32 MB a document holds. 25,000 is half again the largest
    /// issue the scaling benchmark sets (16,000), about 4 s of CPU in a debug build.
    public static let maximumIncludes = 25_000

    public static let maximumFontSize = CharacterStyleChange.maximumSize

    public init(defaults: MarkupDefaults, baseDirectory: String, imageRoot: String? = nil) {
        self.defaults = defaults
        self.baseDirectory = baseDirectory
        self.imageRoot = imageRoot
    }

    /// The last run's parses, for this one to go on from where its markup first changed
    /// (`typeset watch`); nil: the whole document is read.
    public var kept: KeptParses?

    public func parse(_ source: MarkupSource) -> MarkupDocument {
        let settings = ParseSettings(fileName: source.fileName, defaults: defaults, baseDirectory: baseDirectory, imageRoot: imageRoot,
                                     requiresAlternativeText: requiresAlternativeText, styleSheets: styleSheets, references: references,
                                     maximumIncludes: maximumIncludes)
        // Its parts are used in place: a copy of the state would copy the text at its next append.
        var start = kept?.start(over: source, alike: settings) ?? startReading(source)
        var checkpoints: ParseCheckpoints? = kept == nil ? nil : start.checkpoints
        start.state.read(&start.scanner, lines: start.lines, checkpoints: &checkpoints)
        if let kept, let checkpoints {
            let state = start.state
            kept.keep(KeptParses.Parse(settings: settings, source: source, text: state.builder.text, sourceMap: state.builder.sourceMap,
                                       diagnostics: state.diagnostics, opened: start.pictures.openedInOrder, checkpoints: checkpoints.taken))
        }
        return finish(&start.state, source: source, scannedTo: start.scanner.position, pictures: start.pictures)
    }

    /// The parse at the document's start, the style sheets of `--style` read.
    private func startReading(_ source: MarkupSource) -> ParseStart {
        let diagnostics = MarkupDiagnostics(source: source)
        let scanner = MarkupScanner(source: source, diagnostics: diagnostics)
        let pictures = PictureFiles()
        var state = ParseState(source: source, defaults: defaults,
                               images: ImageLocator(baseDirectory: baseDirectory, root: imageRoot, files: pictures), diagnostics: diagnostics,
                               requiresAlternativeText: requiresAlternativeText)
        state.references.known = references
        state.maximumIncludes = maximumIncludes
        state.importChain = ImageLocator.realPath(source.fileName).map { [ImportingFile(realPath: $0, name: source.fileName)] } ?? []
        for sheet in styleSheets {
            let path = URL(fileURLWithPath: sheet).standardizedFileURL.path
            state.importSheet(at: path, name: sheet, root: imageRoot ?? PathFolder.of(path), at: 0) {
                diagnostics.error("--style: \($0)", at: 0)
            }
        }
        return ParseStart(state: state, scanner: scanner, lines: DeclarationLines(), pictures: pictures,
                          checkpoints: ParseCheckpoints(after: [], sourceLength: source.units.count))
    }

    /// The document from the state at the end of its markup, `scannedTo` where the scanner stopped.
    private func finish(_ state: inout ParseState, source: MarkupSource, scannedTo position: Int, pictures: PictureFiles) -> MarkupDocument {
        let diagnostics = state.diagnostics
        if diagnostics.isFull {
            diagnostics.stop(at: min(position, max(0, source.units.count - 1)))
        } else {
            state.finishBlocks(at: .document, endOffset: max(0, source.units.count - 1))
            state.finishBreaks()
            state.checkReferences()
            state.checkJumps()
            state.applyRules()
            // After the rules, which may set a language.
            state.builder.spaceFrenchPunctuation()
            state.builder.setDisplayParagraphs(bodySize: defaults.bodyAttributes.fontSize)
            state.builder.setPictureParagraphs()
            RightToLeftWithoutLetters.check(state.builder.text, sourceMap: state.builder.sourceMap, diagnostics: diagnostics)
            // Only when nothing else is wrong: a document whose one picture is missing has a better message.
            if diagnostics.errorCount == 0, !Self.hasVisibleContent(state.builder.text) {
                diagnostics.warning("the document has no text", at: 0)
            }
        }
        var document = MarkupDocument(text: state.builder.text, sourceMap: state.builder.sourceMap, fontRequests: state.builder.fontRequests,
                              meta: state.meta, sections: state.sections, exclusions: state.exclusions, keeps: state.keeps,
                              columnBreaks: state.builder.columnBreaks.map {
                                  ColumnBreakDeclaration(textOffset: $0.textOffset, location: diagnostics.source.location(of: $0.tagOffset),
                                                         sourceLine: diagnostics.source.lineText(containing: $0.tagOffset))
                              },
                              linkTags: state.linkTags, styleSheets: state.sheetsRead, pictures: pictures,
                              anchors: state.references.anchorsTitled(in: state.builder.text, sourceMap: state.builder.sourceMap),
                              referenceUses: state.references.uses.map(\.use), diagnostics: diagnostics.finished())
        document.elementPlaces = ElementPlaces(pictures: state.pictureNames.map(diagnostics.source.place(of:)),
                                               boxes: state.boxTags.map(diagnostics.source.place(of:)),
                                               tables: state.tableTags.map(diagnostics.source.place(of:)))
        document.listsContents = state.references.listsContents
        document.pageNumberedNotes = state.references.pageNumberedNotes
        document.includedFiles = state.includedFiles
        document.articles = state.articles
        return document
    }

    /// Whether anything but white space (spaces, tabs, line ends) is left to print.
    private static func hasVisibleContent(_ text: AttributedText) -> Bool {
        text.storage.contains { unit in
            switch unit {
            case 0x20, 0x09, 0x0A, 0x2028, 0x2029: return false
            default: return true
            }
        }
    }
}
