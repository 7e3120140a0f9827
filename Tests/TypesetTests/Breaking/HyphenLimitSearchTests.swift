import Breaking
import XCTest

/// The limit on hyphenated lines in a row, and the line that must end on a whole word, as the
/// Knuth–Plass search obeys them: against every setting of a small paragraph, the search finds
/// the cheapest of those that keep the rule.
final class HyphenLimitSearchTests: XCTestCase {
    /// Syllables, and between each two a space (true) or a place a word may be hyphenated.
    private struct Material {
        var syllables: [Double]
        var spaces: [Bool]
    }

    private static let material = Material(syllables: [5, 4, 3, 6, 4, 5, 3, 4, 6, 5, 4, 3, 5, 4],
                                           spaces: [true, false, false, true, false, true, false, false, true, false, false, true, false])
    private static let hyphenWidth = 1.0, lineWidth = 14.0, emergencyStretch = 4.0

    private func items(_ material: Material) -> [BreakItem] {
        var items: [BreakItem] = []
        for (index, width) in material.syllables.enumerated() {
            items.append(.box(width, offset: index))
            guard index < material.spaces.count else { continue }
            items.append(material.spaces[index] ? .glue(1, stretch: 1, shrink: 0.5, offset: index + 1)
                                                : .penalty(50, width: Self.hyphenWidth, flagged: true, offset: index + 1))
        }
        items.append(.glue(0, stretch: 100_000, shrink: 0, offset: material.syllables.count))
        items.append(.penalty(-.infinity, offset: material.syllables.count))
        return items
    }

    /// Demerits counted by line alone (no extra cost for hyphens in a row or for fitness
    /// changes), so that every setting's cost is a plain sum.
    private var parameters: KnuthPlassParameters {
        var parameters = KnuthPlassParameters()
        parameters.tolerance = 10_000
        parameters.adjacentFitnessDemerits = 0
        parameters.doubleHyphenDemerits = 0
        parameters.finalHyphenDemerits = 0
        // Lines of syllables alone have no space to stretch: this lets them.
        parameters.emergencyStretch = Self.emergencyStretch
        return parameters
    }

    /// The demerits of a line of syllables `first ..< end`, nil when it cannot be set.
    private func demerits(_ first: Int, _ end: Int, of material: Material) -> Double? {
        let count = material.syllables.count
        let inner = (first ..< end - 1).filter { material.spaces[$0] }.count
        let hyphenated = end < count && !material.spaces[end - 1]
        let natural = material.syllables[first ..< end].reduce(0, +) + Double(inner) + (hyphenated ? Self.hyphenWidth : 0)
        let stretch = (end == count ? 100_000 : Double(inner)) + Self.emergencyStretch, shrink = Double(inner) * 0.5
        let ratio = natural <= Self.lineWidth ? (stretch > 0 ? (Self.lineWidth - natural) / stretch : .infinity)
                                              : (Self.lineWidth - natural) / shrink
        guard ratio >= -1, ratio.isFinite else { return nil }
        // Past the tolerance only the last line is taken (as the search takes a forced break).
        if end < count, 100 * abs(ratio * ratio * ratio) > parameters.tolerance { return nil }
        let badness = min(10_000, 100 * abs(ratio * ratio * ratio))
        return (10 + badness) * (10 + badness) + (hyphenated ? 2_500 : 0)
    }

    /// The cheapest setting, by trying every one, whose lines pass `allowed` (the flags of its
    /// lines: whether each ends in a hyphen); nil when none does.
    private func cheapest(of material: Material = material, where allowed: ([Bool]) -> Bool) -> Double? {
        let count = material.syllables.count
        var best: Double?
        for mask in 0 ..< (1 << (count - 1)) {
            var total = 0.0, first = 0, flags: [Bool] = [], feasible = true
            for end in 1 ... count where end == count || mask & (1 << (end - 1)) != 0 {
                guard let cost = demerits(first, end, of: material) else { feasible = false; break }
                total += cost
                flags.append(end < count && !material.spaces[end - 1])
                first = end
            }
            if feasible, allowed(flags), total < (best ?? .infinity) { best = total }
        }
        return best
    }

    /// The cost and the hyphen flags of the breaks the search finds; nil when it finds none.
    private func search(_ parameters: KnuthPlassParameters, of material: Material = material) throws -> (cost: Double, flags: [Bool])? {
        let items = items(material)
        guard let found = KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in Self.lineWidth }) else {
            return nil
        }
        var total = 0.0, first = 0, flags: [Bool] = []
        for lineBreak in found {
            let end = items[lineBreak.item].offset
            total += try XCTUnwrap(demerits(first, end, of: material))
            flags.append(items[lineBreak.item].flagged)
            first = end
        }
        return (total, flags)
    }

    func testTheLimitIsKeptAndTheCheapestSettingThatKeepsItIsFound() throws {
        let unlimited = try XCTUnwrap(try search(parameters))
        XCTAssertEqual(unlimited.cost, try XCTUnwrap(cheapest { _ in true }), accuracy: 1e-6)
        XCTAssertGreaterThanOrEqual(HyphenationControlTests.longestRun(unlimited.flags), 2, "the paragraph's best setting has hyphens in a row: \(unlimited.flags)")
        for limit in 1 ... 2 {
            var limited = parameters
            limited.consecutiveHyphenLimit = limit
            let found = try XCTUnwrap(try search(limited))
            XCTAssertLessThanOrEqual(HyphenationControlTests.longestRun(found.flags), limit, "\(found.flags)")
            let best = try XCTUnwrap(cheapest { HyphenationControlTests.longestRun($0) <= limit })
            XCTAssertEqual(found.cost, best, accuracy: 1e-6, "limit \(limit): the cheapest setting that keeps it")
        }
    }

    func testALineMadeToEndOnAWholeWordDoesAndTheRestIsTheCheapest() throws {
        let unlimited = try XCTUnwrap(try search(parameters))
        let hyphenatedLine = try XCTUnwrap(unlimited.flags.firstIndex(of: true))
        var rule = parameters
        rule.unhyphenatedLine = hyphenatedLine
        let found = try XCTUnwrap(try search(rule))
        XCTAssertFalse(found.flags[hyphenatedLine], "\(found.flags)")
        let best = try XCTUnwrap(cheapest { $0.count <= hyphenatedLine || !$0[hyphenatedLine] })
        XCTAssertEqual(found.cost, best, accuracy: 1e-6)
    }

    /// Each break the search considers starts with no candidate line and leaves none behind
    /// (they are emptied as they are read): on paragraphs of every shape, with and without a
    /// limit, the search still finds the cheapest setting that keeps the limit, or none when
    /// no setting does.
    func testRandomParagraphsAreSetAsCheaplyAsTheBestOfAllTheirSettings() throws {
        var random = SplitMix(seed: 17)
        for trial in 0 ..< 150 {
            let count = Int.random(in: 2 ... 12, using: &random)
            let material = Material(syllables: (0 ..< count).map { _ in Double(Int.random(in: 2 ... 9, using: &random)) },
                                    spaces: (0 ..< count - 1).map { _ in Bool.random(using: &random) })
            for limit in 0 ... 2 {
                var limited = parameters
                limited.consecutiveHyphenLimit = limit
                let best = cheapest(of: material) { limit == 0 || HyphenationControlTests.longestRun($0) <= limit }
                let found = try search(limited, of: material)
                XCTAssertEqual(found == nil, best == nil, "trial \(trial), limit \(limit): \(material)")
                guard let found, let best else { continue }
                XCTAssertEqual(found.cost, best, accuracy: 1e-6, "trial \(trial), limit \(limit): \(material)")
                if limit > 0 { XCTAssertLessThanOrEqual(HyphenationControlTests.longestRun(found.flags), limit) }
            }
        }
    }
}
