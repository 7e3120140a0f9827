import Foundation
import LayoutFuzzing
import XCTest

/// The layout fuzzer's seeded run: documents generated from the markup's grammar, each set
/// in-process and its pages checked (LayoutFuzzChecking). A failure prints the seed and the
/// document shrunk, as a fixture to add to Fixtures/layout-fuzz/.
final class LayoutFuzzTests: XCTestCase {
    /// Seeds run by `make test`. Measured on 2 cores, debug build: see docs/pipeline.md,
    /// "Hardening: the layout fuzzer".
    static let seeds: ClosedRange<UInt64> = 1 ... 300
    /// The seeds of this run: `seeds`, or `FUZZ_LAYOUT_SEEDS="FIRST LAST"` for a longer run by
    /// hand with these pages' checks (`make fuzz-layout` checks with the page checker's errors).
    static var seedsOfThisRun: ClosedRange<UInt64> {
        let bounds = ProcessInfo.processInfo.environment["FUZZ_LAYOUT_SEEDS"]?.split(separator: " ").compactMap { UInt64($0) } ?? []
        return bounds.count == 2 && bounds[0] <= bounds[1] ? bounds[0] ... bounds[1] : seeds
    }
    /// Candidates the shrinker may try for a failure here; the long run tries more.
    static let shrinkBudget = 150

    func testGeneratedDocumentsHaveNoFindings() {
        let fuzzer = LayoutFuzzer(check: LayoutFuzzChecking.check, shrinkBudget: Self.shrinkBudget)
        // Findings of a kind a fixture awaiting its fix shows are known, and reported only.
        let awaited = Set(LayoutFuzzChecking.awaitingFixes.compactMap { name in
            (try? LayoutFuzzChecking.fixture(name))?.fixtureKind
        })
        var known: [String: Int] = [:]
        for seed in Self.seedsOfThisRun {
            let document = DocumentGenerator.document(seed: seed)
            let findings = fuzzer.check.findings(in: document)
            guard let new = findings.first(where: { !awaited.contains($0.kind) }) else {
                for finding in Set(findings.map(\.kind)) { known[finding, default: 0] += 1 }
                continue
            }
            let shrunk = fuzzer.shrink(document, keeping: new.kind)
            XCTFail(FuzzFailure(seed: seed, finding: new, original: document, shrunk: shrunk).description)
        }
        if !known.isEmpty { print("layout fuzz: known findings awaiting fixes, by kind and documents: \(known)") }
    }

    func testASeedGivesTheSameDocument() {
        for seed: UInt64 in [0, 1, 77, 123_456_789] {
            XCTAssertEqual(DocumentGenerator.document(seed: seed), DocumentGenerator.document(seed: seed))
        }
        XCTAssertNotEqual(DocumentGenerator.document(seed: 1), DocumentGenerator.document(seed: 2))
    }

    /// The generator's output is pinned: a document must not change under a seed without
    /// the generator being changed on purpose (a fixture's seed names the document it came from).
    func testTheGeneratorDrawsFromItsOwnSeededSource() {
        var generator = FuzzRandom(seed: 42)
        var drawn: [UInt64] = []
        for _ in 0 ..< 3 {
            let value: UInt64 = generator.next()
            drawn.append(value)
        }
        XCTAssertEqual(drawn,
                       [13_679_457_532_755_275_413, 2_949_826_092_126_892_291, 5_139_283_748_462_763_858])
    }

    /// What users mix is there: over the seeds, every construct the generator knows appears.
    func testTheSeedsCoverTheGrammar() {
        let markup = Self.seeds.prefix(100).map { DocumentGenerator.document(seed: $0).markup }.joined()
        for construct in ["line-height=\"12pt\"", "<section columns=\"3\"", "shape=\"circle\"", "float=\"left\"", "float=\"top\"",
                          "float=\"center\"", "<figure", "<caption>", "<aside", "dropcap=", "tabs=", "<li", "<keep>",
                          "keep-with-next", "<columnbreak>", "<pagebreak>", "<exclusion", "bleed=\"true\"", "style=\"text\"",
                          "lang=\"zh\"", "lang=\"ar\"", "lang=\"de\"", "lang=\"fr\"", "wrap=\"contour\"", "column-rule"] {
            XCTAssertTrue(markup.contains(construct), "no document of the first 100 seeds has \(construct)")
        }
        let grids = Self.seeds.prefix(100).filter { DocumentGenerator.document(seed: $0).options.baselineGrid != nil }
        XCTAssertFalse(grids.isEmpty, "no document on a baseline grid")
        let columns = Set(Self.seeds.prefix(100).map { DocumentGenerator.document(seed: $0).options.columns })
        XCTAssertEqual(columns, [1, 2, 3, 4, 5])
    }
}
