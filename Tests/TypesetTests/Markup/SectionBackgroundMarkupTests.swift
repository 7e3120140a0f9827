import Diagnostics
import Markup
import Text
import XCTest

/// `background` and `bleed` on `<section>`: the colour read as every colour is and kept on
/// the section's style, `bleed` as every on/off attribute, and a bad value or a bleed with
/// nothing to run off the page reported where it was written.
final class SectionBackgroundMarkupTests: XCTestCase {
    private func sections(_ markup: String) -> (styles: [SectionStyle], diagnostics: [Diagnostic]) {
        let document = TestSupport.parse(markup)
        return (document.sections.map(\.style), document.diagnostics)
    }

    func testTheBackgroundAndTheBleedAreKeptOnTheSection() throws {
        let found = sections("""
            <section columns="2" background="#f2e6c9" bleed="yes">
            Tinted, to the edges.
            </section>
            <section background="lightgray">
            Tinted.
            </section>
            <section columns="3">
            Plain.
            </section>

            """)
        XCTAssertEqual(found.diagnostics.map(\.description), [])
        XCTAssertEqual(found.styles.map(\.background), [Color(red: 0xF2 / 255, green: 0xE6 / 255, blue: 0xC9 / 255),
                                                        ColorParser.parse("lightgray"), nil])
        XCTAssertEqual(found.styles.map(\.bleeds), [true, false, false])
        XCTAssertNotNil(found.styles[1].background, "a named colour")
    }

    func testABadColourIsAnErrorAtTheValueAsForAnAside() throws {
        let markup = "First.\n<section background=\"#12345\">\nText.\n</section>\n"
        let found = sections(markup).diagnostics
        XCTAssertEqual(found.count, 1, "\(found)")
        let error = try XCTUnwrap(found.first)
        XCTAssertEqual(error.severity, .error)
        XCTAssertEqual(error.location?.line, 2)
        XCTAssertEqual(error.location?.column, 22, "at the value")
        let aside = TestSupport.parse("First.\n<aside background=\"#12345\">\nText.\n</aside>\n").diagnostics
        XCTAssertEqual(aside.map(\.message), [error.message], "the same words as for an aside")
    }

    func testABleedNeitherOnNorOffIsAnErrorAtTheValue() throws {
        let found = sections("<section background=\"#eeeeee\" bleed=\"maybe\">\nText.\n</section>\n").diagnostics
        XCTAssertEqual(found.map(\.message), ["bleed must be on or off, not \"maybe\""])
        XCTAssertEqual(found.first?.severity, .error)
        XCTAssertEqual(found.first?.location?.line, 1)
        XCTAssertEqual(found.first?.location?.column, 38)
    }

    func testABleedWithoutABackgroundIsWarnedAboutAtTheAttributeAndDropped() throws {
        let found = sections("Before.\n<section columns=\"2\" bleed=\"true\">\nText.\n</section>\n")
        XCTAssertEqual(found.diagnostics.map(\.message), ["bleed has no effect on a section without a background; give background"])
        XCTAssertEqual(found.diagnostics.first?.severity, .warning)
        XCTAssertEqual(found.diagnostics.first?.location?.line, 2)
        XCTAssertEqual(found.diagnostics.first?.location?.column, 22, "at the attribute's name")
        XCTAssertEqual(found.styles.map(\.bleeds), [false])
        XCTAssertTrue(sections("<section bleed=\"false\">\nText.\n</section>\n").diagnostics.isEmpty, "no bleed asked, no word")
    }
}
