import Diagnostics
import Markup
import Pages
import Text

/// Pass 1: markup to attributed text, with the markup's diagnostics and an error at each
/// `<section>` whose columns the page cannot hold.
struct ParsePass {
    var options: TypesetOptions
    /// Where the document's pictures are looked up.
    var baseDirectory: String
    /// What the references print (`ReferenceSettling`).
    var references = ReferenceValues()
    /// The last run's parses, to go on from where the markup first changed (`typeset watch`).
    var keptParses: KeptParses?

    func run(_ source: MarkupSource) -> PassResult<MarkupDocument> {
        var defaults = MarkupDefaults(
            attributes: TextAttributes(fontFamily: options.fontFamily, fontSize: options.fontSize, language: options.language(of: DocumentMeta())),
            paragraphStyle: ParagraphStyle(alignment: options.alignment, spaceAfter: options.paragraphSpacing),
            textScale: options.textScale)
        defaults.languageIsFixed = options.language != nil
        var parser = MarkupParser(defaults: defaults, baseDirectory: baseDirectory, imageRoot: options.imageRoot)
        parser.styleSheets = options.styleSheets
        parser.references = references
        parser.kept = keptParses
        // PDF/UA: a picture nothing describes is an error, not a warning (PNG pages are not tagged).
        parser.requiresAlternativeText = options.pdfStandards.contains(.ua1) && options.format == .pdf
        let document = parser.parse(source)
        return PassResult(document, diagnostics: document.diagnostics + LanguageSupportCheck.warnings(document.text, sourceMap: document.sourceMap)
                          + options.page.sectionProblems(document.sections)
                          + options.page.masterProblems(document.meta.masters))
    }
}
