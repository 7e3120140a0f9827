import Foundation
import XCTest

/// A polygon exclusion of three hundred random points (an outline crossing itself thousands
/// of times) costs a paragraph beside it a fraction of a second (seconds in a debug or
/// sanitizer build), not minutes: each band follows a bounded
/// number of crossings. Typeset by the `typeset` executable under a time limit far
/// above what it takes, so that the test fails rather than stopping the suite if the work
/// grows again.
final class PolygonExclusionWorkTests: XCTestCase {
    func testAParagraphBesideAPolygonOfThreeHundredRandomPointsIsSetInTime() throws {
        try Sanitizers.skipIfActive("AddressSanitizer makes this work a minute long")
        // Down the whole page, so that every line's band meets it (before, 60 s were not enough).
        var generator = SplitMix(seed: 12)
        let points = (0 ..< 300).map { _ in
            String(format: "%.2f,%.2f", 100 + generator.unit() * 400, generator.unit() * 842)
        }
        let sentence = "The reading room of the old corn exchange is round, and its readers sit in rings about an empty floor. "
        let markup = "<exclusion shape=\"polygon\" points=\"\(points.joined(separator: " "))\" padding=\"4\">\n"
            + String(repeating: sentence, count: 4) + "\n"
        let directory = try makeTemporaryDirectory()
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        let result = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"], in: directory, timeout: 60)
        XCTAssertFalse(result.timedOut, "typeset did not finish within a minute")
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
