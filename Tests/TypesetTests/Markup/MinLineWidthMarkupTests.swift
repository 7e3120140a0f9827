import Diagnostics
import Markup
import Text
import XCTest

/// The paragraph attribute `min-line-width`: ems of the paragraph's size or a length, on
/// `<p>` and named styles, and a located error for a value it cannot use.
final class MinLineWidthMarkupTests: XCTestCase {
    private func minimum(of markup: String, at offset: Int = 0) -> LineWidthMinimum {
        let document = TestSupport.parse(markup)
        XCTAssertEqual(document.diagnostics.map(\.description), [], markup)
        return document.text.paragraphStyle(at: offset).minimumLineWidth
    }

    private func errors(_ markup: String) -> [String] {
        TestSupport.parse(markup).diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    func testTheDefaultIsFiveEmsAndTheAttributeTakesEmsOrALength() {
        XCTAssertEqual(minimum(of: "text"), .ems(5))
        XCTAssertEqual(minimum(of: #"<p min-line-width="8em">text"#), .ems(8))
        XCTAssertEqual(minimum(of: #"<p min-line-width="60pt">text"#), .points(60))
        XCTAssertEqual(minimum(of: #"<p min-line-width="2cm">text"#), .points(720 / 25.4 * 2))
        XCTAssertEqual(minimum(of: #"<p min-line-width="0">text"#), .points(0))
        XCTAssertEqual(LineWidthMinimum.ems(5).points(fontSize: 11), 55)
    }

    func testANamedStyleCarriesItAndAClosingTagEndsIt() {
        let document = TestSupport.parse("<style name=\"wide\" min-line-width=\"9em\"/>\n<p style=\"wide\">one</p>\ntwo")
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(document.text.paragraphStyle(at: 0).minimumLineWidth, .ems(9))
        XCTAssertEqual(document.text.paragraphStyle(at: 4).minimumLineWidth, .ems(5))
    }

    func testAnUnusableValueIsAnErrorAtTheValue() {
        XCTAssertEqual(errors(#"<p min-line-width="wide">x"#), [
            "doc.txt:1:20: error: min-line-width must be a number, not \"wide\"\n<p min-line-width=\"wide\">x\n                   ^",
        ])
        XCTAssertTrue(errors(#"<p min-line-width="-1em">x"#).first?.contains("min-line-width must be at least 0 em, not -1") ?? false,
                      "\(errors(#"<p min-line-width="-1em">x"#))")
        XCTAssertTrue(errors(#"<p min-line-width="200em">x"#).first?.contains("min-line-width 200 is too large (at most 100 em)") ?? false,
                      "\(errors(#"<p min-line-width="200em">x"#))")
        XCTAssertTrue(errors(#"<p min-line-width="3px">x"#).first?.contains("unknown unit \"px\"") ?? false,
                      "\(errors(#"<p min-line-width="3px">x"#))")
    }
}
