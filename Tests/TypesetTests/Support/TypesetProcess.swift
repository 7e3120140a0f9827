import Foundation
import XCTest

/// Runs the built `typeset` executable with the bundled fonts and a fixed creation date,
/// feeding it standard input and keeping its standard output as bytes (a PDF, with `-o -`).
struct TypesetProcess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        /// Whether it ran past the time it was given and was killed.
        var timedOut = false
        /// Whether a signal ended it (then `status` is the signal's number, not an exit status).
        var signalled = false
    }

    /// Runs `typeset ARGUMENTS` in `directory`; with `throughTerminal`, under `script`, whose
    /// pseudo-terminal makes standard error a terminal (and mixes standard output into it).
    /// With a `timeout`, a run that takes longer is killed, so that a hang fails a test
    /// instead of stopping the suite. `environment` adds to the test's own environment. With an
    /// `addressSpaceLimit` (bytes) it runs under util-linux `prlimit --as`: an allocation past
    /// it fails instead of taking the machine's memory; with an `openFileLimit`, under
    /// `prlimit --nofile` (soft and hard limits both).
    static func run(_ arguments: [String], in directory: URL, standardInput: Data = Data(),
                    throughTerminal: Bool = false, timeout: TimeInterval? = nil,
                    environment extra: [String: String] = [:], addressSpaceLimit: Int? = nil,
                    openFileLimit: Int? = nil) throws -> Result {
        guard let executable = TypesetExecutable.url else {
            throw XCTSkip("the typeset executable was not found next to the test bundle; build it first")
        }
        let process = Process()
        if throughTerminal {
            process.executableURL = URL(fileURLWithPath: scriptPath)
            let command = ([executable.path] + arguments).map(shellQuoted).joined(separator: " ")
            process.arguments = ["-qec", command, "/dev/null"]
        } else if addressSpaceLimit != nil || openFileLimit != nil {
            process.executableURL = URL(fileURLWithPath: prlimitPath)
            let limits = [addressSpaceLimit.map { "--as=\($0)" }, openFileLimit.map { "--nofile=\($0)" }].compactMap { $0 }
            process.arguments = limits + ["--", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
        environment["SOURCE_DATE_EPOCH"] = "1000000000"
        environment.merge(extra) { _, added in added }
        process.environment = environment
        // Files, not pipes: nothing can block however much the program writes.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin"), outURL = scratch.appendingPathComponent("stdout"),
            errURL = scratch.appendingPathComponent("stderr")
        try standardInput.write(to: inURL)
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var timedOut = false
        if let timeout {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        for handle in [input, out, err] { try handle.close() }
        let result = Result(status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
                            stderr: try String(contentsOf: errURL, encoding: .utf8), timedOut: timedOut,
                            signalled: process.terminationReason == .uncaughtSignal)
        if PDFCheck.isPDF(result.stdout) { PDFCheck.assertClean(pdfAt: outURL.path) }
        assertNoSanitizerReport(result.stderr, arguments: arguments)
        return result
    }

    /// Under `make test-asan` or `test-tsan` the executable is instrumented too, and its
    /// sanitizer prints its report on standard error; that report fails the test whatever the
    /// test expected of the run (its exit status alone could pass as a document error).
    private static func assertNoSanitizerReport(_ stderr: String, arguments: [String]) {
        guard stderr.contains("Sanitizer") else { return }
        XCTFail("typeset \(arguments.joined(separator: " ")) reported a sanitizer error:\n\(stderr)")
    }

    /// util-linux `script`, which runs a command on a pseudo-terminal.
    static let scriptPath = "/usr/bin/script"
    static var canUseTerminal: Bool { FileManager.default.isExecutableFile(atPath: scriptPath) }

    /// util-linux `prlimit`, which runs a command under resource limits.
    static let prlimitPath = "/usr/bin/prlimit"
    static var canLimitMemory: Bool { FileManager.default.isExecutableFile(atPath: prlimitPath) }

    private static func shellQuoted(_ argument: String) -> String {
        "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
