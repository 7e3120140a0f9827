import ArgumentParser
import Diagnostics
import Foundation
import Render
import TypesetKit

/// `typeset [render] INPUT`: typesets a document into PDF or PNG pages.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Typeset a document into PDF or PNG pages (the default: `typeset FILE` is `typeset render FILE`).",
        discussion: """
        Markup: the Core Text tutorial's <font face color strokeColor size> and \
        <img src width height>, plus character and paragraph styles (<b> <i> <u> <p> <li> …), \
        named styles, rules and more; a newline ends a paragraph. Reference: docs/markup.md.

        Exit status: 0 on success, 1 when the document has errors, 2 for usage errors.
        """)

    @Argument(help: "The markup file to typeset.")
    var input: String

    @Option(name: .shortAndLong, help: "Output file (default: INPUT with .pdf, or .png for --format png; PNG pages are named NAME-001.png, …).")
    var output: String?

    @Option(help: "Output format: pdf or png.")
    var format: FormatArgument = .pdf

    @Option(help: "Resolution of PNG output, in dots per inch.")
    var dpi: Double = 72

    @Option(name: .customLong("layout-json"), help: ArgumentHelp(
        "Also write the layout as JSON: pages, frames, lines, runs and glyphs with their string ranges (docs/layout-json.md).",
        valueName: "file"))
    var layoutJSON: String?

    @OptionGroup(title: "Page and type")
    var document: DocumentOptions

    func validate() throws {
        guard dpi >= 9, dpi <= 2400 else { throw ValidationError("--dpi must be between 9 and 2400") }
        if Self.samePath(input, outputPath) || (format == .png && Self.samePath(input, firstPNGPath)) {
            throw ValidationError("the output \(outputPath) would overwrite the input")
        }
    }

    private var firstPNGPath: String {
        (outputPath.hasSuffix(".png") ? String(outputPath.dropLast(4)) : outputPath) + "-001.png"
    }

    private static func samePath(_ a: String, _ b: String) -> Bool {
        let resolvedA = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath().path
        let resolvedB = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath().path
        return resolvedA == resolvedB
    }

    var outputPath: String {
        if let output { return output }
        let base = (input as NSString).deletingPathExtension
        return base + (format == .pdf ? ".pdf" : ".png")
    }

    func run() throws {
        var options = document.typesetOptions
        options.format = format == .pdf ? .pdf : .png
        options.dpi = dpi
        options.layoutJSONPath = layoutJSON
        do {
            let report = try Typesetter(options: options).typeset(inputPath: input, outputPath: outputPath)
            report.diagnostics.forEach(printDiagnostic)
        } catch let failure as DocumentFailure {
            failure.diagnostics.forEach(printDiagnostic)
            throw ExitCode(1)
        }
    }

    private func printDiagnostic(_ diagnostic: Diagnostic) {
        var text = diagnostic.description
        if diagnostic.location == nil { text = "\(input): " + text }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
