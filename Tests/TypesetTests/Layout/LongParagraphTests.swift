@testable import Layout
import Breaking
import Fonts
import Shaping
import Text
import XCTest

/// A paragraph longer than one line-breaking search takes in is broken window by window
/// (see ParagraphBreaker.window): shorter ones exactly as before, longer ones within the
/// tolerance and in bounded work.
final class LongParagraphTests: FramesetterTestCase {
    private static let words = """
        It has been a remarkable season. The outbreak that began, as these things always do, with a \
        mysteriously unlabelled crate at a regional distribution centre has now entered what experts call \
        the long middle. Nobody is panicking any more. The sirens have been switched off to save electricity.
        """.split(separator: " ").map(String.init)

    /// `count` words drawn from the prose, the same for the same seed.
    private static func prose(words count: Int, seed: UInt64) -> String {
        var state = seed
        return (0 ..< count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return words[Int(state >> 33) % words.count]
        }.joined(separator: " ")
    }

    private func prepared(_ string: String) throws -> PreparedParagraph {
        let table = try FontTableBuilder(library: library).table
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .justify, hyphenate: true))
        text.append(string, attributes: TestSupport.defaultAttributes(size: 11))
        return PreparedParagraph(text: text, range: 0 ..< text.length, fonts: table, itemizer: TextItemizer(fonts: table), shaper: Shaper())
    }

    private func breaker(_ paragraph: PreparedParagraph, window: Int) -> ParagraphBreaker {
        var breaker = ParagraphBreaker(paragraph: paragraph, hyphenator: { Hyphenator(language: $0) })
        breaker.window = window
        return breaker
    }

    /// The whole paragraph's breaks as a framesetter asks for them: from the last break of
    /// each answer, until the paragraph ends.
    private func breaksInTurn(_ breaker: ParagraphBreaker, width: Double,
                              effort: inout KnuthPlassLineBreaker.Effort) throws -> [LineBreak] {
        var all: [LineBreak] = []
        var start = breaker.paragraph.range.lowerBound
        while start < breaker.paragraph.range.upperBound {
            let found = try XCTUnwrap(breaker.breaks(from: start, widths: [width], otherWidth: width, effort: &effort))
            let last = try XCTUnwrap(found.last)
            XCTAssertGreaterThan(last.end, start, "every search sets at least one line")
            all += found
            start = last.end
        }
        return all
    }

    /// Each line's badness but the last's (100 × ratio³ of its stretch, with
    /// `emergency` points more), after checking that it is not overfull.
    private func badness(of breaks: [LineBreak], in paragraph: PreparedParagraph, width: Double,
                         emergency: Double) throws -> [Double] {
        var start = 0
        var values: [Double] = []
        for lineBreak in breaks {
            let line = LineBuilder(paragraph: paragraph).makeLine(from: start, to: lineBreak, left: 0, available: width)
            XCTAssertLessThanOrEqual(line.width, width + 0.01, "line \(line.stringRange) at \(width) pt")
            if !line.endsParagraph {
                let content = paragraph.trimmedEnd(from: start, to: lineBreak.end)
                let natural = paragraph.width(from: start, to: lineBreak.end)
                    + (lineBreak.kind == .hyphenated ? paragraph.hyphenAdvance(before: content) : 0)
                // What the line's spaces, letters and glyphs may give, as the breaker counts it.
                let glyphs = paragraph.glyphIndex(atOrAfter: start) ..< paragraph.glyphIndex(atOrAfter: content)
                let stretch = JustificationGives(paragraph: paragraph, glyphs: glyphs).total.stretch
                let ratio = (width - natural) / (stretch + emergency)
                values.append(100 * ratio * ratio * ratio)
            }
            start = lineBreak.end
        }
        return values
    }

    func testBelowTheWindowTheBreaksAreThoseOfTheWholeParagraph() throws {
        for (seed, count) in [(1, 10), (2, 45), (3, 80), (4, 120), (5, 160), (6, 200)] {
            let paragraph = try prepared(Self.prose(words: count, seed: UInt64(seed)))
            // A window of as many opportunities as the paragraph has, or a few more.
            let opportunities = paragraph.opportunities.offsets.count
            for window in [opportunities, opportunities + 7] {
                for width in [120.0, 170.0, 232.0, 320.0] {
                    let whole = breaker(paragraph, window: .max).breaks(from: 0, firstWidth: width, otherWidth: width)
                    var effort = KnuthPlassLineBreaker.Effort()
                    let windowed = try breaksInTurn(breaker(paragraph, window: window), width: width, effort: &effort)
                    XCTAssertEqual(windowed, whole, "\(count) words at \(width) pt, window \(window)")
                }
            }
        }
    }

    func testAParagraphOfManyWindowsIsSetWithinTheToleranceInBoundedWork() throws {
        let paragraph = try prepared(Self.prose(words: 3_000, seed: 7))
        let window = 150
        for width in [170.0, 232.0] {
            var wholeEffort = KnuthPlassLineBreaker.Effort(), effort = KnuthPlassLineBreaker.Effort()
            let whole = try XCTUnwrap(breaker(paragraph, window: .max)
                .breaks(from: 0, widths: [width], otherWidth: width, effort: &wholeEffort))
            let windowed = try breaksInTurn(breaker(paragraph, window: window), width: width, effort: &effort)
            XCTAssertEqual(windowed.last?.end, paragraph.range.upperBound)
            // Close to the optimum: about as many lines (within 2 %: letters and glyphs that give
            // let the whole search shrink a line away here and there that windows of a few
            // dozen lines do not see).
            XCTAssertLessThanOrEqual(abs(windowed.count - whole.count), max(2, whole.count / 50), "at \(width) pt")
            // No line overfull, and none looser than the last pass allows (10,000 with 3 em of
            // emergency stretch); when the whole paragraph keeps to TeX's tolerance (badness
            // 200), all but 1 % of the windowed lines do too (a window cannot see the hyphen
            // limit and the capitalised words past its end, and now and then needs the last pass).
            let wholeWorst = try badness(of: whole, in: paragraph, width: width, emergency: 0).max() ?? 0
            for (index, value) in try badness(of: windowed, in: paragraph, width: width, emergency: 3 * 11).enumerated() {
                XCTAssertLessThanOrEqual(value, 10_000, "line \(index) at \(width) pt")
            }
            if wholeWorst <= ParagraphBreaker.secondPassTolerance + 1 {
                let loose = try badness(of: windowed, in: paragraph, width: width, emergency: 0)
                    .filter { $0 > ParagraphBreaker.secondPassTolerance + 1 }
                XCTAssertLessThanOrEqual(loose.count, max(1, windowed.count / 100), "at \(width) pt: \(loose)")
            }
            // Work bounded by the window, not by the paragraph.
            XCTAssertLessThan(effort.items, 6 * window, "at \(width) pt")
            XCTAssertLessThan(effort.nodesMade, 4 * 6 * window, "at \(width) pt")
            XCTAssertGreaterThan(wholeEffort.items, 4 * effort.items, "the whole search is larger")
            XCTAssertLessThan(effort.mostActive, 200)
        }
    }

    /// A fifth of a megabyte, some 20 windows: the searches' bound is the window's, whatever
    /// the length (a megabyte took 1.3 s of the suite to show the same).
    func testAParagraphOfManyWindowsIsSetInBoundedSearches() throws {
        let text = Self.prose(words: 40_000, seed: 11)
        XCTAssertGreaterThan(text.utf16.count, 200_000)
        var attributed = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .justify, hyphenate: true))
        attributed.append(text, attributes: TestSupport.defaultAttributes(size: 11))
        let setter = Framesetter(text: attributed, fonts: try FontTableBuilder(library: library).table)
        var position = 0, frames = 0
        var carry = FlowCarry.none
        while position < setter.text.length {
            let result = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 232, height: 4_000)), from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            XCTAssertGreaterThan(frame.visibleRange.upperBound, position)
            position = frame.visibleRange.upperBound
            frames += 1
        }
        XCTAssertGreaterThan(frames, 10)
        let bound = 6 * ParagraphBreaker.windowOpportunities
        XCTAssertLessThan(setter.largestBreakSearch.items, bound)
        XCTAssertLessThan(setter.largestBreakSearch.nodesMade, 4 * bound)
    }
}
