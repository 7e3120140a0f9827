import CCairo
import Fonts
import Foundation
import Layout
@testable import Pages
import Render
import Text
import XCTest

/// Shaped frames drawn as pages: text round a circle, inside a circle and an ellipse, inside a
/// triangle and round an L. The pixels inside an exclusion stay white. Set
/// TYPESET_SHAPES_OUTPUT to a folder to keep the pictures (with the shapes outlined) and look
/// at them.
final class ShapedPageRenderTests: XCTestCase {
    private static let pageSize = Size(width: 600, height: 800)
    private static let dpi = 144.0

    private func outputDirectory() throws -> URL {
        if let kept = ProcessInfo.processInfo.environment["TYPESET_SHAPES_OUTPUT"] {
            let url = URL(fileURLWithPath: kept, isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        return try makeTemporaryDirectory()
    }

    private func zombies() throws -> (Framesetter, AttributedText) {
        let document = try TestSupport.parseZombies()
        let library = try TestSupport.makeFontLibrary()
        let setter = Framesetter(text: document.text, fonts: try TestSupport.fontTable(for: document, library: library))
        return (setter, document.text)
    }

    func testTextRoundACircleLeavesTheCircleWhite() throws {
        let (setter, text) = try zombies()
        let circle = Shape.circle(center: Point(x: 300, y: 400), radius: 110)
        let container = Container(rect: Rect(x: 50, y: 50, width: 500, height: 700), exclusions: [Exclusion(circle, padding: 8)])
        // The second frame: the first one opens with the magazine's title.
        let frames = setter.frames(in: [container, container])
        let first = frames[0], frame = frames[1]
        let image = try render([first], text: text)
        let second = try render([frame], text: text)
        for raster in [image, second] {
            // Ink inside the circle (its padding aside, and a point for side bearings and antialiasing) is a glyph in the exclusion.
            let scale = Self.dpi / 72
            var inked = 0
            for y in Int((290 * scale).rounded()) ..< Int((510 * scale).rounded()) {
                for x in Int((190 * scale).rounded()) ..< Int((410 * scale).rounded()) {
                    let dx = Double(x) / scale - 300, dy = Double(y) / scale - 400
                    guard (dx * dx + dy * dy).squareRoot() < 110 + 8 - 1 else { continue }
                    let index = (y * raster.width + x) * 4
                    if raster.rgba[index] < 200 || raster.rgba[index + 1] < 200 || raster.rgba[index + 2] < 200 { inked += 1 }
                }
            }
            XCTAssertEqual(inked, 0, "pixels inked inside the circle")
            // …and there is text on the page.
            var dark = 0
            for index in stride(from: 0, to: raster.rgba.count, by: 4) where raster.rgba[index] < 100 { dark += 1 }
            XCTAssertGreaterThan(dark, 10_000)
        }
        try save(second, name: "shapes-circle-exclusion", outlines: [circle, .rectangle(container.rect)])
        try save(image, name: "shapes-circle-exclusion-first", outlines: [circle, .rectangle(container.rect)])
    }

    func testTextInsideACircleAndAnEllipse() throws {
        let (setter, text) = try zombies()
        let circle = Shape.circle(center: Point(x: 300, y: 220), radius: 170)
        let ellipse = Shape.ellipse(center: Point(x: 300, y: 600), radiusX: 260, radiusY: 150)
        let frames = setter.frames(in: [Container(rect: circle.bounds, shape: circle), Container(rect: ellipse.bounds, shape: ellipse)])
        let first = frames[0], second = frames[1]
        XCTAssertFalse(first.lines.isEmpty)
        XCTAssertFalse(second.lines.isEmpty)
        try save(try render([first, second], text: text), name: "shapes-circle-and-ellipse", outlines: [circle, ellipse])
    }

    func testTextInATriangleAndRoundAnL() throws {
        let (setter, text) = try zombies()
        let triangle = Shape.polygon([Point(x: 300, y: 30), Point(x: 560, y: 370), Point(x: 40, y: 370)])
        let l = Shape.polygon([Point(x: 250, y: 450), Point(x: 340, y: 450), Point(x: 340, y: 620), Point(x: 550, y: 620),
                               Point(x: 550, y: 700), Point(x: 250, y: 700)])
        let frames = setter.frames(in: [Container(rect: Rect(x: 40, y: 30, width: 520, height: 340), shape: triangle),
                                        Container(rect: Rect(x: 50, y: 400, width: 500, height: 370), exclusions: [Exclusion(l, padding: 6)])])
        let first = frames[0], second = frames[1]
        try save(try render([first, second], text: text), name: "shapes-triangle-and-l", outlines: [triangle, l])
    }

    func testTextRoundAStarAndInsideACircleRoundAnother() throws {
        let (setter, text) = try zombies()
        // A ten-pointed outline, concave: bands across its points have three or four fragments.
        let star = Shape.polygon((0 ..< 10).map { k in
            let radius = k % 2 == 0 ? 150.0 : 60.0, angle = Double(k) * Double.pi / 5 - Double.pi / 2
            return Point(x: 300 + radius * cos(angle), y: 230 + radius * sin(angle))
        })
        // Then a ring: text inside a circle and round a smaller one.
        let outer = Shape.circle(center: Point(x: 300, y: 610), radius: 170), inner = Shape.circle(center: Point(x: 300, y: 610), radius: 50)
        let frames = setter.frames(in: [Container(rect: Rect(x: 50, y: 50, width: 500, height: 360), exclusions: [Exclusion(star, padding: 6)]),
                                        Container(rect: outer.bounds, shape: outer, exclusions: [Exclusion(inner, padding: 6)])])
        let first = frames[0], second = frames[1]
        XCTAssertGreaterThan(bandsWithMoreThanTwoLines(first), 0)
        XCTAssertFalse(second.lines.isEmpty)
        try save(try render([first, second], text: text), name: "shapes-star-and-ring", outlines: [star, outer, inner])
    }

    private func bandsWithMoreThanTwoLines(_ frame: Frame) -> Int {
        Dictionary(grouping: frame.lines, by: \.origin.y).values.filter { $0.count > 2 }.count
    }

    // MARK: Drawing

    private func render(_ frames: [Frame], text: AttributedText) throws -> RasterImage {
        try DocumentWriter(text: text).rasterize(Page(number: 1, size: Self.pageSize, frames: frames), dpi: Self.dpi)
    }

    /// Writes the picture with the shapes outlined in red, when pictures are kept.
    private func save(_ image: RasterImage, name: String, outlines: [Shape]) throws {
        let directory = try outputDirectory()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height))!
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0 ..< image.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< image.width {
                let index = (y * image.width + x) * 4
                row[x] = 0xFF00_0000 | UInt32(image.rgba[index]) << 16 | UInt32(image.rgba[index + 1]) << 8 | UInt32(image.rgba[index + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_scale(context, Self.dpi / 72, Self.dpi / 72)
        cairo_set_source_rgba(context, 0.85, 0.1, 0.1, 0.8)
        cairo_set_line_width(context, 0.75)
        for shape in outlines {
            switch shape {
            case .rectangle(let rect):
                cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
            case .circle(let center, let radius):
                cairo_new_sub_path(context)
                cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
            case .ellipse(let center, let radiusX, let radiusY):
                cairo_save(context)
                cairo_translate(context, center.x, center.y)
                cairo_scale(context, radiusX, radiusY)
                cairo_new_sub_path(context)
                cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
                cairo_restore(context)
            case .polygon(let points, _):
                for (index, point) in points.enumerated() {
                    if index == 0 { cairo_move_to(context, point.x, point.y) } else { cairo_line_to(context, point.x, point.y) }
                }
                cairo_close_path(context)
            }
            cairo_stroke(context)
        }
        cairo_surface_flush(surface)
        let path = directory.appendingPathComponent(name + ".png").path
        XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
    }
}
