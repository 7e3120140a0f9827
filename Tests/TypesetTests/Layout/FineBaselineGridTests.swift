import Foundation
import Layout
import XCTest

/// A band with no room moves down by whole grid lines, at least a point at a time: a grid so
/// fine that one step does not change a coordinate still gets past an exclusion across the
/// column. The command line refuses grids under 0.01 pt; the layout must still finish on any
/// grid a program hands it, so the finest grids are set in-process, on a thread under a deadline.
final class FineBaselineGridTests: FramesetterTestCase {
    private static let sentence = "The reading room of the old corn exchange is round, and its readers sit in rings about an empty floor. "

    func testTextGetsPastAnExclusionAcrossTheColumnOnAGridFinerThanRounding() throws {
        let markup = String(repeating: String(repeating: Self.sentence, count: 3) + "\n", count: 8)
        let setter = try framesetter(markup)
        let page = Rect(x: 0, y: 0, width: 400, height: 700)
        let across = Exclusion(.rectangle(Rect(x: 0, y: 300, width: 400, height: 200)))
        for step in [1e-300, 0.001, 0.7] {
            let container = Container(rect: page, exclusions: [across], baselineGrid: BaselineGrid(origin: 0, step: step))
            let finished = expectation(description: "grid \(step)")
            let result = LockedBox<Frame?>(nil)
            Thread.detachNewThread {
                result.value = setter.frame(in: container, from: 0)
                finished.fulfill()
            }
            wait(for: [finished], timeout: 60)
            guard let frame = result.value else { return XCTFail("grid \(step): the frame was not set within a minute") }
            XCTAssertTrue(frame.lines.contains { $0.origin.y > 500 }, "grid \(step): no line below the exclusion")
            XCTAssertFalse(frame.lines.contains { $0.origin.y > 300 && $0.origin.y - $0.ascent < 500 },
                           "grid \(step): a line inside the exclusion")
        }
    }

    func testTheCommandLineSetsGridsFromAHundredthOfAPointAndRefusesFiner() throws {
        let markup = "<exclusion shape=\"rect\" x=\"0\" y=\"300\" width=\"600\" height=\"200\">\n"
            + String(repeating: String(repeating: Self.sentence, count: 3) + "\n", count: 8)
        let directory = try makeTemporaryDirectory()
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        for grid in ["0.01", "0.7"] {
            let result = try TypesetProcess.run(["doc.txt", "--baseline-grid", grid, "-o", "doc.pdf"], in: directory, timeout: 60)
            XCTAssertFalse(result.timedOut, "grid \(grid): typeset did not finish within a minute")
            XCTAssertEqual(result.status, 0, "grid \(grid): \(result.stderr)")
        }
        // A length is a plain decimal: an exponent is refused before its size is looked at.
        for (grid, message) in [("1e-300", "has an exponent"), ("0.001", "--baseline-grid must be 0.01 to")] {
            let result = try TypesetProcess.run(["doc.txt", "--baseline-grid", grid, "-o", "fine.pdf"], in: directory, timeout: 60)
            XCTAssertEqual(result.status, 2, "grid \(grid): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }
}
