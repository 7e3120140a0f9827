import Diagnostics
import Markup
import XCTest

/// A picture given a width and a height in other proportions than its own, and no `fit`, is
/// drawn whole inside that place: a warning at its `<img>`.
final class PictureProportionMarkupTests: XCTestCase {
    private func warnings(_ img: String) -> [Diagnostic] {
        let document = TestSupport.parse(img + "\nText.", baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        return document.diagnostics.filter { $0.severity == .warning }
    }

    func testOtherProportionsAreWarnedAboutAtTheImg() throws {
        // rgb8.png is 240×160 pixels, 1.5:1.
        let found = warnings(#"<p>Before. <img src="rgb8.png" alt="" width="120" height="60">"#)
        XCTAssertEqual(found.count, 1, "\(found)")
        let warning = try XCTUnwrap(found.first)
        XCTAssertTrue(warning.message.contains("is given 2.0:1, the picture is 1.5:1: it is drawn whole inside that place"), warning.message)
        XCTAssertEqual(warning.location?.line, 1)
        XCTAssertEqual(warning.location?.column, 12, "at the <img>")
        let narrow = warnings(#"<img src="rgb8.png" alt="" width="60" height="60" float="left">"#)
        XCTAssertTrue(narrow.first?.message.contains("is given 1.0:1, the picture is 1.5:1") == true, "\(narrow)")
    }

    func testItsOwnProportionsOrOneSideGiveNoWarning() {
        XCTAssertEqual(warnings(#"<img src="rgb8.png" alt="" width="120" height="80">"#), [])
        XCTAssertEqual(warnings(#"<img src="rgb8.png" alt="" width="121" height="80">"#), [], "within 2 %")
        XCTAssertEqual(warnings(#"<img src="rgb8.png" alt="" width="120">"#), [])
        XCTAssertEqual(warnings(#"<img src="rgb8.png" alt="" height="50">"#), [])
    }
}
