import Foundation
@testable import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A frame is a value computed from values: the same text, container, start and carry give the
/// same frame whatever was set before with the same framesetter, and whatever its paragraph
/// cache holds.
final class FrameValueTests: FramesetterTestCase {
    /// What a frame shows, line by line, to compare two frames exactly.
    private func signature(_ frame: Frame) -> [String] {
        ["\(frame.visibleRange) floats \(frame.floats.map(\.rect))"]
            + frame.lines.map { "\($0.stringRange) at \($0.origin) width \($0.width) runs \($0.runs.map(\.glyphIDs))" }
    }

    /// Frames down a narrow justified column of the zombie magazine, each set three times: as
    /// the column before left it, again after trial frames from the same start at other widths
    /// and shapes, and with a framesetter that has set nothing. All three agree. Where the
    /// breaks carried from the column before decide the lines (some frames here), the old
    /// framesetter, which kept one plan per paragraph and let the last trial replace it, set the
    /// column again differently.
    func testAFrameIsTheSameAfterOtherTrialsAndWithAColdCache() throws {
        let document = try TestSupport.parseZombies()
        let warm = try framesetter(for: document)
        let column = Container(rect: Rect(x: 0, y: 0, width: 150, height: 180))
        let circle = Container(rect: Rect(x: 0, y: 0, width: 200, height: 200), shape: .circle(center: Point(x: 100, y: 100), radius: 100))
        var position = 0, carry = FlowCarry.none, frames = 0, carriedBreaksMatter = 0
        while position < warm.text.length, frames < 40 {
            let first = warm.frame(in: column, from: position, carrying: carry)
            _ = warm.frame(in: Container(rect: Rect(x: 0, y: 0, width: 97, height: 120)), from: position, carrying: carry)
            _ = warm.frame(in: circle, from: position, carrying: carry)
            _ = warm.frame(in: column, from: first.frame.visibleRange.upperBound)
            let again = warm.frame(in: column, from: position, carrying: carry)
            XCTAssertEqual(signature(again.frame), signature(first.frame), "frame \(frames) set again after trials")
            XCTAssertEqual(again.carry, first.carry, "frame \(frames) carries the same")
            let cold = try framesetter(for: document).frame(in: column, from: position, carrying: carry)
            XCTAssertEqual(signature(cold.frame), signature(first.frame), "frame \(frames) with a cold cache")
            if signature(warm.frame(in: column, from: position)) != signature(first.frame) { carriedBreaksMatter += 1 }
            position = first.frame.visibleRange.upperBound
            carry = first.carry
            frames += 1
        }
        XCTAssertGreaterThan(frames, 10)
        XCTAssertGreaterThan(carriedBreaksMatter, 0, "somewhere the breaks carried in decide the column's lines")
    }

    /// The pages of a document with sections, floats and spanning pictures (balancing, float
    /// placement and picture trials all run) are the same from a framesetter that has set
    /// frames all over the text before as from a fresh one.
    func testPagesDoNotDependOnWhatTheFramesetterSetBefore() throws {
        let input = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/magazine-feature/magazine-feature.txt").path
        let document = try Typesetter(options: TypesetOptions()).prepare(fileAt: input)
        let fresh = document.checkedPages().map { $0.frames.flatMap(signature) }
        XCTAssertGreaterThan(fresh.count, 1)

        let used = document.pages().framesetter
        for start in stride(from: 0, to: used.text.length, by: 997) {
            _ = used.frame(in: Container(rect: Rect(x: 0, y: 0, width: 123, height: 300),
                                         exclusions: [Exclusion(.rectangle(Rect(x: 40, y: 40, width: 30, height: 60)))]), from: start)
        }
        let again = Array(Paginator(framesetter: used, template: document.template, exclusions: document.exclusions))
            .map { $0.frames.flatMap(signature) }
        XCTAssertEqual(again, fresh)
    }

    /// A caller that sets frames over a long text by hand, never forgetting, keeps the cache
    /// within its budget.
    func testTheCacheStaysWithinItsBudgetWithoutBeingTold() throws {
        let paragraph = String(repeating: "The dead walked the streets of the town at night, and nobody knew what to do. ", count: 20)
        let setter = try framesetter(Array(repeating: paragraph, count: 200).joined(separator: "\n"))
        var position = 0, carry = FlowCarry.none, largest = 0
        while position < setter.text.length {
            let result = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 700)), from: position, carrying: carry)
            position = result.frame.visibleRange.upperBound
            carry = result.carry
            largest = max(largest, setter.cache.bytesHeld)
        }
        let paragraphBytes = setter.cache.paragraph(containing: 0).heldBytes
        XCTAssertGreaterThan(200 * paragraphBytes, ParagraphCache.byteBudget, "the text holds more than the budget")
        XCTAssertLessThanOrEqual(largest, ParagraphCache.byteBudget)
    }

    /// Past its budget the cache drops the paragraph asked for longest ago, not the one furthest
    /// behind in the text: a paragraph of 5,000 notes (its notes' paragraphs after it in the
    /// text) was dropped while its page was being set, and prepared 420 times.
    func testTheCacheDropsTheParagraphAskedForLongestAgoNotTheOneFurthestBehind() throws {
        let long = String(repeating: "The dead walked the streets of the town at night, and nobody knew what to do. ", count: 800)
        let short = String(repeating: "A note on the town's night watch, and what it did about the dead. ", count: 40)
        let setter = try framesetter(([long] + Array(repeating: short, count: 200)).joined(separator: "\n"))
        let cache = setter.cache
        let longBytes = cache.paragraph(containing: 0).heldBytes
        var start = long.utf16.count + 1
        for _ in 0 ..< 200 {
            _ = cache.paragraph(containing: start)   // a note's paragraph, after the long one
            _ = cache.paragraph(containing: 0)       // the paragraph still being set
            start += short.utf16.count + 1
        }
        XCTAssertGreaterThan(longBytes + 200 * cache.paragraph(containing: long.utf16.count + 1).heldBytes, ParagraphCache.byteBudget,
                             "the text holds more than the budget")
        XCTAssertLessThanOrEqual(cache.bytesHeld, ParagraphCache.byteBudget)
        XCTAssertLessThanOrEqual(cache.paragraphsPrepared, 1 + 200 + 1, "the long paragraph prepared once; a dropped note's again at most")
    }

    /// Past its budget the cache drops paragraphs a batch at a time: choosing the oldest walks
    /// everything held, and a table's measure, which prepares every cell in turn, walked it once
    /// a cell (thousands of paragraphs looked at for each dropped; a few now).
    func testTheCacheLooksAtAFewParagraphsForEachItDrops() throws {
        let cell = "2024-03-14 Keller, Petra INV-40321 1553.18"
        let setter = try framesetter(Array(repeating: cell, count: 12_000).joined(separator: "\n"))
        let cache = setter.cache
        var start = 0
        while start < setter.text.length {
            start = cache.paragraph(containing: start).fullRange.upperBound
        }
        XCTAssertGreaterThan(cache.paragraphsDropped, 1_000, "the text holds more than the budget")
        XCTAssertLessThanOrEqual(cache.bytesHeld, ParagraphCache.byteBudget)
        XCTAssertLessThan(cache.paragraphsVisitedDropping, 20 * cache.paragraphsDropped)
    }

    /// A prepared paragraph reads its style where the text's runs keep it, the one copy they
    /// share: a copy of its own cost some 1,700 instructions a paragraph, with its release
    /// (10,000 lines of the catalogue 1,571.8 → 1,553.0 M).
    func testAPreparedParagraphReadsTheStyleTheTextKeeps() throws {
        let framesetter = try framesetter("The first paragraph.\nThe second, in the same style.\nThe third.")
        let text = framesetter.text
        var start = 0, paragraphs = 0
        while start < text.length {
            let paragraph = framesetter.cache.paragraph(containing: start)
            XCTAssertTrue(paragraph.sharedStyle === text.sharedParagraphStyle(at: paragraph.range.lowerBound), "paragraph at \(start)")
            XCTAssertEqual(paragraph.style, text.paragraphStyle(at: paragraph.range.lowerBound))
            start = paragraph.fullRange.upperBound
            paragraphs += 1
        }
        XCTAssertEqual(paragraphs, 3)
    }

    /// Fitting boxes to the page measures them in text order with one framesetter: it keeps the
    /// paragraphs of the box it measures, not every box's before it (a 200-page magazine's
    /// boxes filled the cache to its budget, some 10 MB, before the first page).
    func testFittingBoxesKeepsOnlyTheParagraphsOfTheBoxBeingMeasured() throws {
        let aside = "<aside float=\"right\" width=\"120\">\nA note beside the text, long enough for a few lines of its box.\n</aside>"
        let markup = Array(repeating: "The dead walked the streets of the town at night.\n" + aside, count: 50).joined(separator: "\n")
        let document = try TestSupport.parse(markup + "\n", baseDirectory: TestSupport.imagesDirectory.path)
        let fonts = try TestSupport.fontTable(for: document, library: library)
        var text = document.text
        var measuring: Framesetter?
        let diagnostics = PageTemplate().fitBoxes(&text, fonts: fonts, places: document.elementPlaces) { fitted in
            let made = Framesetter(text: fitted, fonts: fonts)
            measuring = made
            return made
        }
        XCTAssertEqual(diagnostics.map(\.description), [])
        let boxes = TextBoxes(text: text).all
        XCTAssertEqual(boxes.count, 50)
        let cache = try XCTUnwrap(measuring).cache
        let held = cache.bytesHeld
        XCTAssertGreaterThan(held, 0)
        // The last box is one paragraph; fifty boxes' paragraphs held would be fifty times it.
        let lastBoxBytes = cache.paragraph(containing: try XCTUnwrap(boxes.last).range.lowerBound).heldBytes
        XCTAssertLessThanOrEqual(held, 2 * lastBoxBytes, "the last box's paragraphs alone")
    }
}
