import Diagnostics
import Markup
import Text
import XCTest

/// `dir="ltr|rtl|auto"` and `align="start|end"`: a paragraph's direction, and alignment
/// relative to it.
final class MarkupDirectionTests: XCTestCase {
    private func style(_ markup: String, of substring: String) -> ParagraphStyle {
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(markup): \(document.diagnostics)")
        return document.paragraphStyle(of: substring)
    }

    func testDirIsAParagraphAttributeAndAutoByDefault() {
        XCTAssertEqual(style("x", of: "x").direction, .auto)
        XCTAssertEqual(style(#"<p dir="rtl">א"#, of: "א").direction, .rtl)
        XCTAssertEqual(style(#"<p dir="LTR">x"#, of: "x").direction, .ltr, "values ignore case")
        XCTAssertEqual(style(#"<p dir=" auto ">x"#, of: "x").direction, .auto)
        XCTAssertEqual(style(#"<p dir="rtl" dir="ltr">x"#, of: "x").direction, .ltr, "the last one counts")
        let document = TestSupport.parse("<p dir=\"rtl\">\nשלום\n</p>back\n<p DIR=rtl><p dir=\"auto\">inner\n</p>outer\n")
        XCTAssertEqual(document.paragraphStyle(of: "שלום").direction, .rtl)
        XCTAssertEqual(document.paragraphStyle(of: "back").direction, .auto, "</p> returns to the direction before")
        XCTAssertEqual(document.paragraphStyle(of: "inner").direction, .auto)
        XCTAssertEqual(document.paragraphStyle(of: "outer").direction, .rtl)
    }

    /// A designer's news page (Fixtures/designer-pages/news.txt) began each Arabic paragraph
    /// with `<p style="ar">` and ended the two with one `</p>`, as HTML is written: the English
    /// after them was set right to left, its full stops at the left, without a word.
    func testEnglishLeftRightToLeftByAnOpenTagIsWarnedAtTheFirstOfItsParagraphs() {
        let document = TestSupport.parse("""
        <style name="ar" dir="rtl" lang="ar"/>
        <p style="ar">تعود العبّارة إلى الخدمة يوم الاثنين.
        <p style="ar">لم تتغير الأسعار للسنة الثالثة، وتُقبل بطاقة Visa.
        </p>The school will open on Tuesday.
        The council has asked for a second vessel.
        11 62 650
        <p dir="ltr">Back to English.

        """)
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "this paragraph and the next are set right to left (dir=\"rtl\") without a Hebrew or Arabic letter: the lines start at "
                + "the right and a full stop prints at the left. Is a <p> or a style with dir=\"rtl\" still open? A </p> closes only the "
                + "latest <p>; end each one, or give dir=\"ltr\"",
        ], "an Arabic paragraph with a Latin word, figures alone and the English set left to right are not warned of")
        XCTAssertEqual(document.diagnostics.first?.location?.line, 4)
        XCTAssertEqual(document.diagnostics.first?.location?.column, 5)
    }

    func testDirInANamedStyleAndAListItem() {
        let document = TestSupport.parse(#"<style name="hebrew" dir="rtl" align="start"/><p style="hebrew">כותרת"# + "\n<li>פריט\n")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(document.paragraphStyle(of: "כותרת").direction, .rtl)
        XCTAssertEqual(document.paragraphStyle(of: "כותרת").alignment, .start)
        XCTAssertEqual(document.paragraphStyle(of: "פריט").direction, .rtl, "a list item keeps the direction in force")
        // A style's own dir wins over the one it starts from; a tag's over the style's.
        let layered = TestSupport.parse(#"<style name="a" dir="rtl"/><style name="b" style="a" dir="ltr"/><p style="b">x"#
                                        + "\n" + #"<p style="a" dir="auto">y"#)
        XCTAssertEqual(layered.paragraphStyle(of: "x").direction, .ltr)
        XCTAssertEqual(layered.paragraphStyle(of: "y").direction, .auto)
    }

    func testAlignStartAndEnd() {
        XCTAssertEqual(style(#"<p align="start">x"#, of: "x").alignment, .start)
        XCTAssertEqual(style(#"<p align="END">x"#, of: "x").alignment, .end)
        var expected = ParagraphStyle(alignment: .start, direction: .rtl)
        expected.givenDisplaySettings = .alignment
        XCTAssertEqual(style(#"<p align="start" dir="rtl">א"#, of: "א"), expected, "align and dir are independent")
    }

    func testUnknownValuesAreLocatedErrorsListingTheChoices() {
        let document = TestSupport.parse("ab\n<p dir=\"ltrr\">x\n<p dir='right-to-left'>y")
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.message), ["dir must be ltr, rtl or auto, not \"ltrr\" (did you mean 'ltr'?)",
                                               "dir must be ltr, rtl or auto, not \"right-to-left\""])
        XCTAssertEqual(errors.map(\.location), [SourceLocation(file: "doc.txt", line: 2, column: 9),
                                                SourceLocation(file: "doc.txt", line: 3, column: 9)], "at the value")
        XCTAssertEqual(errors.first?.sourceLine, "<p dir=\"ltrr\">x")
        XCTAssertEqual(document.paragraphStyle(of: "x").direction, .auto, "a bad value keeps the direction in force")
        let align = TestSupport.parse(#"<p align="strt">x"#).diagnostics
        XCTAssertEqual(align.map(\.message), ["align must be left, right, center, justify, start or end, not \"strt\" (did you mean 'start'?)"])
        let attribute = TestSupport.parse(#"<p dri="rtl">x"#).diagnostics
        XCTAssertEqual(attribute.map(\.severity), [.warning])
        XCTAssertTrue(attribute.first?.message.contains("unknown attribute 'dri' of <p> ignored") ?? false, "\(attribute)")
    }

    func testTheDocumentedExamples() {
        let direction = MarkupExample.named("direction").parse()
        XCTAssertTrue(direction.diagnostics.isEmpty, "\(direction.diagnostics)")
        XCTAssertEqual(direction.paragraphStyle(of: "Typeset").direction, .rtl)

        let startEnd = MarkupExample.named("start-end").parse()
        XCTAssertTrue(startEnd.diagnostics.isEmpty, "\(startEnd.diagnostics)")
        XCTAssertEqual(["Zombie", "مجلة", "Issue"].map { startEnd.paragraphStyle(of: $0).alignment }, [.start, .start, .end])
        XCTAssertEqual(["Zombie", "مجلة", "Issue"].map { startEnd.paragraphStyle(of: $0).direction }, [.auto, .auto, .auto],
                       "the direction comes from each paragraph's text")
    }

    func testDisplayStylesAreFlushWithTheStartOfTheirLines() {
        let document = TestSupport.parse("<p style=\"headline\">כותרת ראשית\n<p style=\"subheadline\">Subhead\n<p style=\"body\">Body")
        XCTAssertEqual(document.paragraphStyle(of: "כותרת").alignment, .start, "a Hebrew headline is flush right")
        XCTAssertEqual(document.paragraphStyle(of: "Subhead").alignment, .start)
        XCTAssertEqual(document.paragraphStyle(of: "Body").alignment, .justify, "body text keeps the document's alignment")
    }
}
