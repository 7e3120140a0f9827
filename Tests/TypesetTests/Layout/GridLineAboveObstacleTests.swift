import Layout
import Text
import XCTest

/// On a baseline grid, a line whose full width would hold a larger word needs two grid lines;
/// moved down for it, an obstacle below narrows the stretch to a line of the text's own size,
/// which fits the upper grid line. That line is set there, not the grid line left empty
/// (Fixtures/layout-fuzz/grid-line-above-*.txt: seeds 6908, 10109, 12618, 13633).
final class GridLineAboveObstacleTests: FramesetterTestCase {
    private let rect = Rect(x: 20, y: 30, width: 240, height: 300)
    private let step = 14.0

    func testTheLineTheObstacleLeavesIsSetOnTheGridLineAboveIt() throws {
        let words = "Alpha beta gamma "
        let setter = try framesetter(#"<p align="left">"# + words + #"<font size="20">Lambda</font> mu nu xi omicron pi rho sigma tau upsilon."#)
        let grid = BaselineGrid(origin: rect.minY, step: step)
        // Where the first line of the text's own size lands: the first grid line it fits.
        let plain = try framesetter(#"<p align="left">"# + words).frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        let firstBaseline = try XCTUnwrap(plain.lines.first).origin.y
        let full = setter.frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        XCTAssertGreaterThan(try XCTUnwrap(full.lines.first).origin.y, firstBaseline + 0.001,
                             "the full width's first line holds the larger word and needs two grid lines")
        // The obstacle's top from just below the first line's text down past the grid line below it.
        for obstacleTop in stride(from: firstBaseline + 6, through: firstBaseline + step + 6, by: 2.0) {
            let obstacle = Rect(x: rect.minX + 100, y: obstacleTop, width: rect.width, height: 100)
            let container = Container(rect: rect, exclusions: [Exclusion(.rectangle(obstacle))], baselineGrid: grid)
            let frame = setter.frame(in: container, from: 0)
            let first = try XCTUnwrap(frame.lines.first)
            XCTAssertEqual(first.origin.y, firstBaseline, accuracy: 0.001, "obstacle from y \(obstacleTop): no empty grid line above it")
            XCTAssertLessThan(first.origin.y + first.descent, obstacleTop, "obstacle from y \(obstacleTop)")
        }
    }
}
