import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// `<a href="…">`: the link attribute over its text, and a located message for every bad link.
final class LinkMarkupTests: XCTestCase {
    private func linkRanges(_ document: MarkupDocument) -> [(text: String, link: String)] {
        document.text.attributeRuns(in: 0 ..< document.text.length).compactMap { run in
            run.attributes.link.map { (document.text.substring(run.range), $0) }
        }
    }

    private func diagnostics(_ markup: String, _ severity: Diagnostic.Severity) -> [String] {
        TestSupport.parse(markup).diagnostics.filter { $0.severity == severity }.map(\.description)
    }

    func testALinkCoversExactlyItsTextAndChangesNothingElse() {
        let document = TestSupport.parse(#"Read <a href="https://example.com/zombies?a=1&amp;b=2">the <b>report</b></a> now."#)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(document.text.string, "Read the report now.")
        let links = linkRanges(document)
        XCTAssertEqual(links.map(\.text).joined(), "the report")
        XCTAssertEqual(Set(links.map(\.link)), ["https://example.com/zombies?a=1&b=2"], "character references are decoded")
        var plain = document.text.attributes(at: 0).attributes
        var linked = document.text.attributes(at: 5).attributes
        plain.link = nil
        linked.link = nil
        XCTAssertEqual(plain, linked, "a link does not change how its text looks")
    }

    func testMailtoAndCaseInsensitiveSchemesAreAccepted() {
        let document = TestSupport.parse(#"<a href="mailto:editor@example.com">Write</a> <A HREF='HTTPS://example.com'>or read</A>"#)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        XCTAssertEqual(linkRanges(document).map(\.link), ["mailto:editor@example.com", "HTTPS://example.com"])
    }

    func testAMissingOrEmptyAddressIsAnErrorAtTheTag() {
        XCTAssertEqual(diagnostics("Go <a>there</a>.", .error).first?.components(separatedBy: "\n").first,
                       "doc.txt:1:4: error: <a> needs an href attribute with the address, e.g. <a href=\"https://example.com\">")
        XCTAssertTrue(diagnostics(#"Go <a href=" ">there</a>."#, .error).first?.hasPrefix("doc.txt:1:13: error: <a> needs an address in href") ?? false)
    }

    func testUnsafeAndIncompleteAddressesAreRefused() {
        let cases: [(String, String)] = [
            ("javascript:alert(1)", "links may be http:, https: or mailto: addresses, not javascript:; javascript: links would run code"),
            ("file:///etc/passwd", "not file:"),
            ("data:text/html,hi", "not data:"),
            ("www.example.com", "is not a complete address: a link in a PDF needs one such as https://www.example.com"),
            ("#page2", "is not a complete address"),
            ("https:example.com", "has no host: expected https://host/"),
            ("mailto:", "mailto: needs an e-mail address"),
            ("https://example.com/two words", "cannot contain a space (write a space as %20)"),
        ]
        for (address, expected) in cases {
            let errors = diagnostics("x\n<a href=\"\(address)\">y</a>", .error)
            XCTAssertEqual(errors.count, 1, address)
            XCTAssertTrue(errors.first?.hasPrefix("doc.txt:2:10: error: ") ?? false, "located at the value: \(errors)")
            XCTAssertTrue(errors.first?.contains(expected) ?? false, "\(address): \(errors)")
        }
    }

    func testLinksDoNotNest() {
        let document = TestSupport.parse("<a href=\"https://a.example\">outer\n<a href=\"https://b.example\">inner</a> outer again</a> plain")
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }.map { $0.description.components(separatedBy: "\n")[0] },
                       ["doc.txt:2:1: error: a link cannot be inside another link (the <a> of line 1 is still open); end that one with </a> first"])
        // The inner tag's </a> closes it, and the outer link goes on to its own.
        let links = linkRanges(document)
        XCTAssertEqual(links.map(\.text).joined(), "outer\ninner outer again")
        XCTAssertEqual(Set(links.map(\.link)), ["https://a.example"])
    }

    func testUnknownAttributesAndAnUnclosedLinkAreWarnings() {
        let warnings = diagnostics(#"<a href="https://example.com" target="_blank">to the end"#, .warning).map { $0.components(separatedBy: "\n")[0] }
        XCTAssertEqual(warnings, ["doc.txt:1:1: warning: <a> is never closed; the link runs to the end of the document",
                                  "doc.txt:1:31: warning: unknown attribute 'target' of <a> ignored (known: href)"])
        XCTAssertEqual(diagnostics("a stray </a>", .warning).first?.components(separatedBy: "\n")[0],
                       "doc.txt:1:9: warning: </a> without a matching <a> ignored")
    }

    // MARK: Outline levels

    func testHeadlinesAndSubheadlinesCarryOutlineLevels() {
        let document = TestSupport.parse("""
        <style name="headline" face="Arial" size="30"/>
        <style name="kicker" style="subheadline" color="red"/>
        <p style="headline">One
        <p style="subheadline">Two
        <p style="kicker">Three
        <p style="body">Four
        <p style="headline" outline-level="none">Five
        <p outline-level="3">Six
        """)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        let levels = ["One", "Two", "Three", "Four", "Five", "Six"].map { word -> Int in
            let index = (document.text.string as NSString).range(of: word).location
            return document.text.paragraphStyle(at: index).outlineLevel
        }
        XCTAssertEqual(levels, [1, 2, 2, 0, 0, 3], "a restyled headline keeps its level; body text has none")
        XCTAssertTrue(diagnostics(#"<p outline-level="7">x"#, .error).first?.contains("outline-level 7 is too large") ?? false,
                      "\(diagnostics(#"<p outline-level="7">x"#, .error))")
    }
}
