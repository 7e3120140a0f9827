import Diagnostics
import Foundation
import Golden

/// The lines `typeset compare` prints on standard output about its documents, in the format
/// asked for: `doc.txt: page 2 differs …` for a person, or under `--diagnostic-format json` one
/// object a line in the render messages' schema (file, line, column, severity, message, notes)
/// with compare's own fields: `page`, `change` (what happened to it), `golden`, `diff`, `actual`.
/// A page is placed at where its text begins in the markup.
struct CompareReportLines {
    var format: DiagnosticPrinter.Format

    func line(for result: GoldenPageResult, of input: String) -> String {
        let (change, diff, actual): (String, String?, String?) = switch result.outcome {
        case .matches: ("matches", nil, nil)
        case .differs(_, let diffPath, let actualPath): ("differs", diffPath, actualPath)
        case .sizeMismatch(_, _, let actualPath): ("size-differs", nil, actualPath)
        case .missingGolden(let actualPath): ("no-golden", nil, actualPath)
        case .unreadableGolden(_, let actualPath): ("unreadable-golden", nil, actualPath)
        case .extraGolden: ("page-gone", nil, nil)
        }
        return line(input, .error, "\(result)", page: result.page, change: change, golden: result.goldenPath, diff: diff,
                    actual: actual, at: result.textStart)
    }

    func line(for change: GoldenChange, of input: String) -> String {
        let kind = switch change.kind {
        case .added: "golden-written"
        case .replaced: "golden-rewritten"
        case .removed: "golden-removed"
        }
        return line(input, .note, "\(change)", page: change.page, change: kind, golden: change.goldenPath, diff: nil, actual: nil,
                    at: change.textStart)
    }

    func lineForDocumentThatCannotBeTypeset(_ input: String, updating: Bool) -> String {
        let message = "cannot be typeset; " + (updating ? "its goldens were left alone" : "its pages were not compared")
        return line(input, .error, message, page: nil, change: "not-typeset", golden: nil, diff: nil, actual: nil, at: nil)
    }

    /// The closing line, about the whole run: no file.
    func summary(_ tally: CompareTally) -> String {
        guard format == .json else { return tally.summary }
        var object = DiagnosticPrinter.jsonObject(file: nil, line: nil, column: nil, severity: tally.passed ? .note : .error,
                                                  message: tally.summary)
        object["change"] = "summary"
        return DiagnosticPrinter.jsonLine(object)
    }

    private func line(_ input: String, _ severity: Diagnostic.Severity, _ message: String, page: Int?, change: String,
                      golden: String?, diff: String?, actual: String?, at place: SourceLocation?) -> String {
        guard format == .json else { return "\(input): \(message)" }
        var object = DiagnosticPrinter.jsonObject(file: place?.file ?? input, line: place?.line, column: place?.column,
                                                  severity: severity, message: message)
        object["document"] = input
        object["change"] = change
        // Every line has every field, null where it has none.
        object["page"] = page ?? NSNull() as Any
        object["golden"] = golden ?? NSNull() as Any
        object["diff"] = diff ?? NSNull() as Any
        object["actual"] = actual ?? NSNull() as Any
        return DiagnosticPrinter.jsonLine(object)
    }
}
