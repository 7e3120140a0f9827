import ArgumentParser
import TypesetKit

/// `--depfile FILE`'s combination with the other options (the rule itself: `DependencyRule`).
enum DependencyFileOption {
    /// One output file, made from one document file, and a place that can be written.
    static func validate(_ path: String, inputs: [String], output: String?, layoutJSON: String? = nil) throws {
        guard inputs.count == 1 else {
            throw ValidationError("--depfile writes the rule of one document; give it a single input (make runs typeset once per output)")
        }
        if inputs[0] == OutputPlan.standardStream {
            throw ValidationError("--depfile needs a document file: standard input has no name for make to watch")
        }
        if output == OutputPlan.standardStream {
            throw ValidationError("--depfile needs an output file to be the rule's target; -o - writes standard output")
        }
        if path == OutputPlan.standardStream || path.isEmpty { throw ValidationError("--depfile needs a file name") }
        for (what, other) in [("the input", inputs[0]), ("the output", output), ("--layout-json's file", layoutJSON)] {
            if let other, OutputLocation.resolved(other) == OutputLocation.resolved(path) { throw ValidationError("--depfile \(path) would overwrite \(what)") }
        }
        // Like every place the command line names for output, checked before anything is typeset.
        if let problem = OutputLocation.problemWritingFile(at: path) { throw ValidationError("--depfile \(path): \(problem)") }
    }
}
