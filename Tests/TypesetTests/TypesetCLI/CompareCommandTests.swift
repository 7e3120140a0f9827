import Foundation
import TypesetKit
import XCTest

/// `typeset compare`: golden-image regression run as a user (or CI) runs it.
final class CompareCommandTests: XCTestCase {
    /// A folder with `two-pages.txt` (a page break in it) and `note.txt`, one page.
    private func makeDocuments() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("<h1>First page</h1>\nSome text on the first page.\n<pagebreak>\nThe second page.\n",
                  to: directory.appendingPathComponent("two-pages.txt"))
        try write("A short <font color=\"blue\">note</font>.\n", to: directory.appendingPathComponent("note.txt"))
        return directory
    }

    private let inputs = ["two-pages.txt", "note.txt"]

    private func approve(in directory: URL, expecting change: String = "3 goldens written",
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try typeset(["compare", "--golden", "goldens", "--update"] + inputs, in: directory)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr, file: file, line: line)
        XCTAssertTrue(result.stdout.hasSuffix("2 documents, 3 pages, \(change)\n"), result.stdout, file: file, line: line)
    }

    func testComparingWithGoldensJustWrittenPasses() throws {
        let directory = try makeDocuments()
        try approve(in: directory)
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("goldens/two-pages")),
                       ["two-pages-001.png", "two-pages-002.png"])
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("goldens/note")), ["note-001.png"])

        let result = try typeset(["compare", "--golden", "goldens", "--max-diff-pixels", "0", "--max-channel-delta", "0", "--count-anti-aliased"] + inputs,
                                 in: directory)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "2 documents, 3 pages, all match\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("typeset-diffs").path),
                       "no diff folder when nothing differs")

        // Approving again changes nothing: goldens within the tolerance are left alone.
        let again = try typeset(["compare", "--golden", "goldens", "--update"] + inputs, in: directory)
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "2 documents, 3 pages, goldens up to date\n")
    }

    /// Documents are checked in parallel, but what is printed, in which order, and the diff
    /// images are the same whatever --jobs is.
    func testJobsChangeNeitherWhatIsReportedNorItsOrder() throws {
        let directory = try makeDocuments()
        try write("A third <font color=\"reddish\">document</font>.\n", to: directory.appendingPathComponent("broken.txt"))
        try approve(in: directory)
        for path in ["goldens/note/note-001.png", "goldens/two-pages/two-pages-002.png"] {
            var golden = try RasterImage.readPNG(directory.appendingPathComponent(path).path)
            golden.rgba.replaceSubrange(0 ..< 3, with: [0, 0, 0])
            try golden.writePNG(directory.appendingPathComponent(path).path)
        }
        var runs: [(CommandResult, Data)] = []
        for jobs in ["1", "3"] {
            let result = try typeset(["compare", "--golden", "goldens", "--max-diff-pixels", "0", "--jobs", jobs, "--diff-dir", "diffs-\(jobs)"]
                                     + inputs + ["broken.txt"], in: directory)
            let diff = try Data(contentsOf: directory.appendingPathComponent("diffs-\(jobs)/two-pages/two-pages-002-diff.png"))
            runs.append((result, diff))
        }
        let (one, three) = (runs[0], runs[1])
        XCTAssertEqual(one.0.status, 1)
        XCTAssertEqual(three.0.status, 1)
        XCTAssertEqual(one.0.stdout.replacingOccurrences(of: "diffs-1", with: "diffs-3"), three.0.stdout)
        XCTAssertEqual(one.0.stderr, three.0.stderr)
        XCTAssertTrue(three.0.stderr.contains("broken.txt:1:22: error: unknown color"), three.0.stderr)
        let lines = three.0.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { $0.prefix(while: { $0 != ":" }) }, ["two-pages.txt", "note.txt", "broken.txt", "3 documents, 3 pages, 2 pages differ, 1 document with errors"],
                       "in the order of the inputs: \(three.0.stdout)")
        XCTAssertEqual(one.1, three.1, "the same diff image")
    }

    func testOneChangedPixelFailsAtTheDefaultsAndIsMarkedInTheDiff() throws {
        let directory = try makeDocuments()
        try approve(in: directory)
        let goldenPath = directory.appendingPathComponent("goldens/note/note-001.png").path
        var golden = try RasterImage.readPNG(goldenPath)
        let (x, y) = (300, 400)
        golden.rgba.replaceSubrange((y * golden.width + x) * 4 ..< (y * golden.width + x) * 4 + 3, with: [0, 0, 0])
        try golden.writePNG(goldenPath)

        // A budget, of pixels or of a share of the page, forgives it; the other is then unlimited.
        for budget in [["--max-diff-pixels", "1"], ["--max-diff-ratio", "0.001"], ["--max-diff-ratio", "0.001", "--count-anti-aliased"]] {
            let result = try typeset(["compare", "--golden", "goldens"] + budget + inputs, in: directory)
            XCTAssertEqual(result.status, 0, "\(budget): \(result.stdout)")
        }

        // The default has none, and a black pixel on white is no anti-aliased edge.
        let result = try typeset(["compare", "--golden", "goldens"] + inputs, in: directory)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let diffPath = "typeset-diffs/note/note-001-diff.png"
        XCTAssertTrue(result.stdout.contains("note.txt: page 1 differs from goldens/note/note-001.png: 1 of 500990 pixels differ"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("at x 300, y 400"), result.stdout)
        XCTAssertTrue(result.stdout.contains("diff: \(diffPath); actual: typeset-diffs/note/note-001-actual.png"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 documents, 3 pages, 1 page differs\n"), result.stdout)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 2, "one line for the failing page, one summary")

        let diff = try RasterImage.readPNG(directory.appendingPathComponent(diffPath).path)
        let marked = (y * diff.width + x) * 4
        XCTAssertEqual(Array(diff.rgba[marked ..< marked + 3]), [255, 0, 0], "the changed pixel is red")
        let beside = marked + 4 * 2
        XCTAssertEqual(Array(diff.rgba[beside ..< beside + 3]), [254, 254, 127], "its surroundings are tinted yellow")
        let actual = try RasterImage.readPNG(directory.appendingPathComponent("typeset-diffs/note/note-001-actual.png").path)
        XCTAssertEqual(Array(actual.rgba[marked ..< marked + 3]), [255, 255, 255], "the page as rendered")

        // Once the golden is approved again, the next run leaves no stale diff behind.
        XCTAssertEqual(try typeset(["compare", "--golden", "goldens", "--update"] + inputs, in: directory)
            .stdout, "note.txt: page 1: rewrote goldens/note/note-001.png; its text begins at note.txt:1:1\n2 documents, 3 pages, 1 rewritten\n")
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("typeset-diffs/note")), [])
    }

    /// One word changed in a short line: too few pixels for the old default budget (0.1 % of
    /// the page), but not all of them on anti-aliased edges.
    func testAChangedWordFailsAtTheDefaults() throws {
        let directory = try makeDocuments()
        try approve(in: directory)
        try write("A short <font color=\"blue\">nose</font>.\n", to: directory.appendingPathComponent("note.txt"))
        let result = try typeset(["compare", "--golden", "goldens"] + inputs, in: directory)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("note.txt: page 1 differs from goldens/note/note-001.png: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("more on anti-aliased edges or re-shaded strokes, forgiven; diff: "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 documents, 3 pages, 1 page differs\n"), result.stdout)
        let old = try typeset(["compare", "--golden", "goldens", "--max-diff-ratio", "0.001", "--count-anti-aliased"] + inputs, in: directory)
        XCTAssertEqual(old.status, 0, "the old default let it through: \(old.stdout)")
    }

    /// A changed page names where its text begins in the markup, the paragraph to look at (a
    /// tester's report said "page 2 differs" and no more); under `--diagnostic-format json`
    /// every line on standard output is an object in the render messages' schema, placed there.
    func testAChangedPageNamesItsFirstParagraphsLineInTextAndJSON() throws {
        let directory = try makeDocuments()
        try approve(in: directory)
        try write("<h1>First page</h1>\nSome text on the first page.\n<pagebreak>\nThe second pagE.\n",
                  to: directory.appendingPathComponent("two-pages.txt"))
        let human = try typeset(["compare", "--golden", "goldens"] + inputs, in: directory)
        XCTAssertEqual(human.status, 1, human.stdout + human.stderr)
        let changed = try XCTUnwrap(human.stdout.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(changed.hasPrefix("two-pages.txt: page 2 differs from goldens/two-pages/two-pages-002.png: "), changed)
        XCTAssertTrue(changed.hasSuffix("; its text begins at two-pages.txt:4:1"), changed)

        let json = try typeset(["compare", "--golden", "goldens", "--diagnostic-format", "json"] + inputs, in: directory)
        XCTAssertEqual(json.status, 1, json.stdout + json.stderr)
        let objects = try json.stdout.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
        XCTAssertEqual(objects.count, 2, json.stdout)
        let page = objects[0]
        XCTAssertEqual(page["file"] as? String, "two-pages.txt")
        XCTAssertEqual(page["line"] as? Int, 4)
        XCTAssertEqual(page["column"] as? Int, 1)
        XCTAssertEqual(page["severity"] as? String, "error")
        XCTAssertEqual(page["page"] as? Int, 2)
        XCTAssertEqual(page["change"] as? String, "differs")
        XCTAssertEqual(page["diff"] as? String, "typeset-diffs/two-pages/two-pages-002-diff.png")
        XCTAssertEqual(page["golden"] as? String, "goldens/two-pages/two-pages-002.png")
        XCTAssertTrue((page["message"] as? String)?.hasPrefix("page 2 differs from ") == true, json.stdout)
        XCTAssertEqual(objects[1]["message"] as? String, "2 documents, 3 pages, 1 page differs")
        XCTAssertTrue(objects[1]["file"] is NSNull, json.stdout)
    }

    func testMissingAndExtraGoldenPagesFail() throws {
        let directory = try makeDocuments()
        try approve(in: directory)
        let goldens = directory.appendingPathComponent("goldens/two-pages")
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("two-pages-002.png"))
        let missing = try typeset(["compare", "--golden", "goldens", "--diff-dir", "out/diffs"] + inputs, in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("two-pages.txt: page 2 has no golden image goldens/two-pages/two-pages-002.png; actual: out/diffs/two-pages/two-pages-002-actual.png"),
                      missing.stdout)
        XCTAssertTrue(missing.stdout.hasSuffix("2 documents, 3 pages, 1 page without a golden\n"), missing.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/diffs/two-pages/two-pages-002-actual.png").path))

        try approve(in: directory, expecting: "1 golden written")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("two-pages-001.png"),
                                         to: goldens.appendingPathComponent("two-pages-003.png"))
        let extra = try typeset(["compare", "--golden", "goldens"] + inputs, in: directory)
        XCTAssertEqual(extra.status, 1)
        XCTAssertTrue(extra.stdout.contains("two-pages.txt: page 3 is missing: goldens/two-pages/two-pages-003.png is the golden of a page the document no longer has"),
                      extra.stdout)
        XCTAssertTrue(extra.stdout.hasSuffix("2 documents, 3 pages, 1 golden of a missing page\n"), extra.stdout)

        let update = try typeset(["compare", "--golden", "goldens", "--update"] + inputs, in: directory)
        XCTAssertEqual(update.status, 0)
        XCTAssertTrue(update.stdout.contains("page 3: removed goldens/two-pages/two-pages-003.png"), update.stdout)
        XCTAssertEqual(try contentsOfDirectory(goldens), ["two-pages-001.png", "two-pages-002.png"])
    }

    func testADocumentWithErrorsFailsWithALocatedDiagnosticAndTheOthersAreStillCompared() throws {
        let directory = try makeDocuments()
        try approve(in: directory)
        try write("Good line.\nA <font color=\"reddish\">bad</font> line.\n", to: directory.appendingPathComponent("note.txt"))
        let result = try typeset(["compare", "--golden", "goldens"] + inputs, in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("note.txt:2:16: error: unknown color \"reddish\""), result.stderr)
        XCTAssertTrue(result.stdout.contains("note.txt: cannot be typeset; its pages were not compared"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("2 documents, 2 pages, 1 document with errors\n"), result.stdout)

        // --update leaves the goldens of a document it cannot set alone.
        let update = try typeset(["compare", "--golden", "goldens", "--update"] + inputs, in: directory)
        XCTAssertEqual(update.status, 1)
        XCTAssertTrue(update.stdout.hasSuffix("note.txt: cannot be typeset; its goldens were left alone\n2 documents, 2 pages, 1 document with errors\n"),
                      update.stdout)
        XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("goldens/note")), ["note-001.png"])
    }

    func testUsageErrorsExitTwo() throws {
        let directory = try makeDocuments()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("other"), withIntermediateDirectories: true)
        try write("Another note.", to: directory.appendingPathComponent("other/note.txt"))
        let cases: [([String], String)] = [
            (["compare", "note.txt"], "--golden"),
            (["compare", "--golden", "goldens"], "input"),
            (["compare", "--golden", "nowhere", "note.txt"], "--golden nowhere is not a folder (add --update"),
            (["compare", "--golden", "note.txt", "--update", "note.txt"], "--golden note.txt is not a folder"),
            (["compare", "--golden", "goldens", "note.txt", "other/note.txt"], "both named note"),
            (["compare", "--golden", "goldens", "..txt"], "..txt has no name"),
            (["compare", "--golden", "goldens", "--diff-dir", "goldens", "note.txt"], "--diff-dir"),
            (["compare", "--golden", "goldens", "--diff-dir", "note.txt", "note.txt"], "--diff-dir note.txt is not a folder"),
            (["compare", "--golden", "goldens", "--max-diff-ratio", "2", "note.txt"], "--max-diff-ratio"),
            (["compare", "--golden", "goldens", "--max-diff-pixels", "-1", "note.txt"], "--max-diff-pixels"),
            (["compare", "--golden", "goldens", "--max-channel-delta", "256", "note.txt"], "--max-channel-delta"),
            (["compare", "--golden", "goldens", "--dpi", "5", "note.txt"], "--dpi"),
            (["compare", "--golden", "goldens", "--dpi", "1200", "note.txt"], "--dpi must be 9 to 600, not 1200"),
            (["compare", "--golden", "goldens", "--columns", "0", "note.txt"], "--columns"),
            // An unknown option is the first error, though its value, taken as an input, would
            // clash with another or the folders are wrong (issue 34).
            (["compare", "--golden", "goldens", "note.txt", "--frobnicate", "other/note.txt"], "Unknown option '--frobnicate'"),
            (["compare", "--golden", "nowhere", "note.txt", "--frobnicate", "1"], "Unknown option '--frobnicate'"),
            (["compare", "--golden", "goldens", "--diff-dir", "note.txt", "note.txt", "--jbos", "2"], "Unknown option '--jbos'. Did you mean '--jobs'?"),
        ]
        for (arguments, mention) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try contentsOfDirectory(directory).filter { !$0.hasPrefix(".std") },
                           ["goldens", "note.txt", "other", "two-pages.txt"], "\(arguments)")
            XCTAssertEqual(try contentsOfDirectory(directory.appendingPathComponent("goldens")), [], "\(arguments)")
        }
    }

    /// A page whose comparison cannot have the memory it needs fails as that page, exit 1,
    /// where an array the runtime could not allocate aborted the process.
    func testAPageTooLargeForTheMemoryFailsAsThatPage() throws {
        if Sanitizers.active { throw XCTSkip("a sanitizer's shadow memory does not fit an address-space limit") }
        let directory = try makeTemporaryDirectory()
        try write("A page of 10,000 pixels a side.\n", to: directory.appendingPathComponent("huge.txt"))
        let result = try TypesetProcess.run(["compare", "--golden", "goldens", "--update", "--dpi", "50", "--page-size", "14400x14400",
                                             "huge.txt"], in: directory, addressSpaceLimit: 600_000_000)
        XCTAssertFalse(result.signalled, result.stderr)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("huge page 1: not enough memory to compare it"), result.stderr)
    }
}
