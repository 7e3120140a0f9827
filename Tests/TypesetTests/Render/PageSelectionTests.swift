@testable import Render
import XCTest

/// `PageSelection`, the list `--pages` reads, and the page files of a PNG output it leaves.
final class PageSelectionTests: XCTestCase {
    func testNumbersAndRangesOpenAtEitherEnd() throws {
        let selection = try PageSelection(parsing: "-2, 5,7-8,10-")
        XCTAssertEqual((1 ... 12).filter(selection.contains), [1, 2, 5, 7, 8, 10, 11, 12])
        XCTAssertEqual(selection.description, "-2,5,7-8,10-")
        XCTAssertTrue(PageSelection.all.contains(1) && PageSelection.all.contains(100_000))
    }

    func testPartsPastTheEndAreThoseAskingForAPageTheDocumentLacks() throws {
        let selection = try PageSelection(parsing: "1,4-6,9,3-")
        XCTAssertEqual(selection.partsPastTheEnd(pageCount: 5).map(\.written), ["4-6", "9"], "an open range asks for no page past its start")
        XCTAssertEqual(selection.partsPastTheEnd(pageCount: 9).map(\.written), [])
        XCTAssertEqual(try PageSelection(parsing: "6-").partsPastTheEnd(pageCount: 5).map(\.written), ["6-"])
    }

    func testABadPartIsNamedWithTheRule() {
        for (list, part) in [("1,x", "x"), ("3-2", "3-2"), ("0-4", "0-4"), ("1;2", "1;2"), ("+3", "+3"), ("99999999999999999999", "99999999999999999999")] {
            XCTAssertThrowsError(try PageSelection(parsing: list), list) { error in
                XCTAssertTrue("\(error)".hasPrefix("\"\(part)\" in \"\(list)\" "), "\(error)")
                XCTAssertTrue("\(error)".hasSuffix(PageSelection.rule), "\(error)")
            }
        }
    }

    func testAPageFileIsKnownByItsExactName() {
        XCTAssertEqual(PNGPageNames.pageNumber(ofFile: "mag-007.png", base: "out/mag"), 7)
        XCTAssertEqual(PNGPageNames.pageNumber(ofFile: "mag-1234.png", base: "mag"), 1234)
        for other in ["mag-07.png", "mag-0007.png", "mag-x.png", "mag-2-001.png", "mag-000.png", "magazine-001.png", "mag-001.PNG"] {
            XCTAssertNil(PNGPageNames.pageNumber(ofFile: other, base: "mag"), other)
        }
    }
}
