import Layout
import Markup
import Text
import XCTest

/// Where the layout may start a line, as the page checker reads a line's words by it: ICU's
/// opportunities with typography's changes and `<nobr>`, the same the line breaker uses.
final class ParagraphBreakOpportunitiesTests: XCTestCase {
    private func starts(_ markup: String) -> (text: AttributedText, starts: [String]) {
        let text = TestSupport.parse(markup).text
        let breaks = text.lineBreaks(inParagraphOf: 0)
        var previous = 0
        let words = breaks.map { lineBreak -> String in
            defer { previous = lineBreak.offset }
            return text.substring(previous ..< lineBreak.offset)
        }
        return (text, words)
    }

    /// A dash that stands apart stays with the word before it (no line starts with it), so
    /// "drawer, —" is one word (seeds 762, 3874, 5737: the checker had parted it at the space).
    func testADashStandingApartIsItsWordsAndADashAfterASentenceStartsOne() {
        XCTAssertEqual(starts("<p>keeper drawer, &mdash; Autumn photographer</p>").starts.prefix(3), ["keeper ", "drawer, \u{2014} ", "Autumn "])
        XCTAssertEqual(starts("<p>Lonely friends? &mdash; Autumn</p>").starts.prefix(3), ["Lonely ", "friends? ", "\u{2014} "])
    }

    /// `<nobr>` keeps its words one, and a `<br>` is a break a line must take.
    func testNoBreakSpansAreOneWordAndALineBreakIsMandatory() {
        let (text, words) = starts("<p><nobr>Lamp at,</nobr> Borrowers<br>road</p>")
        XCTAssertEqual(words.prefix(2), ["Lamp at, ", "Borrowers\u{2028}"])
        XCTAssertEqual(text.lineBreaks(inParagraphOf: 0).map(\.isMandatory).prefix(2), [false, true])
    }

    /// A closing bracket keeps the letter or figure set against it, as `)` does (UAX #14's LB30
    /// keeps only class CP so): "⟨E⟩" and its subscript are one word. A space still parts them,
    /// and a CJK closing bracket keeps the breaks its script has.
    func testAClosingBracketKeepsTheLetterOrFigureAfterIt() {
        XCTAssertEqual(starts("<p>field ⟨E⟩<sub>T</sub> (1 + x) and {a}b ⟦x⟧2</p>").starts,
                       ["field ", "⟨E⟩T ", "(1 ", "+ ", "x) ", "and ", "{a}b ", "⟦x⟧2"])
        XCTAssertEqual(starts("<p>⟨E⟩ T</p>").starts, ["⟨E⟩ ", "T"])
        XCTAssertTrue(starts("<p lang=\"ja\">「日本」の本</p>").starts.contains { $0.hasSuffix("」") })
    }

    /// A thin space between digits groups them (SI's `49 700.0`): no break, the figure is one
    /// word. Beside a letter it still breaks, as Unicode's rules let it.
    func testAThinSpaceBetweenDigitsIsNoBreak() {
        XCTAssertEqual(starts("<p>−49&thinsp;700.0 and 0.123&thinsp;456 or 12&thinsp;kg</p>").starts,
                       ["−49\u{2009}700.0 ", "and ", "0.123\u{2009}456 ", "or ", "12\u{2009}", "kg"])
    }
}
