import ArgumentParser
import Foundation
import Pages
import Text
import TypesetKit

/// The options that decide how a document is set: page, columns, type, document
/// information and strictness. Every command that lays out documents takes them, so that
/// `typeset compare` renders exactly what `typeset` would.
struct DocumentOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "Page size: \(NamedPageSize.described), in any case; or WIDTHxHEIGHT in lengths (595x842, 210mmx297mm, 8.5x11in), each side 72 pt to 14400 pt.")
    var pageSize = PageSizeArgument(argument: "a4")

    @Option(parsing: .unconditional, help: ArgumentHelp("Page margin on every side; every length option takes pt (the default), mm, cm, in or pc: 2cm, 0.75in.", valueName: "length"))
    var margin = LengthArgument(argument: "56.6929")

    @Flag(help: "Facing pages, printed on both sides and bound: odd pages have the inner margin at the left, even pages at the right; the header and footer mirror.")
    var facing = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Inner margin of facing pages (at the spine), a length (default: 0.8 × --margin).", valueName: "length"))
    var innerMargin: LengthArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp("Outer margin of facing pages, a length (default: 1.2 × --margin).", valueName: "length"))
    var outerMargin: LengthArgument?

    @Option(parsing: .unconditional, help: "Number of columns per page, 1 to \(LayoutLimits.maximumColumns) (as many as the page holds at least \(Int(PageTemplate.narrowestColumn)) pt wide).")
    var columns: Int = 2

    @Option(parsing: .unconditional, help: ArgumentHelp("Space between columns, a length.", valueName: "length"))
    var gutter = LengthArgument(argument: "18")

    @Option(parsing: .unconditional, help: ArgumentHelp("Set every line on a baseline grid this far apart (a length), counted from the text area's top, so that lines in adjacent columns line up; at most a quarter of the text area's height (default: no grid).", valueName: "length"))
    var baselineGrid: LengthArgument?

    @Option(help: "Font family of untagged text, and the stand-in for missing faces (a missing family is warned about once).")
    var font: String = TypesetOptions.defaultFontFamily

    @OptionGroup
    var fontPaths: FontPathOption

    @Option(parsing: .unconditional, help: ArgumentHelp("Font size of untagged text, a length.", valueName: "length"))
    var fontSize = LengthArgument(argument: "11")

    @Option(help: "Paragraph alignment: left, right, center, justify, start or end (start is left in left-to-right text, right in right-to-left text; end the other side).")
    var align: TextAlignmentArgument = .justify

    @Option(parsing: .unconditional, help: ArgumentHelp("Space after each paragraph, a length, at most a quarter of the text area's height.", valueName: "length"))
    var paragraphSpacing = LengthArgument(argument: "5.5")

    @Option(parsing: .unconditional, help: "Scale every text size by this factor, 0.01 to 10: body text, named styles, sizes the markup gives and running heads (a reader's preferred text size).")
    var textScale: Double = 1

    @Option(help: "Folder pictures must lie in (default: the document's folder; the current folder for standard input).")
    var root: String?

    @Option(help: "The document's title, printed by {title} and stored in the PDF (default: the document's <meta title>).")
    var title: String?

    @Option(help: "The PDF's author (default: the document's <meta author>).")
    var author: String?

    @Option(help: "The PDF's subject (default: the document's <meta subject>).")
    var subject: String?

    @Option(help: ArgumentHelp("Running header on every page but the first: TEXT (centred), LEFT|RIGHT or LEFT|CENTRE|RIGHT, with {page}, {pages}, {title} and {author}; \"\" for none (default: the document's <meta header>).",
                               valueName: "template"))
    var header: RunningTemplateArgument?

    @Option(help: ArgumentHelp("Running footer on every page, as --header, e.g. \"{page} of {pages}\" (default: the document's <meta footer>).",
                               valueName: "template"))
    var footer: RunningTemplateArgument?

    @Flag(help: "Print the header on the first page too.")
    var headerOnFirstPage = false

    @Flag(help: "Treat warnings as errors (a face that cannot be found is not stood in for); not those the pages give as they are drawn (a picture moved to a later page, a line off its pitch).")
    var strict = false

    @Option(help: "Language of the text (BCP 47, such as en, en-GB or de-CH), for shaping, line breaking and hyphenation (default: the document's <meta lang>, else en).")
    var lang: String?

    @Option(name: .customLong("style"),
            help: ArgumentHelp("A style sheet read before each document, as if it began with <import src=\"FILE\">; may be repeated.", valueName: "FILE"))
    var styleSheets: [String] = []

    @Option(name: .customLong("min-ppi"),
            help: "Warn at each picture shown at fewer pixels per inch than this (printers want 150 at least); 0 turns the check off.")
    var minimumPictureResolution = 150

    func validate() throws {
        if let problem = pageSize.problem { throw ValidationError("--page-size \(problem)") }
        guard columns >= 1, columns <= LayoutLimits.maximumColumns else {
            throw ValidationError("--columns must be 1 to \(LayoutLimits.maximumColumns), not \(columns)")
        }
        let lengths = 0 ... LayoutLimits.largestPageSide
        _ = try margin.points(as: "--margin", in: lengths)
        _ = try innerMargin?.points(as: "--inner-margin", in: lengths)
        _ = try outerMargin?.points(as: "--outer-margin", in: lengths)
        _ = try gutter.points(as: "--gutter", in: lengths)
        if !facing, innerMargin != nil || outerMargin != nil {
            throw ValidationError("--inner-margin and --outer-margin are the margins of facing pages; add --facing")
        }
        for (name, argument) in [("--header", header), ("--footer", footer)] {
            if let problem = argument?.problem { throw ValidationError("\(name) \(problem)") }
        }
        // A size of 1e-200 is greater than 0, but Cairo cannot invert a face scaled by it.
        _ = try fontSize.points(as: "--font-size", in: 0.01 ... 1000)
        guard !font.isEmpty else { throw ValidationError("--font cannot be empty") }
        guard textScale >= 0.01, textScale <= 10 else {
            throw ValidationError("--text-scale must be 0.01 to 10, not \(LengthArgument.format(textScale))")
        }
        if let lang, !LanguageTag.isValid(lang) {
            throw ValidationError("--lang must be \(LanguageTag.expectation), not \"\(lang)\"\(LanguageTag.hint(for: lang))")
        }
        for sheet in styleSheets where !FileManager.default.isReadableFile(atPath: sheet) {
            throw ValidationError("--style \(sheet): no such file, or it cannot be read")
        }
        guard minimumPictureResolution >= 0, minimumPictureResolution <= 2400 else {
            throw ValidationError("--min-ppi must be at least 0 (no check) and at most 2400")
        }
        if let root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--root \(root) is not a folder")
            }
        }
        if let problem = template.problem {
            // Columns too narrow: say how many the page holds rather than how narrow they came out.
            let hasRoom = template.textArea.width > 0 && template.textArea.height > 0
            throw ValidationError("page layout: \((hasRoom ? template.sectionProblem(columns: nil, gutter: nil) : nil) ?? problem)")
        }
        try checkTextAreaLimits()
        try RunningHeadsPreflight.check(self)
    }

    /// `--baseline-grid` and `--paragraph-spacing` within what the page's text area can use
    /// (`TextAreaLimits`); checked once the page is known to hold text.
    private func checkTextAreaLimits() throws {
        // Formatted only for a message: `format` runs a regular expression, which every run paid for.
        var height: String { LengthArgument.format(template.textArea.height) }
        if let baselineGrid {
            let step = try baselineGrid.points(as: "--baseline-grid", in: 0.01 ... LayoutLimits.largestPageSide)
            let largest = TextAreaLimits.largestBaselineGrid(on: template)
            guard step <= largest else {
                throw ValidationError("--baseline-grid \(baselineGrid.written) is too large for this page: at most \(LengthArgument.format(largest)) pt, "
                                      + "so that the text area, \(height) pt tall, holds at least \(Int(TextAreaLimits.fewestGridLines)) grid lines")
            }
        }
        let spacing = try paragraphSpacing.points(as: "--paragraph-spacing", in: 0 ... LayoutLimits.largestPageSide)
        let largest = TextAreaLimits.largestParagraphSpacing(on: template)
        guard spacing <= largest else {
            throw ValidationError("--paragraph-spacing \(paragraphSpacing.written) is too large for this page: at most \(LengthArgument.format(largest)) pt, "
                                  + "a quarter of the text area's height of \(height) pt")
        }
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
        let margins = facing ? Margins.facing(margin: margin.points, inner: innerMargin?.points, outer: outerMargin?.points)
            : Margins(all: margin.points)
        var template = PageTemplate(size: pageSize.size, margins: margins, columns: columns, gutter: gutter.points, facing: facing)
        template.baselineGrid = baselineGrid?.points
        return template
    }

    /// The pipeline's options these arguments ask for; `SOURCE_DATE_EPOCH` dates the PDF.
    var typesetOptions: TypesetOptions {
        var options = TypesetOptions()
        options.page = template
        options.fontFamily = font
        options.fontPaths = fontPaths.all
        options.fontSize = fontSize.points
        options.alignment = TextAlignment(rawValue: align.rawValue) ?? .justify
        options.language = lang
        options.styleSheets = styleSheets
        options.paragraphSpacing = paragraphSpacing.points
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
        if let seconds = SourceDateEpoch.seconds {
            options.metadata.creationDate = seconds
        }
        return options
    }
}
