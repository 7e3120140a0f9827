import CCairo
import Diagnostics
import Foundation
import Images
import Layout
import Render
import Text
import TypesetKit
import XCTest

/// `<img float=… wrap="contour">`: the text follows the opaque pixels of a picture with
/// transparency — here an opaque disc on a transparent square, drawn with Cairo for the test.
final class ContourWrapTests: XCTestCase {
    private var folder: URL!
    /// The disc in the picture's pixels: 200 × 200, radius 95, centred.
    private let pixels = 200.0, discRadius = 95.0

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("contour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels), Int32(pixels))!
        let cairo = cairo_create(surface)!
        cairo_set_source_rgb(cairo, 0.8, 0.25, 0.15)
        cairo_arc(cairo, pixels / 2, pixels / 2, discRadius, 0, 2 * .pi)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        XCTAssertEqual(cairo_surface_write_to_png(surface, folder.appendingPathComponent("disc.png").path), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg"),
                                         to: folder.appendingPathComponent("coffee.jpg"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func layOut(_ markup: String) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // The pictures are blown up on purpose: their print resolution is not what is tested here.
        options.minimumPictureResolution = 0
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: folder.path)
    }

    private func paragraphs(_ count: Int) -> [String] {
        let sentence = "The reading room is round, and its readers sit in rings about an empty floor. "
        return (0 ..< count).map { "Paragraph \($0). " + String(repeating: sentence, count: 6) }
    }

    private func floated(wrap: String, side: String = "left") throws -> (PreparedDocument, Frame, PlacedFloat) {
        var text = paragraphs(6)
        text[1] = "<img src=\"disc.png\" width=\"150\" float=\"\(side)\" margin=\"6\" wrap=\"\(wrap)\" alt=\"\">" + text[1]
        let document = try layOut(text.joined(separator: "\n"))
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        let pages = document.checkedPages()
        assertEverythingSetOnce(pages, document.text)
        let frame = try XCTUnwrap(pages.flatMap(\.frames).first { !$0.floats.isEmpty })
        return (document, frame, try XCTUnwrap(frame.floats.first))
    }

    /// The lines that share some height with the picture, and the glyph boxes on them.
    private func beside(_ float: PlacedFloat, in frame: Frame) -> [(line: Line, boxes: [Rect])] {
        frame.lines.filter { $0.origin.y - $0.ascent < float.rect.maxY && $0.origin.y + $0.descent > float.rect.minY }.map { line in
            (line, line.runs.filter { !$0.glyphIDs.isEmpty }.map { run in
                let box = run.typographicBounds()
                return Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height)
            })
        }
    }

    private func assertEverythingSetOnce(_ pages: [Page], _ text: AttributedText, file: StaticString = #filePath, line: UInt = #line) {
        var shown = [Int](repeating: 0, count: text.length)
        for setLine in pages.flatMap(\.frames).flatMap(\.lines) { for run in setLine.runs { for index in run.stringRange { shown[index] += 1 } } }
        for index in 0 ..< text.length where ![0x20, 0x0A, 0x2029].contains(text.storage[index]) {
            XCTAssertEqual(shown[index], 1, "offset \(index)", file: file, line: line)
        }
    }

    func testTextFollowsTheDiscOfALeftFloat() throws {
        let (_, frame, float) = try floated(wrap: "contour")
        let margin = float.margin
        let scale = float.rect.width / pixels
        let centre = Point(x: (float.rect.minX + float.rect.width / 2), y: (float.rect.minY + float.rect.height / 2)), radius = discRadius * scale
        let lines = beside(float, in: frame)
        XCTAssertGreaterThanOrEqual(lines.count, 8)
        // No glyph box comes nearer the disc than the margin.
        for box in lines.flatMap(\.boxes) {
            let nearest = Point(x: min(max(centre.x, box.minX), box.maxX), y: min(max(centre.y, box.minY), box.maxY))
            XCTAssertGreaterThanOrEqual(hypot(nearest.x - centre.x, nearest.y - centre.y), radius + margin - 1e-6,
                                        "glyph box \(box) enters the disc or its margin")
        }
        // Lines by the disc's top and foot start further left than those by its middle, left of
        // where the rectangle would have kept them.
        func start(nearY y: Double) throws -> Double {
            try XCTUnwrap(lines.min { abs($0.line.origin.y - y) < abs($1.line.origin.y - y) }).line.origin.x
        }
        let top = try start(nearY: float.rect.minY + 12), middle = try start(nearY: centre.y), foot = try start(nearY: float.rect.maxY - 10)
        XCTAssertLessThan(top, float.rect.maxX + margin - 10)
        XCTAssertLessThan(foot, float.rect.maxX + margin - 10)
        XCTAssertLessThan(top, middle - 10)
        XCTAssertLessThan(foot, middle - 10)
        // Nothing is set to the disc's left, between it and the column's edge.
        for (line, _) in lines { XCTAssertGreaterThan(line.origin.x, centre.x) }
    }

    func testTextFollowsTheDiscOfARightFloat() throws {
        let (_, frame, float) = try floated(wrap: "contour", side: "right")
        let centre = Point(x: (float.rect.minX + float.rect.width / 2), y: (float.rect.minY + float.rect.height / 2)), radius = discRadius * float.rect.width / pixels
        let lines = beside(float, in: frame)
        for box in lines.flatMap(\.boxes) {
            let nearest = Point(x: min(max(centre.x, box.minX), box.maxX), y: min(max(centre.y, box.minY), box.maxY))
            XCTAssertGreaterThanOrEqual(hypot(nearest.x - centre.x, nearest.y - centre.y), radius + float.margin - 1e-6)
            XCTAssertLessThan(box.maxX, centre.x)
        }
        // A line is justified to the outline, or set flush where it would be spaced out
        // (NarrowLines): either way its stretch reaches out beside the disc's top.
        let ends = lines.map { line in
            frame.container.lineFragments(top: line.line.origin.y - line.line.ascent - line.line.leading / 2, height: line.line.height)
                .first { $0.minX <= line.line.origin.x + 0.01 }?.maxX ?? 0
        }
        XCTAssertGreaterThan(try XCTUnwrap(ends.first), float.rect.minX - float.margin + 10, "beside the disc's top")
        XCTAssertLessThan(try XCTUnwrap(ends.first), centre.x, "the stretch ends at the disc")
    }

    func testRectangleWrapKeepsTheLinesOutOfTheWholeRectangle() throws {
        let (_, frame, float) = try floated(wrap: "rect")
        let lines = beside(float, in: frame)
        XCTAssertGreaterThanOrEqual(lines.count, 8)
        for (line, _) in lines { XCTAssertGreaterThanOrEqual(line.origin.x, float.rect.maxX + float.margin - 1e-6) }
    }

    func testTheTracedContourIsTheDisc() throws {
        let contour = try AlphaContour.trace(PictureSource(path: folder.appendingPathComponent("disc.png").path), files: PictureFiles())
        // The first and last bands hold only the transparent rows above and below the disc.
        XCTAssertEqual(contour.bands.count, AlphaContour.bandCount - 2)
        let radius = discRadius / pixels, row = 1 / pixels
        for band in contour.bands {
            // The widest row of the band, the one nearest the middle, at its centre.
            let y = min(max(0.5, band.top + row / 2), band.bottom - row / 2) - 0.5
            let half = (radius * radius - y * y).squareRoot()
            XCTAssertEqual(band.left, 0.5 - half, accuracy: 2 / pixels)
            XCTAssertEqual(band.right, 0.5 + half, accuracy: 2 / pixels)
        }
        XCTAssertThrowsError(try AlphaContour.trace(PictureSource(path: folder.appendingPathComponent("coffee.jpg").path), files: PictureFiles())) {
            XCTAssertEqual($0 as? AlphaContour.Missing, .noAlpha)
        }
    }

    func testWarningsAndErrors() throws {
        let text = paragraphs(1)[0]
        let inLine = try layOut("<img src=\"disc.png\" width=\"50\" wrap=\"contour\" alt=\"\">" + text)
        XCTAssertEqual(inLine.diagnostics.map(\.message), ["wrap has no effect without float=\"left\" or float=\"right\""])
        let jpeg = try layOut("<img src=\"coffee.jpg\" width=\"50\" float=\"left\" wrap=\"contour\" alt=\"\">" + text)
        XCTAssertEqual(jpeg.diagnostics.map(\.message),
                       ["wrap=\"contour\": the picture has no transparency (only a PNG with an alpha channel has); the text wraps round its rectangle"])
        XCTAssertEqual(jpeg.diagnostics.first?.location?.column, 11, "at the picture's name")
        XCTAssertThrowsError(try layOut("<img src=\"disc.png\" width=\"50\" float=\"left\" wrap=\"oval\" alt=\"\">" + text)) {
            let failure = $0 as? DocumentFailure
            XCTAssertEqual(failure?.diagnostics.count, 1)
            XCTAssertTrue(failure?.diagnostics.first?.message.contains("oval") ?? false, "\(String(describing: failure))")
        }
    }
}
