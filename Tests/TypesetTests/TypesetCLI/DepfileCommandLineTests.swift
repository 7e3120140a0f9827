import Foundation
import XCTest

/// `--depfile FILE`: a Makefile rule with the output's dependencies, read by a real make.
final class DepfileCommandLineTests: XCTestCase {
    private static let makePath = "/usr/bin/make"

    /// A pattern rule that typesets each document with its depfile, as a project would write it.
    private static let makefile = """
        all: a.pdf b.pdf
        %.pdf: %.txt
        \t$(TYPESET) $< -o $@ --depfile $*.d
        -include a.d b.d

        """

    /// `a.txt` and `b.txt`, each with a picture whose name make must be told with escapes.
    private func makeProject() throws -> URL {
        let directory = try makeTemporaryDirectory()
        let pictures = directory.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for name in ["a picture.png", "b$#:2.png"] {
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                             to: pictures.appendingPathComponent(name))
        }
        try write("Document A.\n<img src=\"pictures/a picture.png\" width=\"40\">\n", to: directory.appendingPathComponent("a.txt"))
        try write("Document B.\n<img src=\"pictures/b$#:2.png\" width=\"40\">\n", to: directory.appendingPathComponent("b.txt"))
        try write(Self.makefile, to: directory.appendingPathComponent("Makefile"))
        return directory
    }

    /// Runs make in `directory` with `TYPESET` set to the built executable.
    private func make(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: Self.makePath) else { throw XCTSkip("make is not installed") }
        guard let executable = TypesetExecutable.url else { throw XCTSkip("the typeset executable was not found; build it first") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.makePath)
        process.arguments = arguments + ["TYPESET=\(executable.path)"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
        // Run as a make of its own, not a sub-make of the `make test` that may have started the
        // tests: with MAKELEVEL set, make prints "Entering directory" around what it says.
        for inherited in ["MAKELEVEL", "MAKEFLAGS", "MFLAGS", "MAKEOVERRIDES"] { environment[inherited] = nil }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    private func modificationDate(_ url: URL) throws -> Date {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    func testMakeRebuildsOnlyTheDocumentWhosePictureChanged() throws {
        let directory = try makeProject()
        let first = try make([], in: directory)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.pdf").path))
        XCTAssertEqual(try make(["-q"], in: directory).status, 0, "nothing changed, nothing to do")
        XCTAssertEqual(try make(["-n"], in: directory).output, "make: Nothing to be done for 'all'.\n")

        let depfile = try String(contentsOf: directory.appendingPathComponent("b.d"), encoding: .utf8)
        XCTAssertTrue(depfile.hasPrefix("b.pdf: \\\n  b.txt \\\n  pictures/b$$\\#\\:2.png \\\n"), depfile)
        XCTAssertTrue(depfile.contains("\npictures/b$$\\#\\:2.png:\n"), "an empty rule for each picture: \(depfile)")
        XCTAssertTrue(depfile.contains("texgyrepagella-regular.otf"), "the body face's file: \(depfile)")
        let depfileA = try String(contentsOf: directory.appendingPathComponent("a.d"), encoding: .utf8)
        XCTAssertTrue(depfileA.contains("  pictures/a\\ picture.png \\\n"), depfileA)

        // One picture touched: its document, and only it, is set again.
        let aBefore = try modificationDate(directory.appendingPathComponent("a.pdf"))
        let bBefore = try modificationDate(directory.appendingPathComponent("b.pdf"))
        usleep(50_000)
        let picture = directory.appendingPathComponent("pictures/b$#:2.png")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: picture.path)
        let planned = try make(["-n"], in: directory)
        XCTAssertTrue(planned.output.contains(" b.txt -o b.pdf --depfile b.d"), planned.output)
        XCTAssertFalse(planned.output.contains("a.txt"), planned.output)
        XCTAssertEqual(try make([], in: directory).status, 0)
        XCTAssertEqual(try modificationDate(directory.appendingPathComponent("a.pdf")), aBefore)
        XCTAssertGreaterThan(try modificationDate(directory.appendingPathComponent("b.pdf")), bBefore)
        XCTAssertEqual(try make(["-q"], in: directory).status, 0)

        // A picture taken out of its document and deleted: make still works, and sets the document again.
        try write("Document B, without its picture.\n", to: directory.appendingPathComponent("b.txt"))
        try FileManager.default.removeItem(at: picture)
        let again = try make([], in: directory)
        XCTAssertEqual(again.status, 0, again.output)
        XCTAssertFalse(try String(contentsOf: directory.appendingPathComponent("b.d"), encoding: .utf8).contains("pictures/"))
        XCTAssertEqual(try make(["-q"], in: directory).status, 0)
    }

    /// Names make reads otherwise: `|` began order-only prerequisites, `[1]` was globbed into
    /// another file, a `%` target made a pattern rule; `;` cannot be said in a rule at all.
    func testPicturesWithMakesSpecialCharactersInTheirNames() throws {
        let directory = try makeTemporaryDirectory()
        let pictures = directory.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let names = ["c|d[1]*?.png", "e%f.png", "x;y.png"]
        for name in names + ["d1.png"] {
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                             to: pictures.appendingPathComponent(name))
        }
        try write("Document A.\n<img src=\"pictures/c|d[1]*?.png\" width=\"40\" alt=\"\"> <img src=\"pictures/e%f.png\" width=\"40\" alt=\"\">\n",
                  to: directory.appendingPathComponent("a.txt"))
        try write("Document B.\n", to: directory.appendingPathComponent("b.txt"))
        try write(Self.makefile, to: directory.appendingPathComponent("Makefile"))
        let first = try make([], in: directory)
        XCTAssertEqual(first.status, 0, first.output)
        let depfile = try String(contentsOf: directory.appendingPathComponent("a.d"), encoding: .utf8)
        XCTAssertTrue(depfile.contains("  pictures/c\\|d\\[1\\]\\*\\?.png \\\n"), depfile)
        XCTAssertTrue(depfile.contains("  pictures/e%f.png"), depfile)
        XCTAssertFalse(depfile.contains("\npictures/e%f.png:"), "a pattern rule: \(depfile)")
        XCTAssertEqual(try make(["-q"], in: directory).status, 0, "make reads the rule back: nothing to do")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)],
                                              ofItemAtPath: pictures.appendingPathComponent("c|d[1]*?.png").path)
        XCTAssertNotEqual(try make(["-q"], in: directory).status, 0, "the picture is the one make watches")

        try write("Document C.\n<img src=\"pictures/x;y.png\" width=\"40\" alt=\"\">\n", to: directory.appendingPathComponent("c.txt"))
        let refused = try typeset(["c.txt", "--depfile", "c.d"], in: directory)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("c.txt:2:11: error: --depfile: make cannot name a file with ';' in its path: it would start the rule's recipe; rename the file (pictures/x;y.png)"), "at the src, named as the depfile would: \(refused.stderr)")
        for output in ["c.d", "c.pdf"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent(output).path), "nothing written: \(output)")
        }
    }

    func testPNGPagesAreEachATarget() throws {
        let directory = try makeTemporaryDirectory()
        try write("Page one.\n<pagebreak>\nPage two.\n", to: directory.appendingPathComponent("two.txt"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: true)
        let result = try typeset(["two.txt", "--format", "png", "-o", "out/two.png", "--depfile", "two.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let depfile = try String(contentsOf: directory.appendingPathComponent("two.d"), encoding: .utf8)
        XCTAssertTrue(depfile.hasPrefix("out/two-001.png out/two-002.png: \\\n  two.txt \\\n"), depfile)
    }

    func testAFailedDocumentLeavesTheDepfileAsItWas() throws {
        let directory = try makeTemporaryDirectory()
        try write("A <font color=\"reddish\">broken</font> document.\n", to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "--depfile", "doc.d"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory), ["doc.txt"], "no depfile, no output")

        try write("old rule\n", to: directory.appendingPathComponent("doc.d"))
        XCTAssertEqual(try typeset(["doc.txt", "--depfile", "doc.d"], in: directory).status, 1)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("doc.d"), encoding: .utf8), "old rule\n")
    }

    func testDepfileNeedsOneDocumentFileAndAnOutputFile() throws {
        let directory = try makeTemporaryDirectory()
        for name in ["a.txt", "b.txt"] { try write("Text.\n", to: directory.appendingPathComponent(name)) }
        let cases: [([String], String)] = [
            (["a.txt", "b.txt", "--depfile", "x.d"], "give it a single input"),
            (["-", "-o", "x.pdf", "--depfile", "x.d"], "standard input has no name"),
            (["a.txt", "-o", "-", "--depfile", "x.d"], "-o - writes standard output"),
            (["a.txt", "--depfile", "./a.txt"], "--depfile ./a.txt would overwrite the input"),
            (["a.txt", "-o", "a.d", "--depfile", "a.d"], "--depfile a.d would overwrite the output"),
            // A place that cannot be written is the options' problem, found before typesetting.
            (["a.txt", "--depfile", "missing/a.d"], "--depfile missing/a.d: cannot write into the folder missing"),
            (["a.txt", "--depfile", "."], "--depfile .: Is a directory"),
        ]
        for (arguments, message) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["a.txt", "b.txt"])
    }
}
