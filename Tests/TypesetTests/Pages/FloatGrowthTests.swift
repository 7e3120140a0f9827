import Foundation
import Pages
import TypesetKit
import XCTest

/// Floats cost time in proportion to their number (issue 40, item 10): a document of n
/// figures, top floats, pull quotes or asides is laid out at n, 2n and 4n, and the layout's
/// CPU time on this thread (not the clock, which the machine's load moves) grows at most 2.6
/// times a doubling — linear is 2, quadratic 4. The documents are the scaling benchmark's
/// kinds (bench/scaling/generate.py), smaller: the largest is laid out in a few tenths of a
/// second.
final class FloatGrowthTests: XCTestCase {
    private static let words = ("the night shift at the lighthouse keeps a log of ships that pass in fog and of the "
                                + "keepers who climbed the stair before them").split(separator: " ")

    private func words(_ count: Int, _ seed: Int) -> String {
        (0 ..< count).map { Self.words[(seed + $0) % Self.words.count] }.joined(separator: " ")
    }

    /// The layout's CPU time at n, 2n and 4n elements (`markup(n)`), per doubling: the
    /// geometric mean of the two doublings, one of which a loaded machine can move alone.
    private func assertLayoutGrowsLinearly(from count: Int, file: StaticString = #filePath, line: UInt = #line,
                                           _ markup: (Int) -> String) throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        var times: [Double] = []
        for n in [count, 2 * count, 4 * count] {
            let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup(n)),
                                                                   baseDirectory: TestSupport.imagesDirectory.path)
            var pageCount = 0
            times.append(ThreadCPUTime.least(of: 2) {
                pageCount = 0
                for _ in document.pages() { pageCount += 1 }
            })
            XCTAssertGreaterThan(pageCount, 0, "laid out", file: file, line: line)
        }
        let perDoubling = (times[2] / times[0]).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "times \(times)", file: file, line: line)
    }

    /// Figures kept in the column between paragraphs: each figure's height is measured
    /// paragraph by paragraph, past the paragraph cache's budget.
    func testFiguresInTheColumn() throws {
        try assertLayoutGrowsLinearly(from: 50) { n in
            (0 ..< n).map { i in
                "\(words(30, i)).\n<figure width=\"\(90 + i % 4 * 10)\"><img src=\"grey8.png\" height=\"30\" alt=\"\">"
                    + "<caption>Figure \(i): \(words(8, i)).</caption></figure>"
            }.joined(separator: "\n")
        }
    }

    /// Pictures at the top of one column each (`float="top" span="1"`) in three columns.
    func testTopFloatsOfOneColumn() throws {
        try assertLayoutGrowsLinearly(from: 50) { n in
            "<section columns=\"3\">\n" + (0 ..< n).map { i in
                "<img src=\"grey8.png\" float=\"top\" span=\"1\" height=\"\(30 + i % 3 * 8)\" alt=\"\">\(words(25, i))."
            }.joined(separator: "\n") + "\n</section>"
        }
    }

    /// Pull quotes over the gutter of two columns, one a page: those that find their page
    /// taken wait for the pages after.
    func testPullQuotes() throws {
        try assertLayoutGrowsLinearly(from: 12) { n in
            "<section columns=\"2\">\n" + (0 ..< n).map { i in
                "\(words(60, i)).\n<aside float=\"center\" border=\"1 #8a6d3b\" padding=\"6\">\n"
                    + "<p align=\"center\">Quote \(i): \(words(6, i)).</p>\n</aside>"
            }.joined(separator: "\n") + "\n</section>"
        }
    }

    /// Boxed sidebars floated left and right, each beside a paragraph.
    func testAsides() throws {
        try assertLayoutGrowsLinearly(from: 25) { n in
            (0 ..< n).map { i in
                "<aside float=\"\(i % 2 == 0 ? "left" : "right")\" width=\"\(120 + i % 4 * 10)\" background=\"#e8eef4\" "
                    + "border=\"0.5 #5a7a9a\">\n<p>Aside \(i): \(words(12, i)).</p>\n</aside>\n\(words(40, i))."
            }.joined(separator: "\n")
        }
    }
}
