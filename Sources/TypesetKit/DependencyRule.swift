import Diagnostics
import Foundation
import Render
import Text

/// `--depfile FILE`: the rule `cc -MD -MP` would write for a document, in make's syntax:
///
///     mag.pdf: mag.txt pictures/cover.jpg fonts/texgyrepagella-regular.otf …
///     pictures/cover.jpg:
///
/// The output (every page file of PNG output) depends on the document, its pictures and the
/// files of its fonts. Each picture and font also gets a rule of its own with nothing to do,
/// as `-MP` adds, so that make does not stop when one is deleted and no longer used. Make and
/// ninja read such files to set a document again only when one of those files changed.
/// The file is one of the run's outputs, placed with them (`DrawPass`).
public struct DependencyRule {
    var targets: [String]
    var prerequisites: [String]
    /// Those that get an empty rule: all but the document, which the user's own rule names.
    var phonyPrerequisites: [String]

    public init(targets: [String], dependencies: DocumentDependencies) {
        self.targets = targets
        phonyPrerequisites = (dependencies.includedFiles + dependencies.styleSheets + dependencies.pictures + dependencies.fonts)
            .map(Self.relativeToCurrentFolder)
        prerequisites = (dependencies.document.map { [$0] } ?? []) + phonyPrerequisites
    }

    /// The rule as make reads it. Throws for a path make cannot read back (`unsayable`).
    public func text() throws -> String {
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

    /// Written whole under a temporary name, not yet in place: the run places it with its other outputs.
    func writeUnplaced(to path: String) throws -> AtomicFile {
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
        return file
    }

    /// Why make cannot name `path` in a rule, or nil when it can. A line break or a `;` (the
    /// rule's recipe follows) cannot be said at all in GNU make (checked with GNU make 4.3).
    public static func unsayable(_ path: String) -> String? {
        if path.contains(where: \.isNewline) { return "make cannot name a file with a line break in its path" }
        if path.contains(";") { return "make cannot name a file with ';' in its path: it would start the rule's recipe; rename the file" }
        return nil
    }

    /// An error for each file the document is made from that make cannot name, at its
    /// `<img>` when it is a picture (`places`): found before anything is drawn, so that the run
    /// writes nothing rather than a PDF without its rule.
    static func problems(with dependencies: DocumentDependencies, pictures: [ImageAttachment], places: ElementPlaces) -> [Diagnostic] {
        var reported = Set<String>()
        return dependencies.all.compactMap { path in
            guard let problem = unsayable(path), reported.insert(path).inserted else { return nil }
            let message = "--depfile: \(problem) (\(relativeToCurrentFolder(path)))"
            guard let picture = pictures.first(where: { $0.path == path }) else { return .error(message) }
            return .error(message, at: places.place(of: picture))
        }
    }

    /// A path as make reads it in a rule: `$` doubled (it starts a variable), `#` (a comment),
    /// `:` (the rule's separator), `|` (order-only prerequisites follow) and the wildcards
    /// `*`, `?`, `[`, `]` (make would glob `photo[1].jpg` into `photo1.jpg`) after a backslash,
    /// a space or tab after a backslash, with the backslashes just before it doubled so that they
    /// stay themselves. A `%` needs nothing in a prerequisite (and a backslash would stay), and
    /// a target with one is not written. What make cannot say (`unsayable`) is an error.
    static func escaped(_ path: String) throws -> String {
        if let problem = unsayable(path) {
            throw RenderError.cannotWrite(path: "the depfile", reason: "\(problem) (\(path.debugDescription))")
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
    public static func relativeToCurrentFolder(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
