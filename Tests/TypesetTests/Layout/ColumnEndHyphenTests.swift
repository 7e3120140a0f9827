@testable import Layout
import Foundation
import Pages
import Text
import XCTest

/// No hyphen on a column's last line: two columns of a page set from real paragraphs, at many
/// heights, against the same columns set without the rule (the line loop alone).
final class ColumnEndHyphenTests: FramesetterTestCase {
    /// Ordinary prose.
    private static let ordinary = """
        The lighthouse keeper kept a careful record of every visitor, every delivery and every change \
        in the weather, writing in a handsome ledger that the harbour authority had supplied decades ago. \
        Nobody had asked to read it for years, but he considered the entries important nonetheless.
        In the winter the supply boat came only once a fortnight, bringing paraffin, tinned vegetables, \
        newspapers already three weeks old and, occasionally, a letter from his sister, who lived inland \
        and worried about him constantly, especially after the outbreak reached the neighbouring villages.
        He answered every letter the same afternoon, describing the lamp, the gulls and the remarkable \
        persistence of the undead, who gathered on the shingle at low tide but never attempted the causeway.
        """

    /// How far spaces open at most in a line within TeX's tolerance (200, a stretch ratio of
    /// 1.26): 133 % at the ratio 1, letters and glyphs giving their share.
    private static let looseWithinTolerance = 1.5

    private func column(width: Double, height: Double) -> Container {
        Container(rect: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// The first column as the line loop sets it, before the rule is applied.
    private func withoutTheRule(_ framesetter: Framesetter, width: Double, height: Double) -> Frame {
        var setting = FrameSetting(framesetter: framesetter, carrying: nil)
        return setting.lines(in: column(width: width, height: height), from: 0, to: framesetter.text.length)
    }

    private func endsInHyphen(_ frame: Frame, _ units: [UInt16]) -> Bool {
        frame.lines.last.map { HyphenationControlTests.endsInsideWord($0, units) } ?? false
    }

    /// The loosest justified line of `lines` that does not end its paragraph (see `WordSpaces.looseness`).
    private func loosest(_ lines: [Line], width: Double, _ units: [UInt16]) -> Double {
        lines.filter { !$0.endsParagraph }.compactMap { WordSpaces.looseness(of: $0, width: width - $0.origin.x, units: units) }.max() ?? 1
    }

    /// Sets `markup` in a first column `width` wide at many heights, and a second taking the
    /// rest, and checks every first column that would end in a hyphen; returns how many would,
    /// and how many end on a whole word. Ending on a whole word must space no line out further
    /// than the paragraphs' own setting in one long column does, or than their justification
    /// ranges with TeX's tolerance allow: where it would, the hyphen stays (TeX's \brokenpenalty).
    private func columnEnds(_ markup: String, width: Double) throws -> (wouldHyphenate: Int, moved: Int) {
        let framesetter = try framesetter(markup)
        let units = Array(framesetter.text.string.utf16)
        let ownLoosest = loosest(withoutTheRule(framesetter, width: width, height: 20_000).lines, width: width, units)
        var wouldHyphenate = 0, moved = 0
        for height in stride(from: 60.0, through: 600, by: 6.1) {
            let plain = withoutTheRule(framesetter, width: width, height: height)
            guard endsInHyphen(plain, units) else { continue }
            wouldHyphenate += 1
            let first = framesetter.frame(in: column(width: width, height: height), from: 0, carrying: .none)
            XCTAssertGreaterThanOrEqual(first.frame.lines.count, plain.lines.count, "height \(height): no line lost")
            if !endsInHyphen(first.frame, units) { moved += 1 }
            // The second column goes on with the same breaks: every character set once, in order.
            let second = framesetter.frame(in: column(width: width, height: 20_000), from: first.frame.visibleRange.upperBound,
                                           carrying: first.carry)
            XCTAssertEqual(second.frame.visibleRange.upperBound, units.count)
            let lines = first.frame.lines + second.frame.lines
            XCTAssertLessThanOrEqual(loosest(lines, width: width, units), max(ownLoosest, Self.looseWithinTolerance) + 0.01,
                                     "height \(height): no line spaced out for the column's end")
            for (line, next) in zip(lines, lines.dropFirst()) {
                XCTAssertEqual(line.stringRange.upperBound, next.stringRange.lowerBound, "height \(height)")
            }
            // Orphans and widows (two lines each) still hold at the column's end.
            let end = first.frame.visibleRange.upperBound
            let paragraph = framesetter.text.paragraphRange(containing: max(0, end - 1))
            if end < paragraph.upperBound {
                XCTAssertGreaterThanOrEqual(first.frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }.count, 2)
                XCTAssertGreaterThanOrEqual(second.frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }.count, 2)
            }
        }
        return (wouldHyphenate, moved)
    }

    func testAColumnOfOrdinaryProseEndsOnAWholeWord() throws {
        let ends = try columnEnds(Self.ordinary + "\n", width: 210)
        XCTAssertGreaterThan(ends.wouldHyphenate, 3, "the heights tried give columns that would end in a hyphen")
        XCTAssertEqual(ends.moved, ends.wouldHyphenate, "at 210 pt every one can end on a whole word with no line looser for it")
    }

    /// At 130 pt the same prose needs emergency stretch (a line at 2.2 times its stretch), and
    /// ending its columns on a whole word would take a line to 3.6–4.6: every column keeps its
    /// hyphen. Before, each was re-broken so, "boat came only once / a fortnight, bringing"
    /// set flush for want of words to fill them.
    func testAColumnOfNarrowProseKeepsItsHyphenRatherThanSpaceALineOut() throws {
        let ends = try columnEnds(Self.ordinary + "\n", width: 130)
        XCTAssertGreaterThan(ends.wouldHyphenate, 3, "the heights tried give columns that would end in a hyphen")
    }

    /// Long words in a narrow measure need emergency stretch: a column ends on a whole word
    /// where no line is looser for it than the paragraph's loosest, a quarter of them here.
    func testAColumnOfLongWordsInANarrowMeasureEndsOnAWholeWordWhereNoLineIsLooserForIt() throws {
        let prose = HyphenationControlTests.prose
        let ends = try columnEnds(prose + "\n" + prose + "\n", width: 120)
        XCTAssertGreaterThan(ends.wouldHyphenate, 3)
        XCTAssertGreaterThan(ends.moved, 3, "\(ends)")
    }

    /// Columns of 240 pt: at 129 pt the prose needs emergency stretch, and keeps its hyphens
    /// (above).
    func testNoColumnOfATwoColumnPageEndsInAHyphen() throws {
        let markup = String(repeating: Self.ordinary + "\n", count: 4)
        var columnsChecked = 0
        for height in stride(from: 300.0, through: 420, by: 7) {
            let (document, pages) = try SectionTesting.layOut(markup) { options in
                options.page = PageTemplate(size: Size(width: 552, height: height), margins: Margins(all: 30), columns: 2, gutter: 12)
            }
            XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
            let units = Array(document.text.string.utf16)
            for (number, page) in pages.enumerated() {
                for frame in page.frames where frame.visibleRange.upperBound < units.count {
                    columnsChecked += 1
                    XCTAssertFalse(endsInHyphen(frame, units), "page \(number + 1) of the page \(height) pt tall")
                }
            }
        }
        XCTAssertGreaterThan(columnsChecked, 40)
    }
}
