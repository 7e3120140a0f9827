import Diagnostics
import Text

/// The parser's running state: the text so far, the open tags, the named styles and the rules.
struct ParseState {
    /// Variables only for a parse going on from a checkpoint, whose messages and swatches are
    /// its own (`ParseCheckpoint`).
    var diagnostics: MarkupDiagnostics
    var values: ValueReader
    let defaults: MarkupDefaults
    /// Where the file being read finds its pictures and the files it names: its own folder.
    var images: ImageLocator
    /// Whether a picture without `alt` is an error rather than a warning (see `MarkupParser`).
    let requiresAlternativeText: Bool
    var builder: DocumentBuilder
    var namedStyles: NamedStyles
    var rules: [MarkupRule] = []
    var meta = DocumentMeta()
    /// Whether this is a style sheet's parse (`StyleSheetImport`), which holds declarations only.
    var isStyleSheet = false
    /// The files importing the one read, from the document (see `StyleSheetImport`).
    var importChain: [ImportingFile] = []
    /// The style sheets in force, each read once, in the order they were read.
    var importedSheets: [String] = []
    /// Every style sheet read, by any file, each once: what the depfile lists.
    var sheetsRead: [String] = []
    /// Every file included (`<include>`), as an absolute path, each once, in the order read.
    var includedFiles: [String] = []
    /// How many `<include>`s have been read, every file's together, and how many may be.
    var includesRead = 0
    var maximumIncludes = MarkupParser.maximumIncludes
    /// The length of the text when the file being read began: its declarations come before its own text.
    var fileTextStart = 0
    /// How many rules were in force when the file being read began: those after are its own.
    var fileRulesStart = 0
    /// How many styling tags were open when the file being read began: those after are its own.
    var fileElementsStart = 0
    /// The article being read (`<include>`), and how many the issue has had so far.
    var article: Article?
    var articleCount = 0
    /// The articles read, each as its `<meta>` left it.
    var articles: [Article] = []
    /// Where sheets defined the definitions in force.
    var sheetDefinitions = SheetDefinitions()
    /// The text's styles just after `body` restyled it, while they last (see BaseTextStyle).
    var bodyText: (attributes: TextAttributes, paragraphStyle: ParagraphStyle)?
    /// Every `<section>` so far, with where it was written.
    var sections: [SectionDeclaration] = []
    var exclusions: [ExclusionDeclaration] = []
    /// The anchors (`id`) and references (`<ref>`) so far, and the values the references print.
    var references = ReferenceBook()
    /// The stories that jump to a later page (`<jump>`) and where they resume (`<resume>`).
    var jumps = StoryJumps()
    /// The `src` value of every picture so far (`ImageAttachment.number` counts them).
    var pictureNames: [Int] = []
    /// The `<a>` of every link so far.
    var linkTags = LinkTags()
    /// The open `<master>`, whose furniture the tags up to `</master>` are (see MasterTags).
    var openMaster: OpenMaster?
    /// The names of masters whose declarations had errors, so that a use says so.
    var undeclaredMasters: Set<String> = []
    /// The open `<section>` (a `<section>` wrongly opened inside it nests in its count).
    var openSection: OpenBlockTag?
    /// Every `<keep>` block so far, numbered from 1.
    var keeps: [KeepDeclaration] = []
    /// The open `<keep>` (a `<keep>` inside it counts as one with it).
    var openKeep: OpenBlockTag?
    /// The open `<figure>` or `<aside>` (a box wrongly opened inside it nests in its count).
    var openBox: (tag: OpenBlockTag, kind: BoxStyle.Kind)?
    /// The tag of each box opened so far (`BoxStyle.number` counts them), and the length of the
    /// text when the open one began, to tell an empty box.
    var boxTags: [Int] = []
    var boxTextStart = 0
    /// A `<p>` read in the middle of a paragraph, until its line shows whether text follows it
    /// (`ParagraphTagMidLine`).
    var paragraphTagMidParagraph: Tag?
    /// A `</p>` after which the text is in the language of an outer `<p>` written for one
    /// paragraph, until text shows whether it is set so (`LanguageOfAnOpenParagraphTag`).
    var languageResumed: LanguageOfAnOpenParagraphTag?
    /// The open `<table>`, and the tag of each table opened so far (`TableStyle.number` counts them).
    var openTable: OpenTable?
    var tableTags: [Int] = []
    /// The open `<footnote>` (`isNote` false: one misplaced, whose text stays where it is),
    /// the number of the last note (from 1 in each section with `footnote-numbering="section"`,
    /// on each page with `page`), and
    /// the count of sections when it last started.
    var openFootnote: (tag: OpenBlockTag, isNote: Bool)?
    var footnoteCount = 0
    var footnoteSection = 0
    /// Whether the file being read has begun its text (its declarations must come before).
    var fileHasText: Bool { builder.text.length > fileTextStart }

    /// Open styling tags, innermost last, and the styles each restores.
    private var openElements = OpenElements()
    /// Whether a tag past `OpenElements.mostBytes` has been reported: the first says what to do.
    private var openElementsOverflowReported = false

    init(source: MarkupSource, defaults: MarkupDefaults, images: ImageLocator, diagnostics: MarkupDiagnostics,
         requiresAlternativeText: Bool = false) {
        self.diagnostics = diagnostics
        self.requiresAlternativeText = requiresAlternativeText
        values = ValueReader(diagnostics: diagnostics, swatches: SwatchBook())
        self.defaults = defaults
        self.images = images
        builder = DocumentBuilder(source: source, defaults: defaults)
        namedStyles = NamedStyles(defaults: defaults)
    }

    // MARK: Open and close

    /// Saves the styles in force, for the closing tag of `element` to restore.
    mutating func open(_ element: StyleElement, at tagOffset: Int? = nil) {
        let saved = SavedStyles(attributes: builder.attributes, faceOrigin: builder.faceOrigin, paragraphStyle: builder.paragraphStyle,
                                dropCapOrigin: builder.dropCaps.origin)
        openElements.open(element, saving: saved, tagOffset: tagOffset, textLength: builder.text.length)
    }

    /// Whether another styling tag would hold more than the open tags may (`OpenElements.mostBytes`).
    var openElementsAreFull: Bool { openElements.isFull }

    /// The error at `tag`, a styling tag past the bound, once: what the open tags are, and
    /// which to close. Later ones are left unopened without a word (the document has failed).
    mutating func refuseOpeningPastTheBound(_ tag: Tag) {
        guard !openElementsOverflowReported, let (element, count) = openElements.mostOpen else { return }
        openElementsOverflowReported = true
        let name = element == .cell ? "td" : element.rawValue
        diagnostics.error("<\(tag.name)> inside \(openElements.count) open tags, \(count) of them <\(name)>: the styles they restore "
                          + "when closed would take over \(OpenElements.mostBytes >> 20) MB; close your <\(name)>s with </\(name)>",
                          at: tag.offset)
    }

    /// Whether an `element` is open.
    func isOpen(_ element: StyleElement) -> Bool {
        openElements.count(of: element) > 0
    }

    /// Where the innermost open `element`'s tag is, when one is open.
    func openTagOffset(of element: StyleElement) -> Int? {
        openElements.innermost(element)?.tagOffset
    }

    /// The innermost open `element`.
    func innermostOpen(_ element: StyleElement) -> OpenElement? {
        openElements.innermost(element)
    }

    /// The styles in force before `element` opened.
    func savedStyles(of element: OpenElement) -> SavedStyles {
        openElements.savedStyles(of: element)
    }

    /// How many `element`s are open.
    func openCount(of element: StyleElement) -> Int {
        openElements.count(of: element)
    }

    /// How many styling tags are open, for `forgetElements(openedAfter:)`.
    var openElementCount: Int { openElements.count }

    /// The styling tags opened after the first `count` and still open, outermost first.
    func elements(openedAfter count: Int) -> [SetAsideElement] {
        openElements.elements(openedAfter: count)
    }

    /// Opens `elements` again, outermost first: the tags a story's first part left open, which
    /// go on in its resumed part (`StoryJumps`), each closing to the styles before it there.
    mutating func reopen(_ elements: [SetAsideElement]) {
        for element in elements {
            openElements.open(element.element, saving: element.styles, tagOffset: element.tagOffset, textLength: element.textLength)
        }
    }

    /// Forgets the styling tags opened after the first `count` and still open: an included file's,
    /// which close with it (its includer restores the styles in force before it).
    mutating func forgetElements(openedAfter count: Int) {
        while openElements.count > count { openElements.closeInnermost() }
    }

    /// Closes the innermost open `element`, and every tag opened inside it that is still open,
    /// returning to the styles before it. False when no such tag is open.
    mutating func close(_ element: StyleElement) -> Bool {
        guard openElements.count(of: element) > 0 else { return false }
        while let top = openElements.closeInnermost() {
            guard top.element == element else { continue }
            builder.attributes = top.styles.attributes
            builder.faceOrigin = top.styles.faceOrigin
            builder.paragraphStyle = top.styles.paragraphStyle
            builder.dropCaps.origin = top.styles.dropCapOrigin
            return true
        }
        return false
    }

    // MARK: Applying changes

    /// Applies a character change from the tag at `tagOffset`; when it changes the face, the
    /// face is located at `faceOffset` (the value that chose it) or else at the tag.
    mutating func apply(_ change: CharacterStyleChange, faceOffset: Int?, tagOffset: Int) {
        let face = builder.attributes.fontRequest
        change.apply(to: &builder.attributes)
        if builder.attributes.fontRequest != face { builder.faceOrigin = faceOffset ?? tagOffset }
    }

    /// What a `style` attribute means: on `<font>`, `<style>` and `<rule>`, italic or normal set
    /// the slant; any other value names a named style, which must exist.
    enum StyleReference {
        case slant(italic: Bool)
        case named(NamedStyle)
    }

    func styleReference(_ attribute: TagAttribute, slantAllowed: Bool) -> StyleReference? {
        let name = attribute.trimmedValue
        if slantAllowed {
            switch name.lowercased() {
            case "italic": return .slant(italic: true)
            case "normal": return .slant(italic: false)
            default: break
            }
        }
        if let style = namedStyles[name] { return .named(style) }
        diagnostics.unknown("style", named: name, usedAt: attribute.valueOffset)
        values.error("unknown style \"\(attribute.value.clipped)\"\(Suggestion.hint(for: name, among: namedStyles.names)) (defined: \(namedStyles.names.joined(separator: ", ")))",
                     at: attribute)
        return nil
    }

    // MARK: Messages

    func warnUnknown(_ attribute: TagAttribute, of tag: Tag, known: [String]) {
        // Read on every tag before the others (`readTint`).
        if attribute.key == "tint" { return }
        let shown = known.count <= 6 ? " (known: \(known.joined(separator: ", ")))" : " (see \(MarkupReference.place))"
        let hint = Suggestion.hint(for: attribute.name, among: known)
        diagnostics.warning("unknown attribute '\(attribute.name.clipped)' of <\(tag.name.clipped)> ignored\(hint.isEmpty ? shown : hint)",
                            at: attribute.nameOffset)
    }
}
