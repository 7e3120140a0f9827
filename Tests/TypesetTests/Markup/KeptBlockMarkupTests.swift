import Diagnostics
import Markup
import Text
import XCTest

/// `keep-together` and `balance` as paragraph attributes, and the `<keep>` tag: which
/// paragraphs they mark, and the warnings for `<keep>` nested, never closed or closed twice.
final class KeptBlockMarkupTests: XCTestCase {
    /// The style of each paragraph of `document`, in order, with its text.
    private func paragraphs(_ document: MarkupDocument) -> [(text: String, style: ParagraphStyle)] {
        var result: [(String, ParagraphStyle)] = []
        var start = 0
        while start < document.text.length {
            let range = document.text.paragraphRange(containing: start)
            let text = document.text.substring(range).trimmingCharacters(in: .newlines)
            result.append((text, document.text.paragraphStyle(at: start)))
            start = range.upperBound
        }
        return result
    }

    func testKeepTogetherAndBalanceAreParagraphAttributes() {
        let document = TestSupport.parse("""
        <p keep-together="true" balance="true">Kept and balanced</p>
        Neither
        <style name="schedule" keep-together="yes"/>
        <style name="display" balance="true"/>
        <p style="schedule">Kept by its style</p>
        <p style="display">Balanced by its style</p>
        """)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let styles = paragraphs(document)
        XCTAssertEqual(styles.map(\.text), ["Kept and balanced", "Neither", "Kept by its style", "Balanced by its style"])
        XCTAssertEqual(styles.map(\.style.keepTogether), [true, false, true, false])
        XCTAssertEqual(styles.map(\.style.balance), [true, false, false, true])
        XCTAssertEqual(styles.map(\.style.keepBlock), [nil, nil, nil, nil])
    }

    func testABadValueIsAnErrorAtTheValue() {
        let document = TestSupport.parse(#"<p keep-together="maybe">Text"#)
        XCTAssertEqual(document.diagnostics.count, 1)
        XCTAssertEqual(document.diagnostics.first?.severity, .error)
        XCTAssertEqual(document.diagnostics.first?.location?.column, 19)
        XCTAssertTrue(document.diagnostics.first?.message.contains("keep-together") ?? false, "\(document.diagnostics)")
    }

    func testBalanceSetsAJustifiedParagraphFlushUnlessItGivesAlign() {
        let document = TestSupport.parse("""
        <p balance="true">Flush with the start</p>
        <p balance="true" align="center">Centred</p>
        <p align="right"><p balance="true">Still right</p></p>
        Justified again
        """, alignment: .justify)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(paragraphs(document).map(\.style.alignment), [.start, .center, .right, .justify])
    }

    func testBalanceTurnsHyphenationOffUnlessItGivesHyphenate() {
        let document = TestSupport.parse("""
        <p balance="true">Whole words</p>
        <p balance="true" hyphenate="true">Hyphenated on purpose</p>
        Hyphenated again
        """)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(paragraphs(document).map(\.style.hyphenate), [false, true, true])
    }

    func testTheDisplayStylesBalanceAndTheOthersDoNot() {
        let document = TestSupport.parse("""
        <p style="headline">Headline</p>
        <p style="subheadline">Subheadline</p>
        <p style="body">Body</p>
        <p style="caption1">Caption</p>
        """)
        let styles = paragraphs(document).map(\.style)
        XCTAssertEqual(styles.map(\.balance), [true, true, false, false])
        XCTAssertEqual(styles[0].alignment, .start, "a headline is never justified")
        XCTAssertEqual(styles[1].alignment, .start)
    }

    func testKeepNumbersTheParagraphsItEnclosesListItemsIncluded() {
        let document = TestSupport.parse("""
        Before
        <keep>
        Opening hours
        <li>Monday: 9 to 12
        <li>Tuesday: closed
        </keep>
        Between
        <keep>Second block, one line</keep>
        After
        """)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let styles = paragraphs(document)
        XCTAssertEqual(styles.map(\.text), ["Before", "Opening hours", "•\tMonday: 9 to 12", "•\tTuesday: closed", "Between",
                                            "Second block, one line", "After"], "the <keep> lines print nothing")
        XCTAssertEqual(styles.map(\.style.keepBlock), [nil, 1, 1, 1, nil, 2, nil])
        XCTAssertEqual(document.keeps.map(\.number), [1, 2])
        XCTAssertEqual(document.keeps.map(\.location.line), [2, 8])
    }

    func testANestedKeepIsAWarningAndCountsAsOne() {
        let document = TestSupport.parse("""
        <keep>
        One
        <keep>
        Two
        </keep>
        Three
        </keep>
        Four
        """)
        XCTAssertEqual(document.diagnostics.count, 1, "\(document.diagnostics)")
        let warning = document.diagnostics.first
        XCTAssertEqual(warning?.severity, .warning)
        XCTAssertEqual(warning?.location?.line, 3)
        XCTAssertEqual(warning?.location?.column, 1)
        XCTAssertTrue(warning?.message.contains("inside another <keep> (line 1)") ?? false, "\(document.diagnostics)")
        XCTAssertEqual(paragraphs(document).map(\.style.keepBlock), [1, 1, 1, nil], "the inner </keep> closes only itself")
        XCTAssertEqual(document.keeps.count, 1)
    }

    func testAnUnclosedKeepEndsWithTheDocument() {
        let document = TestSupport.parse("Before\n  <keep>\nOne\nTwo\n")
        XCTAssertEqual(document.diagnostics.count, 1, "\(document.diagnostics)")
        XCTAssertEqual(document.diagnostics.first?.severity, .warning)
        XCTAssertEqual(document.diagnostics.first?.location?.line, 2)
        XCTAssertEqual(document.diagnostics.first?.location?.column, 3)
        XCTAssertTrue(document.diagnostics.first?.message.contains("never closed") ?? false)
        XCTAssertEqual(paragraphs(document).map(\.style.keepBlock), [nil, 1, 1])
    }

    func testAStrayClosingKeepAndAttributesAreWarnings() {
        let document = TestSupport.parse("One\n</keep>\n<keep lines=\"3\">\nTwo\n</keep>\n")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning, .warning], "\(document.diagnostics)")
        XCTAssertTrue(document.diagnostics[0].message.contains("</keep> without a matching <keep>"))
        XCTAssertEqual(document.diagnostics[0].location?.line, 2)
        XCTAssertTrue(document.diagnostics[1].message.contains("'lines' ignored"))
        XCTAssertEqual(document.diagnostics[1].location?.line, 3)
        XCTAssertEqual(paragraphs(document).map(\.style.keepBlock), [nil, 1])
    }
}
