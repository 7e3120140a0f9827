import Foundation
import XCTest

/// The opt-in shell integration, installed by `make install` and sourced from ~/.bashrc or
/// ~/.zshrc, in real bash and zsh: lines typed at the prompt (through a pseudo-terminal) that
/// call the program reach it, and every use of the builtin `typeset` keeps working, in login
/// and non-login shells; `bash -i -c` and `zsh -i -c` keep the builtin.
final class ShellIntegrationTests: XCTestCase {
    /// What is typed, one line at a time; each builtin use leaves its answer in a file.
    private let typedLines = [
        "typeset doc.txt -o typed.pdf",
        "typeset -i n=3",
        "typeset -p n > p.txt",
        "typeset x=1",
        "f() { typeset y=2; echo \"in f: $y\"; }; f > f.txt; echo \"after f: ${y-unset}\" >> f.txt",
        "typeset -A m; m[k]=v; echo \"m is ${m[k]}\" > m.txt",
        "typeset -f f > functions.txt",
        "typeset > all.txt",
        "typeset --help > help.txt 2>&1",
        "exit",
    ]

    private struct Shell {
        var program: String
        var arguments: [String]
    }

    fileprivate func shellPath(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw XCTSkip("\(name) is not installed (make deps installs it)")
    }

    /// An installation, and a HOME whose rc files source its integration (login shells too).
    fileprivate func installedWithIntegration() throws -> (Installation, [String: String]) {
        guard TypesetProcess.canUseTerminal else { throw XCTSkip("no script(1) for a pseudo-terminal") }
        let installation = try makeInstallation()
        let home = try makeTemporaryDirectory()
        let source = ". \(installation.prefix.path)/share/typeset/typeset-integration.sh\n"
        try write(source, to: home.appendingPathComponent(".bashrc"))
        // A login shell's /etc/profile sets PATH anew: users add the installation's bin in theirs.
        let path = "export PATH=\(installation.bin.path):$PATH\n"
        try write(path + ". ~/.bashrc\n", to: home.appendingPathComponent(".bash_profile"))
        try write(path, to: home.appendingPathComponent(".zprofile"))
        let siteFunctions = installation.prefix.appendingPathComponent("share/zsh/site-functions").path
        try write("fpath=(\(siteFunctions) $fpath)\nautoload -Uz compinit && compinit -u\n" + source, to: home.appendingPathComponent(".zshrc"))
        var environment = installation.environment
        environment["HOME"] = home.path
        environment["ZDOTDIR"] = home.path
        environment["TERM"] = "xterm"
        environment["HISTFILE"] = home.appendingPathComponent("history").path
        return (installation, environment)
    }

    func testTypedLinesReachTheProgramAndTheBuiltinKeepsWorkingInBashAndZsh() throws {
        for (shell, login) in [("bash", false), ("bash", true), ("zsh", false), ("zsh", true)] {
            let path = try shellPath(shell)
            let (installation, environment) = try installedWithIntegration()
            let command = ([path] + (login ? ["-l", "-i"] : ["-i"])).joined(separator: " ")
            let session = try ShellRun.run(TypesetProcess.scriptPath, ["-q", "-e", "-c", command, "/dev/null"], in: installation.work,
                                           environment: environment, input: typedLines.joined(separator: "\n") + "\n")
            let label = "\(shell)\(login ? " (login)" : "")"
            let work = installation.work
            func file(_ name: String) -> String {
                (try? String(contentsOf: work.appendingPathComponent(name), encoding: .utf8)) ?? "(missing)"
            }
            XCTAssertTrue(PDFCheck.isPDF((try? Data(contentsOf: work.appendingPathComponent("typed.pdf"))) ?? Data()), "\(label): \(session.output)")
            XCTAssertTrue(file("p.txt").contains("-i n=") && file("p.txt").contains("3"), "\(label): \(file("p.txt"))")
            XCTAssertEqual(file("f.txt"), "in f: 2\nafter f: unset\n", label)
            XCTAssertEqual(file("m.txt"), "m is v\n", label)
            XCTAssertTrue(file("functions.txt").contains("in f:"), "\(label): \(file("functions.txt"))")
            XCTAssertTrue(file("all.txt").split(separator: "\n").contains("x=1"), label)
            XCTAssertTrue(file("help.txt").contains("OVERVIEW") && file("help.txt").contains("typesetter help render"), "\(label): \(file("help.txt"))")
        }
    }

    func testCommandStringsKeepTheBuiltinAndReachTheProgramByItsOtherName() throws {
        for (shell, expected) in [("bash", "declare -i n=\"3\""), ("zsh", "typeset -i n=3")] {
            let path = try shellPath(shell)
            let (installation, environment) = try installedWithIntegration()
            let run = try ShellRun.run(path, ["-i", "-c", "typeset -i n=3; typeset -p n; typesetter doc.txt -o c.pdf && echo written"],
                                       in: installation.work, environment: environment)
            XCTAssertTrue(run.output.contains(expected), "\(shell): \(run.output)")
            XCTAssertTrue(run.output.contains("written"), "\(shell): \(run.output)")
        }
    }
}

extension ShellIntegrationTests {
    /// `typeset <Tab>` completes as `typesetter` does: the integration lends it the program's
    /// completion (bash: the script installed beside it; zsh: `_typesetter` from compinit).
    func testTheBareNameCompletesAsTheProgram() throws {
        for (shell, command, expected) in [("bash", "complete -p typeset", "-F _typesetter typeset"),
                                           ("zsh", "echo \"completer: $_comps[typeset]\"", "completer: _typesetter")] {
            let path = try shellPath(shell)
            let (installation, environment) = try installedWithIntegration()
            let run = try ShellRun.run(path, ["-i", "-c", command], in: installation.work, environment: environment)
            XCTAssertTrue(run.output.contains(expected), "\(shell): \(run.output)")
        }
    }
}
