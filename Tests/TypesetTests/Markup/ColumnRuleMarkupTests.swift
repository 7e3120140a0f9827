import Diagnostics
import Markup
import Text
import XCTest

/// `<section column-rule="WIDTH COLOUR">`: the width and colour reach the section's style in
/// every spelling a length and a colour have, and every problem is located at the part of the
/// value that is wrong.
final class ColumnRuleMarkupTests: XCTestCase {
    private func rule(_ value: String, file: StaticString = #filePath, line: UInt = #line) -> RuleStyle? {
        let document = TestSupport.parse("<section columns=\"3\" column-rule=\"\(value)\">\nText.\n</section>")
        XCTAssertEqual(document.diagnostics.map(\.description), [], value, file: file, line: line)
        return document.paragraphStyle(of: "Text", file: file, line: line).section?.columnRule
    }

    func testWidthsAndColoursAreReadAsEveryLengthAndColour() {
        let grey = Color(red: 0x99 / 255.0, green: 0x99 / 255.0, blue: 0x99 / 255.0)
        XCTAssertEqual(rule("0.5 #999999"), RuleStyle(width: 0.5, color: grey))
        XCTAssertEqual(rule("0.75pt gray")?.width, 0.75)
        XCTAssertEqual(rule("0.75pt gray")?.color, Color(white: 0.5), "UIKit's gray")
        XCTAssertEqual(rule("0.2mm red")?.width ?? 0, 0.2 * 72 / 25.4, accuracy: 1e-9)
        XCTAssertEqual(rule("  1   rgb(255, 0, 0)  "), RuleStyle(width: 1, color: Color(red: 1, green: 0, blue: 0)),
                       "a colour with spaces in it, and spaces round the words")
        XCTAssertEqual(rule("#999 0.1"), RuleStyle(width: 0.1, color: grey), "the colour first, as CSS allows")
        XCTAssertEqual(rule("12"), RuleStyle(width: 12, color: .black), "a width alone is black")
        XCTAssertEqual(rule("0.5 rgba(0, 0, 0, 50%)")?.color.alpha, 0.5)
        XCTAssertEqual(rule("0.5 &#35;999999")?.color, grey, "a character reference in the value")
        let document = TestSupport.parse("<section columns=\"2\">\nPlain.\n</section>")
        XCTAssertNil(document.paragraphStyle(of: "Plain").section?.columnRule, "no rule unless asked for")
    }

    func testABadValueIsAnErrorAtThePartThatIsWrong() {
        // `<section columns="3" column-rule="` is 34 characters: the value starts at column 35.
        let cases: [(value: String, message: String, column: Int)] = [
            ("", "column-rule needs a width, e.g. \"0.5 #999999\" or \"0.75pt gray\"; not \"\"", 35),
            ("thin gray", "column-rule needs a width, e.g. \"0.5 #999999\" or \"0.75pt gray\"; not \"thin gray\"", 35),
            ("0.05 gray", "column-rule width must be at least 0.1 pt, not 0.05", 35),
            ("13 gray", "column-rule width 13 is too large (at most 12 pt)", 35),
            ("5mm gray", "column-rule width 5mm (14.17 pt) is too large (at most 12 pt)", 35),
            ("0.5px gray", "column-rule width \"0.5px\" has an unknown unit", 35),
            ("0.5 grey-ish", "unknown color \"grey-ish\"", 39),
            ("0.5  #12345", "unknown color \"#12345\"", 40),
            ("#zz 0.5", "unknown color \"#zz\"", 35),
        ]
        for (value, message, column) in cases {
            let document = TestSupport.parse("<section columns=\"3\" column-rule=\"\(value)\">\nText.\n</section>")
            let found = document.diagnostics
            XCTAssertEqual(found.map(\.severity), [.error], "\(value): \(found)")
            XCTAssertTrue(found.first?.message.hasPrefix(message) ?? false, "\(value): \(found.first?.message ?? "")")
            XCTAssertEqual(found.first?.location?.line, 1, value)
            XCTAssertEqual(found.first?.location?.column, column, "\(value): located at the part that is wrong")
            XCTAssertNil(document.paragraphStyle(of: "Text").section?.columnRule, "\(value): no rule from a bad value")
            XCTAssertEqual(document.paragraphStyle(of: "Text").section?.columns, 3, "\(value): the section is still set")
        }
        // Both parts wrong: both said.
        let both = TestSupport.parse("<section columns=\"3\" column-rule=\"20 mauvish\">\nText.\n</section>").diagnostics
        XCTAssertEqual(both.map(\.location?.column), [35, 38], "\(both)")
    }

    func testOnAOneColumnSectionTheRuleIsIgnoredWithAWarningAtIt() {
        let document = TestSupport.parse("""
        <section columns="1" column-rule="0.5 gray">
        One column.
        </section>
        <section shape="circle" height="100" column-rule="0.5 gray">
        Round.
        </section>
        """)
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning, .warning])
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "column-rule has no effect: a section of one column has no gutter; ignored",
            "column-rule has no effect: a section with a shape is one column; ignored",
        ])
        XCTAssertEqual(document.diagnostics.map(\.location?.line), [1, 4])
        XCTAssertEqual(document.diagnostics.map(\.location?.column), [35, 51], "at the column-rule value")
        XCTAssertNil(document.paragraphStyle(of: "One column").section?.columnRule)
        XCTAssertNil(document.paragraphStyle(of: "Round").section?.columnRule)
    }
}
