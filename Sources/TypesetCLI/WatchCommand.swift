import ArgumentParser
import Diagnostics
import Foundation
import Render
import TypesetKit

/// `typeset watch FILE`: typesets FILE, then again each time it or one of its pictures
/// changes, until interrupted.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Typeset a document, then again whenever it or one of its pictures changes.",
        discussion: """
        Each run prints the document's errors and warnings, then one line: the pages written and \
        the time taken, or that the run failed. A failed run writes nothing, so the last good \
        output stays in place. After each run the document's pictures are read again, so \
        that a picture added to the document is watched from then on; after a failed run, those \
        it looked for, found or not: a picture, style sheet or included file missing is set when it \
        comes. Fonts are not watched.

        A change is a file written, renamed into place (as editors save) or away, deleted or touched. \
        It runs until interrupted (Ctrl-C, SIGTERM): a run under way is abandoned and its \
        temporary files removed; the last good output stays. It takes the options of `typeset \
        render` for a single input.

        Exit status: 2 for usage errors (then nothing is typeset); interrupted, it ends by the \
        signal (the shell's 130 after Ctrl-C).
        """)

    @Argument(help: "The markup file to typeset and watch.")
    var input: String

    @Option(name: .shortAndLong, help: "Output file (default: INPUT with .pdf, or .png for --format png; PNG pages are named NAME-001.png, …).")
    var output: String?

    @Option(help: "Output format: pdf or png (default: the extension of -o, else pdf).")
    var format: FormatArgument?

    @Option(help: "Resolution of PNG output, in dots per inch.")
    var dpi: Double = 72

    @OptionGroup
    var pages: PagesOption

    @OptionGroup(title: "Messages")
    var messages: DiagnosticOptions

    @OptionGroup(title: "Page and type")
    var document: DocumentOptions

    @OptionGroup(title: "Print")
    var printSheet: PrintSheetOptions

    func validate() throws {
        guard dpi >= 9, dpi <= 2400 else { throw ValidationError("--dpi must be between 9 and 2400") }
        if input == OutputPlan.standardStream { throw ValidationError("watch needs a document file; standard input cannot change") }
        if output.map(StandardStreams.standardOutputAsDash) == OutputPlan.standardStream { throw ValidationError("watch writes a file each run; -o - (standard output) cannot be rewritten") }
        if let output, StandardStreams.namesStandardError(output) { throw ValidationError("-o \(output): standard error carries typeset's messages; watch writes a file") }
        var isDirectory: ObjCBool = false
        let folder = PathFolder.of(Self.absolute(input))
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("cannot watch \(input): its folder \(folder) does not exist")
        }
        // A mistyped name would be watched for ever, its runs failing, waiting for a file that
        // will not come: render's one-document run says so at once, and so does watch.
        guard FileManager.default.fileExists(atPath: Self.absolute(input)) else {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let name = (input as NSString).lastPathComponent
            throw ValidationError("cannot watch \(input): there is no such file\(Suggestion.hint(for: name, among: names))")
        }
        if try plan.format == .png { try document.checkPixelBudget(dpi: dpi) }
    }

    private var plan: OutputPlan {
        get throws { try OutputPlan(inputs: [input], output: output, outDir: nil, format: format) }
    }

    func run() throws {
        let plan = try plan
        var options = document.typesetOptions
        options.format = plan.format == .pdf ? .pdf : .png
        options.dpi = dpi
        options.pages = pages.selection
        try printSheet.apply(to: &options)
        let outputPath = plan.entries[0].outputPath
        // Fonts and shaped words go on from run to run: an edit sets its words again, not the faces.
        let kept = KeptBetweenRuns()
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher()
            // Before the first run, not after it: a save while it runs, or just as it ends (a
            // test's edit the moment "written" was printed), is then seen, not lost.
            try watcher.watch([Self.absolute(input)])
        } catch {
            messages.printer.printAboutTheRun(.error, "\(error)")
            throw ExitCode(1)
        }
        while true {
            let pictures = typesetOnce(with: options, keeping: kept, outputPath: outputPath)
            do {
                try watcher.watch([Self.absolute(input)] + pictures)
            } catch {
                messages.printer.printAboutTheRun(.error, "\(error)")
                throw ExitCode(1)
            }
            StandardError.write(lines.watching(pictures: pictures.count) + "\n")
            let changed = watcher.waitForChanges()
            StandardError.write(lines.changed(changed.map(Self.relativeToCurrentFolder)) + "\n")
        }
    }

    /// One run: its diagnostics and a line that sums it up. Returns the files to watch besides
    /// the document: its pictures, files included and style sheets; after a failure those its
    /// markup looked for, found or not (the last markup read's: `KeptBetweenRuns.filesLookedFor`).
    private func typesetOnce(with options: TypesetOptions, keeping kept: KeptBetweenRuns, outputPath: String) -> [String] {
        if let start = lines.start() { StandardError.write(start + "\n") }
        let start = ContinuousClock.now
        let outcome = BatchTypesetter.typeset(BatchDocument(source: .file(path: input), outputPath: outputPath), options: options,
                                              keptBetweenRuns: kept)
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        messages.printer.print(outcome.diagnostics, of: input)
        switch outcome.result {
        case .success(let report):
            StandardError.write(lines.written(pages: report.pageCount, to: outputPath, seconds: seconds) + "\n")
            return report.dependencies.includedFiles + report.dependencies.styleSheets + report.dependencies.pictures
        case .failure:
            let left = FileManager.default.fileExists(atPath: outputPath) || FileManager.default.fileExists(atPath: PNGPageNames.page(1, of: outputPath))
            StandardError.write(lines.failed(seconds: seconds, outputKept: left ? outputPath : nil) + "\n")
            return kept.filesLookedFor
        }
    }

    private var lines: WatchReportLines {
        WatchReportLines(format: messages.diagnosticFormat, input: input)
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func relativeToCurrentFolder(_ path: String) -> String {
        DependencyRule.relativeToCurrentFolder(path)
    }
}
