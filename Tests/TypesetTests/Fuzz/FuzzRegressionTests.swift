import Foundation
import Images
import XCTest

/// Every input a fuzzer found crashing or hanging (Fixtures/fuzz/regressions/) goes through
/// both harnesses' replay executables, in a child process with a time limit: a crash
/// fails its test, and so does a hang, instead of stopping the suite. Files whose fix has not
/// been merged yet are listed in `awaiting-fixes.txt` and left out (see the folder's README).
final class FuzzRegressionTests: XCTestCase {
    static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/fuzz/regressions")
    /// Far above a regression's usual run (tens of milliseconds in a debug build, seconds for the first German
    /// hyphenation, on a loaded machine), far below a hang's.
    static let timeLimitSeconds = 60

    static var awaitingFixes: Set<String> {
        let manifest = (try? String(contentsOf: folder.appendingPathComponent("awaiting-fixes.txt"), encoding: .utf8)) ?? ""
        return Set(manifest.components(separatedBy: "\n").compactMap { line in
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first?
                .trimmingCharacters(in: .whitespaces) ?? ""
            return name.isEmpty ? nil : name
        })
    }

    static var inputs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") && $0 != "awaiting-fixes.txt" }.sorted()
    }

    func testEveryAwaitedFileExists() {
        XCTAssertFalse(Self.inputs.isEmpty)
        for name in Self.awaitingFixes {
            XCTAssertTrue(Self.inputs.contains(name), "awaiting-fixes.txt names \(name), which is not in the folder")
        }
    }

    func testTheMarkupParserSurvivesEveryRegression() throws {
        try replay(Self.inputs, with: "FuzzMarkup")
    }

    func testThePipelineSurvivesEveryRegressionWhoseFixIsMerged() throws {
        try replay(Self.inputs.filter { !Self.awaitingFixes.contains($0) }, with: "FuzzPipeline")
    }

    /// The picture corpus, good and bad files, and the pictures a fuzzer or an attack found
    /// (Fixtures/fuzz/pictures), each in a 1.5 GB address space: a decoder that allocates what a
    /// file only claims fails there (a chunk claiming 2 GB in a 653-byte PNG did).
    func testThePictureHarnessSurvivesEveryPicture() throws {
        let corpus = TestSupport.imagesDirectory
        let found = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/fuzz/pictures")
        let pictures = try [corpus, found].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted().map { folder.appendingPathComponent($0) }
        }
        XCTAssertTrue(pictures.contains { $0.lastPathComponent == "text-chunk-claims-2-gb.png" })
        try replay(pictures, with: "FuzzPictures", addressSpaceLimit: Sanitizers.active ? nil : 1_500_000_000)
    }

    /// The picture harness's seeds (the corpus and Fixtures/fuzz/pictures, as `run.sh` gives
    /// them) start mutations from every JPEG coding mode typeset decodes or refuses —
    /// baseline, progressive, arithmetic, arithmetic progressive, lossless — and from a PNG
    /// chunk claiming more than its file holds.
    func testThePictureSeedsHoldEveryCodingModeAndAChunkBomb() throws {
        let folders = [TestSupport.imagesDirectory, TestSupport.repositoryRoot.appendingPathComponent("Fixtures/fuzz/pictures")]
        var modes = Set<String>(), chunkPastEnd = false
        for folder in folders {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                if name.hasSuffix(".jpg") {
                    do {
                        let info = try ImageInfo.probe(data: data)
                        modes.insert((info.isArithmeticCoded ? "arithmetic " : "Huffman ") + (info.isProgressive ? "progressive" : "sequential"))
                    } catch ImageProbeError.unsupportedJPEG(let what) where what.contains("lossless") {
                        modes.insert("lossless")
                    } catch {}
                }
                if name.hasSuffix(".png") {
                    do { try PNGChunks.checkFraming([UInt8](data)) } catch ImageProbeError.chunkPastEnd { chunkPastEnd = true } catch {}
                }
            }
        }
        XCTAssertEqual(modes, ["Huffman sequential", "Huffman progressive", "arithmetic sequential", "arithmetic progressive", "lossless"])
        XCTAssertTrue(chunkPastEnd, "no seed has a PNG chunk claiming more than its file holds")
    }

    private func replay(_ names: [String], with harness: String) throws {
        try replay(names.map { Self.folder.appendingPathComponent($0) }, with: harness)
    }

    private func replay(_ files: [URL], with harness: String, addressSpaceLimit: Int? = nil) throws {
        guard let executable = TypesetExecutable.url?.deletingLastPathComponent().appendingPathComponent(harness),
              FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("the \(harness) executable was not found next to typeset; build it first")
        }
        // One process for all the files (the replay prints each one it finished: the first
        // not printed is the culprit), under a limit of a regression's slowest run for each:
        // a process a file spent its time starting (fonts, fontconfig), 5 s of the picture
        // replay's 6 on a loaded machine.
        let limit = Self.timeLimitSeconds + 5 * files.count
        let (status, output) = try Self.run(executable, files.map(\.path), timeLimit: limit, addressSpaceLimit: addressSpaceLimit)
        let finished = files.filter { output.contains("\($0.path): ok") }.count
        let culprit = finished < files.count ? files[finished].lastPathComponent : "none"
        if status == 124 {
            XCTFail("\(harness): still running after \(limit) s (a hang), at \(culprit)")
        } else {
            // A trap (a failed check, a sanitizer's report) ends the process with signal 4 or 6.
            XCTAssertEqual(status, 0, "\(harness) crashed at \(culprit) (status \(status)):\n\(output.suffix(2000))")
            XCTAssertEqual(finished, files.count, "\(harness): \(output.suffix(2000))")
        }
    }

    /// `timeout LIMIT EXECUTABLE FILE…`: status 124 when the limit stopped it; with an
    /// `addressSpaceLimit`, under `prlimit --as` too.
    private static func run(_ executable: URL, _ files: [String], timeLimit: Int, addressSpaceLimit: Int? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        let limit = addressSpaceLimit.map { [TypesetProcess.prlimitPath, "--as=\($0)", "--"] } ?? []
        process.arguments = [String(timeLimit)] + limit + [executable.path] + files
        var environment = ProcessInfo.processInfo.environment
        environment["TYPESET_FONTS"] = TestSupport.fontsDirectory
        environment["TYPESET_FUZZ_PICTURES"] = TestSupport.imagesDirectory.path
        process.environment = environment
        // A file, not a pipe: a crash's long backtrace cannot block the child.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-replay-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
