import Diagnostics
import Foundation

/// The lines `typeset watch` prints on standard error about its runs, besides the document's
/// messages, in the format asked for. Under `--diagnostic-format json` each is an object in the
/// render messages' schema (file, line, column, severity, message, notes) with `event`: `start`
/// (a run begins), `written` (with `pages`, `output` and `seconds`), `failed` (with `seconds`,
/// and `output` when the last good one is left in place), `watching` and `changed` (with the
/// `files`). A person reads the same messages, less the start of each run, which the line
/// before it (`changed: …`) already marks.
struct WatchReportLines {
    var format: DiagnosticPrinter.Format
    var input: String

    func start() -> String? {
        format == .json ? line(.note, "typesetting \(input)", event: "start") : nil
    }

    func written(pages: Int, to output: String, seconds: Double) -> String {
        let count = pages == 1 ? "1 page" : "\(pages) pages"
        return line(.note, "\(input): \(count) written to \(output) in \(Self.format(seconds))", event: "written",
                    fields: ["pages": pages, "output": output, "seconds": seconds])
    }

    func failed(seconds: Double, outputKept output: String?) -> String {
        let what = output.map { "\($0) is left as it was" } ?? "nothing written"
        let fields: [String: Any] = ["seconds": seconds, "output": output ?? NSNull() as Any]
        return line(.error, "\(input): failed in \(Self.format(seconds)); \(what)", event: "failed", fields: fields)
    }

    func watching(pictures: Int) -> String {
        let count = pictures == 1 ? "1 picture" : "\(pictures) pictures"
        return line(.note, "watching \(input) and its \(count) for changes (Ctrl-C stops)", event: "watching", fields: ["pictures": pictures])
    }

    func changed(_ files: [String]) -> String {
        line(.note, "changed: \(files.joined(separator: ", "))", event: "changed", fields: ["files": files])
    }

    private func line(_ severity: Diagnostic.Severity, _ message: String, event: String, fields: [String: Any] = [:]) -> String {
        guard format == .json else { return message }
        var object = DiagnosticPrinter.jsonObject(file: input, line: nil, column: nil, severity: severity, message: message)
        object["event"] = event
        object.merge(fields) { _, field in field }
        return DiagnosticPrinter.jsonLine(object)
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.2f s", seconds)
    }
}
