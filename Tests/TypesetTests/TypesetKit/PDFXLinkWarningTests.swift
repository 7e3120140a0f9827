import Diagnostics
import Markup
import Text
import TypesetKit
import XCTest

/// Under PDF/X-4 each link is left out with a warning at its `<a`, the tag the parser met
/// (`LinkTags`), wherever its text starts: far from the tag, past a comment that looks like a
/// tag, inside other tags, among thousands of links.
final class PDFXLinkWarningTests: XCTestCase {
    /// The PDF/X warnings about links when `markup` is prepared for a PDF/X-4 file.
    private func linkWarnings(_ markup: String, footer: String? = nil) throws -> [Diagnostic] {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pdfStandards = [.x4]
        options.footer = try footer.map { try RunningTemplate(parsing: $0) }
        let document = try Typesetter(options: options)
            .prepare(MarkupSource(fileName: "doc.txt", text: "<meta title=\"Links\">\n" + markup), baseDirectory: "/")
        XCTAssertNil(document.text.attributeRuns(in: 0 ..< document.text.length).first { $0.attributes.link != nil }, "every link left out")
        return document.diagnostics.filter { $0.message.contains("PDF/X-4 allows no links") }
    }

    func testATagInsideOtherTagsAndOneWithOtherTagsInsideAreFound() throws {
        let warnings = try linkWarnings("""
        Read <b><i><a href="https://example.org/a">the notes</a></i></b> and
        <a href="https://example.org/b"><b><i><u>the archive</u></i></b></a>.
        """)
        XCTAssertEqual(warnings.map(\.location), [SourceLocation(file: "doc.txt", line: 2, column: 12),
                                                  SourceLocation(file: "doc.txt", line: 3, column: 1)])
        XCTAssertEqual(warnings.first?.sourceLine, #"Read <b><i><a href="https://example.org/a">the notes</a></i></b> and"#)
    }

    /// The text begins 10,000 characters and two lines after its tag, past a comment holding
    /// what a scan back from the text would have taken for the tag.
    func testALinkWhoseTextStartsFarFromItsTagIsWarnedAboutAtTheTag() throws {
        let filler = String(repeating: "x", count: 10_000)
        let warnings = try linkWarnings("""
        One <a href="https://example.org/far"><!-- \(filler)
        <a href="https://example.org/decoy">
        -->far away</a>.
        """)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?.location, SourceLocation(file: "doc.txt", line: 2, column: 5))
        XCTAssertTrue(warnings.first?.message.contains("https://example.org/far") == true, "\(warnings)")
    }

    /// 5,000 links, one a line at a column of its own: each warning at its own tag.
    func testThousandsOfLinksAreEachWarnedAboutAtTheirTag() throws {
        let count = 5_000
        let lines = (0 ..< count).map { index in
            String(repeating: "w ", count: index % 7) + "<a href=\"https://example.org/\(index)\">link \(index)</a> and text"
        }
        let warnings = try linkWarnings(lines.joined(separator: "\n"))
        XCTAssertEqual(warnings.count, count)
        for (index, warning) in warnings.enumerated() {
            XCTAssertEqual(warning.location, SourceLocation(file: "doc.txt", line: index + 2, column: 2 * (index % 7) + 1))
            XCTAssertTrue(warning.message.contains("\"https://example.org/\(index)\""), warning.message)
        }
    }

    /// Two links to the same address side by side are one stretch of linked text, as the file
    /// would have shown them: one warning, at the first tag.
    func testLinksToOneAddressSideBySideAreOneWarningAtTheFirstTag() throws {
        let warnings = try linkWarnings(#"See <a href="https://example.org/x">one</a><a href="https://example.org/x">two</a>."#)
        XCTAssertEqual(warnings.map(\.location), [SourceLocation(file: "doc.txt", line: 2, column: 5)])
    }

    /// A running head's link is left out too: a warning at each `{link` where the document writes
    /// it — `<meta>`'s footer, a master's footer and its `<text content>` — after the `<a>`s'
    /// warnings in the text; one from `--footer` names the option.
    func testARunningHeadsLinksAreWarnedAboutWhereEachIsWritten() throws {
        let warnings = try linkWarnings("""
        <meta footer="Read us at {link href=https://example.org/web}the site{/link}|{page}">
        <master name="feature" footer="|{link href=https://example.org/shop}Shop{/link} · {page}">
          <text at="45 -24" width="240" content="{link href=https://example.org/subscribe}Subscribe{/link}|">
        </master>
        <section master="feature">
        Text.
        </section>
        """)
        XCTAssertEqual(warnings.map(\.location), [SourceLocation(file: "doc.txt", line: 2, column: 26),
                                                  SourceLocation(file: "doc.txt", line: 3, column: 33),
                                                  SourceLocation(file: "doc.txt", line: 4, column: 42)], "\(warnings)")
        XCTAssertEqual(warnings.map { $0.message.contains("https://example.org/web") }, [true, false, false])
        XCTAssertEqual(warnings.last?.sourceLine, #"  <text at="45 -24" width="240" content="{link href=https://example.org/subscribe}Subscribe{/link}|">"#)

        let given = try linkWarnings("Text.\n", footer: "{link href=https://example.org/web}the site{/link}|{page}")
        XCTAssertEqual(given.count, 1)
        XCTAssertNil(given.first?.location)
        XCTAssertTrue(given.first?.message.hasPrefix("--footer: PDF/X-4 allows no links") == true, "\(given)")
    }
}
