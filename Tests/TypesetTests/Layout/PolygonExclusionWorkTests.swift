import Foundation
import XCTest

/// A polygon exclusion of six hundred random points (an outline crossing itself tens of
/// thousands of times) costs a paragraph beside it a fraction of a second (about a second in
/// the tests' build), not minutes: each band follows a bounded number of crossings. Typeset by
/// the `typeset` executable under a time limit far above what it takes, so that the test fails
/// rather than stopping the suite if the work grows again. Six hundred points, not the three
/// hundred of before, since the tests' build optimises Layout (Package.swift): the unbounded
/// work grew with about the fourth power of the points (docs/pipeline.md, "Hardening: layout"),
/// and at three hundred it would now finish within the limit.
final class PolygonExclusionWorkTests: XCTestCase {
    func testAParagraphBesideAPolygonOfSixHundredRandomPointsIsSetInTime() throws {
        try Sanitizers.skipIfActive("AddressSanitizer makes this work a minute long")
        // Down the whole page, so that every line's band meets it (before, 60 s were not enough).
        var generator = SplitMix(seed: 12)
        let points = (0 ..< 600).map { _ in
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
