import Layout
import Pages
import Text
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
