import Foundation
import Layout
import Render
import TypesetKit
import XCTest

/// Elements that bleed (`bleed="true"`), laid out through the whole pipeline: each reaches out
/// from where it was placed to the page's edges it stands at and past them by the sheet's
/// bleed, in page coordinates; the text is set exactly where it was without the bleed, no
/// glyph lies under a bled element, and a running head it covers is left out.
final class BleedPageTests: XCTestCase {
    private let template = PageTemplate()
    /// 3 mm in points.
    private let bleed = 3 * 72 / 25.4

    private func layOut(_ markup: String, bleed: Double? = nil, header: Bool = false) throws -> (PreparedDocument, [Page]) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // The pictures are blown up on purpose: their print resolution is not what is tested here.
        options.minimumPictureResolution = 0
        options.sheet = PrintSheet(bleed: bleed ?? self.bleed)
        if header { try options.addHeaderAndFooter() }
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                               baseDirectory: TestSupport.zombiesDirectory.path)
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        return (document, document.checkedPages())
    }

    private func paragraphs(_ count: Int) -> String {
        let sentence = "The launch pad lies behind the gasworks, and the crowd comes every morning with flasks. "
        return (1 ... count).map { "Paragraph \($0). " + String(repeating: sentence, count: 5) }.joined(separator: "\n")
    }

    /// Each glyph run's advance box, the running heads' included.
    private func glyphBoxes(_ page: Page) -> [Rect] {
        (page.frames + (page.furniture?.frames ?? [])).flatMap { frame in
            frame.lines.flatMap { line in
                line.runs.filter { !$0.glyphIDs.isEmpty }.map { run in
                    let box = run.typographicBounds()
                    return Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height)
                }
            }
        }
    }

    private func assertRect(_ found: Rect?, _ expected: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let found else { return XCTFail("\(what): not bled", file: file, line: line) }
        for (a, b, name) in [(found.minX, expected.minX, "x"), (found.minY, expected.minY, "y"),
                             (found.width, expected.width, "width"), (found.height, expected.height, "height")] {
            XCTAssertEqual(a, b, accuracy: 1e-6, "\(what): \(name) of \(found) is not \(expected)'s", file: file, line: line)
        }
    }

    /// No glyph, in the columns or the running heads, lies under an element drawn past its place.
    private func assertNoTextUnderBleeds(_ page: Page, file: StaticString = #filePath, line: UInt = #line) {
        let bled = page.pictures.compactMap(\.bled) + page.frames.flatMap { $0.floats.compactMap(\.bled) }
        for box in glyphBoxes(page) {
            for rect in bled { XCTAssertFalse(rect.intersects(box), "glyph \(box) under \(rect)", file: file, line: line) }
        }
    }

    func testAFullBleedPictureAtTheTopRunsPastTheTopAndBothSidesAndTheTextStartsBelowIt() throws {
        let markup = "<img src=\"rocket.jpg\" float=\"top\" span=\"all\" bleed=\"true\" alt=\"\">" + paragraphs(8)
        let (_, pages) = try layOut(markup, header: true)
        let picture = try XCTUnwrap(pages[0].pictures.first)
        let area = template.textArea, page = template.size
        assertRect(picture.bled, Rect(x: -bleed, y: -bleed, width: page.width + 2 * bleed, height: picture.rect.maxY + bleed), "bled")
        XCTAssertEqual(picture.rect.minY, area.minY, accuracy: 1e-6, "placed where it would be")
        let firstLine = try XCTUnwrap(pages[0].frames.first?.lines.first)
        XCTAssertGreaterThanOrEqual(firstLine.origin.y - firstLine.ascent, picture.rect.maxY + template.gutter - 1e-6,
                                    "the text starts a gutter below it")
        assertNoTextUnderBleeds(pages[0])
        // The header it covers is left out; the footer, and the next page's header, stay.
        let heads = try XCTUnwrap(pages[0].furniture).frames.flatMap(\.lines)
        XCTAssertFalse(heads.isEmpty)
        XCTAssertTrue(heads.allSatisfy { $0.origin.y > area.maxY }, "only the footer is left")
        XCTAssertTrue(try XCTUnwrap(pages[1].furniture).frames.flatMap(\.lines).contains { $0.origin.y < area.minY })
    }

    func testAPictureAtTheFootMirrorsIt() throws {
        let (_, pages) = try layOut("<img src=\"rocket.jpg\" float=\"bottom\" span=\"all\" bleed=\"true\" alt=\"\">" + paragraphs(8))
        let picture = try XCTUnwrap(pages[0].pictures.first)
        let page = template.size
        assertRect(picture.bled, Rect(x: -bleed, y: picture.rect.minY, width: page.width + 2 * bleed,
                                      height: page.height + bleed - picture.rect.minY), "bled")
        assertNoTextUnderBleeds(pages[0])
    }

    func testWithoutABleedThePictureReachesTheTrimAndNoFurther() throws {
        let (_, pages) = try layOut("<img src=\"rocket.jpg\" float=\"top\" span=\"all\" bleed=\"true\" alt=\"\">" + paragraphs(4), bleed: 0)
        let picture = try XCTUnwrap(pages[0].pictures.first)
        assertRect(picture.bled, Rect(x: 0, y: 0, width: template.size.width, height: picture.rect.maxY), "bled to the trim")
    }

    /// The bleed moves no text: the lines are where they are when no element bleeds.
    func testTheTextIsSetWhereItIsWithoutTheBleed() throws {
        let body = "<img src=\"rocket.jpg\" float=\"top\" span=\"all\" BLEED alt=\"\">" + paragraphs(3)
            + "<img src=\"coffee.jpg\" width=\"100\" float=\"left\" BLEED alt=\"\">" + paragraphs(6)
        let (_, bled) = try layOut(body.replacingOccurrences(of: "BLEED", with: "bleed=\"true\""))
        let (_, plain) = try layOut(body.replacingOccurrences(of: "BLEED", with: ""))
        XCTAssertEqual(bled.count, plain.count)
        for (a, b) in zip(bled, plain) {
            XCTAssertEqual(a.frames.flatMap(\.lines).map(\.origin), b.frames.flatMap(\.lines).map(\.origin))
            XCTAssertEqual(a.frames.flatMap(\.floats).map(\.rect), b.frames.flatMap(\.floats).map(\.rect))
            XCTAssertEqual(a.pictures.map(\.rect), b.pictures.map(\.rect))
        }
        XCTAssertTrue(plain.allSatisfy { $0.pictures.allSatisfy { $0.bled == nil } && $0.frames.allSatisfy { $0.floats.allSatisfy { $0.bled == nil } } })
    }

    /// A picture across the first of two columns stands on the text area's top and left edges
    /// only: it bleeds there, and its right edge stays beside the second column's text.
    func testAPictureAcrossOneColumnBleedsOnlyAtTheEdgesItStandsOn() throws {
        let (_, pages) = try layOut("<img src=\"rocket.jpg\" float=\"top\" span=\"1\" bleed=\"true\" alt=\"\">" + paragraphs(8))
        let picture = try XCTUnwrap(pages[0].pictures.first)
        assertRect(picture.bled, Rect(x: -bleed, y: -bleed, width: picture.rect.maxX + bleed, height: picture.rect.maxY + bleed), "bled")
        assertNoTextUnderBleeds(pages[0])
    }

    /// A float against its column's side bleeds there when that side is the page's: a right
    /// float in the last column, a left one in the first; a right float in the first of two
    /// columns stands inside the text area and is drawn where it was placed.
    func testAFloatReachesItsSidesPageEdgeAndTheBleedVerticallyWhereItWas() throws {
        let markup = "<section columns=\"1\">\n<img src=\"coffee.jpg\" width=\"120\" float=\"right\" bleed=\"true\" alt=\"\">" + paragraphs(2)
            + "\n</section>\n<img src=\"coffee.jpg\" width=\"100\" float=\"left\" bleed=\"true\" alt=\"\">" + paragraphs(1)
            + "\n<img src=\"coffee.jpg\" width=\"100\" float=\"right\" bleed=\"true\" alt=\"\">" + paragraphs(6)
        let (_, pages) = try layOut(markup)
        let floats = pages[0].frames.flatMap(\.floats)
        XCTAssertEqual(floats.count, 3)
        let page = template.size
        let right = floats[0], left = floats[1], inner = floats[2]
        assertRect(right.bled, Rect(x: right.rect.minX, y: right.rect.minY, width: page.width + bleed - right.rect.minX,
                                    height: right.rect.height), "right float")
        assertRect(left.bled, Rect(x: -bleed, y: left.rect.minY, width: left.rect.maxX + bleed, height: left.rect.height), "left float")
        XCTAssertLessThan(inner.rect.maxX, template.textArea.maxX - 1, "the third float is in the first column")
        XCTAssertNil(inner.bled, "a float inside the text area does not bleed")
        assertNoTextUnderBleeds(pages[0])
    }

    /// A figure across the top: its box and the picture on its inside edges run off the page;
    /// its caption stays inside the text area.
    func testAFigureBleedsWithItsPictureAndKeepsItsCaptionInTheTextArea() throws {
        let markup = """
            <figure float="top" span="all" bleed="true">
            <img src="rocket.jpg" width="600" alt="">
            <caption>The Albatross on the pad, an hour before the countdown.</caption>
            </figure>
            \(paragraphs(6))

            """
        let (_, pages) = try layOut(markup)
        let figure = try XCTUnwrap(pages[0].pictures.first)
        let box = try XCTUnwrap(figure.box)
        assertRect(figure.bled, Rect(x: -bleed, y: -bleed, width: template.size.width + 2 * bleed, height: figure.rect.maxY + bleed), "figure")
        let captionLines = box.frames.flatMap(\.lines).filter { !$0.runs.contains { $0.runDelegate != nil } }
        XCTAssertFalse(captionLines.isEmpty)
        for line in captionLines {
            XCTAssertTrue(template.textArea.contains(line.bounds, tolerance: 1e-6), "caption line \(line.bounds) inside the text area")
        }
        assertNoTextUnderBleeds(pages[0])
    }

    /// The pictures in a bleeding figure's lines reach out with it in the layout itself
    /// (`PlacedBox.bledPictures`, which the drawer and the layout JSON read): the figure's own
    /// picture, alone in its line and narrower than the column, to the top and both sides; a
    /// picture sharing its line with words only on the side it stands on.
    func testAFiguresPicturesBleedInTheLayout() throws {
        let markup = """
            <figure float="top" span="all" bleed="true">
            <img src="rocket.jpg" width="470" alt="">
            <img src="rocket.jpg" width="60" alt=""> and a few words beside it.
            <caption>The Albatross on the pad.</caption>
            </figure>
            \(paragraphs(6))

            """
        let (_, pages) = try layOut(markup)
        let figure = try XCTUnwrap(pages[0].pictures.first)
        let box = try XCTUnwrap(figure.box)
        let pictures = box.frames.flatMap(\.lines).flatMap { line in
            line.runs.compactMap { run in line.pictureRect(of: run).map { (anchor: run.stringRange.lowerBound, rect: $0) } }
        }
        XCTAssertEqual(pictures.count, 2)
        XCTAssertEqual(box.bledPictures.count, 2, "\(box.bledPictures)")
        let lone = pictures[0], beside = pictures[1]
        assertRect(box.bledPictures[lone.anchor], Rect(x: -bleed, y: -bleed, width: template.size.width + 2 * bleed,
                                                       height: lone.rect.maxY + bleed), "the figure's picture")
        assertRect(box.bledPictures[beside.anchor], Rect(x: -bleed, y: beside.rect.minY, width: beside.rect.maxX + bleed,
                                                         height: beside.rect.height), "the picture beside words")

        let unbled = try layOut(markup.replacingOccurrences(of: " bleed=\"true\"", with: "")).1
        XCTAssertEqual(unbled[0].pictures.first?.box?.bledPictures.count, 0, "a figure that does not bleed moves none")
    }

    /// An aside beside the text: its background runs off its side of the page.
    func testAnAsideBleedsAtItsSide() throws {
        let markup = "<aside float=\"left\" width=\"150\" background=\"#f2e6c9\" bleed=\"true\">\nGetting there: a torch and a note.\n</aside>\n"
            + paragraphs(6)
        let (_, pages) = try layOut(markup)
        let aside = try XCTUnwrap(pages[0].frames.flatMap(\.floats).first)
        XCTAssertNotNil(aside.box)
        assertRect(aside.bled, Rect(x: -bleed, y: aside.rect.minY, width: aside.rect.maxX + bleed, height: aside.rect.height), "aside")
    }
}
