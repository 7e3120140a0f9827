import Foundation
import XCTest

/// Every input a fuzzer found crashing or hanging (Fixtures/fuzz/regressions/) goes through
/// both harnesses' replay executables, each in a child process with a time limit: a crash
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

    private func replay(_ names: [String], with harness: String) throws {
        try replay(names.map { Self.folder.appendingPathComponent($0) }, with: harness)
    }

    private func replay(_ files: [URL], with harness: String, addressSpaceLimit: Int? = nil) throws {
        guard let executable = TypesetExecutable.url?.deletingLastPathComponent().appendingPathComponent(harness),
              FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("the \(harness) executable was not found next to typeset; build it first")
        }
        for file in files {
            let name = file.lastPathComponent
            let started = Date()
            let (status, output) = try Self.run(executable, file.path, addressSpaceLimit: addressSpaceLimit)
            let seconds = Date().timeIntervalSince(started)
            if status == 124 {
                XCTFail("\(harness) \(name): still running after \(Self.timeLimitSeconds) s (a hang)")
            } else {
                // A trap (a failed check, a sanitizer's report) ends the process with signal 4 or 6.
                XCTAssertEqual(status, 0, "\(harness) \(name) crashed (status \(status)):\n\(output.suffix(2000))")
                XCTAssertLessThan(seconds, Double(Self.timeLimitSeconds), "\(harness) \(name)")
            }
        }
    }

    /// `timeout LIMIT EXECUTABLE FILE`: status 124 when the limit stopped it; with an
    /// `addressSpaceLimit`, under `prlimit --as` too.
    private static func run(_ executable: URL, _ file: String, addressSpaceLimit: Int? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        let limit = addressSpaceLimit.map { [TypesetProcess.prlimitPath, "--as=\($0)", "--"] } ?? []
        process.arguments = [String(timeLimitSeconds)] + limit + [executable.path, file]
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
