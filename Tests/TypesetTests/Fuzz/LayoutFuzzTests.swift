import Foundation
import LayoutFuzzing
import XCTest

/// The layout fuzzer's seeded run: documents generated from the markup's grammar, each set
/// and its pages checked (LayoutFuzzChecking). A failure prints the seed and the document
/// shrunk, as a fixture to add to Fixtures/layout-fuzz/.
///
/// The documents are set in a child process (this test run again with `LAYOUT_FUZZ_CHILD`
/// naming the seeds), which prints what it finds: a document that crashes the pipeline ends
/// the child, not the suite, and is reported with its seed; the run goes on from the next seed.
final class LayoutFuzzTests: XCTestCase {
    /// Seeds run by `make test`: 600 documents take 31 to 61 s of a debug build on the shared
    /// 2 cores (docs/pipeline.md, "Hardening: the layout fuzzer"). Under a sanitizer, whose
    /// layout runs about ten times slower, the first 60: memory errors need the paths, not the
    /// count.
    static var seeds: ClosedRange<UInt64> { Sanitizers.active ? 1 ... 60 : 1 ... 600 }
    /// Candidates the shrinker may try for a failure here; the long run tries more.
    static let shrinkBudget = 150
    static let testName = "TypesetTests.LayoutFuzzTests/testGeneratedDocumentsHaveNoFindings"
    static let failureStart = "=== layout fuzz failure ===", failureEnd = "=== end of failure ===", seedMark = "layout fuzz: seed ",
                      findingMark = "layout fuzz: finding in seed "

    /// The seeds of this run: `seeds`, or `FUZZ_LAYOUT_SEEDS="FIRST LAST"` for a longer run by
    /// hand with these pages' checks (`make fuzz-layout` checks with the page checker's errors).
    static func seeds(from variable: String) -> ClosedRange<UInt64>? {
        let bounds = ProcessInfo.processInfo.environment[variable]?.split(separator: " ").compactMap { UInt64($0) } ?? []
        return bounds.count == 2 && bounds[0] <= bounds[1] ? bounds[0] ... bounds[1] : nil
    }

    /// The seeds whose documents a fixture awaiting its fix was shrunk from: their findings are
    /// known, reported and not failed. A finding in any other seed fails, whatever its kind,
    /// so the list cannot hide a new fault of a kind already listed.
    static var awaitedSeeds: Set<UInt64> {
        Set(LayoutFuzzChecking.awaitingFixes.compactMap { (try? LayoutFuzzChecking.fixture($0))?.fixtureSeed })
    }

    func testGeneratedDocumentsHaveNoFindings() throws {
        if let seeds = Self.seeds(from: "LAYOUT_FUZZ_CHILD") { return checkInThisProcess(seeds) }
        let seeds = Self.seeds(from: "FUZZ_LAYOUT_SEEDS") ?? Self.seeds
        let awaited = Self.awaitedSeeds
        var next = seeds.lowerBound
        var known: [String] = []
        var failing = 0
        while next <= seeds.upperBound {
            let child = try runChild(next ... seeds.upperBound)
            for failure in child.failures { XCTFail(failure) }
            known += child.known
            failing += child.failing
            guard let last = child.lastSeed, child.crashed else { break }
            // The child crashed setting `last`.
            let crash = LayoutFinding(crashReport: child.standardError)
                ?? LayoutFinding(kind: "crash", message: "crash: the child process ended (status \(child.status))")
            let document = DocumentGenerator.document(seed: last)
            failing += 1
            if awaited.contains(last) {
                known.append(crash.kind)
            } else {
                XCTFail("layout fuzz seed \(last): \(crash.message)\nnot shrunk (it crashes the process); the document:\n"
                        + document.fixtureText(seed: last, finding: crash))
            }
            next = last + 1
        }
        if !known.isEmpty {
            let counts = Dictionary(known.map { ($0, 1) }, uniquingKeysWith: +)
            print("layout fuzz: known findings awaiting fixes (kind: documents): \(counts)")
        }
        print("layout fuzz: \(failing) of \(seeds.count) documents have findings")
    }

    /// The child's part: each seed's document checked here, its failure (shrunk) printed
    /// between marks for the parent to report.
    private func checkInThisProcess(_ seeds: ClosedRange<UInt64>) {
        let fuzzer = LayoutFuzzer(check: LayoutFuzzChecking.check, shrinkBudget: Self.shrinkBudget)
        let awaited = Self.awaitedSeeds
        for seed in seeds {
            print(Self.seedMark + "\(seed)")
            fflush(stdout)
            let document = DocumentGenerator.document(seed: seed)
            let findings = fuzzer.check.findings(in: document)
            if !findings.isEmpty { print(Self.findingMark + "\(seed)") }
            guard let new = findings.first else { continue }
            if awaited.contains(seed) {
                for kind in Set(findings.map(\.kind)) { print("layout fuzz: known \(kind)") }
                continue
            }
            print(Self.failureStart + "\n" + fuzzer.failure(seed: seed, document: document, finding: new).description + Self.failureEnd)
            fflush(stdout)
        }
    }

    private struct ChildRun {
        var failures: [String] = []
        var known: [String] = []
        var failing = 0
        var lastSeed: UInt64?
        var crashed = false
        var status: Int32 = 0
        var standardError = ""
    }

    /// This test run in a child process over `seeds`, and what it printed.
    private func runChild(_ seeds: ClosedRange<UInt64>) throws -> ChildRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layout-fuzz-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [Self.testName]
        var environment = ProcessInfo.processInfo.environment
        environment["LAYOUT_FUZZ_CHILD"] = "\(seeds.lowerBound) \(seeds.upperBound)"
        process.environment = environment
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        var run = ChildRun()
        run.status = process.terminationStatus
        run.crashed = process.terminationReason == .uncaughtSignal
        run.standardError = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        var failure: String?
        for line in output.components(separatedBy: "\n") {
            if line == Self.failureStart {
                failure = ""
            } else if line.hasSuffix(Self.failureEnd), let text = failure {
                run.failures.append(text + line.dropLast(Self.failureEnd.count))
                failure = nil
            } else if failure != nil {
                failure! += line + "\n"
            } else if line.hasPrefix(Self.findingMark) {
                run.failing += 1
            } else if line.hasPrefix(Self.seedMark) {
                run.lastSeed = UInt64(line.dropFirst(Self.seedMark.count))
            } else if line.hasPrefix("layout fuzz: known ") {
                run.known.append(String(line.dropFirst("layout fuzz: known ".count)))
            }
        }
        if !run.crashed && run.status != 0 { run.failures.append("the child run failed (status \(run.status)):\n\(output.suffix(2_000))") }
        return run
    }

    func testASeedGivesTheSameDocument() {
        for seed: UInt64 in [0, 1, 77, 123_456_789] {
            XCTAssertEqual(DocumentGenerator.document(seed: seed), DocumentGenerator.document(seed: seed))
        }
        XCTAssertNotEqual(DocumentGenerator.document(seed: 1), DocumentGenerator.document(seed: 2))
    }

    /// Tables are drawn from a stream of their own: a seed's document is the one it was before
    /// tables were generated, with tables added between its blocks (fixtures and notes name
    /// documents by seed).
    func testTablesLeaveTheRestOfASeedsDocumentAsItWas() {
        var seedsWithTables = 0
        for seed: UInt64 in 1 ... 200 {
            let withTables = DocumentGenerator.document(seed: seed), without = DocumentGenerator.document(seed: seed, withTables: false)
            XCTAssertEqual(withTables.options, without.options)
            XCTAssertFalse(without.markup.contains("<table"))
            // `without`'s lines, in order, with only whole tables (and their figures or asides) between them.
            var added: [String] = []
            var rest = without.lines[...]
            for line in withTables.lines {
                if line == rest.first { rest = rest.dropFirst() } else { added.append(line) }
            }
            XCTAssertTrue(rest.isEmpty, "seed \(seed): lines of the document without tables are missing")
            XCTAssertEqual(added.filter { $0.hasPrefix("<table") }.count, added.filter { $0 == "</table>" }.count, "seed \(seed)")
            if !added.isEmpty { seedsWithTables += 1 }
        }
        XCTAssertGreaterThan(seedsWithTables, 40, "tables in a fair share of the documents")
    }

    /// The generator's source of chance is pinned: a seed must name the same document on
    /// every machine (a fixture's seed names the document it came from).
    func testTheGeneratorDrawsFromItsOwnSeededSource() {
        var generator = FuzzRandom(seed: 42)
        var drawn: [UInt64] = []
        for _ in 0 ..< 3 {
            let value: UInt64 = generator.next()
            drawn.append(value)
        }
        XCTAssertEqual(drawn, [13_679_457_532_755_275_413, 2_949_826_092_126_892_291, 5_139_283_748_462_763_858])
    }

    /// What users mix is there: over the seeds, every construct the generator knows appears.
    func testTheSeedsCoverTheGrammar() {
        let documents = (1 ... 100 as ClosedRange<UInt64>).map { DocumentGenerator.document(seed: $0) }
        let markup = documents.map(\.markup).joined()
        for construct in ["line-height=\"12pt\"", "<section columns=\"3\"", "shape=\"circle\"", "float=\"left\"", "float=\"top\"",
                          "float=\"center\"", "<figure", "<caption>", "<aside", "dropcap=", "tabs=", "<li", "<keep>",
                          "keep-with-next", "<columnbreak>", "<pagebreak>", "<exclusion", "bleed=\"true\"", "style=\"text\"",
                          "lang=\"zh\"", "lang=\"ar\"", "lang=\"de\"", "lang=\"fr\"", "wrap=\"contour\"", "column-rule",
                          "<table", "header-rows=", "colspan=", "rowspan=", "stripes=", "align=\"decimal\"", "<th"] {
            XCTAssertTrue(markup.contains(construct), "no document of the first 100 seeds has \(construct)")
        }
        XCTAssertTrue(documents.contains { $0.options.baselineGrid != nil }, "no document on a baseline grid")
        XCTAssertEqual(Set(documents.map(\.options.columns)), [1, 2, 3, 4, 5])
    }

    func testACrashReportIsAFindingOfItsOwnKind() throws {
        let report = "seed 147Pages/BandSetter.swift:55: Precondition failed: framesetter made no progress at 319\n\n*** Signal 4"
        let finding = try XCTUnwrap(LayoutFinding(crashReport: report))
        XCTAssertEqual(finding.kind, "crash: Precondition failed: framesetter made no progress at")
        XCTAssertNil(LayoutFinding(crashReport: "warning: unknown tag <blink> ignored"))
        let cairo = "typeset: ../../../../src/cairo-array.c:226: _cairo_array_index_const: Assertion `index < array->num_elements' failed."
        XCTAssertEqual(LayoutFinding(crashReport: cairo)?.kind, "crash: cairo_array_index_const: Assertion failed")
        let signal = "*** Signal 11: Backtracing from 0x7febbd18b8a2... done ***\n\n*** Program crashed: Bad pointer dereference at 0x0000000000000000 ***"
        XCTAssertEqual(LayoutFinding(crashReport: signal)?.kind, "crash: Program crashed: Bad pointer dereference at")
    }
}
