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

    /// The one diagnostic `markup` gives, checked to be of `severity` at `line` and `column`.
    private func only(_ markup: String, _ severity: Diagnostic.Severity, line: Int, column: Int,
                      file: StaticString = #filePath, at: UInt = #line) throws -> Diagnostic {
        try TestSupport.onlyDiagnostic(markup, severity, line: line, column: column, file: file, at: at)
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
        let error = try only("First.\n<section background=\"#12345\">\nText.\n</section>\n", .error, line: 2, column: 22)
        let aside = TestSupport.parse("First.\n<aside background=\"#12345\">\nText.\n</aside>\n").diagnostics
        XCTAssertEqual(aside.map(\.message), [error.message], "the same words as for an aside")
    }

    func testABleedNeitherOnNorOffIsAnErrorAtTheValue() throws {
        let error = try only("<section background=\"#eeeeee\" bleed=\"maybe\">\nText.\n</section>\n", .error, line: 1, column: 38)
        XCTAssertEqual(error.message, "bleed must be on or off, not \"maybe\"")
    }

    func testABleedWithoutABackgroundIsWarnedAboutAtTheAttributeAndDropped() throws {
        let markup = "Before.\n<section columns=\"2\" bleed=\"true\">\nText.\n</section>\n"
        let warning = try only(markup, .warning, line: 2, column: 22)
        XCTAssertEqual(warning.message, "bleed has no effect on a section without a background; give background")
        XCTAssertEqual(sections(markup).styles.map(\.bleeds), [false], "dropped")
        XCTAssertTrue(sections("<section bleed=\"false\">\nText.\n</section>\n").diagnostics.isEmpty, "no bleed asked, no word")
    }
}
