import Diagnostics
import Markup
import XCTest

/// `<exclusion>`: what it declares, and the located messages for what it cannot use.
final class ExclusionMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup)
    }

    private func messages(_ document: MarkupDocument) -> [String] {
        document.diagnostics.map { "\($0.severity) \($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
    }

    func testEachShapeIsDeclaredOnItsPage() {
        let document = parse("""
            <exclusion shape="circle" cx="300" cy="400" r="80" padding="8">
            <exclusion shape="ellipse" cx="300" cy="400" rx="120" ry="60pt" page="2">
            <exclusion shape="rect" x="50" y="60" width="100" height="40" page="3"/>
            <exclusion shape="polygon" points="100,100 200,100 150,180">
            Text.
            """)
        XCTAssertEqual(messages(document), [])
        XCTAssertEqual(document.exclusions.map(\.outline), [
            .circle(cx: 300, cy: 400, r: 80), .ellipse(cx: 300, cy: 400, rx: 120, ry: 60),
            .rect(x: 50, y: 60, width: 100, height: 40),
            .polygon([.init(x: 100, y: 100), .init(x: 200, y: 100), .init(x: 150, y: 180)]),
        ])
        XCTAssertEqual(document.exclusions.map(\.page), [1, 2, 3, 1])
        XCTAssertEqual(document.exclusions.map(\.padding), [8, 0, 0, 0])
        XCTAssertEqual(document.exclusions.map(\.location.line), [1, 2, 3, 4])
        XCTAssertEqual(document.text.string, "Text.")
    }

    func testAMissingShapeIsAnErrorWithAnExample() {
        let document = parse("Text.\n<exclusion cx=\"1\" cy=\"2\" r=\"3\">\n")
        XCTAssertEqual(messages(document).count, 1, "\(messages(document))")
        XCTAssertTrue(messages(document)[0].hasPrefix("error 2:1 <exclusion> needs a shape attribute"), "\(messages(document))")
        XCTAssertEqual(document.exclusions, [])
    }

    func testAnUnknownShapeSuggestsTheNearestOne() {
        let document = parse("<exclusion shape=\"cirle\" cx=\"1\" cy=\"2\" r=\"3\">Text.\n")
        XCTAssertEqual(messages(document).count, 1, "\(messages(document))")
        XCTAssertTrue(messages(document)[0].hasPrefix("error 1:19 shape must be"), "\(messages(document))")
        XCTAssertTrue(messages(document)[0].contains("circle"), "\(messages(document))")
    }

    func testMissingCoordinatesAreNamed() {
        let document = parse("<exclusion shape=\"ellipse\" cx=\"1\" rx=\"3\">Text.\n")
        XCTAssertEqual(messages(document), ["error 1:1 <exclusion shape=\"ellipse\"> needs cy=\"…\" ry=\"…\""])
        XCTAssertEqual(document.exclusions, [])
    }

    func testBadValuesAreLocatedAtTheValue() {
        let cases: [(String, String)] = [
            ("<exclusion shape=\"circle\" cx=\"a\" cy=\"2\" r=\"3\">", "error 1:31 cx must be a number, not \"a\""),
            ("<exclusion shape=\"circle\" cx=\"1\" cy=\"2\" r=\"-3\">", "error 1:44 r must be greater than 0, not -3"),
            ("<exclusion shape=\"circle\" cx=\"1\" cy=\"2\" r=\"3\" page=\"1.5\">", "error 1:53 page must be a whole number, not \"1.5\""),
            ("<exclusion shape=\"circle\" cx=\"1\" cy=\"2\" r=\"3\" page=\"0\">", "error 1:53 page must be at least 1, not 0"),
            ("<exclusion shape=\"polygon\" points=\"1,2 3,4\">", "error 1:36 a polygon needs at least three points, not 2"),
            ("<exclusion shape=\"polygon\" points=\"1,2 3;4 5,6\">", "error 1:36 points must be pairs x,y separated by spaces"),
        ]
        for (tag, expected) in cases {
            let document = parse(tag + "Text.\n")
            XCTAssertEqual(messages(document).count, 1, "\(tag): \(messages(document))")
            XCTAssertTrue(messages(document).first?.hasPrefix(expected) ?? false, "\(tag): \(messages(document))")
            XCTAssertEqual(document.exclusions, [], tag)
        }
    }

    func testUnknownAndUnusedAttributesAreWarnings() {
        let document = parse("<exclusion shape=\"circle\" cx=\"1\" cy=\"2\" r=\"3\" width=\"4\" margin=\"5\">Text.\n</exclusion>\n")
        XCTAssertEqual(messages(document).count, 3, "\(messages(document))")
        XCTAssertTrue(messages(document)[0].hasPrefix("warning 1:47 width is not used by shape=\"circle\" (it takes cx, cy, r)"), "\(messages(document))")
        XCTAssertTrue(messages(document)[1].hasPrefix("warning 1:57 unknown attribute 'margin' of <exclusion> ignored"), "\(messages(document))")
        XCTAssertTrue(messages(document)[2].contains("</exclusion> has no effect"), "\(messages(document))")
        XCTAssertEqual(document.exclusions.count, 1)
    }
}
