import CCairo
@testable import Render
import Text
import XCTest

/// The pictures a document's pages draw are loaded once, and let go past a budget, those drawn
/// longest ago first, only between pages.
final class PictureSurfacesTests: XCTestCase {
    /// Loads counted by path.
    private var loads: [String: Int] = [:]

    private func load(_ path: String, bytes: Int) -> (picture: LoadedPicture, bytes: Int) {
        loads[path, default: 0] += 1
        return (.raster(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 2, 2)!, .up), bytes)
    }

    func testAPictureOnEveryPageIsLoadedOnce() {
        let pictures = PictureSurfaces(budget: 1_000)
        var surfaces: Set<OpaquePointer> = []
        for _ in 0 ..< 50 {
            surfaces.insert(pictures.picture(for: PictureSource(path: "cat.png")) { load("cat.png", bytes: 400) }.identity)
            pictures.endPage()
        }
        XCTAssertEqual(loads["cat.png"], 1)
        XCTAssertEqual(surfaces.count, 1)
    }

    func testPastTheBudgetThePictureDrawnLongestAgoGoesAtThePagesEnd() {
        let pictures = PictureSurfaces(budget: 1_000)
        _ = pictures.picture(for: PictureSource(path: "a.png")) { load("a.png", bytes: 400) }
        pictures.endPage()
        _ = pictures.picture(for: PictureSource(path: "b.png")) { load("b.png", bytes: 400) }
        pictures.endPage()
        // a.png again: b.png is now the one drawn longest ago.
        _ = pictures.picture(for: PictureSource(path: "a.png")) { load("a.png", bytes: 400) }
        // Over the budget within a page: nothing goes while the page is drawn.
        let c = pictures.picture(for: PictureSource(path: "c.png")) { load("c.png", bytes: 400) }
        XCTAssertEqual(pictures.count, 3)
        XCTAssertEqual(cairo_surface_status(c.identity), CAIRO_STATUS_SUCCESS)
        pictures.endPage()
        XCTAssertEqual(pictures.count, 2)
        _ = pictures.picture(for: PictureSource(path: "a.png")) { load("a.png", bytes: 400) }
        _ = pictures.picture(for: PictureSource(path: "c.png")) { load("c.png", bytes: 400) }
        _ = pictures.picture(for: PictureSource(path: "b.png")) { load("b.png", bytes: 400) }
        XCTAssertEqual(loads, ["a.png": 1, "b.png": 2, "c.png": 1])
    }

    func testAPictureLargerThanTheBudgetIsLetGoAfterItsPage() {
        let pictures = PictureSurfaces(budget: 1_000)
        _ = pictures.picture(for: PictureSource(path: "poster.png")) { load("poster.png", bytes: 5_000) }
        pictures.endPage()
        XCTAssertEqual(pictures.count, 0)
        _ = pictures.picture(for: PictureSource(path: "poster.png")) { load("poster.png", bytes: 5_000) }
        XCTAssertEqual(loads["poster.png"], 2)
    }
}
