import CCairo
import Foundation
@testable import Render
import TypesetKit
import XCTest

/// A headline of n words (a paragraph with an outline level) over many lines and pages is
/// bookmarked in time linear in n (issue 40, item 8): the outline looked its whole paragraph
/// up once a line to see whether the line started it, n lines × n words. The bookmarks of its
/// pages are added at 1,500, 3,000 and 6,000 words, and their CPU time on this thread grows at most 2.6
/// times a doubling (linear is 2, quadratic 4).
final class BookmarkGrowthTests: XCTestCase {
    func testAHeadlineOfManyLinesIsBookmarkedInLinearTime() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let words = "the night shift at the lighthouse keeps a log of ships that pass in fog".split(separator: " ")
        var times: [Double] = []
        for n in [1_500, 3_000, 6_000] {
            let headline = (0 ..< n).map { words[$0 % words.count] }.joined(separator: " ")
            let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: "<p style=\"headline\">\(headline)</p>\nText.\n"),
                                                                   baseDirectory: FileManager.default.currentDirectoryPath)
            let pages = Array(document.pages())
            XCTAssertGreaterThan(pages.count, 1)
            let surface = try XCTUnwrap(cairo_pdf_surface_create_for_stream(nil, nil, 595, 842))
            defer { cairo_surface_destroy(surface) }
            times.append(ThreadCPUTime.least {
                let outline = DocumentOutline(text: document.text)
                for (index, page) in pages.enumerated() { outline.addBookmarks(startingOn: page, pageIndex: index + 1, to: surface) }
            })
        }
        let perDoubling = (times[2] / times[0]).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "times \(times)")
    }
}
