import Foundation
import XCTest

/// Habits from other tools, said as what they are before anything is written (issue 34, items
/// 4 and 5): an unknown option is named (with "did you mean"), even when its value would make
/// the inputs clash; a first word that is neither a command nor a file is named; an output
/// whose extension names no format is refused unless --format says what to write.
final class UsageMistakeTests: XCTestCase {
    private func workspace() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("Hello.\n", to: directory.appendingPathComponent("x.txt"))
        return directory
    }

    func testMistakesAreUsageErrorsNamingThemAndWriteNothing() throws {
        let directory = try workspace()
        let cases: [([String], String)] = [
            (["x.txt", "--make-deps", "x.d"], "Unknown option '--make-deps'"),
            (["x.txt", "--ppi", "144", "-o", "x.png"], "Unknown option '--ppi'. Did you mean '--dpi'?"),
            (["compile", "x.txt"], "compile is neither a command of typeset (render, compare, watch, fonts, help) nor a file"),
            (["query", "x.txt"], "query is neither a command"),
            (["help", "nosuch"], "help nosuch: typeset has no such command (render, compare, watch, fonts, help)"),
            (["x.txt", "-o", "x.jpg"], "-o x.jpg: the extension names no format typeset writes; name the output .pdf or .png, or give --format pdf or --format png"),
            (["x.txt", "-o", "x.svg"], "-o x.svg: the extension names no format"),
            (["x.txt", "-o", "x"], "-o x: the name has no extension; name the output .pdf or .png"),
            (["x.txt", "-o", "build/art1"], "-o build/art1: the name has no extension"),
        ]
        for (arguments, message) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try contentsOfDirectory(directory), ["x.txt"], "\(arguments) wrote nothing")
        }
    }

    func testWhatIsNoMistakeStillWorks() throws {
        let directory = try workspace()
        XCTAssertEqual(try typeset(["x.txt", "-o", "x", "--format", "pdf"], in: directory).status, 0)
        XCTAssertEqual(try typeset(["x.txt", "-o", "/dev/null"], in: directory).status, 0)
        // A missing file with an extension or a folder stays that document's error, as in a batch.
        let missing = try typeset(["notes.txt"], in: directory)
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("cannot read notes.txt"), missing.stderr)
    }

    /// `-o -` on a terminal (issue 34, item 11): no binary dump, a usage error saying what to do.
    func testAPDFIsNotWrittenToATerminal() throws {
        guard TypesetProcess.canUseTerminal else { throw XCTSkip("no script(1) for a pseudo-terminal") }
        let result = try TypesetProcess.run(["x.txt", "-o", "-"], in: try workspace(), throughTerminal: true)
        let screen = String(decoding: result.stdout, as: UTF8.self) + result.stderr
        XCTAssertEqual(result.status, 2, screen)
        XCTAssertTrue(screen.contains("-o - would write the PDF's bytes to the terminal"), screen)
        XCTAssertFalse(screen.contains("%PDF"), screen)
    }

    /// Runs `script` under sh, `$0` the typeset executable: sh's printf makes arguments of any
    /// bytes, which Foundation's Process, taking strings, cannot pass.
    private func shell(_ script: String, in directory: URL) throws -> CommandResult {
        guard let executable = TypesetExecutable.url else { throw XCTSkip("the typeset executable was not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, executable.path]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["TYPESET_FONTS": TestSupport.fontsDirectory]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: "", stderr: stderr)
    }

    /// A name that is not UTF-8 (errors12, item 5) was decoded with U+FFFD: `\xff\xfe.txt` was
    /// "cannot read ��.txt" (exit 1) and `-o \xff.pdf` wrote a file of another name (exit 0).
    /// It is a usage error naming the argument with its bytes escaped, and nothing is written.
    func testANameThatIsNotUTF8IsAUsageErrorShowingItsBytes() throws {
        let directory = try workspace()
        let input = try shell("exec \"$0\" \"$(printf '\\377\\376.txt')\"", in: directory)
        XCTAssertEqual(input.status, 2, input.stderr)
        XCTAssertTrue(input.stderr.contains("argument 1, \"\\xFF\\xFE.txt\", is not UTF-8"), input.stderr)
        let output = try shell("exec \"$0\" x.txt -o \"$(printf 'caf\\303\\251-\\351.pdf')\"", in: directory)
        XCTAssertEqual(output.status, 2, output.stderr)
        XCTAssertTrue(output.stderr.contains("argument 3, \"café-\\xE9.pdf\", is not UTF-8"), output.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory), ["x.txt"], "nothing written")
    }

    /// `--title -x`, `--shard -1/2` (errors12, item 9) said only "Missing value": the value is
    /// read as an option, and the message says how to write it, which works.
    func testAValueThatStartsWithADashIsToldHowToBeWritten() throws {
        let directory = try workspace()
        for (option, value) in [("--title", "-x"), ("--shard", "-1/2"), ("--author", "-a")] {
            let result = try typeset(["x.txt", option, value], in: directory)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("\"\(value)\" reads as an option: a value that starts with - is written \(option)=\(value)"), result.stderr)
        }
        XCTAssertEqual(try typeset(["x.txt", "--title=-x"], in: directory).status, 0)
        XCTAssertEqual(try contentsOfDirectory(directory), ["x.pdf", "x.txt"])
    }
}
