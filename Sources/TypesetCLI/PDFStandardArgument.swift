import ArgumentParser
import Render

/// One `--pdf-standard` value: a standard's name or several separated by commas (`x4,ua1`),
/// as Typst takes them. An unknown name is kept, so that `validate` says which ones there are
/// (a usage error, exit status 2) rather than ArgumentParser's bare "invalid value".
struct PDFStandardArgument: ExpressibleByArgument {
    var written: String

    init(argument: String) {
        written = argument
    }

    static var allValueStrings: [String] { PDFStandard.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The standards named, in order; a usage error at the first name that is none.
    func standards() throws -> [PDFStandard] {
        try written.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let standard = PDFStandard(rawValue: name) else {
                let valid = PDFStandard.allCases.map { "\($0.rawValue) (\($0.title))" }.joined(separator: ", ")
                throw ValidationError("--pdf-standard \"\(part)\" is not a standard typeset writes; the standards are \(valid)")
            }
            return standard
        }
    }
}
