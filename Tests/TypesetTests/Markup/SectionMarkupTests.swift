import Diagnostics
import Markup
import Text
import XCTest

/// `<section>`, `<columnbreak>` and `<pagebreak>` in the markup: which paragraphs they mark,
/// and every problem located.
final class SectionMarkupTests: XCTestCase {
    private func parseClean(_ markup: String, file: StaticString = #filePath, line: UInt = #line) -> MarkupDocument {
        let document = TestSupport.parse(markup)
        XCTAssertEqual(document.diagnostics.map(\.description), [], markup, file: file, line: line)
        return document
    }

    func testASectionMarksItsParagraphsAndItsLinesPrintNothing() {
        let document = parseClean("""
        Before.
        <section columns="3" gutter="12">
        First.
        Second.
        </section>
        After.
        """)
        XCTAssertEqual(document.text.string, "Before.\nFirst.\nSecond.\nAfter.")
        let section = SectionStyle(number: 1, columns: 3, gutter: 12)
        XCTAssertNil(document.paragraphStyle(of: "Before").section)
        XCTAssertEqual(document.paragraphStyle(of: "First").section, section)
        XCTAssertEqual(document.paragraphStyle(of: "Second").section, section)
        XCTAssertNil(document.paragraphStyle(of: "After").section)
        XCTAssertEqual(document.sections.map(\.style), [section])
        XCTAssertEqual(document.sections.first?.location.line, 2)
        XCTAssertEqual(document.sections.first?.location.column, 19, "located at the columns value")
    }

    func testDefaultsAreThePagesAndSectionsWithTheSameColumnsStayApart() {
        let document = parseClean("<section>\nOne.\n</section>\n<section>\nTwo.\n</section>\n<section columns=\"2\" gutter=\"0pt\">Three.</section>")
        XCTAssertEqual(document.paragraphStyle(of: "One").section, SectionStyle(number: 1))
        XCTAssertEqual(document.paragraphStyle(of: "Two").section, SectionStyle(number: 2), "a section of its own, though alike")
        XCTAssertEqual(document.paragraphStyle(of: "Three").section, SectionStyle(number: 3, columns: 2, gutter: 0))
    }

    func testASectionBeginsAndEndsWithParagraphsAndIgnoresParagraphStyleTags() {
        // The paragraph in progress at <section> stays outside; the one in progress at </section> stays inside.
        let document = parseClean("Outside <section columns=\"2\">still outside\nInside <p align=\"center\">\ncentred\n</p>inside</section> too\nOut.")
        XCTAssertNil(document.paragraphStyle(of: "Outside").section)
        XCTAssertEqual(document.paragraphStyle(of: "Inside").section?.columns, 2)
        XCTAssertEqual(document.paragraphStyle(of: "inside").section?.columns, 2, "a </p> leaves the section alone")
        XCTAssertEqual(document.paragraphStyle(of: "inside").alignment, .justify, "and the </p> still restores the paragraph style")
        XCTAssertNil(document.paragraphStyle(of: "Out.").section)
        // A list item in a section is in it.
        XCTAssertEqual(parseClean("<section columns=\"2\"><li>item</section>").paragraphStyle(of: "item").section?.columns, 2)
    }

    func testBreaksMarkTheNextParagraph() {
        let document = parseClean("""
        One.
        <columnbreak>
        Two.
        <pagebreak>
        Three <columnbreak>goes on.
        Four.
        <columnbreak><pagebreak>
        <li>Five.
        Six.
        """)
        XCTAssertEqual(document.text.string, "One.\nTwo.\nThree goes on.\nFour.\n•\tFive.\nSix.", "the lines of breaks print nothing")
        XCTAssertNil(document.paragraphStyle(of: "One").breakBefore)
        XCTAssertEqual(document.paragraphStyle(of: "Two").breakBefore, .column)
        XCTAssertEqual(document.paragraphStyle(of: "Three").breakBefore, .page)
        XCTAssertEqual(document.paragraphStyle(of: "Four").breakBefore, .column, "a break inside a paragraph comes after it")
        XCTAssertEqual(document.paragraphStyle(of: "Five").breakBefore, .page, "a page break wins over a column break")
        XCTAssertNil(document.paragraphStyle(of: "Six").breakBefore, "a break marks one paragraph")
        XCTAssertEqual(document.text.forcedBreak(before: document.utf16Range(of: "Two").lowerBound), .column)
        XCTAssertNil(document.text.forcedBreak(before: document.utf16Range(of: "goes").lowerBound), "not a paragraph's start")
    }

    func testANestedSectionIsALocatedError() {
        let document = TestSupport.parse("<section columns=\"3\">\nText.\n  <section columns=\"2\">\nMore.\n</section>\nStill in the first.\n</section>\nOut.")
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.location?.line, 3)
        XCTAssertEqual(errors.first?.location?.column, 3)
        XCTAssertTrue(errors.first?.message.contains("a section cannot be inside another section (the <section> of line 1 is still open)") == true)
        XCTAssertEqual(document.diagnostics.count, 1, "the inner </section> closes the inner tag, not the outer one: \(document.diagnostics)")
        XCTAssertEqual(document.paragraphStyle(of: "Still").section?.columns, 3)
        XCTAssertNil(document.paragraphStyle(of: "Out").section)
    }

    func testAnUnclosedSectionEndsWithTheDocumentWithAWarning() {
        let document = TestSupport.parse("Before.\n<section columns=\"2\">\nTo the end.")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(document.diagnostics.first?.message, "<section> is never closed; it ends with the document")
        XCTAssertEqual(document.diagnostics.first?.location?.line, 2)
        XCTAssertEqual(document.paragraphStyle(of: "To the end").section?.columns, 2)
    }

    func testBadValuesAndStrayTagsAreReported() {
        func messages(_ markup: String) -> [String] {
            TestSupport.parse(markup + "\ntext").diagnostics.map { "\($0.severity): \($0.message)" }
        }
        XCTAssertEqual(messages("<section columns=\"0\">text</section>"), ["error: columns must be at least 1, not 0"])
        XCTAssertEqual(messages("<section columns=\"2.5\">text</section>"), ["error: columns must be a whole number, not \"2.5\""])
        XCTAssertEqual(messages("<section columns=\"many\">text</section>"), ["error: columns must be a number, not \"many\""])
        XCTAssertEqual(messages("<section columns=\"101\">text</section>"), ["error: columns 101 is too large (at most 100)"])
        XCTAssertEqual(messages("<section gutter=\"-1\">text</section>"), ["error: gutter must be at least 0 pt, not -1"])
        XCTAssertEqual(messages("<section colums=\"2\"></section>"), ["warning: unknown attribute 'colums' of <section> ignored (did you mean 'columns'?)"])
        XCTAssertEqual(messages("</section>"), ["warning: </section> without a matching <section> ignored"])
        XCTAssertEqual(messages("<columnbreak type=\"page\">"), ["warning: <columnbreak> takes no attributes; 'type' ignored"])
        XCTAssertEqual(messages("</pagebreak>"), ["warning: </pagebreak> has no effect: <pagebreak> needs no closing tag"])
        let trailing = TestSupport.parse("Last.\n<columnbreak>\n")
        XCTAssertEqual(trailing.diagnostics.map(\.message), ["<columnbreak> has no text after it; ignored"])
        XCTAssertEqual(trailing.diagnostics.first?.location?.line, 2)
    }
}
