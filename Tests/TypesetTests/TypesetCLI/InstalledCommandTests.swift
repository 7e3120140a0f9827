import Foundation
import XCTest

/// `make install` as users run it, into a temporary DESTDIR, with the binary of this build:
/// what it installs, and the installed binary run by name from PATH in the shells and tools
/// scripts use (`sh`, `bash script.sh`, make), without TYPESET_FONTS.
final class InstalledCommandTests: XCTestCase {
    func testMakeInstallPutsBothNamesTheFontsTheIntegrationAndTheCompletionsOfTheNewName() throws {
        let prefix = try makeInstallation().prefix
        let fileManager = FileManager.default
        for path in ["bin/typeset", "bin/typesetter", "share/typeset/fonts/fonts.conf", "share/typeset/typeset-integration.sh",
                     "share/man/man1/typeset.1", "share/man/man1/typesetter.1", "share/bash-completion/completions/typesetter",
                     "share/zsh/site-functions/_typesetter", "share/fish/vendor_completions.d/typesetter.fish",
                     "share/doc/typeset/markup.md", "share/doc/typeset/layout-json.md", "share/man/man7/typeset-markup.7"] {
            XCTAssertTrue(fileManager.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        // zsh's own completion of its builtin is `_typeset`: installing one would replace it.
        XCTAssertFalse(fileManager.fileExists(atPath: prefix.appendingPathComponent("share/zsh/site-functions/_typeset").path))
        XCTAssertFalse(fileManager.fileExists(atPath: prefix.appendingPathComponent("share/bash-completion/completions/typeset").path))
        let zsh = try String(contentsOf: prefix.appendingPathComponent("share/zsh/site-functions/_typesetter"), encoding: .utf8)
        XCTAssertTrue(zsh.hasPrefix("#compdef typesetter"), String(zsh.prefix(80)))
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/typesetter"), encoding: .utf8)
        XCTAssertTrue(bash.contains("-F _typesetter typesetter\n"), String(bash.suffix(200)))
    }

    func testTheInstalledBinaryRunByNameFindsItsFontsFromShellsScriptsAndMake() throws {
        let installation = try makeInstallation()
        try write("#!/bin/sh\ntypesetter doc.txt -o sh.pdf\n", to: installation.work.appendingPathComponent("build.sh"))
        try write("set -e\ntypesetter doc.txt -o bash.pdf\nenv typeset doc.txt -o env.pdf\n", to: installation.work.appendingPathComponent("build.bash"))
        try write("make.pdf: doc.txt\n\ttypesetter $< -o $@\n", to: installation.work.appendingPathComponent("Makefile"))
        let runs: [(String, [String])] = [
            ("/bin/sh", ["build.sh"]), ("/bin/bash", ["build.bash"]), ("/usr/bin/env", ["make", "--no-print-directory", "make.pdf"]),
            ("/bin/sh", ["-c", "typesetter doc.txt -o sh-c.pdf"]), ("/bin/bash", ["-l", "-c", "cd \"$0\" && typesetter doc.txt -o login.pdf", installation.work.path]),
        ]
        // A login shell's /etc/profile sets PATH anew: users add the installation's bin in ~/.profile.
        try write("export PATH=\(installation.bin.path):$PATH\n", to: installation.work.appendingPathComponent(".profile"))
        var environment = installation.environment
        environment["HOME"] = installation.work.path
        for (program, arguments) in runs {
            let run = try ShellRun.run(program, arguments, in: installation.work, environment: environment)
            XCTAssertEqual(run.status, 0, "\(program) \(arguments): \(run.output)")
        }
        for name in ["sh", "bash", "env", "make", "sh-c", "login"] {
            XCTAssertTrue(PDFCheck.isPDF((try? Data(contentsOf: installation.work.appendingPathComponent("\(name).pdf"))) ?? Data()), name)
        }
    }

    /// The markup's reference installed as typeset-markup(7), made from docs/markup.md, and named
    /// by the installed program's help and messages; the program in the source tree names
    /// docs/markup.md (issue 34, item 9).
    func testTheMarkupReferenceIsAManualPageTheInstalledProgramNames() throws {
        let installation = try makeInstallation()
        let page = try String(contentsOf: installation.prefix.appendingPathComponent("share/man/man7/typeset-markup.7"), encoding: .utf8)
        XCTAssertTrue(page.contains(".TH \"TYPESET-MARKUP\" \"7\""), String(page.prefix(600)))
        XCTAssertTrue(page.contains("typeset-markup \\- the markup language typeset reads"), String(page.prefix(600)))
        XCTAssertTrue(page.contains("Writing tags"), "the reference's sections")
        // An unknown attribute of a tag with many, near none: the message sends the reader to the reference.
        try write("<p zzzz=\"4\">Hello.\n", to: installation.work.appendingPathComponent("doc.txt"))
        let installed = try ShellRun.run("/usr/bin/env", ["typesetter", "doc.txt"], in: installation.work, environment: installation.environment)
        XCTAssertEqual(installed.status, 0, installed.output)
        XCTAssertTrue(installed.output.contains("unknown attribute 'zzzz' of <p> ignored (see `man typeset-markup`)"), installed.output)
        let help = try ShellRun.run("/usr/bin/env", ["typesetter", "help", "render"], in: installation.work, environment: installation.environment)
        // Help is wrapped to the terminal's width: compared with its words on one line.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        XCTAssertTrue(words(help.output).contains("Reference: `man typeset-markup`."), help.output)
        let inTree = try typeset(["help", "render"], in: installation.work)
        XCTAssertTrue(words(inTree.stdout).contains("Reference: docs/markup.md."), inTree.stdout)
    }

    func testTypesetFontsThatNamesNoFolderIsAUsageErrorNamingTheVariable() throws {
        let directory = try makeTemporaryDirectory()
        try write("Hello.\n", to: directory.appendingPathComponent("doc.txt"))
        for (value, message) in [("/nonexistent", "TYPESET_FONTS=/nonexistent: no such folder"), ("doc.txt", "TYPESET_FONTS=doc.txt: not a folder")] {
            let result = try TypesetProcess.run(["doc.txt"], in: directory, environment: ["TYPESET_FONTS": value])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc.pdf").path))
        }
    }
}

/// DESTDIR/usr after `make install-files`, and a folder with a document.
struct Installation {
    var prefix: URL
    var work: URL
    var bin: URL { prefix.appendingPathComponent("bin") }

    /// The test's environment, PATH led by the installation's bin, without TYPESET_FONTS.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = nil
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["SOURCE_DATE_EPOCH"] = "1000000000"
        return environment
    }
}

extension XCTestCase {
    /// `make install-files` with this build's binary into a new temporary DESTDIR (PREFIX
    /// /usr), and a work folder with `doc.txt`.
    func makeInstallation() throws -> Installation {
        guard let executable = TypesetExecutable.url else { throw XCTSkip("the typeset executable was not built") }
        let destination = try makeTemporaryDirectory()
        let make = try ShellRun.run("/usr/bin/env", ["make", "--no-print-directory", "-C", TestSupport.repositoryRoot.path, "install-files",
                                                     "DESTDIR=\(destination.path)", "PREFIX=/usr", "BIN=\(executable.path)"])
        XCTAssertEqual(make.status, 0, make.output)
        let work = try makeTemporaryDirectory()
        try write("Hello from an installed typeset.\n", to: work.appendingPathComponent("doc.txt"))
        return Installation(prefix: destination.appendingPathComponent("usr"), work: work)
    }
}

/// A program run with its standard output and error together, for shells and make.
enum ShellRun {
    struct Result {
        var status: Int32
        var output: String
    }

    static func run(_ program: String, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String]? = nil, input: String = "") throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("shell-run-\(UUID().uuidString)")
        try Data(input.utf8).write(to: scratch.appendingPathExtension("in"))
        FileManager.default.createFile(atPath: scratch.appendingPathExtension("out").path, contents: nil)
        defer { for suffix in ["in", "out"] { try? FileManager.default.removeItem(at: scratch.appendingPathExtension(suffix)) } }
        let output = try FileHandle(forWritingTo: scratch.appendingPathExtension("out"))
        let inputHandle = try FileHandle(forReadingFrom: scratch.appendingPathExtension("in"))
        process.standardInput = inputHandle
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        try inputHandle.close()
        return Result(status: process.terminationStatus,
                      output: String(decoding: try Data(contentsOf: scratch.appendingPathExtension("out")), as: UTF8.self))
    }
}
