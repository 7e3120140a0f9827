import Foundation
import Layout
import TypesetKit
import XCTest

/// Figures and asides through the whole pipeline: across the top of a page, over the gutter
/// with the text wrapping on both sides, kept whole, fitted to the page before layout; every
/// page keeps the properties of the golden pages (no glyph over a box, every character once).
final class BoxPageTests: XCTestCase {
    private let template = PageTemplate()

    private func prepare(_ markup: String, page: PageTemplate = PageTemplate()) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        options.page = page
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                        baseDirectory: TestSupport.zombiesDirectory.path)
    }

    private func layOut(_ markup: String, file: StaticString = #filePath, line: UInt = #line) throws -> (PreparedDocument, [Page]) {
        let document = try prepare(markup)
        // Some tests stretch a square picture into a tall portrait on purpose; the proportion
        // warning that draws is not what they check.
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note && !$0.message.contains(" is given ") }.map(\.description), [],
                       file: file, line: line)
        let pages = document.checkedPages()
        var checker = PagePropertyChecker(fixture: "boxes", text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
        return (document, pages)
    }

    private func paragraphs(_ count: Int) -> [String] {
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        return (1 ... count).map { "Paragraph \($0). " + String(repeating: sentence, count: 5) }
    }

    func testAFigureAcrossTheTopHasItsCaptionUnderItsPictureAndTheColumnsBelow() throws {
        var text = paragraphs(12)
        text.insert("""
            <figure float="top" span="2">
            <img src="rocket.jpg" width="600" height="400" alt="">
            <caption>Leaving the planet entirely.</caption>
            </figure>
            """, at: 2)
        let (_, pages) = try layOut("<section columns=\"3\">\n" + text.joined(separator: "\n") + "\n</section>\n")
        let element = try XCTUnwrap(pages[0].pictures.first)
        let placed = try XCTUnwrap(element.box)
        let area = template.textArea
        let column = template.columnWidth(columns: 3, gutter: template.gutter)
        XCTAssertEqual(element.position, .top)
        XCTAssertEqual(element.rect.minY, area.minY, accuracy: 1e-6)
        XCTAssertEqual(element.rect.width, 2 * column + template.gutter, accuracy: 1e-6, "two columns and their gutter")
        let lines = try XCTUnwrap(placed.frames.first?.lines)
        XCTAssertEqual(lines.count, 2, "the picture's line and the caption's")
        XCTAssertEqual(lines[0].width, element.rect.width, accuracy: 0.01, "the picture fitted to the box")
        XCTAssertGreaterThan(lines[1].origin.y - lines[1].ascent, lines[0].origin.y, "the caption under its picture")
        // The two columns it spans start below it, a gutter clear; the third beside it at the top.
        let tops = pages[0].frames.prefix(3).map { $0.lines.first.map { $0.origin.y - $0.ascent } ?? 0 }
        XCTAssertGreaterThanOrEqual(tops[0], element.rect.maxY + template.gutter - 0.01)
        XCTAssertGreaterThanOrEqual(tops[1], element.rect.maxY + template.gutter - 0.01)
        XCTAssertEqual(tops[2], area.minY, accuracy: 3)
    }

    func testAPullQuoteStraddlesTheGutterWithTextOnBothSides() throws {
        var text = paragraphs(14)
        text.insert("""
            <aside float="center" span="2" border="1 #8a6d3b">
            <p align="center">“The saucer is the last line of defence.”</p>
            </aside>
            """, at: 3)
        let (_, pages) = try layOut("<section columns=\"2\">\n" + text.joined(separator: "\n") + "\n</section>\n")
        let element = try XCTUnwrap(pages[0].pictures.first { $0.box != nil })
        XCTAssertEqual(element.position, .middle)
        let columns = template.columnRects
        let gutterMiddle = (columns[0].maxX + columns[1].minX) / 2
        XCTAssertEqual((element.rect.minX + element.rect.maxX) / 2, gutterMiddle, accuracy: 1e-6, "centred on the gutter")
        let area = template.textArea
        XCTAssertEqual((element.rect.minY + element.rect.maxY) / 2, (area.minY + area.maxY) / 2, accuracy: 1, "halfway down the page")
        // Lines beside it in both columns, each keeping the margin clear.
        let margin = element.margin
        let beside = pages[0].frames.flatMap(\.lines).filter {
            $0.origin.y - $0.ascent < element.rect.maxY && $0.origin.y + $0.descent > element.rect.minY
        }
        let left = beside.filter { $0.origin.x < gutterMiddle }, right = beside.filter { $0.origin.x > gutterMiddle }
        XCTAssertGreaterThan(left.count, 2)
        XCTAssertGreaterThan(right.count, 2)
        for line in left { XCTAssertLessThanOrEqual(line.origin.x + line.width, element.rect.minX - margin + 0.01) }
        for line in right { XCTAssertGreaterThanOrEqual(line.origin.x, element.rect.maxX + margin - 0.01) }
    }

    func testAFigureTooTallForTheColumnIsScaledWithAWarningAndAnAsideIsAnError() throws {
        let figure = try prepare("""
            <figure>
            <img src="coffee.jpg" width="400" height="2000" alt="">
            <caption>Tall.</caption>
            </figure>
            Text.

            """)
        let warnings = figure.diagnostics.filter { $0.message.contains("<figure>") }
        XCTAssertEqual(warnings.count, 1, "\(figure.diagnostics)")
        XCTAssertEqual(warnings.first?.severity, .warning)
        XCTAssertEqual(warnings.first?.location?.line, 1)
        let pages = figure.checkedPages()
        let placed = try XCTUnwrap(pages.first?.boxes.first)
        XCTAssertLessThanOrEqual(placed.rect.height, template.textArea.height + 0.5)

        let tall = String(repeating: "A line of the sidebar that goes on. ", count: 400)
        XCTAssertThrowsError(try prepare("Text.\n<aside float=\"right\">\n\(tall)\n</aside>\nMore.\n")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("doc.txt:2:1: error: this <aside> is"), text)
            XCTAssertTrue(text.contains("a box never splits"), text)
        }
    }

    func testBoxesOnManyPagesAreAllPlacedOnceAndNoneOverlaps() throws {
        var text: [String] = []
        for (index, paragraph) in paragraphs(60).enumerated() {
            switch index % 6 {
            case 1: text.append("<figure float=\"right\" width=\"90\">\n<img src=\"coffee.jpg\" width=\"90\" alt=\"\">\n<caption>Cup \(index).</caption>\n</figure>")
            case 3: text.append("<aside float=\"left\" width=\"100\" background=\"#eeeeee\">\nAside \(index).\n</aside>")
            case 4: text.append("<figure>\n<img src=\"chelsea.png\" width=\"60\" alt=\"\">\n<caption>Cat \(index).</caption>\n</figure>")
            case 5 where index % 12 == 5: text.append("<aside float=\"center\" border=\"1 black\">\nQuote \(index).\n</aside>")
            default: break
            }
            text.append(paragraph)
        }
        let (document, pages) = try layOut("<section columns=\"2\">\n" + text.joined(separator: "\n") + "\n</section>\n")
        let placed = pages.flatMap(\.boxes).map(\.box.range.lowerBound).sorted()
        XCTAssertEqual(placed, TextBoxes(text: document.text).all.map(\.range.lowerBound), "every box placed once")
    }

    /// Issue 33: a figure in the column that does not fit below the text used to end the column
    /// early (the zombie fixture's pages 3 and 6 ended 7 and 9 lines short); the text after it
    /// now fills the column and the figure opens the next one. Tried at every paragraph break of
    /// the first page, so that it falls short of a column's foot in some of them.
    func testAFigureThatDoesNotFitLeavesNoHoleAndOpensTheNextColumn() throws {
        var waited = 0
        for position in 1 ... 10 {
            var text = paragraphs(16)
            text.insert("""
                <figure>
                <img src="chelsea.png" width="232" height="155" alt="">
                <caption>Chelsea.</caption>
                </figure>
                """, at: position)
            let (_, pages) = try layOut("<section columns=\"2\">\n" + text.joined(separator: "\n") + "\n</section>\n")
            let placed = try XCTUnwrap(pages.flatMap(\.boxes).first)
            for page in pages.dropLast() {
                for frame in page.frames {
                    let last = try XCTUnwrap(frame.lines.last)
                    let lineHeight = last.ascent + last.descent + last.leading
                    // Widows and orphans may end a column two lines early; a figure waiting must not.
                    let gap = (frame.container.rect.maxY - last.origin.y - last.descent) / lineHeight
                    XCTAssertLessThan(gap, 3, "figure after paragraph \(position): page \(page.number)'s column ends early")
                }
            }
            guard let frame = pages.flatMap(\.frames).first(where: { $0.floats.contains { $0.box != nil } }) else { continue }
            waited += 1
            XCTAssertEqual(placed.rect.minY, frame.container.rect.minY, accuracy: 1e-6, "the figure at the top of the next column")
            XCTAssertEqual(placed.rect.width, frame.container.rect.width, accuracy: 1e-6, "as wide as the column")
        }
        XCTAssertGreaterThan(waited, 0, "some positions leave the figure too little room in its column")
    }

    /// Issue 33: a figure across the top of an article's columns, after a headline set in a
    /// one-column band of its own, was placed above the headline (at the text area's top), and
    /// the headline squeezed beside it into the third column. It goes below the headline now,
    /// at the top of its own band, the headline across the page above it.
    func testAFigureAcrossTheTopGoesBelowTheBandsBeforeIt() throws {
        let text = paragraphs(8)
        let markup = """
            <section columns="1">
            <p style="headline">The Shambling Economy</p>
            </section>
            <section columns="3">
            <figure float="top" span="2">
            <img src="rocket.jpg" width="600" height="400" alt="">
            <caption>Leaving the planet entirely.</caption>
            </figure>
            \(text.joined(separator: "\n"))
            </section>

            """
        let (_, pages) = try layOut(markup)
        let page = try XCTUnwrap(pages.first)
        let element = try XCTUnwrap(page.pictures.first)
        let area = template.textArea
        let headline = try XCTUnwrap(page.frames.first)
        XCTAssertEqual(headline.container.rect.width, area.width, accuracy: 1e-6, "the headline's band is the page's width")
        let headlineLine = try XCTUnwrap(headline.lines.first)
        XCTAssertEqual(headlineLine.origin.y - headlineLine.ascent, area.minY, accuracy: 3, "the headline at the top of the page")
        let headlineBottom = try XCTUnwrap(headline.lines.last.map { $0.origin.y + $0.descent })
        XCTAssertGreaterThan(element.rect.minY, headlineBottom, "the figure below the headline")
        // At the top of the article's band: its third column starts level with it, beside it.
        let article = page.frames.dropFirst()
        let third = try XCTUnwrap(article.dropFirst(2).first)
        XCTAssertEqual(element.rect.minY, third.container.rect.minY, accuracy: 1e-6)
        let beside = try XCTUnwrap(third.lines.first)
        XCTAssertLessThan(beside.origin.y - beside.ascent, element.rect.maxY, "the third column beside the figure")
        for frame in article.prefix(2) {
            let top = try XCTUnwrap(frame.lines.first)
            XCTAssertGreaterThanOrEqual(top.origin.y - top.ascent, element.rect.maxY + template.gutter - 0.01, "two columns below it")
        }
    }

    /// The designer pages' spread: a head set outside any section, in the page's two balanced
    /// columns, above a four-column section whose first element is a figure across two. The
    /// figure stood inside the head's band, the deck split round it ("a late-" above it, "night
    /// meeting" below) and the head's first column run on below it: the head's band kept out of
    /// the figure's room as well. The figure stands at the top of its own section's band now, the
    /// head's band set above it as if it were not there; so with the head in a two-column section.
    func testAFigureAcrossTheTopOfASectionBelowABalancedHeadStandsInItsOwnBand() throws {
        let head = """
            <p style="headline">Harbour board votes to sell the old fish market to the town for one pound</p>
            <p style="deck">After eleven years of argument, a late-night meeting ends with a handshake, a cheque for a pound and a promise that the market hall will stay open to the public</p>
            <p>By Ines Carvalho, harbour correspondent</p>
            """
        let story = """
            <section columns="4" gutter="12">
            <figure float="top" span="2">
            <img src="rocket.jpg" width="480" height="300" fit="cover" alt="">
            <caption>The market hall at dusk.</caption>
            </figure>
            \(paragraphs(6).joined(separator: "\n"))
            </section>

            """
        let deck = #"<style name="deck" size="14" slant="italic" line-height="17pt" space-after="6" align="left" hyphenate="false"/>"#
        for head in [head, "<section columns=\"2\">\n\(head)\n</section>"] {
            let (_, pages) = try layOut(deck + "\n" + head + "\n" + story)
            let page = try XCTUnwrap(pages.first)
            let figure = try XCTUnwrap(page.pictures.first)
            let headFrames = page.frames.filter { $0.visibleRange.lowerBound < figure.anchor }
            let storyFrames = page.frames.filter { $0.visibleRange.lowerBound > figure.anchor }
            XCTAssertEqual(headFrames.count, 2, "the head in two columns")
            for frame in headFrames {
                XCTAssertLessThanOrEqual(frame.container.rect.maxY, figure.rect.minY, "the head's band ends above the figure")
                for line in frame.lines {
                    XCTAssertLessThan(line.origin.y, figure.rect.minY, "no line of the head below the figure's top")
                }
            }
            let first = try XCTUnwrap(storyFrames.first)
            XCTAssertEqual(figure.rect.minY, first.container.rect.minY, accuracy: 1e-6, "at the top of its own section's band")
        }
    }

    /// Issue 33: a tall portrait floated right, anchored level with a pull quote over the
    /// gutter, was pushed down past the quote, 15 lines below its paragraph, and the strip
    /// beside it and the quote left some 300 pt of the column empty. A float now stays beside
    /// its paragraph or opens the next column. Tried with the quote and the portrait at several
    /// paragraphs of three columns.
    func testAFloatLevelWithAPullQuoteStaysBesideItsParagraphOrMovesOn() throws {
        for quoteAt in 1 ... 4 {
            for offset in 0 ... 2 {
                var text = paragraphs(12)
                text[quoteAt + offset] = "<img src=\"astronaut.png\" width=\"110\" height=\"260\" float=\"right\" alt=\"\">" + text[quoteAt + offset]
                text.insert("""
                    <aside float="center" span="2" border="1 #8a6d3b" padding="8">
                    <p style="subheadline" align="center">“The saucer is the last line of defence. Or so the Captain says.”</p>
                    </aside>
                    """, at: quoteAt)
                let (document, pages) = try layOut("<section columns=\"3\">\n" + text.joined(separator: "\n") + "\n</section>\n")
                for frame in pages.flatMap(\.frames) {
                    for float in frame.floats where float.rect.minY > frame.container.rect.minY + 0.5 {
                        let paragraph = document.text.paragraphRange(containing: float.anchor)
                        let last = try XCTUnwrap(frame.lines.last { $0.stringRange.lowerBound < paragraph.upperBound })
                        XCTAssertLessThanOrEqual(float.rect.minY, last.origin.y + last.descent + 0.5,
                                                 "quote at \(quoteAt), portrait \(offset) after: placed below its paragraph")
                    }
                }
            }
        }
    }

    /// A figure that waits for the next column where the text ends (the text after it, a last
    /// short paragraph, went on in its column) takes the band's next column on the same page,
    /// not a page of its own (BandSetter fills the band's columns while floats wait).
    func testAFigureWaitingWhereTheTextEndsTakesTheNextColumnNotANewPage() throws {
        var waited = 0
        for count in 4 ... 7 {
            let markup = paragraphs(count).joined(separator: "\n") + """

                <figure>
                <img src="chelsea.png" width="232" height="155" alt="">
                <caption>Chelsea.</caption>
                </figure>
                A last short paragraph.

                """
            let (_, pages) = try layOut(markup)
            XCTAssertEqual(pages.count, 1, "\(count) paragraphs: the figure on the page of the text")
            if pages.first?.frames.contains(where: { $0.floats.contains { $0.box != nil } }) == true { waited += 1 }
        }
        XCTAssertGreaterThan(waited, 0, "the figure did not fit in its column in some of them")
    }

    /// A figure beside the text of a one-column section on a two-column page, at the end of
    /// the text and with no room left on its page, goes to a page of its own in the section's
    /// column, the width its picture was fitted to: in the page's narrower column its picture
    /// ran 197 pt out of the box (layout fuzz fixture figure-picture-wider-than-box).
    func testAFigureWaitingPastTheTextsEndKeepsItsSectionsColumn() throws {
        let page = PageTemplate(size: Size(width: 473, height: 500), margins: Margins(all: 48), columns: 2, gutter: 17)
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        let markup = "<section columns=\"1\">\n" + String(repeating: sentence, count: 12) + "\n"
            + "<figure float=\"left\">\n<img src=\"chelsea.png\" alt=\"\">\n</figure>\n</section>\n"
        let pages = try prepare(markup, page: page).checkedPages()
        XCTAssertEqual(pages.count, 2, "the figure on a page of its own")
        let area = page.textArea
        let float = try XCTUnwrap(pages.last?.frames.flatMap(\.floats).first)
        let box = try XCTUnwrap(float.box)
        XCTAssertEqual(pages.last?.frames.count, 1, "the section's one column")
        XCTAssertEqual(box.rect.width, area.width, accuracy: 0.01, "as wide as its picture, fitted to the section's column")
        let picture = try XCTUnwrap(box.frames.first?.lines.first)
        XCTAssertLessThanOrEqual(picture.width, box.rect.width + 0.01, "the picture inside its box")
    }

    /// A figure that did not fit below its one-column section's text waits for the next page's
    /// top in that section's column; it was placed at the top of the band below, as wide as
    /// the section, over the text of that band's narrower columns (layout fuzz seed 467).
    func testAFigureWaitingAtItsSectionsEndKeepsItsSectionsColumnAndTheTextAfterGoesOn() throws {
        let page = PageTemplate(size: Size(width: 656, height: 460), margins: Margins(all: 32), columns: 3, gutter: 11)
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        let markup = "<section columns=\"1\">\n" + String(repeating: sentence, count: 6) + "\n"
            + "<figure>\n<img src=\"rocket.jpg\" alt=\"\">\n</figure>\n</section>\n" + String(repeating: sentence, count: 40) + "\n"
        let pages = try prepare(markup, page: page).checkedPages()
        let area = page.textArea
        XCTAssertEqual(pages.first?.boxes.count, 0, "no room for the figure on the first page")
        XCTAssertGreaterThan(pages.first?.frames.count ?? 0, 1, "the text after the section goes on below it")
        let second = try XCTUnwrap(pages.dropFirst().first)
        let first = try XCTUnwrap(second.frames.first)
        XCTAssertEqual(first.container.rect.width, area.width, accuracy: 0.01, "the section's one column")
        XCTAssertEqual(first.floats.first?.rect.minY ?? 0, area.minY, accuracy: 0.01, "at the page's top")
        XCTAssertEqual(second.boxes.count, 1)
        XCTAssertEqual(pages.flatMap(\.boxes).count, 1, "placed once")
    }
}
