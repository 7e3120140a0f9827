import Fonts
import Layout
import Pages
import Text
import TypesetKit
import XCTest

final class PaginatorTests: XCTestCase {
    private func zombies(template: PageTemplate = PageTemplate()) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = template
        return try Typesetter(options: options).prepare(fileAt: TestSupport.zombiesFile.path)
    }

    func testPagesPartitionTheText() throws {
        let document = try zombies()
        let pages = document.checkedPages()
        XCTAssertGreaterThanOrEqual(pages.count, 4)
        XCTAssertLessThanOrEqual(pages.count, 9)
        XCTAssertEqual(pages.map(\.number), Array(1 ... pages.count))

        var position = 0
        for page in pages {
            XCTAssertEqual(page.size, document.template.size)
            XCTAssertFalse(page.frames.isEmpty)
            XCTAssertLessThanOrEqual(page.frames.count, 2)
            for (column, frame) in page.frames.enumerated() {
                // Its column, below what spans all the columns at the page's top; one as wide as a
                // column (the rocket's figure) is an exclusion in the frame (`SpanningPictures.room`).
                let columnRect = document.template.columnRects[column]
                let textArea = document.template.textArea
                let spansAll = { (picture: PlacedPicture) in picture.rect.minX <= textArea.minX + 0.5 && picture.rect.maxX >= textArea.maxX - 0.5 }
                let top = page.pictures.filter { $0.position == .top && spansAll($0) }.map { $0.rect.maxY + document.template.gutter }.max()
                    ?? columnRect.minY
                XCTAssertEqual(frame.container.rect, Rect(x: columnRect.minX, y: top, width: columnRect.width, height: columnRect.maxY - top))
                XCTAssertEqual(frame.visibleRange.lowerBound, position, "page \(page.number) column \(column + 1)")
                XCTAssertGreaterThan(frame.visibleRange.upperBound, position)
                position = frame.visibleRange.upperBound
                for line in frame.lines {
                    // Pictures were scaled to the column (with the half point of slack Typesetter
                    // allows), so every line fits it.
                    XCTAssertLessThanOrEqual(line.origin.x + line.width, frame.container.rect.maxX + 0.5)
                    XCTAssertLessThanOrEqual(line.origin.y + line.descent, frame.container.rect.maxY + 0.01)
                }
            }
            // Only the last page may leave a column empty.
            if page.number < pages.count { XCTAssertEqual(page.frames.count, 2) }
        }
        XCTAssertEqual(position, document.text.length)
    }

    func testEveryPictureIsPlacedOnce() throws {
        let document = try zombies()
        var placed: [String] = []
        for page in document.checkedPages() {
            // In the columns' lines, or in the figures' (in the column, floated, across the columns).
            let frames = page.frames + (page.frames.flatMap(\.boxes) + page.pictures.compactMap(\.box)).flatMap(\.frames)
            for frame in frames {
                for line in frame.lines {
                    for run in line.runs where run.runDelegate != nil {
                        placed.append(URL(fileURLWithPath: try XCTUnwrap(run.image?.path)).lastPathComponent)
                        XCTAssertLessThanOrEqual(run.width, frame.container.rect.width + 0.5)
                    }
                }
            }
        }
        // Once each; a picture across the columns may wait for the next page's top, past a later float.
        XCTAssertEqual(placed.sorted(), ["astronaut.png", "cameraman.png", "chelsea.png", "coffee.jpg", "masthead.svg", "rocket.jpg"])
    }

    func testPagesAreMadeAnewOnEachPass() throws {
        let document = try zombies()
        let first = document.checkedPages().map { $0.frames.map(\.visibleRange) }
        let second = document.checkedPages().map { $0.frames.map(\.visibleRange) }
        XCTAssertEqual(first, second)
    }

    func testOneColumnPagesHaveOneFrameEach() throws {
        let document = try zombies(template: PageTemplate(columns: 1))
        let pages = document.checkedPages()
        XCTAssertGreaterThan(pages.count, 2)
        XCTAssertTrue(pages.allSatisfy { $0.frames.count == 1 })
        XCTAssertEqual(pages.last?.frames.last?.visibleRange.upperBound, document.text.length)
        for (page, next) in zip(pages, pages.dropFirst()) {
            XCTAssertEqual(page.frames[0].visibleRange.upperBound, next.frames[0].visibleRange.lowerBound)
            XCTAssertEqual(page.frames[0].container.rect.width, 595.2756 - 2 * 56.6929, accuracy: 0.001)
        }
    }

    func testEmptyTextGivesOneEmptyPage() throws {
        let library = try TestSupport.makeFontLibrary()
        let fonts = try FontTableBuilder(library: library).table
        let pages = Array(Paginator(framesetter: Framesetter(text: AttributedText(), fonts: fonts), template: PageTemplate()))
        XCTAssertEqual(pages.count, 1)
        XCTAssertEqual(pages.first?.frames.count, 0)
    }

    func testAShortTextFillsOnlyTheFirstColumn() throws {
        let library = try TestSupport.makeFontLibrary()
        let document = TestSupport.parse("Just a few words.")
        let fonts = try TestSupport.fontTable(for: document, library: library)
        let pages = Array(Paginator(framesetter: Framesetter(text: document.text, fonts: fonts), template: PageTemplate()))
        XCTAssertEqual(pages.count, 1)
        XCTAssertEqual(pages[0].frames.count, 1)
        XCTAssertEqual(pages[0].frames[0].visibleRange, 0 ..< document.text.length)
    }
}
