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
}
