import Foundation
import XCTest

/// `typeset watch FILE`: started, its document and picture changed and broken under it, and
/// stopped, as a user in an editor would.
final class WatchCommandLineTests: XCTestCase {
    /// `typeset watch` running in the background, its standard error going to a file.
    private final class Watcher {
        let process = Process()
        let standardError: URL

        init(_ arguments: [String], in directory: URL) throws {
            guard let executable = TypesetExecutable.url else { throw XCTSkip("the typeset executable was not found; build it first") }
            standardError = directory.appendingPathComponent("watch.log")
            FileManager.default.createFile(atPath: standardError.path, contents: nil)
            process.executableURL = executable
            process.arguments = ["watch"] + arguments
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
            // TypesetProcess's date: a watch's PDF can be compared with a cold run's, byte for byte.
            environment["SOURCE_DATE_EPOCH"] = "1000000000"
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: standardError)
            try process.run()
        }

        var log: String { (try? String(contentsOf: standardError, encoding: .utf8)) ?? "" }

        /// Waits until standard error holds `count` lines containing `text`; false after a minute.
        func waitFor(_ text: String, count: Int = 1) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, process.isRunning {
                if log.components(separatedBy: "\n").filter({ $0.contains(text) }).count >= count { return true }
                usleep(20_000)
            }
            return false
        }

        func stop(with signal: Int32) {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
        }
    }

    private func assertWaits(_ watcher: Watcher, for text: String, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(watcher.waitFor(text, count: count), "waited for \(count) × \"\(text)\":\n\(watcher.log)", file: file, line: line)
    }

    func testItSetsTheDocumentAgainOnEachChangeAndKeepsTheLastGoodOutput() throws {
        let directory = try makeTemporaryDirectory()
        let document = directory.appendingPathComponent("doc.txt"), picture = directory.appendingPathComponent("picture.png")
        let output = directory.appendingPathComponent("out/doc.pdf")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"), to: picture)
        try write("The first version.\n<img src=\"picture.png\" width=\"60\">\n", to: document)
        let watcher = try Watcher(["doc.txt", "-o", "out/doc.pdf"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "doc.txt: 1 page written to out/doc.pdf in ")
        assertWaits(watcher, for: "watching doc.txt and its 1 picture for changes")
        let first = try Data(contentsOf: output)

        // The document saved as editors do: a new file renamed over the old one.
        let saved = directory.appendingPathComponent(".doc.txt.swp")
        try write("The second version.\n<img src=\"picture.png\" width=\"60\">\n", to: saved)
        XCTAssertEqual(rename(saved.path, document.path), 0)
        assertWaits(watcher, for: "changed: doc.txt")
        assertWaits(watcher, for: "written to out/doc.pdf", count: 2)
        let second = try Data(contentsOf: output)
        XCTAssertNotEqual(second, first)

        // The picture replaced in place.
        try Data(contentsOf: TestSupport.imagesDirectory.appendingPathComponent("palette.png")).write(to: picture)
        assertWaits(watcher, for: "changed: picture.png")
        assertWaits(watcher, for: "written to out/doc.pdf", count: 3)
        let third = try Data(contentsOf: output)
        XCTAssertNotEqual(third, second)

        // Broken: the error is printed, the last good output kept.
        try write("The <font color=\"reddish\">broken</font> version.\n", to: document)
        assertWaits(watcher, for: "doc.txt:1:18: error: unknown color \"reddish\"")
        assertWaits(watcher, for: "doc.txt: failed in ")
        XCTAssertTrue(watcher.log.contains("out/doc.pdf is left as it was"), watcher.log)
        XCTAssertEqual(try Data(contentsOf: output), third)

        // Mended: set again.
        try write("The mended version.\n", to: document)
        assertWaits(watcher, for: "written to out/doc.pdf", count: 4)
        XCTAssertTrue(watcher.waitFor("watching doc.txt and its 0 pictures"), watcher.log)

        watcher.stop(with: SIGINT)
        XCTAssertEqual(watcher.process.terminationReason, .uncaughtSignal, watcher.log)
        XCTAssertEqual(watcher.process.terminationStatus, SIGINT)
        XCTAssertEqual(try contentsOfDirectory(output.deletingLastPathComponent()), ["doc.pdf"], "no temporary file left")
        XCTAssertNotEqual(try Data(contentsOf: output), third)
    }

    /// Under `--diagnostic-format json` every line watch prints is an object in the render
    /// messages' schema: each run's start, its messages, and its result with the time it took
    /// (a tester's CI log parser met "doc.txt: 1 page written …" as plain text among JSON).
    func testUnderJSONEveryLineIsAnObject() throws {
        let directory = try makeTemporaryDirectory()
        let document = directory.appendingPathComponent("doc.txt")
        try write("The first version.\n", to: document)
        let watcher = try Watcher(["doc.txt", "--diagnostic-format", "json"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "\"event\":\"watching\"")
        try write("The <font color=\"reddish\">broken</font> version.\n", to: document)
        assertWaits(watcher, for: "\"event\":\"failed\"")
        assertWaits(watcher, for: "\"event\":\"watching\"", count: 2)
        watcher.stop(with: SIGINT)
        let objects = try watcher.log.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        let events = objects.map { $0["event"] as? String ?? "message: \($0["message"] ?? "")" }
        XCTAssertEqual(events.count, 8, "\(events)")
        XCTAssertEqual(Array(events.prefix(4)), ["start", "written", "watching", "changed"])
        XCTAssertEqual(events[4], "start")
        XCTAssertTrue(events[5].hasPrefix("message: unknown color \"reddish\""), events[5])
        XCTAssertEqual(Array(events.suffix(2)), ["failed", "watching"])
        XCTAssertTrue(objects.allSatisfy { $0["file"] as? String == "doc.txt" && $0["severity"] is String && $0["notes"] is [Any] })
        XCTAssertEqual(objects[1]["pages"] as? Int, 1)
        XCTAssertEqual(objects[1]["output"] as? String, "doc.pdf")
        XCTAssertNotNil(objects[1]["seconds"] as? Double)
        XCTAssertEqual(objects[6]["severity"] as? String, "error")
        XCTAssertEqual(objects[6]["output"] as? String, "doc.pdf", "the last good output is left in place")
    }

    /// Each run's PDF is the one a cold run makes of the same file, byte for byte, whatever the
    /// runs before it left behind: the fonts and shaped words they keep (`KeptBetweenRuns`), and
    /// the pages an edit did not reach (`KeptPages`) — before an edit on the first page, in the
    /// middle (one that changes the text's length, so that the pages after it are taken with
    /// their offsets shifted, and moves a `<ref>`'s target a page on, so that the page it prints
    /// on is set again; then one that makes a word shorter) and on the last.
    func testEachRunWritesWhatAColdRunWrites() throws {
        let directory = try makeTemporaryDirectory()
        let document = directory.appendingPathComponent("doc.txt"), output = directory.appendingPathComponent("doc.pdf")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                         to: directory.appendingPathComponent("picture.png"))
        let paragraph = "The keepers climbed the stair at dusk and wrote the ships into the log by lamplight. "
        let middle = String(repeating: paragraph, count: 5) + "\n\n"
        // Text flowing over five A6 pages, a reference on the first to the middle, the count in the footer.
        var text = "<meta footer=\"{page} of {pages}\">\nSee page <ref to=\"mid\"/>. " + String(repeating: paragraph, count: 3) + "\n\n"
            + String(repeating: middle, count: 4) + "<p id=\"mid\">Midway.</p>\n" + String(repeating: middle, count: 3)
            + "<p id=\"end\">" + paragraph + "</p>\n"
        try write(text, to: document)
        let arguments = ["doc.txt", "--page-size", "105x148mm"]
        let watcher = try Watcher(arguments, in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "written to doc.pdf")
        func edit(_ place: String, _ change: (inout String) -> Void, run: Int) throws {
            change(&text)
            let saved = directory.appendingPathComponent(".doc.txt.saving")
            try write(text, to: saved)
            XCTAssertEqual(rename(saved.path, document.path), 0)
            assertWaits(watcher, for: "written to doc.pdf", count: run)
            let cold = try TypesetProcess.run(arguments + ["-o", "cold.pdf"], in: directory)
            XCTAssertEqual(cold.status, 0, cold.stderr)
            XCTAssertEqual(try Data(contentsOf: output), try Data(contentsOf: directory.appendingPathComponent("cold.pdf")), place)
        }
        func replace(_ old: String, _ new: String, last: Bool = false) -> (inout String) -> Void {
            { text in
                let found = last ? text.range(of: old, options: .backwards) : text.range(of: old)
                text.replaceSubrange(found!, with: new)
            }
        }
        try edit("first page", replace("dusk", "dawn"), run: 2)
        try edit("middle, longer", replace("<p id=\"mid\">", middle + middle + "<p id=\"mid\">"), run: 3)
        try edit("middle, shorter", replace("Midway.", "Mid."), run: 4)
        // Faces and a picture the first run did not load.
        try edit("last page", replace("by lamplight. </p>", "by <b>lamp</b><i>light</i>.<img src=\"picture.png\" width=\"40\"></p>", last: true), run: 5)
        watcher.stop(with: SIGTERM)
    }

    /// A picture's folder removed and made again is watched again: the picture changed in it
    /// afterwards sets the document again (it went unseen, the folder's watch gone with it).
    func testAPictureFolderRemovedAndMadeAgainIsWatchedAgain() throws {
        let directory = try makeTemporaryDirectory()
        let folder = directory.appendingPathComponent("pictures"), picture = folder.appendingPathComponent("picture.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"), to: picture)
        try write("A picture in a folder.\n<img src=\"pictures/picture.png\" width=\"60\">\n", to: directory.appendingPathComponent("doc.txt"))
        let watcher = try Watcher(["doc.txt"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "written to doc.pdf")
        assertWaits(watcher, for: "watching doc.txt and its 1 picture for changes")

        try FileManager.default.removeItem(at: folder)
        assertWaits(watcher, for: "image \"pictures/picture.png\" not found")
        assertWaits(watcher, for: "watching doc.txt and its 1 picture for changes", count: 2)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"), to: picture)
        assertWaits(watcher, for: "written to doc.pdf", count: 2)
        let mended = watcher.log.components(separatedBy: "written to doc.pdf").count

        // Changed in the folder made again: seen.
        try Data(contentsOf: TestSupport.imagesDirectory.appendingPathComponent("palette.png")).write(to: picture)
        assertWaits(watcher, for: "written to doc.pdf", count: mended)
        watcher.stop(with: SIGINT)
    }

    /// A picture renamed away is as good as deleted: the run after it says so (a tester's `mv
    /// rocket.jpg rocket-old.jpg` went unseen, the PDF still showing the picture).
    func testAPictureRenamedAwaySetsTheDocumentAgain() throws {
        let directory = try makeTemporaryDirectory()
        let picture = directory.appendingPathComponent("picture.png")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"), to: picture)
        try write("A picture.\n<img src=\"picture.png\" width=\"60\">\n", to: directory.appendingPathComponent("doc.txt"))
        let watcher = try Watcher(["doc.txt"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "written to doc.pdf")
        assertWaits(watcher, for: "watching doc.txt and its 1 picture for changes")
        try FileManager.default.moveItem(at: picture, to: directory.appendingPathComponent("picture-old.png"))
        assertWaits(watcher, for: "image \"picture.png\" not found")
        watcher.stop(with: SIGINT)
    }

    /// A run that fails on a picture not there still watches for it, and sets the document
    /// when it comes: from the first run, and after an edit naming a new one (a tester's
    /// picture put back went unseen, the failed run having named nothing it looked for).
    func testAPictureMissingWhenARunFailedSetsTheDocumentWhenItComes() throws {
        let directory = try makeTemporaryDirectory()
        let document = directory.appendingPathComponent("doc.txt")
        try write("A picture.\n<img src=\"picture.png\" width=\"60\">\n", to: document)
        let watcher = try Watcher(["doc.txt"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "image \"picture.png\" not found")
        assertWaits(watcher, for: "watching doc.txt and its 1 picture for changes")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                         to: directory.appendingPathComponent("picture.png"))
        assertWaits(watcher, for: "written to doc.pdf")

        try write("Two pictures.\n<img src=\"picture.png\" width=\"60\">\n<img src=\"second.png\" width=\"60\">\n", to: document)
        assertWaits(watcher, for: "image \"second.png\" not found")
        assertWaits(watcher, for: "watching doc.txt and its 2 pictures for changes")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("palette.png"),
                                         to: directory.appendingPathComponent("second.png"))
        assertWaits(watcher, for: "written to doc.pdf", count: 2)
        watcher.stop(with: SIGINT)
    }

    /// A style sheet or an included file missing when a run failed is watched for as a picture
    /// is, and the document set when it comes (they went unseen: the failed run named only the
    /// sheets and files it had read).
    func testASheetOrAnIncludeMissingWhenARunFailedSetsTheDocumentWhenItComes() throws {
        let directory = try makeTemporaryDirectory()
        try write("<import src=\"house.tss\">\nAn issue.\n<include src=\"article.txt\">\n", to: directory.appendingPathComponent("doc.txt"))
        let watcher = try Watcher(["doc.txt"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "style sheet \"house.tss\" not found")
        assertWaits(watcher, for: "watching doc.txt and its 2 pictures for changes")
        try write("<style name=\"body\" size=\"11\"/>\n", to: directory.appendingPathComponent("house.tss"))
        assertWaits(watcher, for: "included file \"article.txt\" not found", count: 2)
        try write("An article.\n", to: directory.appendingPathComponent("article.txt"))
        assertWaits(watcher, for: "written to doc.pdf")
        watcher.stop(with: SIGINT)
    }

    /// The print options are `render`'s: a sheet watched is the sheet the print shop gets; SIGTERM
    /// ends the watch with nothing left behind.
    func testWatchTakesThePrintOptionsOfRender() throws {
        let directory = try makeTemporaryDirectory()
        try write("A page for the print shop.\n", to: directory.appendingPathComponent("doc.txt"))
        let watcher = try Watcher(["doc.txt", "--bleed", "3mm", "--crop-marks", "-o", "doc.pdf"], in: directory)
        defer { if watcher.process.isRunning { watcher.stop(with: SIGKILL) } }
        assertWaits(watcher, for: "doc.txt: 1 page written to doc.pdf in ")
        assertWaits(watcher, for: "watching doc.txt")
        // SIGTERM ends it by the signal, nothing left behind but the output.
        watcher.stop(with: SIGTERM)
        XCTAssertEqual(watcher.process.terminationReason, .uncaughtSignal, watcher.log)
        XCTAssertEqual(watcher.process.terminationStatus, SIGTERM)
        XCTAssertEqual(try contentsOfDirectory(directory), ["doc.pdf", "doc.txt", "watch.log"])
        let pdf = try QPDFJSON(pdfAt: directory.appendingPathComponent("doc.pdf").path)
        let trim = try XCTUnwrap(pdf.box("/TrimBox", page: 0)), media = try XCTUnwrap(pdf.box("/MediaBox", page: 0))
        let bleed = try XCTUnwrap(pdf.box("/BleedBox", page: 0))
        XCTAssertEqual(trim[2] - trim[0], 595.276, accuracy: 0.01, "the page is A4")
        XCTAssertEqual(trim[0] - bleed[0], 3 * 72 / 25.4, accuracy: 0.01, "3 mm of bleed")
        XCTAssertEqual(media[2] - media[0], 595.276 + 16 * 72 / 25.4, accuracy: 0.01, "the bleed and the marks on each side")
        let refused = try TypesetProcess.run(["watch", "doc.txt", "--bleed", "2in"], in: directory)
        XCTAssertEqual(refused.status, 2, "a bad bleed is the same usage error as render's")
        XCTAssertTrue(refused.stderr.contains("--bleed must be 0 to 72 pt"), refused.stderr)
    }

    func testWatchRefusesWhatCannotBeWatched() throws {
        let directory = try makeTemporaryDirectory()
        try write("A document.\n", to: directory.appendingPathComponent("doc.txt"))
        let cases: [([String], String)] = [
            (["watch", "-"], "standard input cannot change"),
            (["watch", "doc.txt", "-o", "-"], "-o - (standard output)"),
            (["watch", "missing/doc.txt"], "its folder"),
            (["watch", "dco.txt"], "cannot watch dco.txt: there is no such file (did you mean 'doc.txt'?)"),
        ]
        for (arguments, message) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
