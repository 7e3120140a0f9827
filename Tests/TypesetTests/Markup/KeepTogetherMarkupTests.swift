import Diagnostics
import Markup
import Text
import XCTest

/// The paragraph attributes `orphans`, `widows` and `keep-with-next`, and the headings that
/// keep with the next paragraph by default.
final class KeepTogetherMarkupTests: XCTestCase {
    private func style(of markup: String, at offset: Int = 0) -> ParagraphStyle {
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(markup): \(document.diagnostics)")
        return document.text.paragraphStyle(at: offset)
    }

    private func onlyError(_ markup: String) -> String {
        let errors = TestSupport.parse(markup).diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, markup)
        return errors.first?.message ?? ""
    }

    func testDefaults() {
        let plain = style(of: "text")
        XCTAssertEqual(plain.orphans, 2)
        XCTAssertEqual(plain.widows, 2)
        XCTAssertFalse(plain.keepWithNext)
    }

    func testAttributes() {
        let set = style(of: #"<p orphans="3" widows="0" keep-with-next="true">text"#)
        XCTAssertEqual(set.orphans, 3)
        XCTAssertEqual(set.widows, 0)
        XCTAssertTrue(set.keepWithNext)
        XCTAssertEqual(style(of: #"<p orphans="1" widows="4" keepWithNext="no">text"#).widows, 4)
        // A closing </p> returns to the style before.
        let after = TestSupport.parse("<p orphans=\"5\" keep-with-next=\"yes\">one</p>\ntwo")
        XCTAssertEqual(after.text.paragraphStyle(at: 0).orphans, 5)
        XCTAssertEqual(after.text.paragraphStyle(at: 4).orphans, 2)
        XCTAssertFalse(after.text.paragraphStyle(at: 4).keepWithNext)
    }

    func testKeepWithPrevious() {
        XCTAssertFalse(style(of: "text").keepWithPrevious)
        XCTAssertTrue(style(of: #"<p keep-with-previous="true">— A reader, Leeds"#).keepWithPrevious)
        XCTAssertTrue(style(of: #"<style name="signature" keep-with-previous="yes"/><p style="signature">x"#).keepWithPrevious)
        XCTAssertFalse(style(of: #"<style name="signature" keep-with-previous="yes"/><p style="signature" keep-with-previous="false">x"#).keepWithPrevious)
        XCTAssertFalse(onlyError(#"<p keep-with-previous="maybe">x"#).isEmpty)
    }

    func testBadValues() {
        XCTAssertTrue(onlyError(#"<p orphans="2.5">x"#).contains("whole number of lines"))
        XCTAssertTrue(onlyError(#"<p widows="-1">x"#).contains("at least 0"))
        XCTAssertTrue(onlyError(#"<p widows="many">x"#).contains("must be a number"))
        XCTAssertTrue(onlyError(#"<p orphans="1000">x"#).contains("too large"))
        XCTAssertFalse(onlyError(#"<p keep-with-next="maybe">x"#).isEmpty)
        XCTAssertEqual(TestSupport.parse(#"<p orphans="2.5">x"#).text.paragraphStyle(at: 0).orphans, 2, "a bad value keeps the one in force")
    }

    func testHeadingsKeepWithTheNextParagraph() {
        for name in ["headline", "subheadline"] {
            XCTAssertTrue(style(of: #"<p style="\#(name)">x"#).keepWithNext, name)
        }
        for name in ["body", "footnote", "caption1", "caption2"] {
            XCTAssertFalse(style(of: #"<p keep-with-next="true"><p style="\#(name)">x"#).keepWithNext, name)
        }
        // A style made from a heading keeps with the next unless it says otherwise.
        XCTAssertTrue(style(of: "<style name=\"title\" style=\"headline\" size=\"30\"/><p style=\"title\">x").keepWithNext)
        XCTAssertFalse(style(of: "<style name=\"kicker\" style=\"subheadline\" keep-with-next=\"false\"/><p style=\"kicker\">x").keepWithNext)
        XCTAssertFalse(style(of: #"<p style="headline" keep-with-next="false">x"#).keepWithNext, "the tag's own attribute wins")
    }
}
