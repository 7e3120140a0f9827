import ArgumentParser
import Foundation

/// `TYPESET_FONTS`, which replaces the bundled fonts' folder: a value that names no folder is a
/// usage error naming the variable, not a run that falls back to whatever fonts the system has.
enum FontsEnvironment {
    static let variable = "TYPESET_FONTS"

    static func check(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let value = environment[variable], !value.isEmpty else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: value, isDirectory: &isFolder) else {
            throw ValidationError("\(variable)=\(value): no such folder; unset it to use the bundled fonts")
        }
        guard isFolder.boolValue else {
            throw ValidationError("\(variable)=\(value): not a folder; it names the folder of the bundled fonts")
        }
    }
}
