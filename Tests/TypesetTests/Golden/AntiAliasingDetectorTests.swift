import Golden
import TypesetKit
import XCTest

/// The anti-aliasing detection of `GoldenComparison` on small images whose every pixel is
/// known: an edge between two flat areas drawn with other shades is forgiven, a change at a
/// stroke's core, a dot or inside an area is not.
final class AntiAliasingDetectorTests: XCTestCase {
    /// A grey image `width` × `height` from rows of brightness levels (one number a pixel).
    private func image(_ rows: [[UInt8]]) -> RasterImage {
        RasterImage(width: rows[0].count, height: rows.count,
                    rgba: rows.flatMap { $0.flatMap { [$0, $0, $0, 255] } })
    }

    /// Black on the left, white on the right, with a column of grey between: an anti-aliased
    /// vertical edge, as a rasterizer draws the side of a letter's stem or of a box.
    private func edge(shade: UInt8) -> RasterImage {
        image(Array(repeating: [0, 0, 0, shade, 255, 255, 255], count: 6))
    }

    func testAnEdgeDrawnWithAnotherShadeIsForgivenByDefault() throws {
        let result = try GoldenComparison.compare(actual: edge(shade: 150), golden: edge(shade: 100))
        XCTAssertTrue(result.passed, result.summary)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertEqual(result.antiAliasedPixels, 6, "the whole grey column")
        XCTAssertTrue(result.summary.hasSuffix("; 6 more on anti-aliased edges or re-shaded strokes, forgiven"), result.summary)

        var counting = GoldenTolerance.standard
        counting.forgivesAntiAliasing = false
        let counted = try GoldenComparison.compare(actual: edge(shade: 150), golden: edge(shade: 100), tolerance: counting)
        XCTAssertFalse(counted.passed)
        XCTAssertEqual(counted.differingPixels, 6)
        XCTAssertEqual(counted.antiAliasedPixels, 0)
    }

    func testTheCoreOfAThinStrokeIsNotAnEdge() throws {
        // A one-pixel vertical line whose darkest pixels got lighter: they are peaks (no
        // darker neighbour), which the edge detector does not forgive.
        let golden = image(Array(repeating: [255, 255, 120, 40, 120, 255, 255], count: 6))
        let actual = image(Array(repeating: [255, 255, 120, 90, 120, 255, 255], count: 6))
        var edgesOnly = GoldenTolerance.standard
        edgesOnly.maxNeighbourhoodDelta = -1
        let result = try GoldenComparison.compare(actual: actual, golden: golden, tolerance: edgesOnly)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.differingPixels, 6)
        XCTAssertEqual(result.changedRegion, PixelRect(x: 3, y: 0).including(x: 3, y: 5))

        // At the defaults the core is forgiven as a re-shading: the average of its 3 × 3
        // neighbourhood moves by 50 × 3 / 9 = 16 levels, within 24.
        let reshaded = try GoldenComparison.compare(actual: actual, golden: golden)
        XCTAssertTrue(reshaded.passed, reshaded.summary)
        XCTAssertEqual(reshaded.antiAliasedPixels, 6)
    }

    func testAThinStrokeThatFadesCountsAtTheDefaults() throws {
        // The same line's core lost most of its ink (40 → 200): the neighbourhood's average
        // moves by 160 × 3 / 9 = 53 levels, more than a re-shading.
        let golden = image(Array(repeating: [255, 255, 120, 40, 120, 255, 255], count: 6))
        let actual = image(Array(repeating: [255, 255, 120, 200, 120, 255, 255], count: 6))
        let result = try GoldenComparison.compare(actual: actual, golden: golden)
        XCTAssertFalse(result.passed, result.summary)
        XCTAssertEqual(result.differingPixels, 6)
    }

    func testADotAndAChangeInsideAnAreaCount() throws {
        let white = image(Array(repeating: Array(repeating: 255, count: 7), count: 7))
        var dot = white
        dot.rgba.replaceSubrange((3 * 7 + 3) * 4 ..< (3 * 7 + 3) * 4 + 3, with: [0, 0, 0])
        XCTAssertEqual(try GoldenComparison.compare(actual: dot, golden: white).differingPixels, 1, "a black dot on white")
        // A lone pixel moves its neighbourhood's average by a ninth of its own change: a grey
        // speck (127 levels, 14 on average) passes as a re-shading unless that is turned off.
        var speck = white
        speck.rgba.replaceSubrange((3 * 7 + 3) * 4 ..< (3 * 7 + 3) * 4 + 3, with: [128, 128, 128])
        XCTAssertEqual(try GoldenComparison.compare(actual: speck, golden: white).differingPixels, 0, "a grey speck")
        var edgesOnly = GoldenTolerance.standard
        edgesOnly.maxNeighbourhoodDelta = -1
        XCTAssertEqual(try GoldenComparison.compare(actual: speck, golden: white, tolerance: edgesOnly).differingPixels, 1)

        // Half of the edge's flat black area turned grey: the shade beside it no longer leads
        // to an area that is flat in both images, and the area itself is not an edge.
        let golden = edge(shade: 100)
        var actual = golden
        for y in 0 ..< 3 { actual.rgba.replaceSubrange((y * 7) * 4 ..< (y * 7) * 4 + 3, with: [90, 90, 90]) }
        let result = try GoldenComparison.compare(actual: actual, golden: golden)
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.differingPixels, 3)
    }

    func testTheChannelThresholdStillComesFirst() throws {
        // Shades within --max-channel-delta are no difference at all, edge or not.
        let result = try GoldenComparison.compare(actual: edge(shade: 104), golden: edge(shade: 100))
        XCTAssertEqual(result.differingPixels + result.antiAliasedPixels, 0)
        XCTAssertEqual(result.largestChannelDelta, 4)
    }
}

private extension PixelRect {
    func including(x: Int, y: Int) -> PixelRect {
        var rect = self
        rect.include(x: x, y: y)
        return rect
    }
}
