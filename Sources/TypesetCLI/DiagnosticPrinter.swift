import Diagnostics

/// A document's diagnostics, printed together: those without a place in the markup (a file
/// that cannot be read or written) are prefixed with the document's name, so that every
/// line says which document it is about.
enum DiagnosticPrinter {
    static func print(_ diagnostics: [Diagnostic], of documentName: String) {
        guard !diagnostics.isEmpty else { return }
        let lines = diagnostics.map { diagnostic in
            diagnostic.location == nil ? "\(documentName): \(diagnostic)" : diagnostic.description
        }
        StandardError.write(lines.joined(separator: "\n") + "\n")
    }
}
