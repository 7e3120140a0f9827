import Layout
import Text
import XCTest

/// Display lines (`balance`, on by default in the headline styles): as many lines as at the
/// full measure, of nearly equal length, set flush, with no word alone on the last line.
final class DisplayLineTests: FramesetterTestCase {
    private static let lastKeepers = "The Last Keepers of the Light"

    /// The text of each line of `markup` set in a container `width` wide (and `exclusions`).
    private func lines(_ markup: String, width: Double, exclusions: [Exclusion] = []) throws -> [(text: String, width: Double)] {
        let setter = try framesetter(markup)
        let rect = Rect(x: 0, y: 0, width: width, height: 1000)
        let frame = setter.frame(in: Container(rect: rect, exclusions: exclusions), from: 0)
        XCTAssertEqual(frame.visibleRange.upperBound, setter.text.length, "the paragraph is set whole")
        return frame.lines.map { (setter.text.substring($0.stringRange).trimmingCharacters(in: .whitespacesAndNewlines), $0.width) }
    }

    /// The width of `text` set as a headline on one line.
    private func headlineWidth(_ text: String) throws -> Double {
        try XCTUnwrap(lines(#"<p style="headline">"# + text, width: 2000).first?.width)
    }

    func testNoWordStandsAloneOnTheLastLine() throws {
        // Wide enough for all but the last word: unbalanced, "Light" would be alone.
        let width = try headlineWidth("The Last Keepers of the") + 4
        let unbalanced = try lines(#"<p style="headline" balance="false">"# + Self.lastKeepers, width: width)
        XCTAssertEqual(unbalanced.map(\.text), ["The Last Keepers of the", "Light"])
        let balanced = try lines(#"<p style="headline">"# + Self.lastKeepers, width: width)
        XCTAssertEqual(balanced.map(\.text), ["The Last Keepers", "of the Light"])
    }

    func testTheLinesOfALongerHeadlineAreNearlyEqual() throws {
        let headline = "Seed for the Spring Is Lent in March and Comes Back in the Autumn, With a Little More Than Was Borrowed"
        let unbalanced = try lines(#"<p style="headline" balance="false">"# + headline, width: 300)
        let balanced = try lines(#"<p style="headline">"# + headline, width: 300)
        XCTAssertEqual(balanced.count, unbalanced.count, "the same number of lines as at the full measure")
        XCTAssertGreaterThanOrEqual(balanced.count, 3)
        let widths = balanced.map(\.width)
        XCTAssertLessThan(widths.max()! - widths.min()!, 0.06 * widths.max()!, "lines within a few percent of each other: \(balanced)")
        let unbalancedWidths = unbalanced.map(\.width)
        XCTAssertGreaterThan(unbalancedWidths.max()! - unbalancedWidths.min()!, 0.3 * unbalancedWidths.max()!,
                             "the test's headline ends in a short line when not balanced: \(unbalanced)")
        XCTAssertLessThan(widths.max()!, 300 - 10, "set flush, not stretched to the measure")
    }

    func testAOneLineHeadlineIsUnchanged() throws {
        let balanced = try lines(#"<p style="headline">The Long Walk"#, width: 300)
        let unbalanced = try lines(#"<p style="headline" balance="false">The Long Walk"#, width: 300)
        XCTAssertEqual(balanced.map(\.text), ["The Long Walk"])
        XCTAssertEqual(balanced.map(\.width), unbalanced.map(\.width))
    }

    func testAHeadlineThatFitsWithItsSpacesShrunkStaysOnOneLine() throws {
        // The zombie masthead fitted its column only with its spaces shrunk; ragged lines
        // do not shrink, so it broke "Zombie / Monthly". A display line takes the paragraph's
        // minimum word spacing, as InDesign's ragged lines do.
        let headline = "The Long Walk Out of the Marsh"
        let width = try headlineWidth(headline) - 3
        let set = try lines(#"<p style="headline">"# + headline, width: width)
        XCTAssertEqual(set.map(\.text), [headline])
        XCTAssertLessThanOrEqual(set[0].width, width + 0.01, "its spaces shrunk into the measure")
        let tooNarrow = try lines(#"<p style="headline">"# + headline, width: width - 20)
        XCTAssertEqual(tooNarrow.count, 2, "one that does not fit even shrunk is broken and balanced")
        XCTAssertLessThan(tooNarrow.map(\.width).max()!, width - 20 - 20, "its balanced lines are not squeezed to the measure")
    }

    func testAHeadlineIsNeverJustified() throws {
        // The issue's headline, in a document whose body text is justified.
        let width = try headlineWidth("The Long Walk Out of the") + 2
        let set = try lines(#"<p style="headline">The Long Walk Out of the Marsh at Dusk"#, width: width)
        XCTAssertEqual(set.count, 2)
        for line in set { XCTAssertLessThan(line.width, width - 20, "flush, its spaces not pulled apart: \(set)") }
    }

    func testABalancedBodyParagraphIsFlushUnlessItSaysJustify() throws {
        let text = "Seed for the spring is lent in March and comes back in October, with a little more than was borrowed."
        let flush = try lines(#"<p balance="true">"# + text, width: 240)
        XCTAssertGreaterThanOrEqual(flush.count, 2)
        XCTAssertLessThan(flush[0].width, 240 - 5)
        let justified = try lines(#"<p balance="true" align="justify">"# + text, width: 240)
        XCTAssertEqual(justified[0].width, 240, accuracy: 0.5, "justify given with balance stretches the lines")
    }

    func testLinesBesideAnExclusionAreBalancedOnTheirOwnWidths() throws {
        // A circle cuts into the right of the first lines: their measures differ line to line.
        let circle = Exclusion(.circle(center: Point(x: 300, y: 0), radius: 60))
        let headline = "How a Retired Librarian Kept Her Seed Library Open Through the Winter"
        let unbalanced = try lines(#"<p style="headline" balance="false">"# + headline, width: 300, exclusions: [circle])
        let balanced = try lines(#"<p style="headline">"# + headline, width: 300, exclusions: [circle])
        XCTAssertEqual(balanced.count, unbalanced.count)
        XCTAssertGreaterThan(balanced.last!.width, unbalanced.last!.width, "the last line is no longer the short one")
    }
}
