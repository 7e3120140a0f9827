import CCairo
import Foundation
@testable import Layout
@testable import Render
import Text
import XCTest

/// A tab's leader drawn (`TabLeaderDrawer`): a dot at each mark of the pitch, on the baseline,
/// and nothing between the marks or over the text at either end.
final class TabLeaderDrawingTests: XCTestCase {
    private func alphas(drawing leader: TabLeader) -> (pixels: [UInt8], stride: Int, line: Line) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 300, 40)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        var line = Line(origin: Point(x: 20, y: 30), ascent: 9, descent: 3, leading: 0, width: 260, stringRange: 0 ..< 10, runs: [],
                        endsParagraph: true)
        line.leaders = [LineLeader(leader: leader, minX: 40, maxX: 200, fontSize: 20, color: .black)]
        TabLeaderDrawer.draw(line.leaders, of: line, in: context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return (Array(UnsafeBufferPointer(start: data, count: stride * 40)), stride, line)
    }

    func testDotsStandOnThePitchAlongTheBaseline() throws {
        let (pixels, stride, line) = alphas(drawing: .dots)
        let leader = try XCTUnwrap(line.leaders.first)
        let marks = leader.markCentres(lineX: line.origin.x)
        XCTAssertEqual(marks.count, 15, "\(marks)")   // 10 pt apart, from 70 to 210, half a pitch clear of 60 and 220
        let radius = TabLeaderDrawer.dotSize * 20 / 2
        let row = Int(line.origin.y - radius)
        for mark in marks {
            XCTAssertGreaterThan(pixels[row * stride + Int(mark)], 128, "a dot at \(mark)")
            XCTAssertEqual(pixels[row * stride + Int(mark + 5)], 0, "nothing between the dots")
        }
        // Nothing over the text before the tab or after it.
        for x in 0 ..< 64 { XCTAssertEqual(pixels[row * stride + x], 0, "x \(x)") }
        for x in 216 ..< 300 { XCTAssertEqual(pixels[row * stride + x], 0, "x \(x)") }
        // Nothing above the dots' row on the x-height.
        XCTAssertTrue((0 ..< 300).allSatisfy { pixels[(Int(line.origin.y) - 8) * stride + $0] == 0 })
    }

    func testARuleRunsFromTheFirstMarkToTheLast() {
        let (pixels, stride, line) = alphas(drawing: .rule)
        let row = Int(line.origin.y - 0.5)
        let inked = (0 ..< 300).filter { pixels[row * stride + $0] > 0 }
        XCTAssertEqual(inked.first, 67)
        XCTAssertEqual(inked.last, 212)
        XCTAssertEqual(inked.count, 212 - 67 + 1, "unbroken")
    }
}
