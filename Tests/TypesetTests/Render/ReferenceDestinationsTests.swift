@testable import Render
import XCTest

/// The targets of references are found by their page: a page's destinations were found by
/// walking every id of the document, so that 20,000 references cost their square.
final class ReferenceDestinationsTests: XCTestCase {
    /// 20,000 ids, ten a page: each page looks at its own ten.
    func testAPageLooksAtTheIdsSetOnItAlone() {
        let pages = Dictionary(uniqueKeysWithValues: (0 ..< 20_000).map { ("p\($0)", 1 + $0 / 10) })
        var destinations = ReferenceDestinations(pages: pages)
        XCTAssertEqual(destinations.ids(onPage: 7), (60 ..< 70).map { "p\($0)" }.sorted())
        XCTAssertEqual(destinations.ids(onPage: 2_001), [])
        XCTAssertEqual(destinations.idsVisited, 10)
    }

    /// A page `--pages` leaves out has no destinations.
    func testAPageNotWrittenHasNone() throws {
        var destinations = ReferenceDestinations(pages: ["crew": 2, "map": 3], selection: try PageSelection(parsing: "3"))
        XCTAssertEqual(destinations.ids(onPage: 2), [])
        XCTAssertEqual(destinations.ids(onPage: 3), ["map"])
        XCTAssertEqual(destinations.pdfPage(of: "map"), 1)
        XCTAssertNil(destinations.pdfPage(of: "crew"))
    }
}
