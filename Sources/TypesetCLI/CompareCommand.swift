import ArgumentParser
import Diagnostics
import Foundation
import Golden
import TypesetKit

/// `typeset compare --golden DIR INPUT…`: golden-image regression. Each input is set exactly
/// as `typeset` would set it, rendered to PNG pixels and compared page by page with the
/// approved images in `DIR/NAME/`.
struct CompareCommand: ParsableCommand {
    static let defaultDiffDirectory = "typeset-diffs"

    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Render documents to pixels and compare each page with approved golden images.",
        discussion: """
        The golden of page N of INPUT (NAME.txt) is DIR/NAME/NAME-00N.png. A pixel differs when \
        a colour channel differs by more than --max-channel-delta. By default a page fails on a \
        single differing pixel, except on anti-aliased edges: a pixel whose shade changed on a \
        slope between two areas that did not change (the method of Vysniauskas, as pixelmatch \
        applies it) is forgiven, and so is one whose 3x3 neighbourhood kept its ink (average \
        colour within \(GoldenTolerance.defaultNeighbourhoodDelta) levels: a stroke's core shaded otherwise). So a changed word or a \
        moved rule fails, while another rasterizer's shades on letters, rules and pictures \
        pass. Glyphs placed at other fractions of a pixel still fail: make the goldens with \
        the same Cairo and FreeType as the check. --count-anti-aliased counts both kinds too; \
        --max-diff-pixels and --max-diff-ratio give a page a budget of differing pixels instead \
        of none. Pages without a golden, and goldens of pages a document no longer has, fail \
        too. For each failing page the diff image (the golden faded, changed pixels in red, \
        forgiven pixels in pale blue, yellow around the changes) and the page as rendered \
        are written to the diff folder and their paths printed.

        --update approves the pages as they render now: it writes missing goldens, rewrites those \
        that fail the tolerance, and removes goldens of pages that are gone.

        Exit status: 0 when every page matches (or --update succeeded), 1 when a page differs, is \
        missing or extra, or a document has errors, 2 for usage errors.
        """)

    @Argument(help: "The markup files to check; NAME.txt is compared with DIR/NAME/NAME-001.png, …")
    var inputs: [String]

    @Option(help: ArgumentHelp("Folder of golden images, one subfolder per document.", valueName: "dir"))
    var golden: String

    @Option(parsing: .unconditional, help: "Resolution the pages are rendered at, in dots per inch (the goldens' own), from 9 to 600.")
    var dpi: Double = 72

    @Option(parsing: .unconditional, help: "A pixel differs when a colour channel differs by more than this, from 0 to 255.")
    var maxChannelDelta: Int = GoldenTolerance.standard.maxChannelDelta

    @Option(parsing: .unconditional, help: "A page fails when more than this many of its pixels differ (default: 0, unless --max-diff-ratio is given).")
    var maxDiffPixels: Int?

    @Option(parsing: .unconditional, help: "A page fails when more than this share of its pixels differ, from 0 to 1 (0.001 is 0.1 %; default: no share).")
    var maxDiffRatio: Double?

    @Flag(help: "Count differing pixels on anti-aliased edges and re-shaded strokes too (by default they are forgiven).")
    var countAntiAliased = false

    @Flag(help: "Approve the pages as they render now: write missing goldens, rewrite those that differ, remove those of pages that are gone.")
    var update = false

    @Option(help: ArgumentHelp("Folder for the diff and actual images of failing pages, one subfolder per document; made only when needed.",
                               valueName: "dir"))
    var diffDir: String = CompareCommand.defaultDiffDirectory

    @Option(parsing: .unconditional, help: "How many documents are checked at the same time, 1 or more (default: one per core).")
    var jobs: Int?

    @OptionGroup
    var sharding: ShardOption

    @OptionGroup(title: "Messages")
    var messages: DiagnosticOptions

    @OptionGroup(title: "Page and type")
    var document: DocumentOptions

    func validate() throws {
        // A comparison holds a page three times over (actual, golden, diff): 600 dpi is about
        // 140 MB an image for A4; 2400, as for PNG output, would be 2.2 GB.
        guard dpi >= 9, dpi <= 600 else { throw ValidationError("--dpi must be 9 to 600, not \(LengthArgument.format(dpi))") }
        try document.checkPixelBudget(dpi: dpi)
        guard (0 ... 255).contains(maxChannelDelta) else { throw ValidationError("--max-channel-delta must be 0 to 255, not \(maxChannelDelta)") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be 0 or more, not \(maxDiffPixels)") }
        if let maxDiffRatio, !(0 ... 1).contains(maxDiffRatio) { throw ValidationError("--max-diff-ratio must be 0 to 1, not \(LengthArgument.format(maxDiffRatio))") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs)") }
    }

    /// The checks of the inputs and of the folders they are compared in, made first in `run`,
    /// not in `validate`: ArgumentParser validates before it reports an unknown option, whose
    /// value it has taken as an input (`a.txt --frobnicate a.txt` would be "both named a"), so
    /// the option is named first, as `typeset render` names it (`RenderCommand.checkedPlan`).
    private func checkInputsAndFolders() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one input file") }
        switch Self.kind(of: golden) {
        case .folder: break
        case .missing where update: break
        case .missing: throw ValidationError("--golden \(golden) is not a folder (add --update to create it)")
        case .file: throw ValidationError("--golden \(golden) is not a folder")
        }
        if Self.kind(of: diffDir) == .file { throw ValidationError("--diff-dir \(diffDir) is not a folder") }
        if OutputLocation.resolved(diffDir) == OutputLocation.resolved(golden) {
            throw ValidationError("--diff-dir must not be the --golden folder: diff images would lie among the goldens")
        }
        var inputsByName: [String: String] = [:]
        for input in inputs {
            let name = GoldenCheck.name(ofInput: input)
            guard !["", ".", ".."].contains(name) else { throw ValidationError("\(input) has no name to give its goldens") }
            if let other = inputsByName[name] {
                throw ValidationError("\(other) and \(input) are both named \(name): their goldens would share \((golden as NSString).appendingPathComponent(name))")
            }
            inputsByName[name] = input
        }
    }

    func run() throws {
        try checkInputsAndFolders()
        var options = document.typesetOptions
        options.dpi = dpi
        let batch = GoldenBatch(goldenRoot: golden, diffRoot: diffDir, tolerance: tolerance, update: update, options: options,
                                jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        // Documents finish in any order; their lines are printed in the order of the inputs,
        // so that a log reads the same from run to run.
        var tally = CompareTally(updating: update)
        var order = InputOrder<GoldenDocumentOutcome>()
        let inputs = sharding.selected(self.inputs).map { self.inputs[$0] }
        _ = batch.run(inputs) { index, outcome in
            order.finished(outcome, at: index) { due, ready in report(ready, of: inputs[due], into: &tally) }
        }
        print(lines.summary(tally))
        // The report is the command's result: a failure to write it (a full disk) fails the run.
        if let failure = StandardStreams.flushOutput() {
            messages.printer.printAboutTheRun(.error, "cannot write standard output: \(failure)")
            throw ExitCode(1)
        }
        if !tally.passed { throw ExitCode(1) }
    }

    /// Prints what was found of one document: its diagnostics on standard error, its failing
    /// pages (or, updating, its changed goldens) on standard output.
    private func report(_ outcome: GoldenDocumentOutcome, of input: String, into tally: inout CompareTally) {
        switch outcome {
        case .updated(let report):
            messages.printer.print(report.diagnostics, of: input)
            report.changes.forEach { print(lines.line(for: $0, of: input)) }
            tally.add(report)
        case .checked(let report):
            messages.printer.print(report.diagnostics, of: input)
            report.failures.forEach { print(lines.line(for: $0, of: input)) }
            tally.add(report)
        case .failed(let failure):
            messages.printer.print(failure.diagnostics, of: input)
            print(lines.lineForDocumentThatCannotBeTypeset(input, updating: update))
            tally.addFailedDocument()
        }
        // Diagnostics go to the unbuffered standard error: keep each document's lines together.
        fflush(stdout)
    }

    private var lines: CompareReportLines {
        CompareReportLines(format: messages.diagnosticFormat)
    }

    /// The standard tolerance with the options given: a budget of pixels or of a share, when
    /// one is given, replaces the default of none, and the other is then unlimited.
    private var tolerance: GoldenTolerance {
        let budgetGiven = maxDiffPixels != nil || maxDiffRatio != nil
        return GoldenTolerance(maxChannelDelta: maxChannelDelta,
                               maxDiffPixels: maxDiffPixels ?? (budgetGiven ? Int.max : GoldenTolerance.standard.maxDiffPixels),
                               maxDiffRatio: maxDiffRatio ?? 1, forgivesAntiAliasing: !countAntiAliased)
    }

    private enum PathKind { case folder, file, missing }

    private static func kind(of path: String) -> PathKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }
}
