import Diagnostics
import Markup
import Text
import XCTest

/// `<section shape=… height=…>`: the shape and height reach the section's style, and every
/// problem is located at the value or the tag, with an example of what works.
final class SectionShapeMarkupTests: XCTestCase {
    private func diagnostics(_ markup: String) -> [Diagnostic] {
        TestSupport.parse(markup).diagnostics
    }

    func testShapeAndHeightMakeAOneColumnShapedSection() {
        let document = TestSupport.parse("<section shape=\"circle\" height=\"200pt\">\nRound.\n</section>\n"
                                         + "<section shape=\"ELLIPSE\" height=\"120\">Oval.</section>\nAfter.")
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(document.paragraphStyle(of: "Round").section,
                       SectionStyle(number: 1, columns: 1, shape: .circle, height: 200))
        XCTAssertEqual(document.paragraphStyle(of: "Oval").section,
                       SectionStyle(number: 2, columns: 1, shape: .ellipse, height: 120))
        XCTAssertNil(document.paragraphStyle(of: "After").section)
    }

    func testAShapeWithoutAHeightIsAnErrorAtTheShape() {
        let found = diagnostics("<section shape=\"circle\">\nText.\n</section>")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertEqual(found.first?.message, "<section shape=\"circle\"> needs a height in points, e.g. <section shape=\"circle\" height=\"200\">")
        XCTAssertEqual(found.first?.location?.line, 1)
        XCTAssertEqual(found.first?.location?.column, 17, "located at the shape value")
    }

    func testAnUnknownShapeIsAnErrorWithASuggestion() {
        let found = diagnostics("<section shape=\"circel\" height=\"100\">\nText.\n</section>")
        XCTAssertEqual(found.map(\.severity), [.error], "one error, not another about the height: \(found)")
        XCTAssertTrue(found[0].message.hasPrefix("shape must be circle or ellipse, not \"circel\""), found[0].message)
        XCTAssertTrue(found[0].message.contains("did you mean 'circle'?"), "suggests the nearest shape: \(found[0].message)")
        XCTAssertEqual(found[0].location?.column, 17)
        XCTAssertNil(TestSupport.parse("<section shape=\"square\" height=\"100\">\nText.").paragraphStyle(of: "Text").section?.shape)
    }

    func testBadHeightsAreErrorsAtTheValueAndTheSectionIsSetInColumns() {
        for (height, message) in [("0", "height must be greater than 0, not 0"), ("-5", "height must be greater than 0, not -5"),
                                  ("tall", "height must be a number, not \"tall\""),
                                  ("20000", "height 20000 is too large (at most 14400 pt)")] {
            let document = TestSupport.parse("<section shape=\"circle\" height=\"\(height)\">\nText.\n</section>")
            XCTAssertEqual(document.diagnostics.map(\.message), [message])
            XCTAssertEqual(document.diagnostics.first?.severity, .error)
            XCTAssertEqual(document.diagnostics.first?.location?.column, 33, "at the height value")
            XCTAssertNil(document.paragraphStyle(of: "Text").section?.shape, "no shape without a usable height")
        }
    }

    func testAHeightWithoutAShapeAndColumnsWithAShapeAreIgnoredWithWarnings() {
        let alone = diagnostics("<section columns=\"2\" height=\"100\">\nText.\n</section>")
        XCTAssertEqual(alone.map(\.severity), [.warning])
        XCTAssertEqual(alone.first?.location?.column, 22, "at the height attribute")
        let document = TestSupport.parse("<section columns=\"3\" shape=\"circle\" height=\"100\">\nText.\n</section>")
        XCTAssertEqual(document.diagnostics.map(\.message), ["a section with a shape is one column; columns=\"3\" ignored"])
        XCTAssertEqual(document.diagnostics.first?.severity, .warning)
        XCTAssertEqual(document.diagnostics.first?.location?.column, 19)
        XCTAssertEqual(document.paragraphStyle(of: "Text").section, SectionStyle(number: 1, columns: 1, shape: .circle, height: 100))
        XCTAssertEqual(diagnostics("<section columns=\"1\" shape=\"ellipse\" height=\"100\">\nText.</section>").map(\.description), [],
                       "one column is what a shape is")
    }
}
