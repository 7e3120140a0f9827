import Diagnostics
import Layout
import Markup
import Text
import XCTest

/// `bleed` on `<img>`, `<figure>` and `<aside>`: read as the other on/off attributes are, kept
/// on the float or the spanning picture (an inline picture cannot carry it), and a bleed that
/// can have no effect is warned about where it was written.
final class BleedMarkupTests: XCTestCase {
    /// The markup parsed in the zombie folder, where its pictures are; `clean`: with no diagnostic.
    private func parse(_ markup: String, clean: Bool = false) -> MarkupDocument {
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.zombiesDirectory.path)
        if clean { XCTAssertTrue(document.diagnostics.isEmpty, "\(markup): \(document.diagnostics)") }
        return document
    }

    private func onlyDiagnostic(_ markup: String) -> Diagnostic? {
        let found = parse(markup).diagnostics
        XCTAssertEqual(found.count, 1, "\(markup): \(found)")
        return found.first
    }

    func testFloatedAndSpanningPicturesCarryTheirBleed() throws {
        let found = parse("""
            <img src="coffee.jpg" width="90" float="right" bleed="true" alt="">Beside it.
            <img src="rocket.jpg" float="top" span="all" bleed="on" alt="">
            <img src="rocket.jpg" float="bottom" span="1" bleed="yes" alt="">
            <img src="coffee.jpg" width="90" float="left" alt="">Without.

            """, clean: true).text.attachments.map(\.image)
        XCTAssertEqual(found.count, 4)
        XCTAssertEqual(found[0].float?.bleeds, true)
        XCTAssertEqual(found[1].spanning?.bleeds, true)
        XCTAssertEqual(found[2].spanning?.bleeds, true, "yes is on, as for every on/off attribute")
        XCTAssertEqual(found[3].float?.bleeds, false, "no bleed unless asked")
    }

    func testBoxesCarryTheirBleed() throws {
        let document = parse("""
            <aside float="left" width="120" background="#eeeeee" bleed="true">
            A sidebar.
            </aside>
            <figure float="top" span="all" bleed="false">
            <img src="rocket.jpg" alt="">
            <caption>The rocket.</caption>
            </figure>
            The column.

            """, clean: true)
        XCTAssertEqual(TextBoxes(text: document.text).all.map(\.style.bleeds), [true, false])
    }

    func testAValueNeitherOnNorOffIsAnErrorAtTheValue() throws {
        let markup = "First line.\n<img src=\"rocket.jpg\" float=\"top\" bleed=\"maybe\" alt=\"\">\n"
        let error = try XCTUnwrap(onlyDiagnostic(markup))
        XCTAssertEqual(error.severity, .error)
        XCTAssertEqual(error.message, "bleed must be on or off, not \"maybe\"")
        XCTAssertEqual(error.location?.line, 2)
        XCTAssertEqual(error.location?.column, 42, "at the value")

        let boxError = try XCTUnwrap(onlyDiagnostic("<aside float=\"right\" bleed=\"sometimes\">\nA note.\n</aside>\n"))
        XCTAssertEqual(boxError.severity, .error)
        XCTAssertEqual(boxError.message, "bleed must be on or off, not \"sometimes\"")
        XCTAssertEqual(boxError.location?.line, 1)
    }

    func testABleedThatCannotReachAnEdgeIsWarnedAboutAtTheAttribute() throws {
        let inline = try XCTUnwrap(onlyDiagnostic("A picture in its line <img src=\"coffee.jpg\" width=\"40\" bleed=\"true\" alt=\"\"> here.\n"))
        XCTAssertEqual(inline.severity, .warning)
        XCTAssertEqual(inline.message, "bleed has no effect on a picture in its line; give float")
        XCTAssertEqual(inline.location?.column, 56, "at the attribute's name")

        let inBox = parse("<figure float=\"top\">\n<img src=\"rocket.jpg\" bleed=\"true\" alt=\"\">\n</figure>\n").diagnostics
        XCTAssertEqual(inBox.map(\.message), ["bleed has no effect on a picture in its line; give bleed to the <figure>"])
        XCTAssertEqual(inBox.first?.location?.line, 2)

        let inColumn = try XCTUnwrap(onlyDiagnostic("<aside background=\"#eeeeee\" bleed=\"true\">\nA note.\n</aside>\n"))
        XCTAssertEqual(inColumn.severity, .warning)
        XCTAssertEqual(inColumn.message, "bleed has no effect on a box in the column; give float")
        XCTAssertEqual(inColumn.location?.column, 29)

        XCTAssertTrue(parse("A picture <img src=\"coffee.jpg\" width=\"40\" bleed=\"false\" alt=\"\"> asking for none.\n").diagnostics.isEmpty)
    }
}
