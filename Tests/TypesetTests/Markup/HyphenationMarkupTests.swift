import Diagnostics
import Markup
import Text
import XCTest

/// `<p hyphenate-min-word hyphenate-min-before hyphenate-min-after hyphenate-limit
/// hyphenate-capitalized>`: the values in a tag and in a named style, the defaults, and each
/// bad value an error at the value.
final class HyphenationMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup)
    }

    func testTheDefaultsAreTeXsAndInDesigns() {
        let rules = parse("Words\n").paragraphStyle(of: "Words").hyphenation
        XCTAssertEqual(rules, HyphenationRules(minimumWord: 5, minimumBefore: 2, minimumAfter: 3, consecutiveLimit: 3, capitalized: nil))
        XCTAssertFalse(rules.hyphenatesCapitalized(in: "en-GB"))
        XCTAssertTrue(rules.hyphenatesCapitalized(in: "de-CH"), "German nouns are capitalised")
    }

    func testATagSetsEachRuleUntilItsEnd() {
        let document = parse("""
        <p hyphenate-min-word="7" hyphenate-min-before="3" hyphenate-min-after="4" hyphenate-limit="0" hyphenate-capitalized="true">Words
        </p>Plain
        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "Words").hyphenation,
                       HyphenationRules(minimumWord: 7, minimumBefore: 3, minimumAfter: 4, consecutiveLimit: 0, capitalized: true))
        XCTAssertEqual(document.paragraphStyle(of: "Plain").hyphenation, HyphenationRules())
    }

    func testANamedStyleCarriesTheRulesAndTheTagsOwnValuesWin() {
        let document = parse("""
        <style name="narrow" hyphenate-limit="1" hyphenate-capitalized="false"/>
        <p style="narrow">First
        </p><p style="narrow" hyphenate-limit="2">Second
        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "First").hyphenation.consecutiveLimit, 1)
        XCTAssertEqual(document.paragraphStyle(of: "First").hyphenation.capitalized, false)
        XCTAssertEqual(document.paragraphStyle(of: "Second").hyphenation.consecutiveLimit, 2)
    }

    func testABadValueIsAnErrorAtTheValue() {
        let cases = [("hyphenate-min-word", "1"), ("hyphenate-min-word", "65"), ("hyphenate-min-before", "0"),
                     ("hyphenate-min-after", "2.5"), ("hyphenate-limit", "-1"), ("hyphenate-limit", "26"),
                     ("hyphenate-limit", "three"), ("hyphenate-capitalized", "maybe")]
        for (name, bad) in cases {
            let document = parse("<p \(name)=\"\(bad)\">Words\n")
            XCTAssertEqual(document.diagnostics.map(\.severity), [.error], "\(name)=\(bad)")
            XCTAssertEqual(document.diagnostics.first?.location?.line, 1)
            XCTAssertEqual(document.diagnostics.first?.location?.column, 6 + name.count, "at the value: \(name)=\(bad)")
            XCTAssertTrue(document.diagnostics.first?.message.hasPrefix(name) ?? false, "\(document.diagnostics)")
            XCTAssertEqual(document.paragraphStyle(of: "Words").hyphenation, HyphenationRules(), "the default stays")
        }
    }
}
