import Foundation
import XCTest

/// `typeset a.txt b.txt … --out-dir build`: batches, standard input and output, the progress
/// bar and the summary, run through the built executable.
final class BatchCommandLineTests: XCTestCase {
    private let brokenMarkup = "Good line.\nA <font color=\"reddish\">bad</font> line.\n"

    /// Ten documents, the fifth broken, the tenth long enough for several pages.
    private func writeTenDocuments(in directory: URL) throws -> [String] {
        let names = (1 ... 10).map { String(format: "doc%02d.txt", $0) }
        for (number, name) in zip(1..., names) {
            var markup = "Document <b>\(number)</b>, in <font color=\"blue\">blue</font>.\n"
            if number == 5 { markup = brokenMarkup }
            if number == 10 { markup += String(repeating: "A paragraph that fills the columns of several pages.\n", count: 400) }
            try write(markup, to: directory.appendingPathComponent(name))
        }
        return names
    }

    private func assertIsCompletePDF(_ data: Data, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(data.starts(with: Data("%PDF".utf8)), message, file: file, line: line)
        let tail = String(decoding: data.suffix(8), as: UTF8.self)
        XCTAssertTrue(tail.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("%%EOF"), message, file: file, line: line)
    }

    func testABatchWithOneBrokenDocumentWritesTheOthersNamesItAndExitsOne() throws {
        let directory = try makeTemporaryDirectory()
        let names = try writeTenDocuments(in: directory)
        let result = try TypesetProcess.run(names + ["--out-dir", "build"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        let build = directory.appendingPathComponent("build")
        let expected = names.filter { $0 != "doc05.txt" }.map { $0.replacingOccurrences(of: ".txt", with: ".pdf") }
        XCTAssertEqual(try contentsOfDirectory(build), expected)
        var pages = 0
        for name in expected {
            let path = build.appendingPathComponent(name)
            assertIsCompletePDF(try Data(contentsOf: path), name)
            // Read through qpdf: the page dictionaries are in compressed object streams.
            pages += try PDFObjectTree(pdfAt: path.path).pages.count
        }
        XCTAssertGreaterThan(pages, 10, "the long document has several pages")
        XCTAssertTrue(result.stderr.contains("doc05.txt:2:16: error: unknown color \"reddish\""), result.stderr)
        XCTAssertFalse(result.stderr.contains("doc01.txt"), "good documents print nothing: \(result.stderr)")
        let summary = try XCTUnwrap(result.stderr.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(summary.hasPrefix("10 documents, \(pages) pages, 1 failed, "), summary)
        XCTAssertTrue(summary.hasSuffix(" s"), summary)
        XCTAssertFalse(result.stderr.contains("\r"), "no progress bar when standard error is not a terminal")
        XCTAssertTrue(result.stdout.isEmpty)
    }

    func testOutputsAreTheSameWhateverTheJobsAndAsSingleRuns() throws {
        let directory = try makeTemporaryDirectory()
        // The zombie magazine with its pictures, and variants of it.
        for file in try FileManager.default.contentsOfDirectory(atPath: TestSupport.zombiesDirectory.path) where file.contains(".") {
            try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent(file),
                                             to: directory.appendingPathComponent(file))
        }
        let zombies = try String(contentsOf: TestSupport.zombiesFile, encoding: .utf8)
        try write(zombies.replacingOccurrences(of: "zombie", with: "ghoul"), to: directory.appendingPathComponent("ghouls.txt"))
        try write("Короткий текст, שלום, 你好 and 😀.", to: directory.appendingPathComponent("scripts.txt"))
        let inputs = ["zombies.txt", "ghouls.txt", "scripts.txt"]
        for jobs in ["1", "3"] {
            let result = try TypesetProcess.run(inputs + ["--out-dir", "jobs\(jobs)", "--jobs", jobs], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        for input in inputs {
            let name = input.replacingOccurrences(of: ".txt", with: ".pdf")
            let single = try TypesetProcess.run([input, "-o", "single-" + name], in: directory)
            XCTAssertEqual(single.status, 0, single.stderr)
            let one = try Data(contentsOf: directory.appendingPathComponent("jobs1/" + name))
            XCTAssertEqual(one, try Data(contentsOf: directory.appendingPathComponent("jobs3/" + name)), "\(input): --jobs 1 and --jobs 3")
            XCTAssertEqual(one, try Data(contentsOf: directory.appendingPathComponent("single-" + name)), "\(input): batch and alone")
        }
    }

    func testStandardInputToStandardOutput() throws {
        let directory = try makeTemporaryDirectory()
        // Pictures of standard input's markup are found from the current folder.
        try FileManager.default.copyItem(atPath: TestSupport.zombiesDirectory.appendingPathComponent("astronaut.png").path,
                                         toPath: directory.appendingPathComponent("astronaut.png").path)
        let markup = "A picture: <img src=\"astronaut.png\" width=\"100\" height=\"100\" alt=\"\">.\n"
        let good = try TypesetProcess.run(["-", "-o", "-"], in: directory, standardInput: Data(markup.utf8))
        XCTAssertEqual(good.status, 0, good.stderr)
        assertIsCompletePDF(good.stdout, "standard output")
        XCTAssertEqual(good.stderr, "")
        XCTAssertEqual(try contentsOfDirectory(directory), ["astronaut.png"], "nothing but standard output is written")

        let bad = try TypesetProcess.run(["-", "-o", "-"], in: directory, standardInput: Data(brokenMarkup.utf8))
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stdout.isEmpty, "a failed document writes nothing to standard output")
        XCTAssertTrue(bad.stderr.contains("<stdin>:2:16: error: unknown color \"reddish\""), bad.stderr)

        // Standard input among files, written as stdin.pdf.
        try write("A file.", to: directory.appendingPathComponent("file.txt"))
        let mixed = try TypesetProcess.run(["file.txt", "-", "--out-dir", "out"], in: directory, standardInput: Data(markup.utf8))
        XCTAssertEqual(mixed.status, 0, mixed.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("out")), ["file.pdf", "stdin.pdf"])
    }

    func testQuietSilencesTheSummaryButNotErrors() throws {
        let directory = try makeTemporaryDirectory()
        try write("Fine.", to: directory.appendingPathComponent("good.txt"))
        try write(brokenMarkup, to: directory.appendingPathComponent("bad.txt"))
        let quiet = try TypesetProcess.run(["good.txt", "bad.txt", "--quiet"], in: directory)
        XCTAssertEqual(quiet.status, 1)
        XCTAssertTrue(quiet.stderr.hasPrefix("bad.txt:2:16: error:"), quiet.stderr)
        XCTAssertFalse(quiet.stderr.contains("documents"), quiet.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("good.pdf").path))

        let loud = try TypesetProcess.run(["good.txt", "good.txt", "--out-dir", "a"], in: directory)
        XCTAssertEqual(loud.status, 2, "the same input twice would write one output twice")
        XCTAssertTrue(loud.stderr.contains("good.txt is given twice"), loud.stderr)
        let one = try TypesetProcess.run(["good.txt"], in: directory)
        XCTAssertEqual(one.status, 0)
        XCTAssertEqual(one.stderr, "", "a single document has no summary")
    }

    func testBatchUsageErrorsExitTwoAndWriteNothing() throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("b"), withIntermediateDirectories: true)
        for path in ["a/doc.txt", "b/doc.txt", "other.txt"] { try write("Hello.", to: directory.appendingPathComponent(path)) }
        let cases: [([String], [String])] = [
            (["a/doc.txt", "other.txt", "-o", "out.pdf"], ["-o", "--out-dir"]),
            (["a/doc.txt", "b/doc.txt", "--out-dir", "build"], ["a/doc.txt", "b/doc.txt", "build/doc.pdf"]),
            (["a/doc.txt", "b/doc.txt", "--out-dir", "build", "--format", "png"], ["a/doc.txt", "b/doc.txt"]),
            (["-", "-o", "-", "--format", "png"], ["-o -", "PNG"]),
            (["-", "other.txt", "-"], ["standard input"]),
            (["a/doc.txt", "-o", "x.pdf", "--out-dir", "build"], ["--out-dir"]),
            (["a/doc.txt", "other.txt", "--jobs", "0"], ["--jobs"]),
        ]
        for (arguments, mentions) in cases {
            let result = try TypesetProcess.run(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            for mention in mentions { XCTAssertTrue(result.stderr.contains(mention), "\(arguments): \(result.stderr)") }
            XCTAssertEqual(try contentsOfDirectory(directory), ["a", "b", "other.txt"], "\(arguments)")
            XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("a")), ["doc.txt"], "\(arguments)")
        }
    }

    func testOutDirIsCreatedWithNumberedPNGPages() throws {
        let directory = try makeTemporaryDirectory()
        try write("One.", to: directory.appendingPathComponent("one.txt"))
        try write("Two.", to: directory.appendingPathComponent("two.txt"))
        let result = try TypesetProcess.run(["one.txt", "two.txt", "--out-dir", "new/pages", "--format", "png", "--jobs", "2"],
                                            in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("new/pages")), ["one-001.png", "two-001.png"])
        XCTAssertTrue(result.stderr.hasPrefix("2 documents, 2 pages, 0 failed, "), result.stderr)
    }

    func testAProgressBarOnATerminalOnly() throws {
        guard TypesetProcess.canUseTerminal else { throw XCTSkip("script (util-linux) is not installed") }
        let directory = try makeTemporaryDirectory()
        try write("One.", to: directory.appendingPathComponent("one.txt"))
        try write(brokenMarkup, to: directory.appendingPathComponent("bad.txt"))
        let shown = try TypesetProcess.run(["one.txt", "bad.txt", "--jobs", "1"], in: directory, throughTerminal: true)
        let terminal = String(decoding: shown.stdout, as: UTF8.self)
        XCTAssertEqual(shown.status, 1, terminal)
        XCTAssertTrue(terminal.contains("\r[##########----------] 1/2 documents"), terminal)
        XCTAssertTrue(terminal.contains("\r[####################] 2/2 documents"), terminal)
        // Cleared before the error and before the summary.
        XCTAssertTrue(terminal.contains("\r\u{1B}[Kbad.txt:2:16: error:"), terminal)
        XCTAssertTrue(terminal.contains("\r\u{1B}[K2 documents, 1 page, 1 failed, "), terminal)

        let quiet = try TypesetProcess.run(["one.txt", "bad.txt", "--quiet"], in: directory, throughTerminal: true)
        let quietTerminal = String(decoding: quiet.stdout, as: UTF8.self)
        XCTAssertFalse(quietTerminal.contains("documents"), quietTerminal)
        XCTAssertTrue(quietTerminal.contains("bad.txt:2:16: error:"), quietTerminal)
    }

    /// One long document on a terminal shows the page it has reached, once it has taken a
    /// second, on a line taken away before anything else is printed; never in a pipe, nor
    /// under --quiet (issue 34, item 11).
    func testALongDocumentShowsThePageItReachedOnATerminalOnly() throws {
        guard TypesetProcess.canUseTerminal else { throw XCTSkip("script (util-linux) is not installed") }
        let directory = try makeTemporaryDirectory()
        let long = String(repeating: "A paragraph that fills the columns of many pages.\n", count: 600)
        // A warning, printed when the document is done: the line is taken away first.
        try write(long + "<font colr=\"red\">End.</font>\n", to: directory.appendingPathComponent("long.txt"))
        // Shown at once (TYPESET_PROGRESS_AFTER=0), however fast the machine sets the document.
        let shown = try TypesetProcess.run(["long.txt"], in: directory, throughTerminal: true,
                                           environment: ["TYPESET_PROGRESS_AFTER": "0"])
        let terminal = String(decoding: shown.stdout, as: UTF8.self)
        XCTAssertEqual(shown.status, 0, String(terminal.suffix(300)))
        XCTAssertTrue(terminal.contains("\rlong.txt: page "), String(terminal.prefix(300)))
        XCTAssertTrue(terminal.contains("\r\u{1B}[Klong.txt:"), "cleared before the warning: \(terminal.suffix(300))")

        let piped = try TypesetProcess.run(["long.txt"], in: directory, environment: ["TYPESET_PROGRESS_AFTER": "0"])
        XCTAssertFalse(piped.stderr.contains(": page "), String(piped.stderr.prefix(300)))
        let quiet = try TypesetProcess.run(["long.txt", "--quiet"], in: directory, throughTerminal: true,
                                           environment: ["TYPESET_PROGRESS_AFTER": "0"])
        XCTAssertFalse(String(decoding: quiet.stdout, as: UTF8.self).contains(": page "))
    }

    /// Diagnostics follow the inputs, not the order documents finish in (issue 34, item 7): a
    /// long first document and quick broken ones after it print the same lines in the same
    /// order on every run.
    func testDiagnosticsArePrintedInInputOrder() throws {
        let directory = try makeTemporaryDirectory()
        // The first is typeset whole, with a warning (a face that is not installed), and ends last.
        let long = String(repeating: "A paragraph that fills the columns of many pages, and takes a while.\n", count: 1500)
        try write("<font face=\"No Such Face\">A</font> start.\n" + long, to: directory.appendingPathComponent("a1.txt"))
        let quick = (2 ... 6).map { "a\($0).txt" }
        for name in quick {
            try write("A <font color=\"\(name)\">bad</font> line.\n", to: directory.appendingPathComponent(name))
        }
        let names = ["a1.txt"] + quick
        var printed: [String] = []
        for _ in 0 ..< 2 {
            let result = try TypesetProcess.run(names + ["--out-dir", "build", "--jobs", "4", "-q"], in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            let order = result.stderr.split(separator: "\n").compactMap { line in names.first { line.hasPrefix($0 + ":") } }
            XCTAssertEqual(order, names, result.stderr)
            printed.append(result.stderr)
        }
        XCTAssertEqual(printed[0], printed[1])
    }
}
