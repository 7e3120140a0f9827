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

    public func parse(_ source: MarkupSource) -> MarkupDocument {
        let diagnostics = MarkupDiagnostics(source: source)
        var scanner = MarkupScanner(source: source, diagnostics: diagnostics)
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
        state.read(&scanner)
        if diagnostics.isFull {
            diagnostics.stop(at: min(scanner.position, max(0, source.units.count - 1)))
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
