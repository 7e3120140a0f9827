import Diagnostics
import Fonts
import Markup
import Pages
import Text

/// Pass 3: the header and footer the pages get (the options' templates, else the document's
/// `<meta>` ones), fallback faces for what they print, and a check that the margins hold them.
struct RunningHeadsPass {
    var options: TypesetOptions

    /// The heads (nil when the pages have none) and the font table, with the heads' fallbacks.
    struct Output {
        var heads: RunningHeads?
        var fonts: FontTableBuilder
    }

    func run(_ meta: DocumentMeta, title: String?, fonts: FontTableBuilder) -> PassResult<Output> {
        var fonts = fonts
        let attributes = TextAttributes(fontFamily: options.fontFamily, fontSize: options.fontSize * options.textScale * RunningHeads.relativeSize,
                                        language: options.language(of: meta))
        let heads = RunningHeads(header: options.header ?? meta.header, footer: options.footer ?? meta.footer,
                                 title: title ?? "", headerOnFirstPage: options.headerOnFirstPage, attributes: attributes)
        guard !heads.isEmpty else { return PassResult(Output(heads: nil, fonts: fonts)) }
        var diagnostics: [Diagnostic] = []
        if heads.uses(.title), heads.title.allSatisfy(\.isWhitespace) {
            diagnostics.append(.warning("a running head prints {title}, but the document has no title; give one with <meta title=\"…\"> or --title"))
        }
        // Every character the heads can print: their text, the title and the figures.
        var sample = AttributedText()
        for template in [heads.header, heads.footer].compactMap({ $0 }) {
            let parts = template.expanded(page: 1_234_567_890, pages: 1, title: heads.title)
            sample.append([parts.left, parts.center, parts.right].joined(separator: " ") + " ", attributes: attributes)
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
