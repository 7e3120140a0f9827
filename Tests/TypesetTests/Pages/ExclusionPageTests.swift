import Foundation
import TypesetKit
import XCTest

/// `<exclusion>` through the whole pipeline (`Typesetter.prepare`): text on the page keeps
/// out of the shape and its padding, every character is still set once, and a page an
/// exclusion covers is left empty without stopping the text.
final class ExclusionPageTests: XCTestCase {
    private func layOut(_ markup: String) throws -> (PreparedDocument, [Page]) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: "/")
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        return (document, document.checkedPages())
    }

    private func article(paragraphs: Int) -> String {
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        return (0 ..< paragraphs).map { index in "Paragraph \(index + 1). " + String(repeating: sentence, count: 6) }
            .joined(separator: "\n")
    }

    /// Each run's box on the page: advance widths by the font's ascent and descent.
    private func boxes(_ page: Page) -> [Rect] {
        page.frames.flatMap(\.lines).flatMap { line in
            line.runs.map { run in
                let box = run.typographicBounds()
                return Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height)
            }
        }
    }

    private func distance(from center: Point, to box: Rect) -> Double {
        let dx = max(box.minX - center.x, 0, center.x - box.maxX)
        let dy = max(box.minY - center.y, 0, center.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Every character but white space and paragraph ends is shown exactly once, over all the pages.
    private func assertEveryCharacterSetOnce(_ pages: [Page], _ text: AttributedText, file: StaticString = #filePath, line: UInt = #line) {
        var shown = [Int](repeating: 0, count: text.length)
        for frame in pages.flatMap(\.frames) {
            for setLine in frame.lines { for run in setLine.runs { for index in run.stringRange { shown[index] += 1 } } }
        }
        for index in 0 ..< text.length {
            let unit = text.storage[index]
            if [0x20, 0x09, 0xA0, 0x0A, 0x2029, 0x2028].contains(unit) {
                XCTAssertLessThanOrEqual(shown[index], 1, "offset \(index)", file: file, line: line)
            } else {
                XCTAssertEqual(shown[index], 1, "offset \(index)", file: file, line: line)
            }
        }
    }

    func testTwoColumnTextKeepsOutOfACircleAndItsPadding() throws {
        let markup = "<exclusion shape=\"circle\" cx=\"297.6\" cy=\"421\" r=\"90\" padding=\"8\">\n" + article(paragraphs: 14)
        let (document, pages) = try layOut(markup)
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        let center = Point(x: 297.6, y: 421)
        let first = boxes(pages[0])
        for box in first {
            XCTAssertGreaterThanOrEqual(distance(from: center, to: box), 98 - 1e-6, "a glyph box \(box) enters the circle")
        }
        // Lines run beside the circle in both columns, not only above and below it.
        let beside = first.filter { $0.minY > 421 - 60 && $0.maxY < 421 + 60 }
        XCTAssertTrue(beside.contains { $0.maxX <= 297.6 - 98 + 1e-6 }, "text left of the circle")
        XCTAssertTrue(beside.contains { $0.minX >= 297.6 + 98 - 1e-6 }, "text right of the circle")
        // The exclusion is on page 1 only: page 2's text crosses where it was.
        XCTAssertTrue(boxes(pages[1]).contains { distance(from: center, to: $0) < 50 }, "page 2 has no exclusion")
        assertEveryCharacterSetOnce(pages, document.text)
    }

    func testPolygonAndRectangleExclusionsOnAGivenPage() throws {
        let markup = """
            <exclusion shape="rect" x="0" y="0" width="300" height="842" page="2">
            <exclusion shape="polygon" points="300,300 500,300 400,500" padding="4" page="2">

            """ + article(paragraphs: 24)
        let (document, pages) = try layOut(markup)
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        for box in boxes(pages[1]) {
            XCTAssertGreaterThanOrEqual(box.minX, 300 - 1e-6, "page 2's left half is excluded: \(box)")
            // The triangle narrows downwards: at y it spans 400 ± 100 × (500 − y) / 200. Points across the box.
            let insideTriangle = (0 ... 4).contains { i in (0 ... 4).contains { j in
                let x = box.minX + box.width * Double(i) / 4, y = box.minY + box.height * Double(j) / 4
                return y > 300 && y < 500 && abs(x - 400) < 100 * (500 - y) / 200
            } }
            XCTAssertFalse(insideTriangle, "a glyph box \(box) inside the triangle")
        }
        XCTAssertFalse(boxes(pages[1]).isEmpty)
        XCTAssertTrue(boxes(pages[0]).contains { $0.maxX < 300 }, "page 1 has no exclusion")
        assertEveryCharacterSetOnce(pages, document.text)
    }

    /// A page whose exclusions leave no line anywhere is left empty, and the text goes on over
    /// it: the pages after, which have no exclusions, always take text.
    func testAPageCoveredByAnExclusionIsEmptyAndTheTextGoesOn() throws {
        let markup = """
            <exclusion shape="rect" x="0" y="0" width="600" height="850" page="2">
            <exclusion shape="circle" cx="300" cy="420" r="600" page="3">

            """ + article(paragraphs: 14)
        let (document, pages) = try layOut(markup)
        XCTAssertGreaterThanOrEqual(pages.count, 4)
        XCTAssertFalse(pages[0].frames.flatMap(\.lines).isEmpty)
        XCTAssertTrue(pages[1].frames.flatMap(\.lines).isEmpty, "page 2 is covered")
        XCTAssertTrue(pages[2].frames.flatMap(\.lines).isEmpty, "page 3 is covered")
        XCTAssertFalse(pages[3].frames.flatMap(\.lines).isEmpty)
        assertEveryCharacterSetOnce(pages, document.text)
    }

    /// Sections on a page with an exclusion: each band's columns keep out of it, balanced or not.
    func testSectionsOnAPageWithAnExclusion() throws {
        let markup = """
            <exclusion shape="ellipse" cx="297.6" cy="250" rx="120" ry="70" padding="6">
            <section columns="1">
            \(article(paragraphs: 2))
            </section>
            <section columns="3" gutter="12">
            \(article(paragraphs: 10))
            </section>
            """
        let (document, pages) = try layOut(markup)
        for box in boxes(pages[0]) {
            // The padded ellipse's bounding box less its corners: test against the ellipse grown by the padding.
            let dx = max(max(box.minX - 297.6, 297.6 - box.maxX), 0) / (120 + 6)
            let dy = max(max(box.minY - 250, 250 - box.maxY), 0) / (70 + 6)
            XCTAssertGreaterThanOrEqual((dx * dx + dy * dy).squareRoot(), 1 - 1e-6, "a glyph box \(box) enters the ellipse")
        }
        assertEveryCharacterSetOnce(pages, document.text)
    }
}
