import ArgumentParser
import TypesetKit

/// Running heads given on the command line must fit the margins given there: a header that
/// `--margin 5` cannot hold is a problem with the options (exit status 2), as `--margin 500` is,
/// not with the document. It is found by preparing an empty document with the options, before
/// anything is typeset; heads that come from a document's `<meta>` are judged with it.
enum RunningHeadsPreflight {
    static func check(_ document: DocumentOptions) throws {
        let given = [("--header", document.header), ("--footer", document.footer)].filter { $0.1 != nil }.map(\.0)
        guard !given.isEmpty else { return }
        var options = document.typesetOptions
        // Only the margins are judged here; warnings (a missing face) are the document run's to report.
        options.strict = false
        do {
            _ = try Typesetter(options: options).prepare(MarkupSource(fileName: "", text: ""), baseDirectory: ".")
        } catch let failure as DocumentFailure {
            let marginProblems = failure.diagnostics.filter { $0.severity == .error && $0.message.hasPrefix("page layout:") }
            if let problem = marginProblems.first {
                throw ValidationError("\(given.joined(separator: " and ")): \(problem.message)")
            }
        }
    }
}
