import ArgumentParser
import Diagnostics
import Foundation

/// A document's diagnostics, printed together on standard error in the format asked for:
/// those without a place in the markup (a file that cannot be read or written) are given the
/// document's name, so that every line says which document it is about.
struct DiagnosticPrinter {
    enum Format: String, CaseIterable, ExpressibleByArgument {
        /// `file:line:col: error: message`, then the source line and a caret under the column.
        case human
        /// The first line of `human` alone, one line a diagnostic, for grep and editors.
        case short
        /// One JSON object a line: file, line, column, severity, message (for CI annotations).
        case json
    }

    var format = Format.human
    /// Colours the severity, the place and the caret as compilers do (never in JSON).
    var colored = false

    func print(_ diagnostics: [Diagnostic], of documentName: String) {
        guard !diagnostics.isEmpty else { return }
        let lines = diagnostics.keepingWarningsWithinTheLimit().map { line(for: $0, of: documentName) }
        StandardError.write(lines.joined(separator: "\n") + "\n")
    }

    /// A message about the run rather than a document (an option that does nothing, a folder
    /// that cannot be made, a viewer that cannot be started): `warning: …`, or a JSON line
    /// with no file, in the format asked for.
    func printAboutTheRun(_ severity: Diagnostic.Severity, _ message: String) {
        let diagnostic = Diagnostic(severity, message)
        let text: String
        switch format {
        case .json: text = Self.jsonLine(file: nil, line: nil, column: nil, severity: severity, message: message)
        case .short, .human: text = colored ? Self.colored(diagnostic) : diagnostic.description
        }
        StandardError.write(text + "\n")
    }

    func line(for diagnostic: Diagnostic, of documentName: String) -> String {
        switch format {
        case .json:
            return Self.json(diagnostic, of: documentName)
        case .short, .human:
            var shown = diagnostic
            if format == .short { shown.sourceLine = nil }
            let text = colored ? Self.colored(shown) : shown.description
            return diagnostic.location == nil ? "\(documentName.controlCharactersEscaped): \(text)" : text
        }
    }

    /// `{"file":…,"line":…,"column":…,"severity":…,"message":…,"notes":[…]}`; line and column
    /// are null for a diagnostic about the whole document; each note is an object of the same
    /// fields (where an included file was included).
    static func json(_ diagnostic: Diagnostic, of documentName: String) -> String {
        jsonLine(jsonObject(diagnostic, of: documentName))
    }

    private static func jsonObject(_ diagnostic: Diagnostic, of documentName: String?) -> [String: Any] {
        var object = jsonObject(file: diagnostic.location?.file ?? documentName, line: diagnostic.location?.line,
                                column: diagnostic.location?.column, severity: diagnostic.severity, message: diagnostic.message)
        object["notes"] = diagnostic.notes.map { jsonObject($0, of: nil) }
        return object
    }

    /// The fields every JSON line has, about a document or the run: what `compare` and `watch`
    /// add their own fields to.
    static func jsonObject(file: String?, line: Int?, column: Int?, severity: Diagnostic.Severity, message: String) -> [String: Any] {
        ["file": file ?? NSNull() as Any, "line": line ?? NSNull() as Any, "column": column ?? NSNull() as Any,
         "severity": severity.rawValue, "message": message, "notes": [Any]()]
    }

    static func jsonLine(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func jsonLine(file: String?, line: Int?, column: Int?, severity: Diagnostic.Severity, message: String) -> String {
        jsonLine(jsonObject(file: file, line: line, column: column, severity: severity, message: message))
    }

    /// A usage error under `--diagnostic-format json`, which is about the command line, not a
    /// file: file, line and column null. The arguments are read as written, since the error
    /// is that they could not be parsed. The message is made only when JSON is asked for: each
    /// of ArgumentParser's messages lays the whole command out again (a quarter of a usage
    /// error's work in a debug build, where that lay-out checks every declaration).
    static func jsonUsageError(_ message: @autoclosure () -> String, arguments: [String]) -> String? {
        let asked = zip(arguments, arguments.dropFirst()).contains { $0 == "--diagnostic-format" && $1 == "json" }
            || arguments.contains("--diagnostic-format=json")
        guard asked else { return nil }
        let text = message()
        return jsonLine(file: nil, line: nil, column: nil, severity: .error,
                        message: text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text)
    }

    /// The human format with ANSI colours: the place bold, errors red, warnings magenta, notes
    /// cyan, the caret green, as GCC and Clang colour theirs.
    private static func colored(_ diagnostic: Diagnostic) -> String {
        var lines = [colored(diagnostic.headline, diagnostic.severity)] + diagnostic.shownSourceLine
        if lines.count == 3 { lines[2] = "\u{1B}[1;32m" + lines[2] + reset }
        lines += diagnostic.notes.map { colored("note: \($0.message.controlCharactersEscaped)", .note) }
        return lines.joined(separator: "\n")
    }

    private static let reset = "\u{1B}[0m"

    /// `file:line:col: severity: message` with the place bold and the severity in its colour.
    private static func colored(_ headline: String, _ severity: Diagnostic.Severity) -> String {
        let bold = "\u{1B}[1m"
        let color = switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;35m"
        case .note: "\u{1B}[1;36m"
        }
        let word = "\(severity.rawValue):"
        guard let range = headline.range(of: word) else { return headline }
        let place = String(headline[..<range.lowerBound])
        return (place.isEmpty ? "" : bold + place + reset) + color + word + reset + bold + String(headline[range.upperBound...]) + reset
    }
}
