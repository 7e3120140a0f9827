import Diagnostics
import Foundation
import Images
import Text

/// `<include src="articles/ice.txt">`: another document's text set in place, as an article of
/// the issue (LaTeX's `\include`, an InDesign book's document). Its text is read into the same
/// text, in the same offset space (`MarkupSource.append`), so that everything located in it
/// — a message, a picture, a page reference — names its own file and line. It is read as it
/// would be alone: from the issue's body text, its pictures and imports beside its own file
/// (`--root` still bounding them), its declarations in force for its own text only, except
/// that a definition the issue (or a file including it) made wins (`SheetDefinitions`). Its
/// `<meta>` title, author and subject are the article's (`Article`), for the running heads.
extension ParseState {
    mutating func include(_ tag: Tag) {
        guard let source = fileSource(of: tag, example: "<include src=\"articles/ice.txt\">") else { return }
        if let place = enclosingBlock() {
            return diagnostics.error("<include> cannot be inside \(place): an included document is set in the columns, "
                                     + "so write it between paragraphs, outside tables, figures, asides, footnotes, sections and <keep> blocks",
                                     at: tag.offset)
        }
        guard includesRead < maximumIncludes else {
            // Once: the tags after it, in the files read so far, are skipped.
            if includesRead == maximumIncludes {
                values.error("an issue reads \(maximumIncludes) <include>s at most, its files' together, and this is one more; "
                             + "does a file include another twice, which includes another twice…?", at: source)
                includesRead += 1
            }
            return
        }
        includesRead += 1
        guard let path = namedFilePath(source, kind: "included file") else { return }
        let realPath = ImageLocator.realPath(path) ?? path
        let name = Self.namedFileName(source.trimmedValue, namedIn: diagnostics.source.fileName(at: tag.offset))
        if let problem = chainProblem(realPath: realPath, name: name, verb: "include") { return values.error(problem, at: source) }
        let room = MarkupSource.maximumSize - diagnostics.source.units.count
        let file: MarkupSource
        do {
            file = try MarkupSource(fileName: name, bytes: InputFile(path: path).readAll(limit: max(0, room)))
        } catch let invalid as Diagnostic {
            return diagnostics.include([invalid], at: tag.offset)   // not UTF-8: located in the file
        } catch let tooLong as InputFile.Problem where tooLong == .longerThan(limit: max(0, room)) {
            images.files.noteMissing(path)   // watched: shortened, it is read again
            return values.error("included file \(name): \(tooLong) (an issue and the files it includes hold "
                                + "\(MarkupSource.maximumSize) characters at most)", at: source)
        } catch {
            images.files.noteMissing(path)
            return values.error("included file \(name): \(error)", at: source)
        }
        if !includedFiles.contains(path) { includedFiles.append(path) }
        readIncluded(file, at: realPath, after: tag)
    }

    /// The open block an `<include>` cannot be in, as a message names it; nil: none. A story's
    /// `<jump>` may end a section (`sectionAllowed`).
    func enclosingBlock(sectionAllowed: Bool = false) -> String? {
        if openTable != nil { return "a <table>" }
        if let box = openBox { return box.kind.tagWithArticle }
        if openFootnote != nil || builder.noteBeingRead != nil { return "a <footnote>" }
        if openSection != nil, !sectionAllowed { return "a <section> (its own sections would nest)" }
        if openKeep != nil { return "a <keep> block" }
        return nil
    }

    /// Reads `file` (at `realPath`) into the text after the `<include>` tag, in a scope of its own.
    private mutating func readIncluded(_ file: MarkupSource, at realPath: String, after tag: Tag) {
        let base = appendToTheSpace(file, includedAt: tag.offset)
        builder.endParagraph(madeAt: tag.offset)

        let includer = ReadingScope(self)
        images = ImageLocator(baseDirectory: PathFolder.of(realPath), root: images.root, files: images.files)
        importChain.append(ImportingFile(realPath: realPath, name: file.fileName))
        fileTextStart = builder.text.length
        fileRulesStart = rules.count
        fileElementsStart = openElementCount
        sheetDefinitions.keepForInclude()
        meta.title = nil
        meta.author = nil
        meta.subject = nil
        articleCount += 1
        article = Article(number: articleCount, includedIn: includer.article?.number ?? Article.issue.number)
        builder.pendingArticle = article
        // From the issue's body text, as the document alone starts from its own.
        if let bodyText {
            builder.attributes = bodyText.attributes
            builder.paragraphStyle = bodyText.paragraphStyle
            builder.faceOrigin = nil
        } else {
            startClean()
        }

        // The file's own units: the space grows in place under the articles it includes.
        var scanner = MarkupScanner(file: ScannedFile(units: file.units, base: base), diagnostics: diagnostics)
        readArticleText(&scanner, from: base)
        if let article { articles.append(article) }
        endScope(of: includer)
    }

    /// Reads an article's text from `scanner`, which starts at `start` (just after a `<jump>`
    /// when `isRest`), to its file's end (or to a `<jump>`, see StoryJumps), its last paragraph
    /// ending with it, and the blocks it left open ending there (`FileEnd`).
    mutating func readArticleText(_ scanner: inout MarkupScanner, from start: Int, isRest: Bool = false) {
        let jumped = read(&scanner, afterDeclaration: isRest)
        let end = max(start, scanner.position - 1)
        finishBlocks(at: jumped ? .jump : .article, endOffset: end)
        builder.endParagraph(madeAt: end)
    }

    /// Appends `file` to the issue's offset space, in place: the diagnostics' and the builder's
    /// copies of the space are let go while it grows, so that its arrays are not copied whole
    /// at each include (quadratic in the includes: docs/scaling.md, `includes`). The scanners
    /// read their files' own units (`ScannedFile`), not the space; only the document's first
    /// include copies the document's text, which its scanner holds. Returns the file's base.
    private mutating func appendToTheSpace(_ file: MarkupSource, includedAt tag: Int) -> Int {
        var space = diagnostics.source
        let meanwhile = MarkupSource(fileName: space.fileName, text: "")
        diagnostics.adopt(meanwhile)
        builder.adopt(meanwhile)
        let base = space.append(file, includedAt: tag)
        diagnostics.adopt(space)
        builder.adopt(space)
        return base
    }

    /// Back in the includer after an included file: its declarations in force again (its own
    /// swatches too), the included file's rules kept for its own text and its masters for its pages.
    mutating func endScope(of includer: ReadingScope) {
        let ownText = fileTextStart ..< builder.text.length
        let ownRules = rules[fileRulesStart...].map { rule in
            var rule = rule
            rule.scope = rule.scope ?? ownText
            return rule
        }
        let masters = meta.masters
        namedStyles = includer.namedStyles
        rules = includer.rules + ownRules
        meta = includer.meta
        meta.masters = masters
        sheetDefinitions = includer.sheetDefinitions
        values.swatches.forgetAll(after: includer.swatchCount)
        importedSheets = includer.importedSheets
        images = includer.images
        importChain = includer.importChain
        fileTextStart = includer.fileTextStart
        fileRulesStart = includer.fileRulesStart
        fileElementsStart = includer.fileElementsStart
        article = includer.article
        bodyText = includer.bodyText
        forgetElements(openedAfter: includer.openElementCount)
        builder.attributes = includer.attributes
        builder.faceOrigin = includer.faceOrigin
        builder.paragraphStyle = includer.paragraphStyle
        builder.dropCaps.origin = includer.dropCapOrigin
        // The includer's text after it is its own again: an article's, or the issue's.
        builder.pendingArticle = article ?? .issue
    }

    /// Takes up `scope` again to read more of its file's text (the rest of a story, at its
    /// `<resume>`): its declarations, its folder and its article, and the styles its text had.
    mutating func resumeScope(_ scope: ReadingScope) {
        namedStyles = scope.namedStyles
        rules = scope.rules
        meta.title = scope.meta.title
        meta.author = scope.meta.author
        meta.subject = scope.meta.subject
        meta.jumpText = scope.meta.jumpText
        meta.resumeText = scope.meta.resumeText
        sheetDefinitions = scope.sheetDefinitions
        // The article's own swatches, forgotten at its end, are in force again for its text.
        for swatch in scope.swatches where values.swatches[swatch.name] == nil { _ = values.swatches.declare(swatch) }
        importedSheets = scope.importedSheets
        images = scope.images
        importChain = scope.importChain
        fileTextStart = builder.text.length
        fileRulesStart = scope.fileRulesStart
        article = scope.article
        bodyText = scope.bodyText
        builder.pendingArticle = article
        builder.attributes = scope.attributes
        builder.faceOrigin = scope.faceOrigin
        builder.paragraphStyle = scope.paragraphStyle
        builder.dropCaps.origin = scope.dropCapOrigin
    }
}

/// What reading a file changes of the state and gives back at its end (not the whole state:
/// that would copy the text read so far): the includer's, restored after an included file, or an
/// article's at a `<jump>`, taken up again at its `<resume>`.
struct ReadingScope {
    var namedStyles: NamedStyles
    var rules: [MarkupRule]
    var meta: DocumentMeta
    var sheetDefinitions: SheetDefinitions
    /// How many swatches were declared: those after are the included file's.
    var swatchCount: Int
    /// The swatches then declared: an article's own, forgotten at its end, are declared again
    /// for the rest of its story at its `<resume>`.
    var swatches: [Swatch]
    var importedSheets: [String]
    var images: ImageLocator
    var importChain: [ImportingFile]
    var fileTextStart: Int
    var fileRulesStart: Int
    var fileElementsStart: Int
    var article: Article?
    var bodyText: (attributes: TextAttributes, paragraphStyle: ParagraphStyle)?
    var openElementCount: Int
    var attributes: TextAttributes
    var faceOrigin: Int?
    var paragraphStyle: ParagraphStyle
    var dropCapOrigin: Int?

    init(_ state: ParseState) {
        namedStyles = state.namedStyles
        rules = state.rules
        meta = state.meta
        sheetDefinitions = state.sheetDefinitions
        swatchCount = state.values.swatches.names.count
        swatches = state.values.swatches.all
        importedSheets = state.importedSheets
        images = state.images
        importChain = state.importChain
        fileTextStart = state.fileTextStart
        fileRulesStart = state.fileRulesStart
        fileElementsStart = state.fileElementsStart
        article = state.article
        bodyText = state.bodyText
        openElementCount = state.openElementCount
        attributes = state.builder.attributes
        faceOrigin = state.builder.faceOrigin
        paragraphStyle = state.builder.paragraphStyle
        dropCapOrigin = state.builder.dropCaps.origin
    }
}
