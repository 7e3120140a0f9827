import Foundation
import XCTest

/// `--shard K/N`: N runs over the same inputs, as the jobs of a CI matrix, together write
/// exactly what one run over the whole batch writes, each document once.
final class ShardCommandLineTests: XCTestCase {
    /// Twelve short documents, three in a subfolder.
    private func writeDocuments(in directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("more"), withIntermediateDirectories: true)
        let names = (1 ... 9).map { String(format: "doc%02d.txt", $0) } + (10 ... 12).map { "more/doc\($0).txt" }
        for (number, name) in zip(1..., names) {
            try write("Document <b>\(number)</b>, in <font color=\"blue\">blue</font>.\n", to: directory.appendingPathComponent(name))
        }
        return names
    }

    private func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try contentsOfDirectory(folder) { files[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return files
    }

    func testFourShardsWriteExactlyTheBatchsOutputsEachOnce() throws {
        let directory = try makeTemporaryDirectory()
        let inputs = try writeDocuments(in: directory)
        let whole = try typeset(inputs + ["--out-dir", "whole"], in: directory)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let expected = try files(in: directory.appendingPathComponent("whole"))
        XCTAssertEqual(expected.count, 12)

        var union: [String: Data] = [:]
        for shard in 1 ... 4 {
            // Each job lists the inputs in its own order and spelling: the shards must not depend on either.
            var listed = shard.isMultiple(of: 2) ? inputs.reversed() : inputs
            if shard == 3 { listed = listed.map { "./" + $0 } }
            if shard == 4 { listed = listed.map { directory.appendingPathComponent($0).path } }
            let result = try typeset(listed + ["--out-dir", "shard\(shard)", "--shard", "\(shard)/4"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let written = (try? files(in: directory.appendingPathComponent("shard\(shard)"))) ?? [:]
            XCTAssertLessThan(written.count, 12, "shard \(shard)/4 took every document")
            XCTAssertTrue(result.stderr.hasPrefix("\(written.count) document"), "the summary counts the shard's documents: \(result.stderr)")
            for (name, bytes) in written {
                XCTAssertNil(union[name], "\(name) is in two shards")
                union[name] = bytes
            }
        }
        XCTAssertEqual(union.keys.sorted(), expected.keys.sorted())
        for (name, bytes) in expected { XCTAssertEqual(union[name], bytes, "\(name): a shard's bytes are the batch's") }
    }

    /// A folder reached through a link (a CI runner's workspace; macOS's temporary folder): the paths a
    /// shell writes from `$PWD` name the link, the process's own current folder the resolved
    /// one. A tester's `$PWD/a/b.txt` fell in another shard than `a/b.txt` there.
    func testAnAbsolutePathThroughALinkedCurrentFolderFallsInItsRelativePathsShard() throws {
        let directory = try makeTemporaryDirectory()
        let inputs = try writeDocuments(in: directory)
        let link = directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + "-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
        defer { try? FileManager.default.removeItem(at: link) }
        for shard in 1 ... 4 {
            let relative = try typeset(inputs + ["--out-dir", "relative\(shard)", "--shard", "\(shard)/4"], in: directory)
            let throughLink = try TypesetProcess.run(inputs.map { link.path + "/" + $0 } + ["--out-dir", "linked\(shard)", "--shard", "\(shard)/4"],
                                                     in: directory, environment: ["PWD": link.path])
            XCTAssertEqual(relative.status, 0, relative.stderr)
            XCTAssertEqual(throughLink.status, 0, throughLink.stderr)
            XCTAssertEqual((try? contentsOfDirectory(directory.appendingPathComponent("linked\(shard)"))) ?? [],
                           (try? contentsOfDirectory(directory.appendingPathComponent("relative\(shard)"))) ?? [], "shard \(shard)/4")
        }
        // `typeset help render` says how the path is taken.
        let help = try typeset(["help", "render"], in: directory)
        XCTAssertTrue(help.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            .contains("by a hash of its path relative to the current folder (a/b.txt, ./a/b.txt and $PWD/a/b.txt alike"), help.stdout)
    }

    /// The shard of a path is fixed by the hash (FNV-1a of its UTF-8 bytes, high bits), not by
    /// the run: these were computed independently of the implementation.
    func testAPathsShardIsFixedByItsHash() throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("articles"), withIntermediateDirectories: true)
        let cases: [(input: String, shardOfFour: Int, shardOfEight: Int)] = [
            ("doc01.txt", 4, 7), ("doc02.txt", 1, 1), ("zombies.txt", 3, 6), ("articles/zombies.txt", 1, 2),
        ]
        for (input, four, eight) in cases {
            try write("Text.\n", to: directory.appendingPathComponent(input))
            for (count, expected) in [(4, four), (8, eight)] {
                for shard in [expected, expected % count + 1] {
                    let output = "out-\(count)-\(shard).pdf"
                    let result = try typeset([input, "-o", output, "--shard", "\(shard)/\(count)"], in: directory)
                    XCTAssertEqual(result.status, 0, result.stderr)
                    XCTAssertEqual(FileManager.default.fileExists(atPath: directory.appendingPathComponent(output).path), shard == expected,
                                   "\(input) belongs to shard \(expected)/\(count), not \(shard)/\(count)")
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(output))
                }
            }
        }
    }

    func testCompareShardsCheckEachDocumentOnce() throws {
        let directory = try makeTemporaryDirectory()
        let inputs = try writeDocuments(in: directory)
        var approved: [String] = []
        var checked = 0
        for shard in 1 ... 3 {
            let update = try typeset(["compare", "--golden", "goldens", "--update", "--shard", "\(shard)/3"] + inputs, in: directory)
            XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
            let check = try typeset(["compare", "--golden", "goldens", "--max-diff-pixels", "0", "--shard", "\(shard)/3"] + inputs,
                                    in: directory)
            XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
            let count = try XCTUnwrap(Int(check.stdout.prefix { $0.isNumber }), check.stdout)
            checked += count
            XCTAssertTrue(check.stdout.hasSuffix("all match\n"), check.stdout)
            approved = try contentsOfDirectory(directory.appendingPathComponent("goldens"))
        }
        XCTAssertEqual(checked, 12, "every document checked by exactly one shard")
        XCTAssertEqual(approved, inputs.map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".txt", with: "") }.sorted())
    }

    func testABadShardIsAUsageErrorThatStatesTheRule() throws {
        let directory = try makeTemporaryDirectory()
        try write("Text.\n", to: directory.appendingPathComponent("doc.txt"))
        for bad in ["0/4", "5/4", "1/0", "-1/4", "a/b", "2", "1/4/2", "1/", "/4", "２/4"] {
            for command in [["doc.txt"], ["compare", "--golden", "goldens", "--update", "doc.txt"]] {
                // `--shard=VALUE`: `--shard -1/4` would read -1/4 as an option.
                let result = try typeset(command + ["--shard=\(bad)"], in: directory)
                XCTAssertEqual(result.status, 2, "--shard \(bad): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("--shard takes K/N, shard K of N with 1 ≤ K ≤ N"), "--shard \(bad): \(result.stderr)")
            }
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["doc.txt"], "nothing typeset")
    }
}
