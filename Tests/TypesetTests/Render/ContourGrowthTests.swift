import Foundation
import Markup
import Render
import XCTest

/// Pictures floated with `wrap="contour"` are traced in time linear in their number (issue 40,
/// item 7): each contour was stored on its float by a rewrite of all the text's attribute
/// runs, n floats × the runs of n paragraphs. The tracing of a document of 40, 80 and 160 such
/// floats, each in a paragraph of styled words (runs of their own), is timed on this thread's
/// CPU, and grows at most 2.6 times a doubling (linear is 2, quadratic 4; 1.77 measured at 100
/// to 400). A guard: since a run's attributes are shared, the old rewrite costs too little at
/// sizes the suite can afford for this test to fail on it (docs/scaling.md).
final class ContourGrowthTests: XCTestCase {
    private static let words = ("the night shift at the lighthouse keeps a log of ships that pass in fog and of the "
                                + "keepers who climbed the stair before them").split(separator: " ")

    /// A paragraph of `count` words from `seed` on, every third in italics.
    private func styledWords(_ count: Int, _ seed: Int) -> String {
        (0 ..< count).map { index in
            let word = Self.words[(seed + index) % Self.words.count]
            return index % 3 == 0 ? "<i>\(word)</i>" : String(word)
        }.joined(separator: " ")
    }

    func testContourFloatsAreTracedInLinearTime() throws {
        var times: [Double] = []
        for n in [40, 80, 160] {
            let markup = (0 ..< n).map { i in
                "<img src=\"rgba8.png\" float=\"\(i % 2 == 0 ? "left" : "right")\" wrap=\"contour\" width=\"\(30 + i % 5 * 7)\" "
                    + "height=\"\(30 + i % 5 * 7)\" alt=\"\">\(styledWords(30, i))."
            }.joined(separator: "\n")
            // Parsed, not prepared: the floats keep their sizes, and preparing traces them already.
            let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
            XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }.map(\.message), [])
            XCTAssertEqual(document.text.attachments.count, n)
            times.append(ThreadCPUTime.least(of: 2) {
                var text = document.text
                XCTAssertTrue(ContourTracing.trace(&text, files: document.pictures, places: document.elementPlaces).isEmpty)
            })
        }
        let perDoubling = (times[2] / times[0]).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "times \(times)")
    }
}
