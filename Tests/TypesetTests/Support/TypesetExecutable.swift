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
    /// `SOURCE_DATE_EPOCH`, its standard input empty.
    func typeset(_ arguments: [String], in directory: URL) throws -> CommandResult {
        let result = try TypesetProcess.run(arguments, in: directory)
        return CommandResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
    }
}
