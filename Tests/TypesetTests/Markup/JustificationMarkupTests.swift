import Diagnostics
import Markup
import Text
import XCTest

/// `<p word-spacing letter-spacing glyph-scaling>`: three percentages each, in a tag and in a
/// named style, the defaults where none is given, and each bad value an error at the value.
final class JustificationMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup)
    }

    func testTheDocumentedExampleSetsItsParagraphsRanges() {
        let document = MarkupExample.named("justification").parse()
        XCTAssertEqual(document.diagnostics, [])
        let tight = document.paragraphStyle(of: "Spaces alone").justification
        XCTAssertEqual(tight.wordSpacing, SpacingRange(85, 100, 120))
        XCTAssertEqual(tight.letterSpacing, SpacingRange(0, 0, 0))
        XCTAssertEqual(tight.glyphScaling, SpacingRange(99, 100, 101))
        let sidebar = document.paragraphStyle(of: "A narrow sidebar").justification
        XCTAssertEqual(sidebar, Justification(wordSpacing: SpacingRange(75, 90, 150), letterSpacing: SpacingRange(-1, 0, 3),
                                              glyphScaling: SpacingRange(97, 100, 103)))
    }

    func testParagraphsWithoutThemGetTheStandardRanges() {
        XCTAssertEqual(parse("Words\n").paragraphStyle(of: "Words").justification, .standard)
        let document = parse("<p word-spacing=\"90 100 110\">Set\n</p>Plain\n")
        XCTAssertEqual(document.paragraphStyle(of: "Plain").justification, .standard, "</p> ends them")
        let set = document.paragraphStyle(of: "Set").justification
        XCTAssertEqual(set.wordSpacing, SpacingRange(90, 100, 110))
        XCTAssertEqual(set.letterSpacing, Justification.standard.letterSpacing, "the others stay as they were")
    }

    func testPercentSignsAndDecimalsAreAccepted() {
        let document = parse("<p letter-spacing=\"-0.25% 0% 1.5%\" glyph-scaling=\" 98.5 100  101.5 \">Words\n")
        XCTAssertEqual(document.diagnostics, [])
        let justification = document.paragraphStyle(of: "Words").justification
        XCTAssertEqual(justification.letterSpacing, SpacingRange(-0.25, 0, 1.5))
        XCTAssertEqual(justification.glyphScaling, SpacingRange(98.5, 100, 101.5))
    }

    func testANamedStyleCarriesThemAndTheTagsOwnWin() {
        let document = parse("""
        <style name="sidebar" word-spacing="75 100 150" glyph-scaling="97 100 103"/>
        <p style="sidebar">First
        </p><p style="sidebar" glyph-scaling="100 100 100">Second
        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "First").justification.glyphScaling, SpacingRange(97, 100, 103))
        XCTAssertEqual(document.paragraphStyle(of: "Second").justification.glyphScaling, SpacingRange(100, 100, 100))
        XCTAssertEqual(document.paragraphStyle(of: "Second").justification.wordSpacing, SpacingRange(75, 100, 150))
    }

    func testABadValueIsAnErrorAtTheValueAndKeepsTheRangeInForce() {
        let cases: [(attribute: String, value: String, message: String)] = [
            ("word-spacing", "80 133", "word-spacing must be three percentages of the font's space, MIN DESIRED MAX (such as \"80 100 133\"), not \"80 133\""),
            ("word-spacing", "80 100 133 150", "word-spacing must be three percentages of the font's space, MIN DESIRED MAX (such as \"80 100 133\"), not \"80 100 133 150\""),
            ("letter-spacing", "a b c", "letter-spacing must be three percentages of the em, MIN DESIRED MAX (such as \"-1 0 2\"), not \"a b c\""),
            ("glyph-scaling", "", "glyph-scaling must be three percentages of the glyphs' width, MIN DESIRED MAX (such as \"98 100 102\"), not \"\""),
            ("word-spacing", "120 100 133", "word-spacing must go from least to most (MIN ≤ DESIRED ≤ MAX), not \"120 100 133\""),
            ("glyph-scaling", "40 100 102", "glyph-scaling must lie from 50 to 200 %, not \"40 100 102\""),
            ("letter-spacing", "0 0 150", "letter-spacing must lie from -50 to 100 %, not \"0 0 150\""),
            ("word-spacing", "-10 100 133", "word-spacing must lie from 0 to 1000 %, not \"-10 100 133\""),
        ]
        for (attribute, value, message) in cases {
            let markup = "<p \(attribute)=\"\(value)\">Words\n"
            let document = parse(markup)
            XCTAssertEqual(document.diagnostics.map(\.severity), [.error], value)
            XCTAssertEqual(document.diagnostics.first?.message, message)
            let column = markup.distance(from: markup.startIndex, to: markup.range(of: "=\"")!.upperBound) + 1
            XCTAssertEqual(document.diagnostics.first?.location?.column, column, "at the value: \(value)")
            XCTAssertEqual(document.paragraphStyle(of: "Words").justification, .standard)
        }
    }
}
