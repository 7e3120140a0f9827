import Foundation
import XCTest

/// One rule for the exit status: a problem with the options is 2 and nothing is typeset; a
/// problem with a document is 1. Each message says what was wrong, with the system's reason.
final class ExitStatusTests: XCTestCase {
    private struct Case {
        var arguments: [String]
        var status: Int32
        var message: String
    }

    /// A folder with documents, a file, a subfolder and a PDF.
    private func workspace() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("Hello.\n", to: directory.appendingPathComponent("doc.txt"))
        try write("not a folder", to: directory.appendingPathComponent("afile"))
        // A PDF given as an input: its default output is itself.
        XCTAssertEqual(try typeset(["doc.txt", "-o", "report.pdf"], in: directory).status, 0)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder"), withIntermediateDirectories: false)
        try write("<meta footer=\"{page}\">\nHello.\n", to: directory.appendingPathComponent("meta.txt"))
        return directory
    }

    func testOptionsProblemsExitTwoAndDocumentProblemsExitOne() throws {
        let directory = try workspace()
        var cases = [
            // Problems with the options: the values given, and the places they name for output.
            Case(arguments: ["doc.txt", "--bogus"], status: 2, message: "--bogus"),
            Case(arguments: ["doc.txt", "--columns", "0"], status: 2, message: "--columns"),
            Case(arguments: ["doc.txt", "--margin", "500"], status: 2, message: "page layout: the margins leave no room on the page"),
            Case(arguments: ["doc.txt", "--header", "x", "--margin", "5"], status: 2,
                 message: "--header: page layout: the top margin of 5 pt cannot hold the header"),
            Case(arguments: ["doc.txt", "--footer", "{page}", "--margin", "4"], status: 2,
                 message: "--footer: page layout: the bottom margin of 4 pt cannot hold the footer"),
            Case(arguments: ["doc.txt", "--root", "afile"], status: 2, message: "--root afile is not a folder"),
            Case(arguments: ["doc.txt", "--format", "png", "-o", "out.pdf"], status: 2, message: "--format png contradicts -o out.pdf"),
            Case(arguments: ["doc.txt", "-o", "folder/"], status: 2, message: "-o folder/: Is a directory; name a file, or use --out-dir"),
            Case(arguments: ["doc.txt", "-o", "folder"], status: 2, message: "-o folder: Is a directory"),
            Case(arguments: ["doc.txt", "-o", "new/"], status: 2, message: "-o new/: a folder's name (it ends with /)"),
            Case(arguments: ["doc.txt", "-o", "missing/dir/x.pdf"], status: 2,
                 message: "-o missing/dir/x.pdf: cannot write into the folder missing/dir: No such file or directory"),
            Case(arguments: ["doc.txt", "-o", "afile/x.pdf"], status: 2, message: "cannot write into the folder afile: Not a directory"),
            Case(arguments: ["doc.txt", "--format", "png", "-o", "missing/x.png"], status: 2,
                 message: "-o missing/x.png: cannot write into the folder missing: No such file or directory"),
            Case(arguments: ["doc.txt", "--out-dir", "afile"], status: 2, message: "--out-dir afile: Not a directory"),
            Case(arguments: ["doc.txt", "--out-dir", "afile/sub"], status: 2, message: "--out-dir afile/sub: afile: Not a directory"),
            Case(arguments: ["doc.txt", "--out-dir", "afile/"], status: 2, message: "--out-dir afile/: afile: Not a directory"),
            Case(arguments: ["doc.txt", "--depfile", ""], status: 2, message: "--depfile needs a file name"),
            Case(arguments: ["doc.txt", "--layout-json", "folder"], status: 2, message: "--layout-json folder: Is a directory"),
            Case(arguments: ["doc.txt", "--layout-json", "doc.txt"], status: 2, message: "--layout-json doc.txt would overwrite the input doc.txt"),
            Case(arguments: ["doc.txt", "-o", "-", "--layout-json", "-"], status: 2, message: "would both write standard output"),
            Case(arguments: ["report.pdf"], status: 2, message: "the output report.pdf would overwrite the input report.pdf"),
            // Problems with a document: it cannot be read, or its markup is wrong.
            Case(arguments: ["small.pdf"], status: 1, message: "small.pdf: error: cannot read small.pdf: No such file or directory"),
            Case(arguments: ["folder"], status: 1, message: "cannot read folder: it is a folder, not a regular file"),
            // Heads from the document's <meta> that the margin given cannot hold are the document's.
            Case(arguments: ["meta.txt", "--margin", "4"], status: 1, message: "meta.txt: error: page layout: the bottom margin of 4 pt cannot hold the footer"),
        ]
        // Root reads every file: an unreadable one can be made only for others.
        if geteuid() != 0 {
            try write("Secret.\n", to: directory.appendingPathComponent("locked.txt"))
            chmod(directory.appendingPathComponent("locked.txt").path, 0)
            cases.append(Case(arguments: ["locked.txt", "-o", "locked.pdf"], status: 1, message: "cannot read locked.txt: Permission denied"))
        }
        let expected = try contentsOfDirectory(directory)
        for testCase in cases {
            let result = try typeset(testCase.arguments, in: directory)
            XCTAssertEqual(result.status, testCase.status, "\(testCase.arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(testCase.message), "\(testCase.arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("would overwrite") && testCase.status == 1, "\(testCase.arguments): \(result.stderr)")
            XCTAssertEqual(try contentsOfDirectory(directory), expected, "\(testCase.arguments) wrote nothing")
        }
    }

    /// The output beside an input in a folder that cannot be written is refused as `-o` into
    /// it is: exit 2 before any work, not 1 after it (issue 34, item 10).
    func testAnUnwritableFolderBesideTheInputIsAUsageErrorAsWithMinusO() throws {
        let directory = try makeTemporaryDirectory()
        let locked = directory.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
        var unlock: () -> Void
        if geteuid() == 0 {
            // Root writes into any folder it may write: only a read-only file system stops it.
            guard TestSupport.runTool("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", locked.path]) != nil else {
                throw XCTSkip("mounting a small file system is not permitted here")
            }
            try write("Hello.\n", to: locked.appendingPathComponent("doc.txt"))
            _ = TestSupport.runTool("/usr/bin/mount", ["-o", "remount,ro", locked.path])
            unlock = { _ = TestSupport.runTool("/usr/bin/umount", [locked.path]) }
        } else {
            try write("Hello.\n", to: locked.appendingPathComponent("doc.txt"))
            chmod(locked.path, 0o555)
            unlock = { chmod(locked.path, 0o755) }
        }
        defer { unlock() }
        for arguments in [["locked/doc.txt"], ["locked/doc.txt", "-o", "locked/doc.pdf"]] {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("locked/doc.pdf") && result.stderr.contains("cannot write into the folder locked"),
                          "\(arguments): \(result.stderr)")
        }
    }

    func testAnOutDirThatIsMissingIsMadeWithItsParents() throws {
        let directory = try workspace()
        let result = try typeset(["doc.txt", "--out-dir", "a/b/c"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("a/b/c")), ["doc.pdf"])
    }
}
