import CCairo
import Foundation
import Layout
@testable import Render
import Text
import XCTest

/// A fill covering its whole page keeps the tags Cairo was given before it on that page
/// (`SolidFill`): Cairo 1.16 would otherwise forget them, and fail to finish the PDF.
final class SolidFillTests: XCTestCase {
    private let tint = Text.Color(red: 0.95, green: 0.9, blue: 0.79)

    /// Two pages, each a tag round a fill of `rect` inside a tag round the document, as a bled
    /// tint is drawn; Cairo's status once the PDF is finished.
    private func finishedStatus(filling rect: Rect) throws -> cairo_status_t {
        let path = try makeTemporaryDirectory().appendingPathComponent("fill.pdf").path
        let surface = cairo_pdf_surface_create(path, 200, 300)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        cairo_tag_begin(context, "Document", nil)
        for _ in 0 ..< 2 {
            cairo_tag_begin(context, "Span", nil)
            SolidFill.fill(rect, with: tint, in: context)
            cairo_tag_end(context, "Span")
            cairo_show_page(context)
        }
        cairo_tag_end(context, "Document")
        cairo_destroy(context)
        cairo_surface_finish(surface)
        return cairo_surface_status(surface)
    }

    func testAFillCoveringThePageKeepsTheTagsBegunBeforeIt() throws {
        XCTAssertEqual(try finishedStatus(filling: Rect(x: -3, y: -3, width: 206, height: 306)), CAIRO_STATUS_SUCCESS)
        XCTAssertEqual(try finishedStatus(filling: Rect(x: 0, y: 0, width: 200, height: 300)), CAIRO_STATUS_SUCCESS, "exactly the page")
        XCTAssertEqual(try finishedStatus(filling: Rect(x: 10, y: 10, width: 100, height: 100)), CAIRO_STATUS_SUCCESS)
    }

    func testOnlyAFillHoldingTheWholeDrawableAreaCoversThePage() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 200, 300)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        XCTAssertTrue(SolidFill.covers(Rect(x: 0, y: 0, width: 200, height: 300), in: context))
        XCTAssertFalse(SolidFill.covers(Rect(x: 0, y: 1, width: 200, height: 299), in: context))
        cairo_translate(context, 20, 20)
        XCTAssertTrue(SolidFill.covers(Rect(x: -20, y: -20, width: 200, height: 300), in: context), "in user space")
        XCTAssertFalse(SolidFill.covers(Rect(x: 0, y: 0, width: 200, height: 300), in: context))
    }
}
