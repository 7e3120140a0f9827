import Markup
import Text
import XCTest

/// `<meta>`: where it may stand, what it reads, and its messages.
final class MetaTagTests: XCTestCase {
    func testMetaSetsTitleHeaderAndFooterAndPrintsNothing() {
        let document = TestSupport.parse("""
            <meta title="Zombie &amp; Co" header="{title}||March">
            <meta footer="{page} of {pages}">
            Hello.
            """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.text.string, "Hello.")
        XCTAssertEqual(document.meta.title, "Zombie & Co")
        XCTAssertEqual(document.meta.header, RunningTemplate(left: [.field(.title)], right: [.text("March")]))
        XCTAssertEqual(document.meta.footer, RunningTemplate(center: [.field(.page), .text(" of "), .field(.pages)]))
    }

    func testABadTemplateIsAnErrorAtItsPlaceInTheValue() throws {
        let document = TestSupport.parse("<meta title=\"A &amp; B\" footer=\"&amp; {pgae}\">\nText.\n")
        let error = try XCTUnwrap(document.diagnostics.first)
        XCTAssertEqual(error.severity, .error)
        XCTAssertTrue(error.message.contains("footer: unknown placeholder {pgae} (did you mean {page}?)"), error.message)
        // The value's "&amp; " is six characters in the source, two in the value.
        XCTAssertEqual(error.location?.line, 1)
        XCTAssertEqual(error.location?.column, 39, "\(error)")
        XCTAssertNil(document.meta.footer)
    }

    func testALinksBadAddressIsAnErrorAtTheAddressInTheValue() throws {
        let document = TestSupport.parse("<meta footer=\"&amp; {link href=ftp://zombie.example}Archive{/link}\">\nText.\n")
        let error = try XCTUnwrap(document.diagnostics.first)
        XCTAssertEqual(error.severity, .error)
        XCTAssertTrue(error.message.contains("footer: links may be http:, https: or mailto: addresses, not ftp:"), error.message)
        XCTAssertEqual(error.location?.line, 1)
        XCTAssertEqual(error.location?.column, 32, "\(error)")
        XCTAssertNil(document.meta.footer)
    }

    func testUnknownAttributesLateMetaAndClosingTagWarn() {
        let document = TestSupport.parse("<meta titel=\"x\">\nText.\n<meta title=\"late\">\n</meta>\n")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning, .warning, .warning])
        XCTAssertTrue(document.diagnostics[0].message.contains("unknown attribute 'titel' of <meta> ignored (did you mean 'title'?)"),
                      document.diagnostics[0].message)
        XCTAssertTrue(document.diagnostics[1].message.contains("<meta> must come before the text; ignored"))
        XCTAssertTrue(document.diagnostics[2].message.contains("</meta> has no effect"))
        XCTAssertNil(document.meta.title)
    }
}
