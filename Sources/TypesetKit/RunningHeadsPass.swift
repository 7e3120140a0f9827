import Diagnostics
import Fonts
import Markup
import Pages
import Text

/// Pass 3: the header and footer the pages get (the options' templates, else the document's
/// `<meta>` ones; a page with a master page has its master's), fallback faces for what they
/// print, and a check that the margins hold them and the masters' text items their places.
struct RunningHeadsPass {
    var options: TypesetOptions

    /// The heads (nil when the pages have none) and the font table, with the heads' fallbacks.
    struct Output {
        var heads: RunningHeads?
        var fonts: FontTableBuilder
    }

    /// `articles`: those of an issue (`<include>`), whose titles and authors its heads print on
    /// their pages; `sectionNames`: the sections' names, which `{section}` prints.
    func run(_ meta: DocumentMeta, title: String?, articles: [Article] = [], sectionNames: [String] = [],
             fonts: FontTableBuilder) -> PassResult<Output> {
        var fonts = fonts
        let attributes = TextAttributes(fontFamily: options.fontFamily, fontSize: options.fontSize * options.textScale * RunningHeads.relativeSize,
                                        language: options.language(of: meta))
        var heads = RunningHeads(header: options.header ?? meta.header, footer: options.footer ?? meta.footer,
                                 title: title ?? "", headerOnFirstPage: options.headerOnFirstPage, attributes: attributes)
        heads.masters = meta.masters
        heads.author = MetadataText.cleaned(options.metadata.author ?? meta.author) ?? ""
        guard !heads.isEmpty else { return PassResult(Output(heads: nil, fonts: fonts)) }
        var diagnostics: [Diagnostic] = []
        if options.pdfStandardsInForce.contains(.x4) {
            diagnostics += PDFXPreflight.runningHeadLinkWarnings(heads, headerOption: options.header, footerOption: options.footer)
        }
        if heads.uses(.title), heads.title.allSatisfy(\.isWhitespace) {
            diagnostics.append(.warning("a running head prints {title}, but the document has no title; give one with <meta title=\"…\"> or --title"))
        }
        // Every character the heads can print: their text, the titles, the authors, the
        // sections' names and the figures; a master's text item in its own style.
        var sample = AttributedText()
        let templates = [heads.header, heads.footer].compactMap { $0 }.map { ($0, attributes) }
            + heads.masters.flatMap { master in
                [master.header, master.footer].compactMap { $0 }.map { ($0, attributes) } + master.texts.map { ($0.template, $0.attributes ?? attributes) }
            }
        let sections = sectionNames.isEmpty ? [""] : Array(Set(sectionNames)).sorted()
        for (template, look) in templates {
            for article in [Article.issue] + articles {
                for section in template.uses(.section) ? sections : [""] {
                    let parts = template.runs(page: 1_234_567_890, pages: 1, title: article.title ?? heads.title,
                                              author: article.author ?? heads.author, section: section)
                    for run in parts.left + parts.center + parts.right { sample.append(run.text + " ", attributes: run.attributes ?? look) }
                }
            }
        }
        // The markup looks a document's styles up; a template from the command line has none to name.
        for (option, template) in [("--header", options.header), ("--footer", options.footer)] {
            if let name = template?.unresolvedStyleNames.first {
                diagnostics.append(.error("\(option): a style given on the command line cannot be looked up (style=\(name)); "
                                          + "write the template in the document's <meta> or a style sheet, where its styles are"))
            }
        }
        for missing in fonts.addFallbacks(for: sample) {
            diagnostics.append(.warning("running heads: " + missing.warning))
        }
        let setter = RunningHeadSetter(heads: heads, fonts: fonts.table)
        let problems = setter.problems(on: options.page)
        diagnostics += problems.warnings.map { .warning($0.message, at: $0.place?.location, sourceLine: $0.place?.sourceLine) }
        diagnostics += problems.errors.map { .error("page layout: \($0)") }
        diagnostics += setter.masterTextProblems(on: options.page, sections: Array(Set(sectionNames)).sorted(), articles: articles)
        return PassResult(Output(heads: heads, fonts: fonts), diagnostics: diagnostics)
    }
}
