import Foundation
import XCTest

/// A band with no room moves down by whole grid lines, at least a point at a time: a grid so
/// fine that one step does not change a coordinate still gets past an exclusion across the
/// column. Typeset by the `typeset` executable under a time limit, so that a hang fails the test.
final class FineBaselineGridTests: XCTestCase {
    func testTextGetsPastAnExclusionAcrossTheColumnOnAGridFinerThanRounding() throws {
        let sentence = "The reading room of the old corn exchange is round, and its readers sit in rings about an empty floor. "
        let markup = "<exclusion shape=\"rect\" x=\"0\" y=\"300\" width=\"600\" height=\"200\">\n"
            + String(repeating: String(repeating: sentence, count: 3) + "\n", count: 8)
        let directory = try makeTemporaryDirectory()
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        for grid in ["1e-300", "0.001", "0.7"] {
            let result = try TypesetProcess.run(["doc.txt", "--baseline-grid", grid, "-o", "doc.pdf"], in: directory, timeout: 60)
            XCTAssertFalse(result.timedOut, "grid \(grid): typeset did not finish within a minute")
            XCTAssertEqual(result.status, 0, "grid \(grid): \(result.stderr)")
        }
    }
}
