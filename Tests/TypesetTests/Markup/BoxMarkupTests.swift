import Diagnostics
import Layout
import Markup
import Text
import XCTest

/// `<figure>`, `<aside>` and `<caption>`: the paragraphs between the tags carry the box's
/// style, the box ends where it is closed, and every mistake is located.
final class BoxMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup, baseDirectory: TestSupport.zombiesDirectory.path)
    }

    private func boxes(_ markup: String) -> [BoxRange] {
        let document = parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(markup): \(document.diagnostics)")
        return TextBoxes(text: document.text).all
    }

    private func onlyDiagnostic(_ markup: String, _ severity: Diagnostic.Severity, file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        TestSupport.onlyDiagnostic(markup, severity, baseDirectory: TestSupport.zombiesDirectory.path, file: file, line: line)
    }

    func testAFigureHoldsItsPictureAndCaptionAndEndsWhereItIsClosed() throws {
        let markup = """
            Before the figure.
            <figure float="right" width="120" margin="10">
            <img src="coffee.jpg" width="120" alt="">
            <caption>The red cups.</caption>
            </figure>
            After it.

            """
        let document = parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let box = try XCTUnwrap(TextBoxes(text: document.text).all.first)
        XCTAssertEqual(TextBoxes(text: document.text).all.count, 1)
        XCTAssertEqual(document.text.substring(box.range), "\u{FFFC}\nThe red cups.\n", "the tag lines print nothing")
        XCTAssertEqual(box.style.kind, .figure)
        XCTAssertEqual(box.style.placement, .side(.right))
        XCTAssertEqual(box.style.width, 120)
        XCTAssertEqual(box.style.margin, 10)
        XCTAssertEqual(box.style.padding, 0, "no padding without a background or border")
        XCTAssertNil(document.text.paragraphStyle(at: 0).box, "the paragraph before is the column's")
        XCTAssertNil(document.text.paragraphStyle(at: box.range.upperBound).box, "the paragraph after is the column's")
        // The caption is the predefined caption style: small sans, set flush with the start.
        let captionStart = box.range.lowerBound + 2
        XCTAssertEqual(document.text.attributes(at: captionStart).attributes.fontFamily, "Liberation Sans")
        XCTAssertEqual(document.text.attributes(at: captionStart).attributes.fontSize, 11 * 0.85, accuracy: 1e-9)
        XCTAssertEqual(document.text.paragraphStyle(at: captionStart).alignment, .start)
        XCTAssertEqual(document.text.attributes(at: box.range.upperBound).attributes.fontSize, 11, "</caption> ends its style")
    }

    func testPlacementsSpansAndLooks() throws {
        let markup = """
            <section columns="3">
            <aside float="center" background="#eeeeee" border="0.5 #999999">
            Quote.
            </aside>
            <aside float="top" span="2" padding="4">
            Sidebar.
            </aside>
            <figure float="bottom">
            Figure.
            </figure>
            <figure>
            In the column.
            </figure>
            Text.
            </section>

            """
        let found = boxes(markup)
        XCTAssertEqual(found.map(\.style.number), [1, 2, 3, 4])
        XCTAssertEqual(found.map(\.style.placement), [.center(columns: 2), .edge(.top, columns: 2), .edge(.bottom, columns: nil), .inColumn])
        XCTAssertEqual(found[0].style.background, Color(white: 238.0 / 255))
        XCTAssertEqual(found[0].style.border, RuleStyle(width: 0.5, color: Color(white: 153.0 / 255)))
        XCTAssertEqual(found[0].style.padding, 6, "a framed box gets padding")
        XCTAssertEqual(found[0].style.inset, 6.5)
        XCTAssertEqual(found[1].style.padding, 4)
        XCTAssertEqual(parse(markup).elementPlaces.place(of: found[0].style)?.location.line, 2, "the first box's tag")
    }

    func testMistakesAreLocated() throws {
        var diagnostic = onlyDiagnostic("<figure border=\"thick\">x</figure>\n", .error)
        XCTAssertTrue(diagnostic?.message.contains("border needs a width") ?? false, "\(String(describing: diagnostic))")
        XCTAssertEqual(diagnostic?.location?.column, 17)
        diagnostic = onlyDiagnostic("<figure border=\"1 nocolour\">x</figure>\n", .error)
        XCTAssertEqual(diagnostic?.location?.column, 19, "at the colour")
        diagnostic = onlyDiagnostic("<figure border=\"30 black\">x</figure>\n", .error)
        XCTAssertTrue(diagnostic?.message.contains("border width") ?? false, "\(String(describing: diagnostic))")
        diagnostic = onlyDiagnostic("<aside float=\"middle\">x</aside>\n", .error)
        XCTAssertTrue(diagnostic?.message.contains("center") ?? false)
        diagnostic = onlyDiagnostic("<aside width=\"10\" border=\"2 black\" padding=\"4\">x</aside>\n", .error)
        XCTAssertTrue(diagnostic?.message.contains("leaves no room") ?? false, "\(String(describing: diagnostic))")
        diagnostic = onlyDiagnostic("<aside columns=\"2.5\">x</aside>\n", .error)
        XCTAssertTrue(diagnostic?.message.contains("whole number") ?? false)
        diagnostic = onlyDiagnostic("<aside columns=\"13\">x</aside>\n", .error)
        XCTAssertEqual(diagnostic?.location?.column, 17)
        diagnostic = onlyDiagnostic("<aside span=\"2\">x</aside>\n", .warning)
        XCTAssertTrue(diagnostic?.message.contains("span has no effect") ?? false)
        diagnostic = onlyDiagnostic("<figure>x\n<aside>y</aside></figure>\n", .error)
        XCTAssertTrue(diagnostic?.message.contains("cannot be inside another box") ?? false)
        XCTAssertEqual(diagnostic?.location?.line, 2)
        let inside = parse("<figure>x\n<section columns=\"2\">y</figure>\n").diagnostics
        XCTAssertEqual(inside.map(\.severity), [.error])
        XCTAssertTrue(inside.first?.message.contains("a section cannot begin inside a <figure>") ?? false, "\(inside)")
        diagnostic = onlyDiagnostic("<figure>x\n", .warning)
        XCTAssertTrue(diagnostic?.message.contains("never closed") ?? false)
        diagnostic = onlyDiagnostic("<figure></figure>x\n", .warning)
        XCTAssertTrue(diagnostic?.message.contains("empty") ?? false)
        diagnostic = onlyDiagnostic("x</aside>\n", .warning)
        XCTAssertTrue(diagnostic?.message.contains("without a matching") ?? false)
        diagnostic = onlyDiagnostic("<figure><img src=\"coffee.jpg\" width=\"50\" float=\"left\" alt=\"\">x</figure>\n", .warning)
        XCTAssertTrue(diagnostic?.message.contains("float ignored") ?? false)
        let document = parse("<figure><img src=\"coffee.jpg\" width=\"50\" float=\"left\" alt=\"\">x</figure>\n")
        XCTAssertNil(document.text.attachments.first?.image.float, "the picture is set in the box's lines")
        diagnostic = onlyDiagnostic("<caption>Alone.</caption>\n", .warning)
        XCTAssertTrue(diagnostic?.message.contains("outside a <figure>") ?? false)
    }

    func testAFigureInterruptingAParagraphEndsItAndAFigureRightAfterAPageBreakTakesIt() throws {
        let document = parse("Before <figure>In.</figure>\n<pagebreak>\n<figure>Box.\nMore.\n</figure>\nAfter.\n")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let found = TextBoxes(text: document.text).all
        XCTAssertEqual(found.count, 2)
        XCTAssertEqual(document.text.substring(0 ..< found[0].range.lowerBound), "Before \n")
        XCTAssertEqual(document.text.forcedBreak(before: found[1].range.lowerBound), .page, "the box written after the break opens the new page")
        let offset = { (text: String) in try XCTUnwrap(document.text.string.range(of: text)).lowerBound.utf16Offset(in: document.text.string) }
        XCTAssertNil(document.text.forcedBreak(before: try offset("More")), "the box's other paragraphs take no break")
        XCTAssertNil(document.text.forcedBreak(before: try offset("After")), "nor does the column's text after it")
    }

    func testTextAfterTheClosingTagOnItsLineIsTheColumns() throws {
        // A designer's feature wrote `</figure>The negotiation…` with a footnote further on: the
        // text went into the caption's paragraph, inside the box, and its footnote made the
        // figure "1000000000 pt tall" — an error, and no PDF.
        for (markup, after) in [
            ("<figure float=\"right\"><img src=\"coffee.jpg\" width=\"100\" alt=\"\"><caption>Coffee.</caption></figure>The soup.<footnote>Note.</footnote>\n", "The soup.1"),
            ("<aside float=\"left\">Quote.</aside>  More text.\n", "More text."),
            ("<figure>Box.</figure><img src=\"coffee.jpg\" width=\"20\" alt=\"\"> after.\n", "\u{FFFC} after."),
        ] {
            let document = parse(markup)
            XCTAssertTrue(document.diagnostics.isEmpty, "\(markup): \(document.diagnostics)")
            let box = try XCTUnwrap(TextBoxes(text: document.text).all.first)
            XCTAssertTrue(document.text.substring(box.range).hasSuffix(".\n"), "the box's paragraph ends at the tag: \(markup)")
            XCTAssertEqual(document.text.substring(box.range.upperBound ..< document.text.length).split(separator: "\n").first.map(String.init), after, markup)
            XCTAssertNil(document.text.paragraphStyle(at: box.range.upperBound).box, markup)
        }
        // A closing tag at its line's end (spaces after it too) leaves the line's paragraph in the box.
        let document = parse("<figure>\n<caption>The cups.</caption></figure>  \nAfter.\n")
        let box = try XCTUnwrap(TextBoxes(text: document.text).all.first)
        XCTAssertEqual(document.text.substring(box.range), "The cups.  \n")
        XCTAssertEqual(document.text.substring(box.range.upperBound ..< document.text.length), "After.\n", "no empty paragraph after the box")
    }

    func testAFigureLeftOpenEndsWithItsSectionWithAWarning() {
        // Layout fuzz seed 2871: the figure ran on into the next section's narrower columns,
        // placed whole in each, its text drawn twice and its picture past its text.
        let document = parse("<section columns=\"1\">\n<figure>\nIn the box.\n</section>\nAfter.\n")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(document.diagnostics.first?.message, "<figure> is never closed; it ends with its section")
        XCTAssertEqual(document.diagnostics.first?.location?.line, 2)
        XCTAssertNotNil(document.paragraphStyle(of: "In the box").box)
        XCTAssertNil(document.paragraphStyle(of: "After").box, "the box ends with the section")
        XCTAssertNil(document.paragraphStyle(of: "After").section)
    }

    func testTheDocumentedExamplesParseCleanly() {
        for name in ["figure", "figure-top", "aside"] {
            let document = MarkupExample.named(name).parse()
            XCTAssertTrue(document.diagnostics.isEmpty, "\(name): \(document.diagnostics)")
            XCTAssertFalse(TextBoxes(text: document.text).all.isEmpty, name)
        }
    }
}
