import ArgumentParser
import Foundation

/// `--font-path DIR` (repeatable) and `TYPESET_FONT_PATHS` (folders separated by colons, as
/// `PATH`): folders of more fonts, searched with the bundled ones and before the system's, as
/// Typst's `--font-path` and `TYPST_FONT_PATHS` are. A folder that is not there is a usage
/// error naming where it was given, not a silent run without its fonts.
struct FontPathOption: ParsableArguments {
    static let variable = "TYPESET_FONT_PATHS"

    @Option(name: .customLong("font-path"), help: ArgumentHelp(
        "A folder of more fonts, searched with the bundled ones and before the system's; repeat it for more (also \(variable), folders separated by colons).",
        valueName: "folder"))
    var folders: [String] = []

    func validate() throws {
        try FontsEnvironment.check()
        for folder in Self.environmentFolders() {
            if let problem = Self.problem(with: folder) { throw ValidationError("\(Self.variable): \(folder): \(problem)") }
        }
        for folder in folders {
            if let problem = Self.problem(with: folder) { throw ValidationError("--font-path \(folder): \(problem)") }
        }
    }

    /// The folders of `TYPESET_FONT_PATHS`, then those of `--font-path`.
    var all: [String] { Self.environmentFolders() + folders }

    private static func environmentFolders(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        (environment[variable] ?? "").split(separator: ":").map(String.init)
    }

    private static func problem(with folder: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return "no such folder" }
        return isFolder.boolValue ? nil : "not a folder"
    }
}
