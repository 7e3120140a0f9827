import Foundation
import XCTest

/// What a run of the `typeset` executable printed, and its exit status.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The `typeset` executable of this build: it sits in the same products folder as the test
/// bundle, so look there (and in the folders above) before falling back on the build folders.
enum TypesetExecutable {
    static let url: URL? = {
        let fileManager = FileManager.default
        var starts: [URL] = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { starts.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first).deletingLastPathComponent()) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            starts.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0 ..< 4 {
                let candidate = directory.appendingPathComponent("typeset")
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   fileManager.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
                directory.deleteLastPathComponent()
            }
        }
        for scratch in [".build-tests", ".build"] {
            let candidate = TestSupport.repositoryRoot.appendingPathComponent("\(scratch)/debug/typeset")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()
}

extension XCTestCase {
    /// Runs `typeset` as a user would, in `directory`, with the bundled fonts and a fixed
    /// `SOURCE_DATE_EPOCH`.
    func typeset(_ arguments: [String], in directory: URL) throws -> CommandResult {
        guard let executable = TypesetExecutable.url else {
            throw XCTSkip("the typeset executable was not found next to the test bundle; build it first")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
        environment["SOURCE_DATE_EPOCH"] = "1000000000"
        process.environment = environment
        // Files, not pipes: nothing can block however much the program writes.
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        return CommandResult(status: process.terminationStatus,
                             stdout: try String(contentsOf: outURL, encoding: .utf8),
                             stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
