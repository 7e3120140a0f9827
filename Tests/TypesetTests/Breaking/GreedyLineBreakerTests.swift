import Breaking
import XCTest

/// A monospace measure: every UTF-16 unit is 10 pt wide, trailing spaces hang, and a word
/// may be cut anywhere (or only at the given cluster boundaries).
private struct Monospace: LineMeasuring {
    let units: [UInt16]
    var advance = 10.0
    var clusterBoundaries: Set<Int>? = nil

    init(_ string: String, clusterBoundaries: Set<Int>? = nil) {
        units = Array(string.utf16)
        self.clusterBoundaries = clusterBoundaries
    }

    func width(from start: Int, to end: Int) -> Double {
        var last = end
        while last > start, units[last - 1] == 0x20 || units[last - 1] == 0x2028 { last -= 1 }
        return Double(last - start) * advance
    }

    func emergencyBreak(from start: Int, before end: Int, available: Double) -> Int? {
        let boundaries = (start + 1 ..< max(start + 1, end)).filter { clusterBoundaries?.contains($0) ?? true }
        return boundaries.last { width(from: start, to: $0) <= available } ?? boundaries.first
    }
}

final class GreedyLineBreakerTests: XCTestCase {
    private let breaker = GreedyLineBreaker()

    /// Every line of `string` at `available` points, checking that each call moves on.
    private func lines(_ string: String, available: Double, measure: Monospace? = nil) -> [LineBreak] {
        let measure = measure ?? Monospace(string)
        let opportunities = BreakOpportunities.find(in: measure.units)
        var result: [LineBreak] = []
        var start = 0
        while start < measure.units.count {
            let line = breaker.nextLine(from: start, opportunities: opportunities, available: available, measure: measure)
            XCTAssertGreaterThan(line.end, start, "no progress at \(start)")
            guard line.end > start, result.count < 10_000 else { break }
            result.append(line)
            start = line.end
        }
        return result
    }

    func testFillsAsManyWordsAsFit() {
        let text = "aaa bbb ccc ddd"   // opportunities 4, 8, 12, 15
        XCTAssertEqual(lines(text, available: 75), [
            LineBreak(end: 8, kind: .opportunity), LineBreak(end: 15, kind: .mandatory),
        ])
        // Exactly the width of "aaa bbb" (trailing space hangs) still fits.
        XCTAssertEqual(lines(text, available: 70).first, LineBreak(end: 8, kind: .opportunity))
        XCTAssertEqual(lines(text, available: 69.9).first, LineBreak(end: 4, kind: .opportunity))
        XCTAssertEqual(lines(text, available: 150), [LineBreak(end: 15, kind: .mandatory)])
        XCTAssertEqual(lines(text, available: 30).map(\.end), [4, 8, 12, 15])
    }

    func testTheEndOfTheTextIsMandatory() {
        let text = "aaa bbb"
        let opportunities = BreakOpportunities.find(in: Array(text.utf16))
        let last = breaker.nextLine(from: 4, opportunities: opportunities, available: 1000, measure: Monospace(text))
        XCTAssertEqual(last, LineBreak(end: 7, kind: .mandatory))
    }

    func testAHardBreakEndsTheLineEvenWhenMoreWouldFit() {
        let text = "ab\u{2028}cd ef"
        XCTAssertEqual(lines(text, available: 1000), [
            LineBreak(end: 3, kind: .mandatory), LineBreak(end: 8, kind: .mandatory),
        ])
    }

    func testAWordWiderThanTheLineIsCutAndNeverLoops() {
        let word = "abcdefghijklmnopqrstuvwxyz"
        let result = lines(word, available: 55)
        XCTAssertEqual(result.map(\.end), [5, 10, 15, 20, 25, 26])
        XCTAssertEqual(result.dropLast().map(\.kind), Array(repeating: .forced, count: 5))
        XCTAssertEqual(result.last?.kind, .mandatory)
    }

    func testALineNarrowerThanOneCharacterStillTakesOneEach() {
        let text = "abc de"
        let result = lines(text, available: 5)
        XCTAssertEqual(result.first, LineBreak(end: 1, kind: .forced))
        XCTAssertEqual(result.last?.end, 6)
        // Each line holds one character (a space may hang after it).
        for (start, line) in zip([0] + result.map(\.end), result) {
            XCTAssertEqual(Monospace(text).width(from: start, to: line.end), start == 3 ? 0 : 10, "line from \(start)")
        }
    }

    func testAnEmergencyCutIsMadeOnlyAtAClusterBoundary() {
        let word = "abcdefghij"
        let measure = Monospace(word, clusterBoundaries: [3, 6, 9])
        let result = lines(word, available: 55, measure: measure)
        XCTAssertEqual(result.map(\.end), [3, 6, 10])   // 3 + 3 would be 60 pt; then the rest fits
        // A boundary beyond the width is still taken when it is the first: progress first.
        let wide = lines(word, available: 15, measure: measure)
        XCTAssertEqual(wide.map(\.end), [3, 6, 9, 10])
        // No boundary at all: the whole word goes on one line.
        let whole = lines(word, available: 15, measure: Monospace(word, clusterBoundaries: []))
        XCTAssertEqual(whole, [LineBreak(end: 10, kind: .mandatory)])
    }

    func testALongWordBetweenShortOnes() {
        let text = "aa bbbbbbbbbb cc"
        let result = lines(text, available: 50)
        XCTAssertEqual(result.map(\.end), [3, 8, 14, 16])
        XCTAssertEqual(result.map(\.kind), [.opportunity, .forced, .opportunity, .mandatory])
    }
}
