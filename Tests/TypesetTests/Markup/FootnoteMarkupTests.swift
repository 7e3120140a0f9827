import Diagnostics
import Layout
import Markup
import Text
import XCTest

/// `<footnote>`: the marker where the tag is, the note's paragraphs after the marker's
/// paragraph as a footnote box, numbered as `<meta>` asks, and every misplaced note located.
final class FootnoteMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup)
    }

    private func notes(_ document: MarkupDocument) -> [FootnoteReference] {
        TextFootnotes(text: document.text, boxes: TextBoxes(text: document.text)).all
    }

    func testTheMarkerStaysInItsParagraphAndTheNoteFollowsIt() throws {
        let document = parse("""
            The parish bought the book in 1887.<footnote>Parish minutes, <i>14 March</i> 1887.</footnote> It still has it.
            The next paragraph.

            """)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(document.text.string,
                       "The parish bought the book in 1887.1 It still has it.\n1\u{A0}Parish minutes, 14 March 1887.\nThe next paragraph.\n")
        let note = try XCTUnwrap(notes(document).first)
        XCTAssertEqual(notes(document).count, 1)
        XCTAssertEqual(document.text.substring(note.marker), "1")
        XCTAssertEqual(document.text.substring(note.note.range), "1\u{A0}Parish minutes, 14 March 1887.\n")
        XCTAssertEqual(note.note.style.kind, .footnote)
        XCTAssertEqual(note.note.style.placement, .footnote(.column, maxShare: 0.5))
        // The marker is raised and smaller, in the paragraph's face; the note in the footnote style.
        let marker = document.text.attributes(at: note.marker.lowerBound).attributes
        XCTAssertEqual(marker.fontSize, 11 * 0.7, accuracy: 1e-9)
        XCTAssertGreaterThan(marker.baselineOffset, 0)
        XCTAssertEqual(document.attributes(of: "Parish minutes, ").fontSize, 11 * 0.8, accuracy: 1e-9)
        XCTAssertTrue(document.attributes(of: "14 March").italic)
        XCTAssertFalse(document.attributes(of: " It still has it.").italic, "</footnote> returns to the paragraph's styles")
        XCTAssertNil(document.paragraphStyle(of: "The next").box)
        XCTAssertEqual(document.sourceMap.location(ofTextOffset: note.note.range.lowerBound + 2)?.column, 46,
                       "the note's text is located where it is written")
    }

    func testNotesAreNumberedThroughTheDocumentOrEachSection() {
        let markup = """
            <meta footnote-numbering="section" footnote-marks="*">
            <section columns="2">
            One.<footnote>First.</footnote> Two.<footnote>Second.</footnote>
            </section>
            <section columns="1">
            Three.<footnote>Third.</footnote>
            </section>

            """
        let bySection = parse(markup)
        XCTAssertTrue(bySection.diagnostics.isEmpty, "\(bySection.diagnostics)")
        XCTAssertEqual(notes(bySection).map { bySection.text.substring($0.marker) }, ["*", "†", "*"])
        let through = parse(markup.replacingOccurrences(of: "footnote-numbering=\"section\" footnote-marks=\"*\"", with: "footnote-marks=\"i\""))
        XCTAssertEqual(notes(through).map { through.text.substring($0.marker) }, ["i", "ii", "iii"])
    }

    func testNotesAreSetAcrossThePageWhenMetaSaysSo() throws {
        let document = parse("<meta footnote-placement=\"page\" footnote-max-height=\"40%\">\nOne.<footnote>First.</footnote>\n")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let note = try XCTUnwrap(notes(document).first)
        XCTAssertEqual(note.note.style.placement, .footnote(.page, maxShare: 0.4))
        XCTAssertEqual(note.placement, .page)
    }

    func testTheLastParagraphsNotesFollowItAtTheDocumentsEnd() {
        let document = parse("The end.<footnote>Really.</footnote>")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(document.text.string, "The end.1\n1\u{A0}Really.\n")
    }

    func testMisplacedNotesAndUnknownValuesAreLocatedErrors() throws {
        let cases: [(String, String, Int)] = [
            ("A<footnote>B<footnote>C</footnote></footnote>\n", "inside another footnote", 13),
            ("<figure>\n<caption>A<footnote>B</footnote></caption>\n</figure>\n", "in a caption", 11),
            ("<aside>\nA<footnote>B</footnote>\n</aside>\n", "inside an <aside>", 2),
            ("<p outline-level=\"1\">Heading<footnote>B</footnote>\n", "in a heading", 29),
        ]
        for (markup, message, column) in cases {
            let diagnostic = try XCTUnwrap(TestSupport.onlyDiagnostic(markup, .error, baseDirectory: "/"))
            XCTAssertTrue(diagnostic.message.contains(message), "\(markup): \(diagnostic.message)")
            XCTAssertEqual(diagnostic.location?.column, column, markup)
        }
        let marks = try XCTUnwrap(TestSupport.onlyDiagnostic("<meta footnote-marks=\"x\">\nText.\n", .error, baseDirectory: "/"))
        XCTAssertTrue(marks.message.contains("footnote-marks must be 1, a, i or *"), marks.message)
        let numbering = try XCTUnwrap(TestSupport.onlyDiagnostic("<meta footnote-numbering=\"sections\">\nText.\n", .error, baseDirectory: "/"))
        XCTAssertTrue(numbering.message.contains("did you mean"), numbering.message)
        let placement = try XCTUnwrap(TestSupport.onlyDiagnostic("<meta footnote-placement=\"pages\">\nText.\n", .error, baseDirectory: "/"))
        XCTAssertTrue(placement.message.contains("did you mean 'page'"), placement.message)
        XCTAssertEqual(placement.location?.column, 27)
        for value in ["5%", "half", "120%"] {
            let share = try XCTUnwrap(TestSupport.onlyDiagnostic("<meta footnote-max-height=\"\(value)\">\nText.\n", .error, baseDirectory: "/"))
            XCTAssertTrue(share.message.contains("footnote-max-height must be a percentage of the column's height from 10% to 100%"), share.message)
            XCTAssertEqual(share.location?.column, 28, value)
        }
        let unclosed = try XCTUnwrap(TestSupport.onlyDiagnostic("Text.<footnote>Note.\n", .error, baseDirectory: "/"))
        XCTAssertTrue(unclosed.message.contains("never closed"), unclosed.message)
    }
}
