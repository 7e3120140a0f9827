import Breaking
import XCTest

/// The limit on hyphenated lines in a row, and the line that must end on a whole word, as the
/// Knuth–Plass search obeys them: against every setting of a small paragraph, the search finds
/// the cheapest of those that keep the rule.
final class HyphenLimitSearchTests: XCTestCase {
    /// Syllables, and between each two a space (true) or a place a word may be hyphenated.
    private static let syllables: [Double] = [5, 4, 3, 6, 4, 5, 3, 4, 6, 5, 4, 3, 5, 4]
    private static let spaces = [true, false, false, true, false, true, false, false, true, false, false, true, false]
    private static let hyphenWidth = 1.0, lineWidth = 14.0, emergencyStretch = 4.0

    private var items: [BreakItem] {
        var items: [BreakItem] = []
        for (index, width) in Self.syllables.enumerated() {
            items.append(.box(width, offset: index))
            guard index < Self.spaces.count else { continue }
            items.append(Self.spaces[index] ? .glue(1, stretch: 1, shrink: 0.5, offset: index + 1)
                                            : .penalty(50, width: Self.hyphenWidth, flagged: true, offset: index + 1))
        }
        items.append(.glue(0, stretch: 100_000, shrink: 0, offset: Self.syllables.count))
        items.append(.penalty(-.infinity, offset: Self.syllables.count))
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
    private func demerits(_ first: Int, _ end: Int) -> Double? {
        let count = Self.syllables.count
        let inner = (first ..< end - 1).filter { Self.spaces[$0] }.count
        let hyphenated = end < count && !Self.spaces[end - 1]
        let natural = Self.syllables[first ..< end].reduce(0, +) + Double(inner) + (hyphenated ? Self.hyphenWidth : 0)
        let stretch = (end == count ? 100_000 : Double(inner)) + Self.emergencyStretch, shrink = Double(inner) * 0.5
        let ratio = natural <= Self.lineWidth ? (stretch > 0 ? (Self.lineWidth - natural) / stretch : .infinity)
                                              : (Self.lineWidth - natural) / shrink
        guard ratio >= -1, ratio.isFinite else { return nil }
        let badness = min(10_000, 100 * abs(ratio * ratio * ratio))
        return (10 + badness) * (10 + badness) + (hyphenated ? 2_500 : 0)
    }

    /// The cheapest setting, by trying every one, whose lines pass `allowed` (the flags of its
    /// lines: whether each ends in a hyphen); nil when none does.
    private func cheapest(where allowed: ([Bool]) -> Bool) -> Double? {
        let count = Self.syllables.count
        var best: Double?
        for mask in 0 ..< (1 << (count - 1)) {
            var total = 0.0, first = 0, flags: [Bool] = [], feasible = true
            for end in 1 ... count where end == count || mask & (1 << (end - 1)) != 0 {
                guard let cost = demerits(first, end) else { feasible = false; break }
                total += cost
                flags.append(end < count && !Self.spaces[end - 1])
                first = end
            }
            if feasible, allowed(flags), total < (best ?? .infinity) { best = total }
        }
        return best
    }

    /// The cost and the hyphen flags of the breaks the search finds.
    private func search(_ parameters: KnuthPlassParameters) throws -> (cost: Double, flags: [Bool]) {
        let items = items
        let found = try XCTUnwrap(KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in Self.lineWidth }))
        var total = 0.0, first = 0, flags: [Bool] = []
        for lineBreak in found {
            let end = items[lineBreak.item].offset
            total += try XCTUnwrap(demerits(first, end))
            flags.append(items[lineBreak.item].flagged)
            first = end
        }
        return (total, flags)
    }

    func testTheLimitIsKeptAndTheCheapestSettingThatKeepsItIsFound() throws {
        let unlimited = try search(parameters)
        XCTAssertEqual(unlimited.cost, try XCTUnwrap(cheapest { _ in true }), accuracy: 1e-6)
        XCTAssertGreaterThanOrEqual(HyphenationControlTests.longestRun(unlimited.flags), 2, "the paragraph's best setting has hyphens in a row: \(unlimited.flags)")
        for limit in 1 ... 2 {
            var limited = parameters
            limited.consecutiveHyphenLimit = limit
            let found = try search(limited)
            XCTAssertLessThanOrEqual(HyphenationControlTests.longestRun(found.flags), limit, "\(found.flags)")
            let best = try XCTUnwrap(cheapest { HyphenationControlTests.longestRun($0) <= limit })
            XCTAssertEqual(found.cost, best, accuracy: 1e-6, "limit \(limit): the cheapest setting that keeps it")
        }
    }

    func testALineMadeToEndOnAWholeWordDoesAndTheRestIsTheCheapest() throws {
        let unlimited = try search(parameters)
        let hyphenatedLine = try XCTUnwrap(unlimited.flags.firstIndex(of: true))
        var rule = parameters
        rule.unhyphenatedLine = hyphenatedLine
        let found = try search(rule)
        XCTAssertFalse(found.flags[hyphenatedLine], "\(found.flags)")
        let best = try XCTUnwrap(cheapest { $0.count <= hyphenatedLine || !$0[hyphenatedLine] })
        XCTAssertEqual(found.cost, best, accuracy: 1e-6)
    }
}
