import Diagnostics

/// What one pass of the pipeline made, and the problems it found on the way.
struct PassResult<Value> {
    /// What the pass made; nil only when an error stopped it before it could make anything.
    var value: Value?
    var diagnostics: [Diagnostic]

    init(_ value: Value?, diagnostics: [Diagnostic] = []) {
        self.value = value
        self.diagnostics = diagnostics
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
