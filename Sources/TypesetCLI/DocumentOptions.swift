import ArgumentParser
import Foundation
import Pages
import Text
import TypesetKit

/// The options that decide how a document is set: page, columns, type, document
/// information and strictness. Every command that lays out documents takes them, so that
/// `typeset compare` renders exactly what `typeset` would.
struct DocumentOptions: ParsableArguments {
    @Option(help: "Page size: a4, letter, or WIDTHxHEIGHT in points.")
    var pageSize: PageSizeArgument = PageSizeArgument(argument: "a4")!

    @Option(help: "Page margin on every side, in points.")
    var margin: Double = 56.6929

    @Flag(help: "Facing pages, printed on both sides and bound: odd pages have the inner margin at the left, even pages at the right; the header and footer mirror.")
    var facing = false

    @Option(help: "Inner margin of facing pages (at the spine), in points (default: 0.8 × --margin).")
    var innerMargin: Double?

    @Option(help: "Outer margin of facing pages, in points (default: 1.2 × --margin).")
    var outerMargin: Double?

    @Option(help: "Number of columns per page.")
    var columns: Int = 2

    @Option(help: "Space between columns, in points.")
    var gutter: Double = 18

    @Option(help: "Set every line on a baseline grid this many points apart, counted from the text area's top, so that lines in adjacent columns line up (default: no grid).")
    var baselineGrid: Double?

    @Option(help: "Font family of untagged text, and the stand-in for missing faces (a missing family is warned about once).")
    var font: String = TypesetOptions.defaultFontFamily

    @Option(help: "Font size of untagged text, in points.")
    var fontSize: Double = 11

    @Option(help: "Paragraph alignment: left, right, center, justify, start or end (start is left in left-to-right text, right in right-to-left text; end the other side).")
    var align: TextAlignmentArgument = .justify

    @Option(help: "Space after each paragraph, in points.")
    var paragraphSpacing: Double = 5.5

    @Option(help: "Scale every text size by this factor: body text, named styles, sizes the markup gives and running heads (a reader's preferred text size).")
    var textScale: Double = 1

    @Option(help: "Folder pictures must lie in (default: the document's folder; the current folder for standard input).")
    var root: String?

    @Option(help: "The document's title, printed by {title} and stored in the PDF (default: the document's <meta title>).")
    var title: String?

    @Option(help: "The PDF's author (default: the document's <meta author>).")
    var author: String?

    @Option(help: "The PDF's subject (default: the document's <meta subject>).")
    var subject: String?

    @Option(help: ArgumentHelp("Running header on every page but the first: TEXT (centred), LEFT|RIGHT or LEFT|CENTRE|RIGHT, with {page}, {pages} and {title}; \"\" for none (default: the document's <meta header>).",
                               valueName: "template"))
    var header: RunningTemplateArgument?

    @Option(help: ArgumentHelp("Running footer on every page, as --header, e.g. \"{page} of {pages}\" (default: the document's <meta footer>).",
                               valueName: "template"))
    var footer: RunningTemplateArgument?

    @Flag(help: "Print the header on the first page too.")
    var headerOnFirstPage = false

    @Flag(help: "Treat warnings as errors (a face that cannot be found is not stood in for).")
    var strict = false

    @Option(help: "Language of the text (BCP 47, such as en, en-GB or de-CH), for shaping, line breaking and hyphenation.")
    var lang: String = "en"

    @Option(name: .customLong("min-ppi"),
            help: "Warn at each picture shown at fewer pixels per inch than this (printers want 150 at least); 0 turns the check off.")
    var minimumPictureResolution = 150

    func validate() throws {
        guard columns >= 1, columns <= 20 else { throw ValidationError("--columns must be between 1 and 20") }
        guard margin >= 0, gutter >= 0, paragraphSpacing >= 0, innerMargin ?? 0 >= 0, outerMargin ?? 0 >= 0 else {
            throw ValidationError("--margin, --inner-margin, --outer-margin, --gutter and --paragraph-spacing cannot be negative")
        }
        if !facing, innerMargin != nil || outerMargin != nil {
            throw ValidationError("--inner-margin and --outer-margin are the margins of facing pages; add --facing")
        }
        for (name, argument) in [("--header", header), ("--footer", footer)] {
            if let problem = argument?.problem { throw ValidationError("\(name) \(problem)") }
        }
        // A size of 1e-200 is greater than 0, but Cairo cannot invert a face scaled by it.
        guard fontSize >= 0.01, fontSize <= 1000 else { throw ValidationError("--font-size must be at least 0.01 and at most 1000") }
        if let baselineGrid, !(baselineGrid >= 0.01 && baselineGrid <= 1000) {
            throw ValidationError("--baseline-grid must be at least 0.01 and at most 1000")
        }
        guard !font.isEmpty else { throw ValidationError("--font cannot be empty") }
        guard textScale >= 0.01, textScale <= 10 else { throw ValidationError("--text-scale must be at least 0.01 and at most 10") }
        guard LanguageTag.isValid(lang) else { throw ValidationError("--lang must be \(LanguageTag.expectation), not \"\(lang)\"") }
        guard minimumPictureResolution >= 0, minimumPictureResolution <= 2400 else {
            throw ValidationError("--min-ppi must be at least 0 (no check) and at most 2400")
        }
        if let root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--root \(root) is not a folder")
            }
        }
        if let problem = template.problem { throw ValidationError("page layout: \(problem)") }
        try RunningHeadsPreflight.check(self)
    }

    /// Pages drawn to pixels at `dpi` must fit the page image budget (`PagePixels`): checked
    /// here, before anything is typeset, rather than failing on the first page.
    func checkPixelBudget(dpi: Double) throws {
        let pixels = PagePixels(pageSize: pageSize.size, dpi: dpi)
        guard !pixels.isWithinBudget else { return }
        throw ValidationError(String(format: "--dpi %g with a %g × %g pt page makes %@, above the limit of %@; lower --dpi or the page size",
                                     dpi, pageSize.size.width, pageSize.size.height, pixels.description, PagePixels.budgetDescription))
    }

    var template: PageTemplate {
        let margins = facing ? Margins.facing(margin: margin, inner: innerMargin, outer: outerMargin) : Margins(all: margin)
        var template = PageTemplate(size: pageSize.size, margins: margins, columns: columns, gutter: gutter, facing: facing)
        template.baselineGrid = baselineGrid
        return template
    }

    /// The pipeline's options these arguments ask for; `SOURCE_DATE_EPOCH` dates the PDF.
    var typesetOptions: TypesetOptions {
        var options = TypesetOptions()
        options.page = template
        options.fontFamily = font
        options.fontSize = fontSize
        options.alignment = TextAlignment(rawValue: align.rawValue) ?? .justify
        options.language = lang
        options.paragraphSpacing = paragraphSpacing
        options.textScale = textScale
        options.minimumPictureResolution = Double(minimumPictureResolution)
        options.strict = strict
        options.imageRoot = root.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        options.title = title
        options.metadata.author = author
        options.metadata.subject = subject
        options.header = header?.template
        options.footer = footer?.template
        options.headerOnFirstPage = headerOnFirstPage
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Int(epoch) {
            options.metadata.creationDate = seconds
        }
        return options
    }
}
