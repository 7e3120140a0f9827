import ArgumentParser
import Foundation
import Render
import TypesetKit

/// `--depfile FILE`: the rule `cc -MD -MP` would write for a document, in make's syntax:
///
///     mag.pdf: mag.txt pictures/cover.jpg fonts/texgyrepagella-regular.otf …
///     pictures/cover.jpg:
///
/// The output (every page file of PNG output) depends on the document, its pictures and the
/// files of its fonts. Each picture and font also gets a rule of its own with nothing to do,
/// as `-MP` adds, so that make does not stop when one is deleted and no longer used. Make and
/// ninja read such files to set a document again only when one of those files changed.
struct DependencyFile {
    var targets: [String]
    var prerequisites: [String]
    /// Those that get an empty rule: all but the document, which the user's own rule names.
    var phonyPrerequisites: [String]

    init(report: TypesetReport) {
        targets = report.outputPaths
        let dependencies = report.dependencies
        phonyPrerequisites = (dependencies.includedFiles + dependencies.styleSheets + dependencies.pictures + dependencies.fonts).map(Self.relativeToCurrentFolder)
        prerequisites = (dependencies.document.map { [$0] } ?? []) + phonyPrerequisites
    }

    /// The option's combination with the others: one output file, made from one document file.
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
        if path == OutputPlan.standardStream { throw ValidationError("--depfile needs a file name") }
        for (what, other) in [("the input", inputs[0]), ("the output", output), ("--layout-json's file", layoutJSON)] {
            if let other, OutputLocation.resolved(other) == OutputLocation.resolved(path) { throw ValidationError("--depfile \(path) would overwrite \(what)") }
        }
        // Like every place the command line names for output, checked before anything is typeset.
        if let problem = OutputLocation.problemWritingFile(at: path) { throw ValidationError("--depfile \(path): \(problem)") }
    }

    /// The rule as make reads it. Throws for a path make cannot read back (a newline in it).
    func text() throws -> String {
        let escapedTargets = try targets.map(Self.escaped).joined(separator: " ")
        var text = escapedTargets + ":"
        for prerequisite in prerequisites { text += " \\\n  " + (try Self.escaped(prerequisite)) }
        text += "\n"
        // A target with `%` would be a pattern rule, standing for other files than this one.
        for prerequisite in phonyPrerequisites where !prerequisite.contains("%") {
            text += "\n" + (try Self.escaped(prerequisite)) + ":\n"
        }
        return text
    }

    /// Written whole under a temporary name and renamed into place, as the outputs are.
    func write(to path: String) throws {
        let contents = try text()
        let file = try AtomicFile(destination: path)
        let sink = try file.open()
        sink.write(Data(contents.utf8))
        do {
            try sink.close()
        } catch {
            file.discard()
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
        try file.commit()
    }

    /// A path as make reads it in a rule: `$` doubled (it starts a variable), `#` (a comment),
    /// `:` (the rule's separator), `|` (order-only prerequisites follow) and the wildcards
    /// `*`, `?`, `[`, `]` (make would glob `photo[1].jpg` into `photo1.jpg`) after a backslash,
    /// a space or tab after a backslash, with the backslashes just before it doubled so that they
    /// stay themselves. A `%` needs nothing in a prerequisite (and a backslash would stay), and
    /// a target with one is not written. A line break or a `;` (the rule's recipe follows) cannot
    /// be said at all in GNU make: such a path is an error (checked with GNU make 4.3).
    static func escaped(_ path: String) throws -> String {
        guard !path.contains(where: \.isNewline) else {
            throw RenderError.cannotWrite(path: "the depfile", reason: "make cannot name a file with a line break in its path (\(path.debugDescription))")
        }
        guard !path.contains(";") else {
            throw RenderError.cannotWrite(path: "the depfile", reason: "make cannot name a file with ';' in its path (\(path.debugDescription)): "
                                          + "it would start the rule's recipe; rename the file")
        }
        var result = ""
        var backslashes = 0
        for character in path {
            switch character {
            case " ", "\t":
                result += String(repeating: "\\", count: backslashes + 1) + String(character)
            case "$": result += "$$"
            case "#", ":", "|", "*", "?", "[", "]": result += "\\" + String(character)
            default: result.append(character)
            }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return result
    }

    /// Pictures and fonts are known by absolute paths; those inside the current folder are
    /// written relative to it, as the document is given, so that the file still holds when the
    /// tree is checked out elsewhere.
    static func relativeToCurrentFolder(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
