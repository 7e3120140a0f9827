import Foundation
import Layout
import Pages
import TypesetKit
import XCTest

/// `<section shape=… height=…>` on the page: one band of its height as wide as the text area,
/// every glyph inside the shape, every character set once, the next section below the band,
/// and text the shape cannot hold going on in the same shape on the next page until it ends.
final class ShapedSectionPageTests: XCTestCase {
    private let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "

    private func layOut(_ markup: String, file: StaticString = #filePath, line: UInt = #line) throws -> (LaidOutDocument, [Page]) {
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [], file: file, line: line)
        return (document, pages)
    }

    /// The frames set inside a shape, with it.
    private func shaped(_ page: Page) -> [(frame: Frame, shape: Shape)] {
        page.frames.compactMap { frame in frame.container.shape.map { (frame, $0) } }
    }

    /// Every run's advance box lies inside `shape` all the way down (docs/shapes.md: exact, so
    /// only rounding is allowed).
    private func assertInside(_ frame: Frame, _ shape: Shape, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(frame.lines.isEmpty, file: file, line: line)
        for setLine in frame.lines {
            for run in setLine.runs {
                let box = run.typographicBounds()
                let (left, right) = (setLine.origin.x + box.minX, setLine.origin.x + box.maxX)
                let spans = shape.enclosedSpans(top: setLine.origin.y + box.minY, bottom: setLine.origin.y + box.maxY)
                XCTAssertTrue(spans.contains { $0.minX <= left + 1e-6 && right <= $0.maxX + 1e-6 },
                              "run \(left)…\(right) at \(setLine.origin.y) outside \(shape)", file: file, line: line)
            }
        }
    }

    func testACircleSectionIsSetInsideItsCircleAndTheNextSectionStartsBelowTheBand() throws {
        let markup = """
            <section columns="1">
            <p align="center">The Round Room</p>
            </section>
            <section shape="circle" height="300">
            \(String(repeating: sentence, count: 6))
            </section>
            <section columns="2">
            \(String(repeating: sentence, count: 8))
            </section>
            """
        let (document, pages) = try layOut(markup)
        SectionTesting.checkProperties(of: document, pages: pages)
        XCTAssertEqual(pages.count, 1)
        let area = document.template.textArea
        let inShape = shaped(pages[0])
        XCTAssertEqual(inShape.count, 1)
        let (frame, shape) = inShape[0]
        let band = frame.container.rect
        XCTAssertEqual(band.minX, area.minX, accuracy: 1e-9)
        XCTAssertEqual(band.width, area.width, accuracy: 1e-9)
        XCTAssertEqual(band.height, 300, accuracy: 1e-9)
        XCTAssertEqual(shape, .circle(center: Point(x: (area.minX + area.width / 2), y: band.minY + 150), radius: min(area.width, 300) / 2))
        assertInside(frame, shape)
        // The headline's band is above the circle, the two columns below the whole band.
        let below = pages[0].frames.filter { $0.visibleRange.lowerBound >= frame.visibleRange.upperBound }
        XCTAssertEqual(below.count, 2, "the circle holds its whole section, the rest is in two columns")
        XCTAssertEqual(below.first?.visibleRange.lowerBound, frame.visibleRange.upperBound)
        for column in below {
            XCTAssertGreaterThanOrEqual(column.container.rect.minY, band.maxY + document.template.gutter - 1e-6)
        }
        XCTAssertLessThanOrEqual(pages[0].frames[0].container.rect.maxY, band.minY)
    }

    func testAnEllipseFillsItsBand() throws {
        let (document, pages) = try layOut("Before.\n<section shape=\"ellipse\" height=\"160\">\n<p align=\"center\">"
                                           + String(repeating: sentence, count: 3) + "</p>\n</section>\nAfter.")
        SectionTesting.checkProperties(of: document, pages: pages)
        let inShape = shaped(pages[0])
        XCTAssertEqual(inShape.count, 1)
        let (frame, shape) = inShape[0]
        XCTAssertEqual(shape, .ellipse(in: frame.container.rect))
        XCTAssertEqual(frame.container.rect.height, 160, accuracy: 1e-9)
        assertInside(frame, shape)
    }

    func testALongTextInASmallCircleGoesOnInTheSameCircleAndEnds() throws {
        let markup = "<section shape=\"circle\" height=\"140\">\n" + String(repeating: sentence, count: 30) + "\n</section>\nThe end."
        let (document, pages) = try layOut(markup)
        SectionTesting.checkProperties(of: document, pages: pages)
        XCTAssertGreaterThan(pages.count, 3, "the circle holds a few lines a page")
        let area = document.template.textArea
        for page in pages.dropLast() {
            let inShape = shaped(page)
            XCTAssertEqual(inShape.count, 1, "page \(page.number)")
            XCTAssertEqual(page.frames.count, 1, "page \(page.number): the circle alone")
            guard let (frame, shape) = inShape.first else { continue }
            XCTAssertEqual(frame.container.rect.minY, area.minY, accuracy: 1e-9, "at the top of the page")
            XCTAssertEqual(shape, .circle(center: Point(x: (area.minX + area.width / 2), y: area.minY + 70), radius: 70))
            assertInside(frame, shape)
        }
        XCTAssertTrue(pages.last!.frames.contains { $0.container.shape == nil }, "the text after the section ends the document")
    }

    func testAShapeThatHoldsNoLineStillLetsTheTextEnd() throws {
        // A circle 6 pt across holds no line: below other text it moves to the next page; first
        // on a page, its text is set in one column down the page instead, so every page takes text.
        let markup = "Before. " + String(repeating: sentence, count: 3) + "\n<section shape=\"circle\" height=\"6\">\n"
            + String(repeating: sentence, count: 4) + "\n</section>\nAfter."
        let (document, pages) = try layOut(markup)
        XCTAssertEqual(pages.count, 2)
        XCTAssertTrue(pages[1].frames.allSatisfy { $0.container.shape == nil })
        var position = 0
        for frame in pages.flatMap(\.frames) {
            XCTAssertEqual(frame.visibleRange.lowerBound, position)
            position = frame.visibleRange.upperBound
        }
        XCTAssertEqual(position, document.text.length, "every character is set, and the document ends")
    }

    func testAShapeTooTallForTheRoomLeftMovesToTheNextPageAndOneTallerThanThePageIsCut() throws {
        let area = try layOut("x").0.template.textArea
        let markup = String(repeating: sentence, count: 40) + "\n<section shape=\"ellipse\" height=\"\(area.height - 50)\">\n"
            + sentence + "\n</section>\n<section shape=\"circle\" height=\"5000\">\n" + sentence + "\n</section>"
        let (document, pages) = try layOut(markup)
        SectionTesting.checkProperties(of: document, pages: pages)
        XCTAssertEqual(pages.count, 3)
        XCTAssertTrue(shaped(pages[0]).isEmpty, "no room for the ellipse under the text")
        XCTAssertEqual(shaped(pages[1]).first?.frame.container.rect.minY ?? 0, area.minY, accuracy: 1e-9)
        let cut = try XCTUnwrap(shaped(pages[2]).first)
        XCTAssertEqual(cut.frame.container.rect, area, "cut to the text area")
        XCTAssertEqual(cut.shape, .circle(center: Point(x: (area.minX + area.width / 2), y: (area.minY + area.height / 2)), radius: min(area.width, area.height) / 2))
        assertInside(cut.frame, cut.shape)
    }
}
