import ArgumentParser
import Diagnostics
import Foundation
import Render
import TypesetKit

/// `typeset [render] INPUT…`: typesets documents into PDF or PNG pages, several at a time.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Typeset documents into PDF or PNG pages (the default: `typeset FILE` is `typeset render FILE`).",
        discussion: """
        Markup: the Core Text tutorial's <font face color strokeColor size> and \
        <img src width height>, plus character and paragraph styles (<b> <i> <u> <p> <li> …), \
        named styles, rules and more; a newline ends a paragraph. Reference: \(MarkupReference.place).

        Several inputs are a batch: they are typeset in parallel, each document's problems are \
        printed in input order (as soon as the documents before it are done), every good \
        document is written even when another fails, and a summary ends the run. A progress bar \
        shows on a terminal, and the page reached by a single document that takes over a second.

        Exit status: 0 on success; 1 when a document has errors (a file that cannot be read, \
        bad markup, a failed write); 2 for a problem with the options, when nothing is typeset.
        """)

    @Argument(help: "The markup files to typeset; - reads standard input.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "Output file of a single input; its extension, .pdf or .png, chooses the format; - (or /dev/stdout) writes the PDF to standard output (default: INPUT with .pdf, or .png for --format png; PNG pages are named NAME-001.png, …; standard input's are stdin.pdf).")
    var output: String?

    @Option(help: ArgumentHelp("Write the outputs into this folder, created if missing, as NAME.pdf or NAME-001.png, … (default: beside each input).",
                               valueName: "folder"))
    var outDir: String?

    @Option(help: "Output format: pdf or png (default: the extension of -o, else pdf).")
    var format: FormatArgument?

    @Option(parsing: .unconditional,
            help: "Resolution of PNG output, in dots per inch, 9 to 2400; PDF output has none: there --dpi is a warning, an error with --strict (default: 72).")
    var dpi: Double?

    @OptionGroup
    var pages: PagesOption

    @Option(name: .customLong("layout-json"), help: ArgumentHelp(
        "Also write the layout of a single input as JSON: pages, frames, lines, runs and glyphs with their string ranges (described in layout-json.md: docs/ in the source, PREFIX/share/doc/typeset installed); - writes it to standard output.",
        valueName: "file"))
    var layoutJSON: String?

    @Option(parsing: .unconditional, help: "How many documents are typeset at the same time, 1 or more (default: one per core).")
    var jobs: Int?

    @Flag(name: .shortAndLong, help: "No progress bar and no summary; errors and warnings are still printed.")
    var quiet = false

    @Flag(help: "After a good run, open the output (a batch's first, a PNG's first page) in the desktop's viewer: xdg-open, or the program TYPESET_VIEWER names.")
    var open = false

    @OptionGroup
    var sharding: ShardOption

    @Option(help: ArgumentHelp("Also write a Makefile rule, as `cc -MD` does: the output depends on the document, its pictures and its font files (a single input; written only when it succeeds).",
                               valueName: "file"))
    var depfile: String?

    @OptionGroup(title: "Messages")
    var messages: DiagnosticOptions

    @OptionGroup(title: "Page and type")
    var document: DocumentOptions

    @OptionGroup(title: "Print")
    var printSheet: PrintSheetOptions

    func validate() throws {
        if let dpi, !(9 ... 2400).contains(dpi) { throw ValidationError("--dpi must be 9 to 2400, not \(LengthArgument.format(dpi))") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs)") }
    }

    /// The checks that read the inputs, made first in `run`, not in `validate`: ArgumentParser
    /// validates before it reports an unknown option, whose value it has taken as an input
    /// (`x.txt --make-deps x.d`), so they would speak of a clash instead of the option.
    private func checkedPlan() throws -> OutputPlan {
        try StrayWord.check(inputs)
        if layoutJSON != nil, isBatch { throw ValidationError("--layout-json names one file; give it a single input") }
        for (option, path) in [("-o", output), ("--layout-json", layoutJSON)] {
            guard let path, StandardStreams.namesStandardError(path) else { continue }
            throw ValidationError("\(option) \(path): standard error carries typeset's messages; write to a file, or to standard output (-)")
        }
        if let depfile { try DependencyFileOption.validate(depfile, inputs: inputs, output: outputPlace, layoutJSON: layoutJSONPlace) }
        let plan = try OutputPlan(inputs: inputs, output: outputPlace, outDir: outDir, format: format, layoutJSON: layoutJSONPlace)
        if open, plan.writesStandardOutput { throw ValidationError("--open opens a file; -o - writes standard output") }
        if plan.writesStandardOutput, StandardStreams.outputIsTerminal {
            throw ValidationError("-o - would write the PDF's bytes to the terminal; redirect standard output (> out.pdf) or pipe it")
        }
        if plan.format == .png { try document.checkPixelBudget(dpi: resolution) }
        if dpi != nil, plan.format == .pdf, document.strict { throw ValidationError(Self.dpiWithPDF) }
        return plan
    }

    private var isBatch: Bool { inputs.count > 1 }

    /// `-o` and `--layout-json`, `-` when they name standard output otherwise (`/dev/stdout`).
    private var outputPlace: String? { output.map(StandardStreams.standardOutputAsDash) }
    private var layoutJSONPlace: String? { layoutJSON.map(StandardStreams.standardOutputAsDash) }

    /// PNG output's resolution: `--dpi`, or 72 (a pixel a point).
    private var resolution: Double { dpi ?? 72 }

    /// A PDF has no resolution to set: `--dpi` with it is a mistake, but one that changes
    /// nothing, so a warning (an error with --strict, as every warning).
    static let dpiWithPDF = "--dpi sets the resolution of PNG output (--format png); a PDF has none, so it is ignored"

    /// A standard is a PDF's: page images are written as they always are.
    static let standardWithPNG = "--pdf-standard makes a PDF conform to a standard; PNG pages have none, so it is ignored"

    func run() throws {
        let plan = try checkedPlan()
        var options = document.typesetOptions
        options.format = plan.format == .pdf ? .pdf : .png
        options.dpi = resolution
        options.pages = pages.selection
        try printSheet.apply(to: &options)
        if dpi != nil, plan.format == .pdf { messages.printer.printAboutTheRun(.warning, Self.dpiWithPDF) }
        if !options.pdfStandards.isEmpty, plan.format == .png { messages.printer.printAboutTheRun(.warning, Self.standardWithPNG) }
        if let outDir { try createFolder(outDir) }
        let standardOutputFile = plan.writesStandardOutput ? StandardStreams.temporaryOutputPath() : nil
        // `--layout-json -` is written whole to a temporary file too, and copied when the document succeeded.
        let layoutJSONFile = plan.writesLayoutJSONToStandardOutput ? StandardStreams.temporaryOutputPath(pathExtension: "json") : nil
        options.layoutJSONPath = layoutJSONFile ?? layoutJSONPlace
        options.dependencyFilePath = depfile
        defer { for file in [standardOutputFile, layoutJSONFile].compactMap({ $0 }) { TemporaryFiles.shared.remove(file) } }
        // The plan checks every input, so that each shard of a CI matrix refuses the same mistakes.
        let documents = try sharding.selected(inputs).map { index in
            try batchDocument(plan.entries[index], outputPath: standardOutputFile ?? plan.entries[index].outputPath)
        }

        let start = ContinuousClock.now
        let progress = ProgressBar(total: documents.count, isWanted: isBatch && !quiet)
        progress.draw(finished: 0)
        let pageProgress = PageProgress(documentName: plan.entries[0].displayName, isWanted: !isBatch && !quiet)
        options.pageReached = { pageProgress.reached(page: $0) }
        let batch = BatchTypesetter(options: options, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let inInputOrder = InputOrderDiagnostics(documents)
        let outcomes = batch.typeset(documents) { outcome, finished in
            pageProgress.clear()
            inInputOrder.finished(outcome) { due in
                guard !due.diagnostics.isEmpty else { return }
                progress.clear()
                messages.printer.print(due.diagnostics, of: due.document.name)
            }
            progress.draw(finished: finished)
        }
        progress.clear()

        // At most one of them: `validate` refuses `-o -` with `--layout-json -`.
        if let standardOutputCopy = standardOutputFile ?? layoutJSONFile, outcomes.allSatisfy(\.succeeded) {
            do {
                try StandardStreams.copyToOutput(standardOutputCopy)
            } catch {
                messages.printer.printAboutTheRun(.error, "\(error)")
                throw ExitCode(1)
            }
        }
        if isBatch && !quiet {
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            StandardError.write("\(BatchSummary(outcomes, seconds: seconds))\n")
        }
        if !outcomes.allSatisfy(\.succeeded) { throw ExitCode(1) }
        // The first file written: a PDF, or a PNG's first page written (not page 1 when `--pages` leaves it out).
        if open, !plan.writesStandardOutput, let first = try? outcomes.first?.result.get().outputPaths.first {
            Viewer.open(first, printer: messages.printer)
        }
    }

    /// A file as it is; standard input read whole (there is one at most), its pictures looked
    /// up from the current folder. Standard input that cannot be read, or holds more than a
    /// document may, ends the run (exit 1).
    private func batchDocument(_ entry: OutputPlan.Entry, outputPath: String) throws -> BatchDocument {
        guard entry.readsStandardInput else { return BatchDocument(source: .file(path: entry.input), outputPath: outputPath) }
        let bytes: [UInt8]
        switch StandardStreams.readInput() {
        case .success(let read): bytes = read
        case .failure(let problem):
            messages.printer.printAboutTheRun(.error, "\(problem)")
            throw ExitCode(1)
        }
        let source = BatchDocument.Source.markup(name: entry.displayName, bytes: bytes,
                                                 baseDirectory: FileManager.default.currentDirectoryPath)
        return BatchDocument(source: source, outputPath: outputPath)
    }

    /// `--out-dir`, made with its parents when missing. `validate` found it can be; failing
    /// now (another process got in the way) is still a problem with the option, exit status 2.
    private func createFolder(_ path: String) throws {
        do {
            try OutputLocation.makeFolder(path)
        } catch {
            messages.printer.printAboutTheRun(.error, "--out-dir \(path): cannot make the folder: \(error)")
            throw ExitCode(2)
        }
    }
}
