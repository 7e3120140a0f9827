import Diagnostics
import Fonts
import Markup
import Pages
import Text

/// Pass 3: the header and footer the pages get (the options' templates, else the document's
/// `<meta>` ones; a page with a master page has its master's), fallback faces for what they
/// print, and a check that the margins hold them.
struct RunningHeadsPass {
    var options: TypesetOptions

    /// The heads (nil when the pages have none) and the font table, with the heads' fallbacks.
    struct Output {
        var heads: RunningHeads?
        var fonts: FontTableBuilder
    }

    /// `articles`: those of an issue (`<include>`), whose titles and authors its heads print on their pages.
    func run(_ meta: DocumentMeta, title: String?, articles: [Article] = [], fonts: FontTableBuilder) -> PassResult<Output> {
        var fonts = fonts
        let attributes = TextAttributes(fontFamily: options.fontFamily, fontSize: options.fontSize * options.textScale * RunningHeads.relativeSize,
                                        language: options.language(of: meta))
        var heads = RunningHeads(header: options.header ?? meta.header, footer: options.footer ?? meta.footer,
                                 title: title ?? "", headerOnFirstPage: options.headerOnFirstPage, attributes: attributes)
        heads.masters = meta.masters
        heads.author = MetadataText.cleaned(options.metadata.author ?? meta.author) ?? ""
        guard !heads.isEmpty else { return PassResult(Output(heads: nil, fonts: fonts)) }
        var diagnostics: [Diagnostic] = []
        if heads.uses(.title), heads.title.allSatisfy(\.isWhitespace) {
            diagnostics.append(.warning("a running head prints {title}, but the document has no title; give one with <meta title=\"…\"> or --title"))
        }
        // Every character the heads can print: their text, the titles, the authors and the figures.
        var sample = AttributedText()
        let templates = ([heads.header, heads.footer] + heads.masters.flatMap { [$0.header, $0.footer] }).compactMap { $0 }
        for template in templates {
            for article in [Article.issue] + articles {
                let parts = template.runs(page: 1_234_567_890, pages: 1, title: article.title ?? heads.title, author: article.author ?? heads.author)
                for run in parts.left + parts.center + parts.right { sample.append(run.text + " ", attributes: run.attributes ?? attributes) }
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
        let problems = RunningHeadSetter(heads: heads, fonts: fonts.table).problems(on: options.page)
        diagnostics += problems.warnings.map { .warning($0) }
        diagnostics += problems.errors.map { .error("page layout: \($0)") }
        return PassResult(Output(heads: heads, fonts: fonts), diagnostics: diagnostics)
    }
}
