import Diagnostics
import Markup
import Text
import XCTest

/// `alt` on `<img>` and `<figure>`: the words a screen reader says for a picture. A picture
/// nothing describes is a located warning, or an error when the document must be PDF/UA.
final class AlternativeTextMarkupTests: XCTestCase {
    private func parse(_ markup: String, requiringAlternativeText: Bool = false) -> MarkupDocument {
        var parser = TestSupport.parser(baseDirectory: TestSupport.zombiesDirectory.path)
        parser.requiresAlternativeText = requiringAlternativeText
        return parser.parse(MarkupSource(fileName: "doc.txt", text: markup))
    }

    func testAltIsCarriedByThePictureWithItsWhiteSpaceCollapsed() throws {
        let document = parse("""
            A cup <img src="coffee.jpg" width="40" alt="  Three red cups \t  on a wooden table "> and decoration <img src="coffee.jpg" width="10" alt="">.

            """)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let pictures = document.text.attachments.map(\.image)
        XCTAssertEqual(pictures.map(\.alternativeText), ["Three red cups on a wooden table", ""],
                       "one line as spoken; empty: decoration")
    }

    func testAFiguresAltDescribesThePicturesWithoutTheirOwn() throws {
        let document = parse("""
            <figure float="right" width="120" alt="A zombie reading the magazine">
            <img src="coffee.jpg" width="120">
            <img src="coffee.jpg" width="120" alt="A cup">
            <caption>Our reader.</caption>
            </figure>
            Text.

            """)
        XCTAssertTrue(document.diagnostics.isEmpty, "a figure's alt covers its pictures: \(document.diagnostics)")
        let box = try XCTUnwrap(document.text.paragraphStyle(at: 0).box)
        XCTAssertEqual(box.alternativeText, "A zombie reading the magazine")
        XCTAssertEqual(document.text.attachments.map(\.image.alternativeText), [nil, "A cup"])
    }

    func testAPictureNothingDescribesIsALocatedWarning() throws {
        let markup = "One.\n\nTwo <img src=\"coffee.jpg\" width=\"40\"> three.\n"
        let found = parse(markup).diagnostics
        XCTAssertEqual(found.count, 1, "\(found)")
        let warning = try XCTUnwrap(found.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 3)
        XCTAssertEqual(warning.location?.column, 5, "at the <img> tag")
        XCTAssertTrue(warning.message.contains("coffee.jpg") && warning.message.contains("alt="), warning.message)
        XCTAssertEqual(parse(markup).text.attachments.count, 1, "the picture is still set")
    }

    func testUnderPDFUAAPictureWithoutAltIsAnError() throws {
        let markup = "<figure><img src=\"coffee.jpg\" width=\"40\"></figure>\n<img src=\"coffee.jpg\" width=\"40\" alt=\"A cup\">\n"
        let found = parse(markup, requiringAlternativeText: true).diagnostics
        XCTAssertEqual(found.map(\.severity), [.error], "\(found)")
        XCTAssertEqual(found.first?.location?.line, 1)
        XCTAssertEqual(found.first?.location?.column, 9)
        XCTAssertTrue(found.first?.message.contains("PDF/UA") == true, "\(found)")
        XCTAssertTrue(parse("<img src=\"coffee.jpg\" width=\"40\" alt=\"\">\n", requiringAlternativeText: true).diagnostics.isEmpty,
                      "decoration, said so, is allowed")
    }

    func testAltOnAnAsideIsAWarningAndOnAnotherTagUnknown() throws {
        let aside = parse("<aside alt=\"x\">A note.</aside>\n").diagnostics
        XCTAssertEqual(aside.map(\.severity), [.warning], "\(aside)")
        XCTAssertEqual(aside.first?.location?.column, 8, "at the attribute")
        let font = parse("<font alt=\"x\">Text</font>\n").diagnostics
        XCTAssertEqual(font.map(\.severity), [.warning], "\(font)")
    }
}
