import ArgumentParser
import Diagnostics
import Foundation
import Render

/// Where each input's pages go: `-o` for a single input, else `--out-dir`, else beside the
/// input; and in which format. Every way the inputs and outputs can contradict each other, and
/// every output place that cannot be written, is a usage error, found before anything is
/// typeset.
struct OutputPlan {
    /// `-` as an input reads standard input; as `-o` or `--layout-json`, writes standard output.
    static let standardStream = "-"
    /// What diagnostics call standard input.
    static let standardInputName = "<stdin>"
    /// The name standard input's pages get when they go to files.
    static let standardInputFileName = "stdin"

    struct Entry {
        var input: String
        /// The PDF, or the first part of each PNG page's name.
        var outputPath: String

        var readsStandardInput: Bool { input == OutputPlan.standardStream }
        /// The name diagnostics give the document.
        var displayName: String { readsStandardInput ? OutputPlan.standardInputName : input }
    }

    var entries: [Entry]
    /// `--format`, else what `-o`'s extension says, else PDF.
    var format: FormatArgument
    /// `-o -`: the single document's PDF is copied to standard output once it is complete.
    var writesStandardOutput: Bool
    /// `--layout-json -`: the layout JSON is copied to standard output once it is complete.
    var writesLayoutJSONToStandardOutput: Bool

    init(inputs: [String], output: String?, outDir: String?, format requested: FormatArgument?, layoutJSON: String? = nil) throws {
        guard inputs.filter({ $0 == Self.standardStream }).count <= 1 else {
            throw ValidationError("- (standard input) can be given only once")
        }
        format = try OutputFormatChoice.format(requested: requested, output: output)
        if let output {
            guard inputs.count == 1 else {
                throw ValidationError("-o names the output of one input; for \(inputs.count) inputs use --out-dir, or leave the outputs beside the inputs")
            }
            guard outDir == nil else { throw ValidationError("-o and --out-dir cannot be used together") }
            if output == Self.standardStream, format == .png {
                throw ValidationError("-o - writes a PDF to standard output; PNG pages need a file name")
            }
        }
        writesStandardOutput = output == Self.standardStream
        writesLayoutJSONToStandardOutput = layoutJSON == Self.standardStream
        if writesStandardOutput, writesLayoutJSONToStandardOutput {
            throw ValidationError("-o - and --layout-json - would both write standard output; name a file for one of them")
        }
        let extensionName = format == .pdf ? "pdf" : "png"
        entries = inputs.map { input in
            if let output, output != Self.standardStream { return Entry(input: input, outputPath: output) }
            let base = input == Self.standardStream
                ? Self.standardInputFileName
                : ((input as NSString).lastPathComponent as NSString).deletingPathExtension
            let folder = outDir ?? (input == Self.standardStream ? "" : PathFolder.of(input))
            let outputPath = folder.isEmpty ? base : (folder as NSString).appendingPathComponent(base)
            return Entry(input: input, outputPath: outputPath + "." + extensionName)
        }
        if !writesStandardOutput { try checkOutputs(format: format) }
        try checkPlaces(output: output, outDir: outDir, layoutJSON: layoutJSON)
    }

    /// The places the command line names can be written: a file for `-o` (its first page, for
    /// PNG) and `--layout-json`, a folder for `--out-dir`.
    private func checkPlaces(output: String?, outDir: String?, layoutJSON: String?) throws {
        if let output, output != Self.standardStream {
            let written = format == .png ? Self.firstPNGPath(output) : output
            if let problem = OutputLocation.problemWritingFile(at: output.hasSuffix("/") ? output : written) {
                let hint = output.hasSuffix("/") || OutputLocation.isFolder(output) ? "; name a file, or use --out-dir for a folder" : ""
                throw ValidationError("-o \(output): \(problem)\(hint)")
            }
        }
        if let layoutJSON, layoutJSON != Self.standardStream {
            if let problem = OutputLocation.problemWritingFile(at: layoutJSON) {
                throw ValidationError("--layout-json \(layoutJSON): \(problem)")
            }
            // With `-o -` no output file is written: the entries' default names go unused.
            let outputs = writesStandardOutput ? [] : entries.map { ("the output", $0.outputPath) }
            let taken = entries.filter { !$0.readsStandardInput }.map { ("the input", $0.input) } + outputs
            if let clash = taken.first(where: { OutputLocation.resolved($0.1) == OutputLocation.resolved(layoutJSON) }) {
                throw ValidationError("--layout-json \(layoutJSON) would overwrite \(clash.0) \(clash.1)")
            }
        }
        if let outDir, let problem = OutputLocation.problemWritingFolder(at: outDir) {
            throw ValidationError("--out-dir \(outDir): \(problem)")
        }
        if output == nil, outDir == nil { try checkDefaultPlaces() }
    }

    /// The outputs beside the inputs are checked as `-o`'s are, so that a folder that cannot
    /// be written is a usage error before any work however the output was named (it was exit 1
    /// after the work). An input that cannot be read is left to fail as a document.
    private func checkDefaultPlaces() throws {
        for entry in entries where entry.readsStandardInput || FileManager.default.fileExists(atPath: entry.input) {
            let written = format == .png ? Self.firstPNGPath(entry.outputPath) : entry.outputPath
            if let problem = OutputLocation.problemWritingFile(at: written) {
                throw ValidationError("\(entry.displayName): its output \(written): \(problem); name another with -o or --out-dir")
            }
        }
    }

    /// No output may overwrite an input, nor be written by two inputs.
    private func checkOutputs(format: FormatArgument) throws {
        // An input that does not exist cannot be overwritten: it fails as a document, saying why.
        let inputFiles = entries.filter { !$0.readsStandardInput && FileManager.default.fileExists(atPath: $0.input) }
            .map { ($0.input, OutputLocation.resolved($0.input)) }
        var writers: [String: Entry] = [:]
        for entry in entries {
            // A PNG output's pages are NAME-001.png, …: they collide with another's when NAME does.
            let written = format == .png ? [entry.outputPath, Self.firstPNGPath(entry.outputPath)] : [entry.outputPath]
            for path in written.map(OutputLocation.resolved) {
                if let input = inputFiles.first(where: { $0.1 == path }) {
                    throw ValidationError("the output \(entry.outputPath) would overwrite the input \(input.0); name another with -o or --out-dir")
                }
            }
            let key = OutputLocation.resolved(format == .png ? Self.pngBase(entry.outputPath) : entry.outputPath)
            if let other = writers[key] {
                if !entry.readsStandardInput, !other.readsStandardInput, OutputLocation.resolved(other.input) == OutputLocation.resolved(entry.input) {
                    throw ValidationError("\(entry.input) is given twice")
                }
                throw ValidationError("\(other.displayName) and \(entry.displayName) would both write \(entry.outputPath); rename one of them")
            }
            writers[key] = entry
        }
    }

    private static func pngBase(_ path: String) -> String {
        PNGPageNames.base(of: path)
    }

    private static func firstPNGPath(_ path: String) -> String {
        PNGPageNames.page(1, of: path)
    }
}
