import Diagnostics

/// The diagnostics of a document's passes so far, and the rules that stop it: a pass that
/// found an error ends the document with everything found before it, and `--strict` makes
/// the warnings errors.
struct PassLog {
    private(set) var diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    /// The pass's value, its diagnostics added to the log. When the pass found an error, throws
    /// `DocumentFailure` with every diagnostic so far, as `reporting` arranges them.
    mutating func take<Value>(_ result: PassResult<Value>,
                              reporting: ([Diagnostic]) -> [Diagnostic] = { $0 }) throws -> Value {
        diagnostics += result.diagnostics
        guard !result.hasErrors, let value = result.value else { throw DocumentFailure(reporting(diagnostics)) }
        return value
    }

    /// Throws `DocumentFailure` when there are warnings, each turned into an error that says why.
    func refuseWarnings() throws {
        guard diagnostics.contains(where: { $0.severity == .warning }) else { return }
        throw DocumentFailure(diagnostics.map { warning in
            var promoted = warning
            if promoted.severity == .warning {
                promoted.severity = .error
                promoted.message += " [--strict]"
            }
            return promoted
        })
    }
}
