import Foundation
import Diagnostics
import Layout
import Pages
import Render
import TypesetKit
import XCTest

/// Where outputs go when the target is not an ordinary file (a device, a pipe, a folder, a
/// link), when writing fails (a full disk), and what an interrupted run leaves behind.
final class OutputTargetTests: XCTestCase {
    private let note = "A short note, set on one page.\n"

    private func noteDirectory() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write(note, to: directory.appendingPathComponent("note.txt"))
        return directory
    }

    /// A copy of the null device (major 1, minor 3) or of the full one (minor 7, every write
    /// fails with ENOSPC) in the test's folder, or a skip where device nodes cannot be made.
    /// Never the machine's own: a broken build would replace it.
    private func makeDevice(_ name: String, in directory: URL) throws -> URL {
        let device = directory.appendingPathComponent(name)
        guard TestSupport.runTool("/usr/bin/mknod", [device.path, "c", "1", name == "full" ? "7" : "3"]) != nil else {
            throw XCTSkip("mknod is not permitted here")
        }
        return device
    }

    private func fileKind(_ url: URL) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
    }

    func testADeviceIsWrittenIntoNotReplaced() throws {
        let directory = try noteDirectory()
        let device = try makeDevice("null", in: try makeTemporaryDirectory())
        let result = try typeset(["note.txt", "-o", device.path], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try fileKind(device), .typeCharacterSpecial, "the device is still a device")
        XCTAssertEqual(try contentsOfDirectory(device.deletingLastPathComponent()), ["null"], "no temporary beside the device")
    }

    func testANamedPipeReceivesTheWholePDF() throws {
        let directory = try noteDirectory()
        let fifo = directory.appendingPathComponent("pipe.pdf")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let received = expectation(description: "the reader got the PDF")
        let pdf = LockedBox(Data())
        Thread.detachNewThread {
            // Opening blocks until the writer opens its end.
            if let reader = FileHandle(forReadingAtPath: fifo.path) { pdf.value = reader.readDataToEndOfFile() }
            received.fulfill()
        }
        let result = try typeset(["note.txt", "-o", fifo.path], in: directory)
        wait(for: [received], timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(pdf.value.starts(with: Data("%PDF".utf8)))
        XCTAssertTrue(pdf.value.containsASCII("%%EOF"))
        XCTAssertFalse(try fileKind(fifo) == .typeRegular, "the pipe was not replaced by a file")
    }

    /// A named pipe no process reads was opened when the run ended, and the open waited for a
    /// reader forever (as the shell's `>` does). It is opened when its output is begun, without
    /// waiting: an error then, which names it.
    func testANamedPipeNoProcessReadsIsRefusedAtOnce() throws {
        let fifo = try makeTemporaryDirectory().appendingPathComponent("pipe.pdf").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try AtomicFile(destination: fifo)) { error in
            XCTAssertEqual("\(error)", "cannot write \(fifo): no process is reading it (start the reader first: typeset does not wait for one)")
        }
    }

    /// A pipe (or device) is written through the descriptor opened when its output was begun,
    /// not reopened by its name when the run ends: a regular file renamed over that name in
    /// between had its first bytes overwritten and the rest of it left behind them. The
    /// finished output is read back through its own descriptor, its temporary's name gone
    /// once it is made.
    func testAPipeReplacedByAFileWhileItsOutputIsWrittenIsWrittenThroughItsFirstDescriptor() throws {
        let directory = try makeTemporaryDirectory()
        let fifo = directory.appendingPathComponent("pipe.pdf").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Read and write, so that the pipe has a reader and this end never waits.
        let reader = open(fifo, O_RDWR | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let file = try AtomicFile(destination: fifo)
        let sink = try file.open()
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.temporary), "the temporary keeps a name to be reopened by")
        sink.write(Data("%PDF-1.7 the whole output".utf8))
        try sink.close()
        let other = directory.appendingPathComponent("other").path
        let old = String(repeating: "an old file longer than the output; ", count: 4)
        try write(old, to: URL(fileURLWithPath: other))
        XCTAssertEqual(rename(other, fifo), 0)
        try file.commit()
        XCTAssertEqual(try String(contentsOfFile: fifo, encoding: .utf8), old, "the file renamed over the pipe was written into")
        var received = [UInt8](repeating: 0, count: 256)
        let count = read(reader, &received, received.count)
        XCTAssertEqual(String(decoding: received.prefix(max(count, 0)), as: UTF8.self), "%PDF-1.7 the whole output")
        XCTAssertEqual(try contentsOfDirectory(directory), ["pipe.pdf"])
    }

    /// `-o /dev/stdout` is `-o -`: written into the descriptor. Opened by its name, standard
    /// output on a file (as here) was that file replaced by a rename (what was written into
    /// it before, and `>>`, lost), its extension asked for; with `--layout-json -` the JSON
    /// then went into the replaced file, lost, exit 0.
    func testStandardOutputByItsNameIsStandardOutput() throws {
        let directory = try noteDirectory()
        let result = try TypesetProcess.run(["note.txt", "-o", "/dev/stdout"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.starts(with: Data("%PDF".utf8)))
        let both = try typeset(["note.txt", "-o", "/dev/fd/1", "--layout-json", "-"], in: directory)
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("would both write standard output"), both.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory), ["note.txt"])
    }

    /// Standard error on a file was that file replaced by a rename, and the run's messages
    /// went into the file it replaced.
    func testStandardErrorByItsNameIsRefused() throws {
        let directory = try noteDirectory()
        for arguments in [["-o", "/dev/stderr"], ["-o", "note.pdf", "--layout-json", "/dev/fd/2"]] {
            let result = try typeset(["note.txt"] + arguments, in: directory)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("standard error carries typeset's messages"), result.stderr)
            XCTAssertEqual(try contentsOfDirectory(directory), ["note.txt"])
        }
    }

    func testAFolderIsRefused() throws {
        let directory = try noteDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("out"), withIntermediateDirectories: false)
        let result = try typeset(["note.txt", "-o", "out"], in: directory)
        XCTAssertEqual(result.status, 2, "a usage error, found before anything is typeset")
        XCTAssertTrue(result.stderr.contains("-o out: Is a directory"), result.stderr)
    }

    /// A read-only output (0444) was replaced by a file of mode 0644 (errors12, item 10): a file
    /// replaced keeps its permissions, as `cp` onto it keeps them. Whoever may not write it (not
    /// root) is refused before anything is typeset, as `cp` refuses.
    func testAReplacedOutputKeepsItsPermissions() throws {
        let directory = try noteDirectory()
        let output = directory.appendingPathComponent("note.pdf")
        try write("old", to: output)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: output.path)
        let result = try typeset(["note.txt"], in: directory)
        guard getuid() == 0 else {
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("Permission denied (it is read-only: make it writable to replace it)"), result.stderr)
            return
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try Data(contentsOf: output).starts(with: Data("%PDF".utf8)))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int, 0o444)
    }

    func testALinkToAFileIsWrittenThrough() throws {
        let directory = try noteDirectory()
        try write("old", to: directory.appendingPathComponent("target.pdf"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("link.pdf").path, withDestinationPath: "target.pdf")
        let result = try typeset(["note.txt", "-o", "link.pdf"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try fileKind(directory.appendingPathComponent("link.pdf")), .typeSymbolicLink, "the link is kept")
        XCTAssertTrue(try Data(contentsOf: directory.appendingPathComponent("target.pdf")).starts(with: Data("%PDF".utf8)))
        XCTAssertEqual(try contentsOfDirectory(directory), ["link.pdf", "note.txt", "target.pdf"])
    }

    /// A temporary output's name was `.NAME.PID.tmp`, opened with `O_CREAT|O_TRUNC`: a link
    /// planted under it (in a folder others can write) made the run overwrite the link's
    /// target, and two runs of one process number (two containers sharing a folder) shared it.
    /// The name now holds 64 random bits, and a temporary is only ever a new file.
    func testATemporaryIsANewFileOfAnUnforeseeableName() throws {
        let directory = try makeTemporaryDirectory()
        let victim = directory.appendingPathComponent("victim.txt")
        try write("keep me", to: victim)
        let planted = directory.appendingPathComponent(".out.pdf.tmp")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)
        XCTAssertThrowsError(try TemporaryFiles.shared.create(planted.path), "a temporary is created through a planted link")
        XCTAssertThrowsError(try TemporaryFiles.shared.create(victim.path), "a temporary truncates a file that is there")
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "keep me")

        let destination = directory.appendingPathComponent("out.pdf").path
        let first = try AtomicFile(destination: destination), second = try AtomicFile(destination: destination)
        XCTAssertNotEqual(first.temporary, second.temporary, "two writers of one destination share a temporary")
        let name = (first.temporary as NSString).lastPathComponent
        // `.out.pdf.PID-SCOPE-RANDOM.tmp`: who made it (`TemporaryOwner`), then 64 random bits.
        let fields = name.dropFirst(".out.pdf.".count).dropLast(".tmp".count).split(separator: "-")
        XCTAssertTrue(name.hasPrefix(".out.pdf.\(ProcessInfo.processInfo.processIdentifier)-") && name.hasSuffix(".tmp"), name)
        XCTAssertEqual(fields.count, 3, name)
        XCTAssertTrue(fields.last?.count == 16 && fields.last?.allSatisfy(\.isHexDigit) == true, name)
    }

    /// A run ended by SIGKILL (the OOM killer) cannot remove its temporaries; the next run
    /// writing the same output removes those whose maker is gone, and no other.
    func testARunKilledOutrightLeavesTemporariesTheNextRunRemoves() throws {
        let directory = try makeTemporaryDirectory()
        try write(Self.longDocument(paragraphs: 200), to: directory.appendingPathComponent("long.txt"))
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try launch(["long.txt", "-o", "out/long.pdf"], in: directory)
        let deadline = Date().addingTimeInterval(60)
        while try contentsOfDirectory(out).isEmpty, run.process.isRunning, Date() < deadline { usleep(5_000) }
        XCTAssertTrue(run.process.isRunning, "the document finished before it could be killed; make it longer")
        kill(run.process.processIdentifier, SIGKILL)
        run.process.waitUntilExit()
        XCTAssertFalse(try contentsOfDirectory(out).isEmpty, "SIGKILL left no temporary")
        let again = try typeset(["long.txt", "-o", "out/long.pdf"], in: directory)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try contentsOfDirectory(out), ["long.pdf"])
    }

    func testOnlyTemporariesOfAGoneMakerInThisScopeAreRemoved() throws {
        let directory = try makeTemporaryDirectory()
        let destination = directory.appendingPathComponent("out.pdf").path
        let fields = (try AtomicFile(destination: destination).temporary as NSString).lastPathComponent
            .dropFirst(".out.pdf.".count).split(separator: "-")
        let scope = fields[1]
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier, alive = ProcessInfo.processInfo.processIdentifier
        let stale = [".out.pdf.\(gone)-\(scope)-00000000000000aa.tmp", ".out.pdf.\(gone)-\(scope)-00000000000000aa.tmp.draft"]
        let kept = [".out.pdf.\(alive)-\(scope)-00000000000000bb.tmp",       // its maker runs
                    ".out.pdf.\(gone)-0.1-00000000000000cc.tmp",             // made in another container or boot
                    ".other.pdf.\(gone)-\(scope)-00000000000000dd.tmp"]      // another output's
        for name in stale + kept { try write("", to: directory.appendingPathComponent(name)) }
        _ = try AtomicFile(destination: destination)
        XCTAssertEqual(try contentsOfDirectory(directory), kept.sorted())
    }

    // MARK: Write errors

    func testAFullStandardOutputIsAnError() throws {
        let directory = try noteDirectory()
        let full = try makeDevice("full", in: try makeTemporaryDirectory())
        let run = try launch(["note.txt", "-o", "-"], in: directory, standardOutput: full.path)
        run.process.waitUntilExit()
        XCTAssertEqual(run.process.terminationReason, .exit, "not a crash")
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertEqual(try run.standardError(), "error: cannot write standard output: No space left on device\n")
    }

    func testAFullDeviceAsTheOutputIsAnError() throws {
        let directory = try noteDirectory()
        let full = try makeDevice("full", in: try makeTemporaryDirectory())
        let result = try typeset(["note.txt", "-o", full.path], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("note.txt: error: cannot write \(full.path): No space left on device"), result.stderr)
        XCTAssertEqual(try fileKind(full), .typeCharacterSpecial, "the device is still a device")
    }

    /// The outputs of a run are placed together or not at all: a layout JSON or a depfile that
    /// cannot be written leaves the PDF as it was (it was replaced, then the run failed).
    func testALayoutJSONOrADepfileThatCannotBeWrittenLeavesThePDFAsItWas() throws {
        for option in ["--layout-json", "--depfile"] {
            let directory = try noteDirectory()
            let full = try makeDevice("full", in: try makeTemporaryDirectory())
            let pdf = directory.appendingPathComponent("note.pdf")
            try write("the PDF of an earlier run", to: pdf)
            let result = try typeset(["note.txt", "-o", "note.pdf", option, full.path], in: directory)
            XCTAssertEqual(result.status, 1, option)
            XCTAssertTrue(result.stderr.contains("cannot write \(full.path): No space left on device"), "\(option): \(result.stderr)")
            XCTAssertEqual(try String(contentsOf: pdf, encoding: .utf8), "the PDF of an earlier run", option)
            XCTAssertEqual(try contentsOfDirectory(directory), ["note.pdf", "note.txt"], "\(option): no temporary left")
        }
    }

    /// PNG pages wait for the run's other outputs too: the old pages stay, the stale ones
    /// past the new document's end are not removed, when the layout JSON cannot be placed.
    func testPNGPagesWaitForTheLayoutJSON() throws {
        let directory = try noteDirectory()
        let full = try makeDevice("full", in: try makeTemporaryDirectory())
        for page in ["note-001.png", "note-002.png"] { try write("a page of an earlier run", to: directory.appendingPathComponent(page)) }
        let result = try typeset(["note.txt", "-o", "note.png", "--format", "png", "--layout-json", full.path], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot write \(full.path): No space left on device"), result.stderr)
        for page in ["note-001.png", "note-002.png"] {
            XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent(page), encoding: .utf8), "a page of an earlier run", page)
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["note-001.png", "note-002.png", "note.txt"], "no temporary left")

        let placed = try typeset(["note.txt", "-o", "note.png", "--format", "png", "--depfile", "note.d"], in: directory)
        XCTAssertEqual(placed.status, 0, placed.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory), ["note-001.png", "note.d", "note.txt"], "the new page, its rule, the stale page gone")
    }

    func testAFullStandardErrorDoesNotCrash() throws {
        let directory = try noteDirectory()
        let full = try makeDevice("full", in: try makeTemporaryDirectory())
        let run = try launch(["missing.txt", "note.txt", "--out-dir", "out"], in: directory, standardError: full.path)
        run.process.waitUntilExit()
        XCTAssertEqual(run.process.terminationReason, .exit, "not a crash")
        XCTAssertEqual(run.process.terminationStatus, 1, "missing.txt failed; its message had nowhere to go")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/note.pdf").path))
    }

    /// A 64 KB file system fills up partway: every kind of output says so and leaves the old
    /// file and no temporary behind.
    func testAFullDiskIsAnErrorThatSaysSo() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("long.txt")
        try write(Self.longDocument(paragraphs: 20), to: input)
        let disk = directory.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: false)
        guard TestSupport.runTool("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path]) != nil else {
            throw XCTSkip("mounting a small file system is not permitted here")
        }
        defer { _ = TestSupport.runTool("/usr/bin/umount", [disk.path]) }
        try write("old", to: disk.appendingPathComponent("long.pdf"))
        // All but 8 KB taken: every output below is larger.
        try Data(count: 56 << 10).write(to: disk.appendingPathComponent("filler"))
        let runs: [([String], String)] = [
            (["-o", "disk/long.pdf"], "cannot write disk/long.pdf: No space left on device"),
            (["-o", "long.pdf", "--layout-json", "disk/long.json"], "cannot write disk/long.json: No space left on device"),
            (["--format", "png", "--dpi", "150", "-o", "disk/long.png"], "No space left on device"),
        ]
        for (arguments, message) in runs {
            let result = try typeset([input.path] + arguments, in: directory)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
            XCTAssertFalse(result.stderr.contains("drawing failed"), result.stderr)
            XCTAssertEqual(try contentsOfDirectory(disk), ["filler", "long.pdf"], arguments.joined(separator: " "))
            XCTAssertEqual(try String(contentsOf: disk.appendingPathComponent("long.pdf"), encoding: .utf8), "old")
        }
    }

    func testCompareWithAFullStandardOutputFails() throws {
        let directory = try noteDirectory()
        XCTAssertEqual(try typeset(["compare", "--golden", "goldens", "--update", "note.txt"], in: directory).status, 0)
        let full = try makeDevice("full", in: try makeTemporaryDirectory())
        let run = try launch(["compare", "--golden", "goldens", "note.txt"], in: directory, standardOutput: full.path)
        run.process.waitUntilExit()
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertEqual(try run.standardError(), "error: cannot write standard output: No space left on device\n")
    }

    // MARK: Pixel budget

    func testTheLibraryRefusesAPageOverTheBudgetBeforeDrawingIt() throws {
        let directory = try noteDirectory()
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = .png
        options.dpi = 600
        options.page = PageTemplate(size: Size(width: 3900, height: 3900), margins: Margins(all: 56), columns: 2, gutter: 18)
        XCTAssertThrowsError(try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("note.txt").path,
                                                                      outputPath: directory.appendingPathComponent("note.png").path)) {
            let messages = ($0 as? DocumentFailure)?.diagnostics.map(\.message) ?? []
            XCTAssertEqual(messages, ["a page of 3900 × 3900 pt at 600 dpi would be 32500 × 32500 pixels, more than the 20000 pixels a side and 100 megapixels a page image may have"])
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["note.txt"])
    }

    func testAPageTooLargeForItsDPIIsAUsageError() throws {
        let directory = try noteDirectory()
        let message = "--dpi 600 with a 3900 × 3900 pt page makes 32500 × 32500 pixels, above the limit of 20000 pixels a side and 100 megapixels; lower --dpi or the page size"
        for arguments in [["note.txt", "--format", "png", "-o", "note.png"], ["compare", "--golden", ".", "note.txt"]] {
            let result = try typeset(arguments + ["--page-size", "3900x3900", "--dpi", "600"], in: directory)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: message).count, 2, "said once: \(result.stderr)")
        }
        // A PDF has no pixels. A page 14,400 pt tall is 20,000 pixels at 100 dpi, the most a
        // side may have; at 101 dpi it is refused.
        XCTAssertEqual(try typeset(["note.txt", "--page-size", "3900x3900", "--dpi", "600"], in: directory).status, 0)
        let tall = ["note.txt", "--format", "png", "--page-size", "72x14400", "--margin", "10", "--columns", "1"]
        let within = try typeset(tall + ["--dpi", "100"], in: directory)
        XCTAssertEqual(within.status, 0, within.stderr)
        XCTAssertEqual(try Pixels(pngAt: directory.appendingPathComponent("note-001.png").path).height, 20_000)
        XCTAssertTrue(try typeset(tall + ["--dpi", "101"], in: directory).stderr.contains("makes 101 × 20200 pixels"))
        XCTAssertEqual(try contentsOfDirectory(directory), ["note-001.png", "note.pdf", "note.txt"])
    }

    // MARK: Interruption

    /// Plain text long enough to take a few seconds to set, so that a signal lands mid-run.
    static func longDocument(paragraphs: Int) -> String {
        let sentence = "The night watch kept its rounds through the quiet streets, counting lanterns and doors. "
        return (1 ... paragraphs).map { "\($0). " + String(repeating: sentence, count: 8) }.joined(separator: "\n") + "\n"
    }

    func testAnInterruptedRunLeavesNoTemporaryFiles() throws {
        // The last with HOME unwritable: fontconfig's private cache folder is a temporary too.
        let unwritableHome = ["HOME": "/dev/null", "XDG_CACHE_HOME": ""]
        let cases: [(Int32, [String], [String: String])] = [
            (SIGINT, ["long.txt", "-o", "out/long.pdf", "--layout-json", "out/long.json"], [:]),
            (SIGTERM, ["long.txt", "-o", "-"], [:]),
            (SIGHUP, ["long.txt", "long2.txt", "--format", "png", "--dpi", "36", "--out-dir", "out", "--jobs", "2"], [:]),
            (SIGINT, ["long.txt", "-o", "out/long.pdf"], unwritableHome),
        ]
        for (signal, arguments, extraEnvironment) in cases {
            let directory = try makeTemporaryDirectory()
            try write(Self.longDocument(paragraphs: 200), to: directory.appendingPathComponent("long.txt"))
            try write(Self.longDocument(paragraphs: 200), to: directory.appendingPathComponent("long2.txt"))
            let out = directory.appendingPathComponent("out"), temporary = directory.appendingPathComponent("tmp")
            for folder in [out, temporary] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            let run = try launch(arguments, in: directory, standardOutput: "/dev/null", temporaryFolder: temporary,
                                 environment: extraEnvironment)
            // Signal once the run is writing: a temporary file exists (not fontconfig's folder alone).
            let deadline = Date().addingTimeInterval(60)
            func writing() throws -> Bool {
                try !contentsOfDirectory(out).isEmpty || contentsOfDirectory(temporary).contains { !$0.hasPrefix("typeset-fontconfig-") }
            }
            while try !writing(), run.process.isRunning, Date() < deadline {
                usleep(5_000)
            }
            XCTAssertTrue(run.process.isRunning, "the document finished before it could be interrupted; make it longer")
            kill(run.process.processIdentifier, signal)
            run.process.waitUntilExit()
            let messages = try run.standardError()
            XCTAssertEqual(run.process.terminationReason, .uncaughtSignal, "ended by signal \(signal): \(messages)")
            XCTAssertEqual(run.process.terminationStatus, signal)
            XCTAssertEqual(try contentsOfDirectory(out), [], "signal \(signal)")
            XCTAssertEqual(try contentsOfDirectory(temporary), [], "signal \(signal)")
        }
    }

    /// With HOME unwritable, fontconfig's cache goes to a folder made for the run; typeset's own
    /// hyphenation tables must not follow it there (XDG_CACHE_HOME points at it): they would be
    /// removed at exit anyway, and one being written when a signal ended the run made the folder
    /// again after its removal. Looked at while the run is stopped in the middle of its pages.
    func testAPrivateFontconfigCacheFolderHoldsNoHyphenationTables() throws {
        let directory = try makeTemporaryDirectory()
        try write(Self.longDocument(paragraphs: 200), to: directory.appendingPathComponent("long.txt"))
        let out = directory.appendingPathComponent("out"), temporary = directory.appendingPathComponent("tmp")
        for folder in [out, temporary] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let run = try launch(["long.txt", "-o", "out/long.pdf"], in: directory, temporaryFolder: temporary,
                             environment: ["HOME": "/dev/null", "XDG_CACHE_HOME": ""])
        // Pages being written: the words of the first have been hyphenated.
        func writtenBytes() throws -> Int {
            try contentsOfDirectory(out).reduce(0) { total, name in
                let attributes = try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)
                return total + ((attributes?[.size] as? Int) ?? 0)
            }
        }
        let deadline = Date().addingTimeInterval(60)
        while try writtenBytes() < 4096, run.process.isRunning, Date() < deadline { usleep(5_000) }
        XCTAssertTrue(run.process.isRunning, "the document finished before its pages were looked at; make it longer")
        kill(run.process.processIdentifier, SIGSTOP)
        let privateFolders = try contentsOfDirectory(temporary).filter { $0.hasPrefix("typeset-fontconfig-") }
        let tables = privateFolders.filter {
            FileManager.default.fileExists(atPath: temporary.appendingPathComponent($0).appendingPathComponent("typeset").path)
        }
        kill(run.process.processIdentifier, SIGCONT)
        run.process.waitUntilExit()
        XCTAssertEqual(privateFolders.count, 1, "the run made its private fontconfig folder")
        XCTAssertEqual(tables, [], "typeset's own cache written into the run's private folder")
        let messages = try run.standardError()
        XCTAssertEqual(run.process.terminationStatus, 0, messages)
    }

    // MARK: Input without end

    func testStandardInputWithoutEndIsRefusedOnceItHoldsMoreThanADocumentMay() throws {
        let directory = try makeTemporaryDirectory(), temporary = try makeTemporaryDirectory()
        // `yes | typeset - -o -`: zeros without end, the PDF bound for standard output.
        let run = try launch(["-", "-o", "-"], in: directory, standardInput: "/dev/zero", temporaryFolder: temporary)
        run.process.waitUntilExit()
        XCTAssertEqual(run.process.terminationReason, .exit, "not a crash")
        XCTAssertEqual(run.process.terminationStatus, 1)
        XCTAssertEqual(try run.standardError(), "error: cannot read standard input: it holds more than 32 MB, the most a document may hold\n")
        XCTAssertEqual(try contentsOfDirectory(temporary), [], "no temporary left")
        XCTAssertEqual(try contentsOfDirectory(directory), [])
    }

    // MARK: Running the executable with chosen streams

    private struct Run {
        var process: Process
        var standardErrorFile: URL

        func standardError() throws -> String { try String(contentsOf: standardErrorFile, encoding: .utf8) }
    }

    /// Starts `typeset` with standard output and error sent to the given files (or devices),
    /// and `TMPDIR` set when `temporaryFolder` is given; the caller waits for it.
    private func launch(_ arguments: [String], in directory: URL, standardInput: String = "/dev/null", standardOutput: String = "/dev/null",
                        standardError: String? = nil, temporaryFolder: URL? = nil,
                        environment extra: [String: String] = [:]) throws -> Run {
        guard let executable = TypesetExecutable.url else { throw XCTSkip("the typeset executable was not found; build it first") }
        let errorFile = try makeTemporaryDirectory().appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
        if let temporaryFolder { environment["TMPDIR"] = temporaryFolder.path }
        environment.merge(extra) { $1 }
        process.environment = environment
        process.standardInput = try XCTUnwrap(FileHandle(forReadingAtPath: standardInput))
        process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: standardOutput))
        process.standardError = try XCTUnwrap(FileHandle(forWritingAtPath: standardError ?? errorFile.path))
        try process.run()
        return Run(process: process, standardErrorFile: errorFile)
    }
}
