import CCairo
import Foundation
import Golden
@testable import Render
import TypesetKit
import XCTest

/// The default tolerance (`GoldenTolerance.standard`) on real renders of the zombie magazine:
/// what it catches and what it forgives.
final class GoldenDefaultsTests: XCTestCase {
    private func prepare(_ path: String) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        return try Typesetter(options: options).prepare(fileAt: path)
    }

    /// Page `number` drawn at 72 dpi as `DocumentWriter.rasterize` draws it, but with Cairo's
    /// anti-aliasing of paths set to `pathAntialias`; `drawOver` then draws on the page.
    private func render(_ document: PreparedDocument, page number: Int, pathAntialias: cairo_antialias_t,
                        drawOver: (OpaquePointer) -> Void = { _ in }) throws -> RasterImage {
        let page = try XCTUnwrap(document.checkedPages().first { $0.number == number })
        let pixels = PagePixels(pageSize: page.size, dpi: 72)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixels.width), Int32(pixels.height))!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_antialias(context, pathAntialias)
        DocumentWriter.setGlyphOptions(of: context)
        try PageDrawer(text: document.text, pictureFiles: document.pictures).draw(page, in: context)
        drawOver(context)
        XCTAssertEqual(cairo_status(context), CAIRO_STATUS_SUCCESS)
        return RasterImage(surface: surface)
    }

    /// A copy of the zombie fixture (text and pictures) with `word` replaced by `replacement`.
    private func zombies(replacing word: String, with replacement: String) throws -> String {
        let directory = try makeTemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: TestSupport.zombiesDirectory.path) where name != "golden" {
            try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent(name),
                                             to: directory.appendingPathComponent(name))
        }
        let file = directory.appendingPathComponent("zombies.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: word).count, 2, "\(word) is in the text once")
        try write(text.replacingOccurrences(of: word, with: replacement), to: file)
        return file.path
    }

    /// "ninety-two" → "ninety-one" on page 2: the old default (0.1 % of the page, 8 levels)
    /// let it through; the default now catches it, and the pixels it forgives are edges.
    func testAOneWordChangeFailsAtTheDefaults() throws {
        let golden = try RasterImage.readPNG(TestSupport.zombiesDirectory.appendingPathComponent("golden/zombies-002.png").path)
        let changed = try prepare(zombies(replacing: "ninety-two", with: "ninety-one"))
        var actual: RasterImage?
        try DocumentWriter(text: changed.text).rasterize(changed.pages().prefix(2), dpi: 72) { page, image in
            if page.number == 2 { actual = image }
        }
        let page = try XCTUnwrap(actual)

        let result = try GoldenComparison.compare(actual: page, golden: golden)
        XCTAssertFalse(result.passed, result.summary)
        XCTAssertGreaterThan(result.differingPixels, 20, result.summary)
        let oldDefault = GoldenTolerance(maxChannelDelta: 8, maxDiffPixels: .max, maxDiffRatio: 0.001, forgivesAntiAliasing: false)
        let old = try GoldenComparison.compare(actual: page, golden: golden, tolerance: oldDefault)
        XCTAssertTrue(old.passed, "the share of the page it changes is under the old budget: \(old.summary)")
        XCTAssertEqual(result.differingPixels + result.antiAliasedPixels, old.differingPixels,
                       "each differing pixel is either counted or forgiven")
    }

    /// Cairo's coarse scan converter for paths (`CAIRO_ANTIALIAS_FAST`, 4 × 4 samples a pixel)
    /// instead of its default one: another anti-aliasing of the headings' outlines, as another
    /// Cairo build's rasterizer may draw them. The outlines are hairlines about a pixel wide:
    /// the edge detector forgives their sides, and the neighbourhood's ink forgives their
    /// cores, shaded otherwise. Text and pictures, which are not paths, are untouched.
    func testAnotherScanConverterPassesAtTheDefaults() throws {
        let document = try prepare(TestSupport.zombiesFile.path)
        let golden = try render(document, page: 2, pathAntialias: CAIRO_ANTIALIAS_DEFAULT)
        XCTAssertEqual(golden, try RasterImage.readPNG(TestSupport.zombiesDirectory.appendingPathComponent("golden/zombies-002.png").path),
                       "drawn as the golden was")
        let coarse = try render(document, page: 2, pathAntialias: CAIRO_ANTIALIAS_FAST)
        let result = try GoldenComparison.compare(actual: coarse, golden: golden)
        var counting = GoldenTolerance.standard
        counting.forgivesAntiAliasing = false
        let all = try GoldenComparison.compare(actual: coarse, golden: golden, tolerance: counting)
        XCTAssertGreaterThan(all.differingPixels, 1000, all.summary)
        XCTAssertEqual(result.antiAliasedPixels, all.differingPixels, "all are forgiven: \(result.summary)")
        XCTAssertTrue(result.passed, result.summary)
        var edgesOnly = GoldenTolerance.standard
        edgesOnly.maxNeighbourhoodDelta = -1
        let edges = try GoldenComparison.compare(actual: coarse, golden: golden, tolerance: edgesOnly)
        XCTAssertFalse(edges.passed, "the edge detector alone does not forgive the hairlines' cores: \(edges.summary)")
    }

    /// A black rule 1 pt (one pixel at 72 dpi) wide across the column, drawn at `y` points from the top.
    private func rule(at y: Double) -> (OpaquePointer) -> Void {
        { context in
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_set_line_width(context, 1)
            cairo_move_to(context, 60, y)
            cairo_line_to(context, 300, y)
            cairo_stroke(context)
        }
    }

    /// A pixel-wide rule taken away, or moved down by 2 pt, fails at the defaults: the ink of the
    /// rule's neighbourhood changes by a third of the scale, far beyond a re-shading.
    func testAHairlineRuleRemovedOrMovedFailsAtTheDefaults() throws {
        let document = try prepare(TestSupport.zombiesFile.path)
        let golden = try render(document, page: 2, pathAntialias: CAIRO_ANTIALIAS_DEFAULT, drawOver: rule(at: 400.5))
        let removed = try render(document, page: 2, pathAntialias: CAIRO_ANTIALIAS_DEFAULT)
        let moved = try render(document, page: 2, pathAntialias: CAIRO_ANTIALIAS_DEFAULT, drawOver: rule(at: 402.5))
        for (name, page) in [("removed", removed), ("moved", moved)] {
            let result = try GoldenComparison.compare(actual: page, golden: golden)
            XCTAssertFalse(result.passed, "\(name): \(result.summary)")
            XCTAssertGreaterThan(result.differingPixels, 100, "\(name): \(result.summary)")
        }
    }
}
