import Fonts
import Layout
import Pages
import Text
import TypesetKit
import XCTest

final class PageTemplateTests: XCTestCase {
    func testA4TwoColumnsByDefault() {
        let template = PageTemplate()
        XCTAssertEqual(template.size.width, 595.2756, accuracy: 0.001)
        XCTAssertEqual(template.size.height, 841.8898, accuracy: 0.001)
        XCTAssertEqual(template.columns, 2)
        XCTAssertEqual(template.gutter, 18)
        XCTAssertNil(template.problem)

        let columns = template.columnRects
        XCTAssertEqual(columns.count, 2)
        let margins = template.margins
        let (left, right) = (columns[0], columns[1])
        XCTAssertEqual(left.minX, margins.left, accuracy: 1e-9)
        XCTAssertEqual(right.maxX, template.size.width - margins.right, accuracy: 1e-9)
        XCTAssertEqual(right.minX - left.maxX, 18, accuracy: 1e-9, "the gutter lies between the columns")
        XCTAssertEqual(left.width, right.width, accuracy: 1e-9)
        XCTAssertEqual(left.width, (template.size.width - margins.left - margins.right - 18) / 2, accuracy: 1e-9)
        for column in columns {
            XCTAssertEqual(column.minY, margins.top, accuracy: 1e-9)
            XCTAssertEqual(column.maxY, template.size.height - margins.bottom, accuracy: 1e-9)
            XCTAssertTrue(template.textArea.contains(column, tolerance: 1e-9))
        }
        XCTAssertFalse(left.intersects(right))
    }

    func testColumnsOfOtherTemplates() {
        let three = PageTemplate(size: PageTemplate.letter, margins: Margins(top: 10, right: 20, bottom: 30, left: 40), columns: 3, gutter: 12)
        let rects = three.columnRects
        XCTAssertEqual(rects.count, 3)
        XCTAssertEqual(rects[0].minX, 40)
        XCTAssertEqual(rects[2].maxX, 612 - 20, accuracy: 1e-9)
        XCTAssertEqual(rects[1].minX - rects[0].maxX, 12, accuracy: 1e-9)
        XCTAssertEqual(rects[2].minX - rects[1].maxX, 12, accuracy: 1e-9)
        XCTAssertEqual(rects[0].height, 792 - 40, accuracy: 1e-9)
        let one = PageTemplate(size: Size(width: 260, height: 180), margins: Margins(all: 10), columns: 1, gutter: 0)
        XCTAssertEqual(one.columnRects, [Rect(x: 10, y: 10, width: 240, height: 160)])
    }

    func testTemplatesThatCannotHoldText() {
        XCTAssertNotNil(PageTemplate(columns: 0).problem)
        XCTAssertNotNil(PageTemplate(size: Size(width: 100, height: 100), margins: Margins(all: 60)).problem)
        XCTAssertNotNil(PageTemplate(columns: 20, gutter: 18).problem, "columns of a few points are too narrow")
        XCTAssertNil(PageTemplate(columns: 4).problem)
    }
}

final class PaginatorTests: XCTestCase {
    private func zombies(template: PageTemplate = PageTemplate()) throws -> LaidOutDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = template
        return try Typesetter(options: options).layOut(fileAt: TestSupport.zombiesFile.path)
    }

    func testPagesPartitionTheText() throws {
        let document = try zombies()
        let pages = Array(document.pages())
        XCTAssertGreaterThanOrEqual(pages.count, 4)
        XCTAssertLessThanOrEqual(pages.count, 9)
        XCTAssertEqual(pages.map(\.number), Array(1 ... pages.count))

        var position = 0
        for page in pages {
            XCTAssertEqual(page.size, document.template.size)
            XCTAssertFalse(page.frames.isEmpty)
            XCTAssertLessThanOrEqual(page.frames.count, 2)
            for (column, frame) in page.frames.enumerated() {
                XCTAssertEqual(frame.container.rect, document.template.columnRects[column])
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
        for page in document.pages() {
            for frame in page.frames {
                for line in frame.lines {
                    for run in line.runs where run.runDelegate != nil {
                        placed.append(URL(fileURLWithPath: try XCTUnwrap(run.image?.path)).lastPathComponent)
                        XCTAssertLessThanOrEqual(run.width, frame.container.rect.width + 0.5)
                    }
                }
            }
        }
        XCTAssertEqual(placed, ["coffee.jpg", "chelsea.png", "rocket.jpg", "astronaut.png", "cameraman.png"])
    }

    func testPagesAreMadeAnewOnEachPass() throws {
        let document = try zombies()
        let first = Array(document.pages()).map { $0.frames.map(\.visibleRange) }
        let second = Array(document.pages()).map { $0.frames.map(\.visibleRange) }
        XCTAssertEqual(first, second)
    }

    func testOneColumnPagesHaveOneFrameEach() throws {
        let document = try zombies(template: PageTemplate(columns: 1))
        let pages = Array(document.pages())
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
        let fonts = FontTable(fallback: try library.resolve(family: TestSupport.bodyFamily).font)
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
