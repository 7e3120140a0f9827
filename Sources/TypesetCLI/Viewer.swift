import Foundation

/// `--open`: the output shown in the desktop's viewer after a good run, as `typst --open`
/// does: `xdg-open` (the freedesktop.org way to open a file with the user's chosen program),
/// or the program `TYPESET_VIEWER` names. The viewer is started and left running; typeset does
/// not wait for it to be closed.
enum Viewer {
    static let variable = "TYPESET_VIEWER"

    /// Starts the viewer on `path`; says why it could not, as a warning (the document is written).
    static func open(_ path: String, printer: DiagnosticPrinter, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let program = environment[variable].flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program, path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            printer.printAboutTheRun(.warning, "--open: cannot run \(program): \(error)")
        }
    }
}
