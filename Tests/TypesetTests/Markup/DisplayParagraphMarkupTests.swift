import Markup
import Text
import XCTest

/// Display text: paragraphs at 1.4 times the body size or more (headlines, decks, pull quotes
/// however they were made large) are balanced, flush and not hyphenated, unless their `<p>`
/// or named style says otherwise.
final class DisplayParagraphMarkupTests: XCTestCase {
    /// The style of each paragraph of `markup` (11 pt body, justified), keyed by its first word.
    private func styles(_ markup: String) -> [String: ParagraphStyle] {
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        var result: [String: ParagraphStyle] = [:]
        var start = 0
        while start < document.text.length {
            let range = document.text.paragraphRange(containing: start)
            let word = document.text.substring(range).split(separator: " ").first.map(String.init) ?? ""
            result[word.trimmingCharacters(in: .newlines)] = document.text.paragraphStyle(at: start)
            start = range.upperBound
        }
        return result
    }

    private func isDisplay(_ style: ParagraphStyle?) -> Bool {
        guard let style else { return false }
        return style.balance && style.alignment == .start && !style.hyphenate
    }

    func testADeckSetWithAFontSizeIsDisplayText() {
        // The issue's deck: 16 pt over 11 pt body text was justified, one word alone on its last line.
        let found = styles("""
        <font size="16">Deck: The Spring Issue: Gardening, Seed Libraries and the Long Wait for the Frost</font>
        Body text stays justified and hyphenated.
        """)
        XCTAssertTrue(isDisplay(found["Deck:"]), "\(String(describing: found["Deck:"]))")
        XCTAssertEqual(found["Body"]?.alignment, .justify)
        XCTAssertEqual(found["Body"]?.hyphenate, true)
        XCTAssertEqual(found["Body"]?.balance, false)
    }

    func testAPullQuoteStyleIsDisplayText() {
        let found = styles("""
        <style name="pullquote" size="18" slant="italic"/>
        <p style="pullquote">Quote: “We read by lamplight, and the lamplight read us back.”</p>
        """)
        XCTAssertTrue(isDisplay(found["Quote:"]))
    }

    func testTheSizeIsTheOneMostOfTheParagraphIsSetIn() {
        let found = styles("""
        <font size="24">Big</font> opening word of a paragraph set in the body size after it.
        <font size="15">Under</font><font size="15"> the ratio: 15 pt is less than 1.4 × 11 pt.</font>
        Mostly <font size="16">large text makes the paragraph a display one</font>.
        """)
        XCTAssertFalse(isDisplay(found["Big"]))
        XCTAssertFalse(isDisplay(found["Under"]))
        XCTAssertTrue(isDisplay(found["Mostly"]))
    }

    func testWhatTheMarkupGivesWins() {
        let found = styles("""
        <p align="justify" hyphenate="true"><font size="18">Justified: a large paragraph the author wants justified and hyphenated.</font></p>
        <p balance="false"><font size="18">Unbalanced: still flush and whole.</font></p>
        <p align="center"><font size="18">Centred: stays centred.</font></p>
        <style name="essay" size="18" align="justify"/>
        <p style="essay">Essay: justified by its style.</p>
        """)
        let justified = found["Justified:"]
        XCTAssertEqual(justified?.alignment, .justify)
        XCTAssertEqual(justified?.hyphenate, true)
        XCTAssertEqual(justified?.balance, true)
        let unbalanced = found["Unbalanced:"]
        XCTAssertEqual(unbalanced?.balance, false)
        XCTAssertEqual(unbalanced?.alignment, .start)
        XCTAssertEqual(unbalanced?.hyphenate, false)
        XCTAssertEqual(found["Centred:"]?.alignment, .center)
        XCTAssertEqual(found["Essay:"]?.alignment, .justify)
        XCTAssertEqual(found["Essay:"]?.hyphenate, false)
    }

    func testTheRatioFollowsTheBodySize() {
        // At a 12 pt body, 16 pt is 1.33 times it: text, not display.
        let parser = TestSupport.parser(size: 12)
        let document = parser.parse(MarkupSource(fileName: "doc.txt", text: #"<font size="16">A deck a little over the body size.</font>"#))
        XCTAssertFalse(document.text.paragraphStyle(at: 0).balance)
        XCTAssertEqual(document.text.paragraphStyle(at: 0).alignment, .justify)
    }
}
