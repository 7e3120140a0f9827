import Foundation

/// The running executable's own file, from which the installation's other files are found
/// (the bundled fonts, the markup's manual page). argv[0] is only the name it was called by,
/// which a program found on PATH gets as a bare name that means nothing against the current
/// folder. Here, in the stage every other depends on, so that each finds it the same way.
public enum RunningExecutable {
    public static var path: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments.first ?? ""
    }
}
