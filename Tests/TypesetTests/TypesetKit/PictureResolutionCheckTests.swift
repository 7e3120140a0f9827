import Diagnostics
import Layout
import Markup
import Pages
import Text
@testable import TypesetKit
import XCTest

/// The resolution a picture is printed at: its pixels over the size it takes on the page, in
/// its line, floated or across columns, after it is fitted to its column.
final class PictureResolutionCheckTests: XCTestCase {
    /// A4, one column 481.9 pt wide unless `columns` says otherwise.
    private func warnings(_ markup: String, columns: Int = 1, minimum: Double = 150, bleed: Double = 0) throws -> [Diagnostic] {
        var page = PageTemplate(columns: columns)
        page.bleed = bleed
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        let fonts = try TestSupport.fontTable(for: document, library: try TestSupport.makeFontLibrary())
        var text = document.text
        _ = page.fitPictures(&text, places: document.elementPlaces) { Framesetter(text: $0, fonts: fonts) }
        return PictureResolutionCheck(minimum: minimum, page: page).check(text, places: document.elementPlaces)
    }

    func testAPictureInItsLineIsMeasuredAtItsOwnSize() throws {
        // rgb8.png is 240×160 pixels: 240 px over 115 pt is 150.3 ppi, over 116 pt 149.0.
        XCTAssertEqual(try warnings("<img src=\"rgb8.png\" width=\"115\">"), [])
        let coarse = try warnings("x\n<img src=\"rgb8.png\" width=\"116\">")
        XCTAssertEqual(coarse.count, 1)
        XCTAssertEqual(coarse.first?.severity, .warning)
        XCTAssertEqual(coarse.first?.location?.line, 2, "at its <img>")
        XCTAssertTrue(coarse.first?.message.hasPrefix("picture of 240×160 px is shown at 148 ppi (below 150) at 116×77 pt") ?? false,
                      coarse.first?.message ?? "")
        // Without width or height a pixel is a point: 72 ppi.
        XCTAssertTrue(try warnings("<img src=\"rgb8.png\">").first?.message.contains("shown at 72 ppi") ?? false)
        XCTAssertEqual(try warnings("<img src=\"rgb8.png\">", minimum: 72), [], "72 is not below 72")
        XCTAssertEqual(try warnings("<img src=\"rgb8.png\" width=\"480\">", minimum: 0), [], "0 checks nothing")
    }

    func testTheFittedSizeCounts() throws {
        // 480 pt is wider than a column of three (148.6 pt): fitted, it is 116 ppi, not 36.
        let fitted = try warnings("<img src=\"rgb8.png\" width=\"480\">", columns: 3)
        XCTAssertEqual(fitted.count, 1)
        XCTAssertTrue(fitted.first?.message.contains("shown at 116 ppi") ?? false, fitted.first?.message ?? "")
    }

    func testFloatsAndPicturesAcrossColumnsAreMeasuredAtTheirPlacedSize() throws {
        XCTAssertTrue(try warnings("<img src=\"rgb8.png\" width=\"200\" float=\"left\">text").first?.message.contains("shown at 86 ppi") ?? false)
        // Across all of a 481.9 pt text area: 240 px over 6.69 inches.
        let spanning = try warnings("<img src=\"rgb8.png\" width=\"30\" float=\"top\">text", columns: 2)
        XCTAssertEqual(spanning.count, 1)
        XCTAssertTrue(spanning.first?.message.contains("shown at 35 ppi (below 150) at 482×321 pt") ?? false, spanning.first?.message ?? "")
        // Across one of two columns.
        XCTAssertTrue(try warnings("<img src=\"rgb8.png\" float=\"top\" span=\"1\">text", columns: 2).first?.message
            .contains("at 232×155 pt") ?? false)
    }

    func testEachImgOfARepeatedPictureIsWarnedAt() throws {
        let repeated = try warnings("<img src=\"rgb8.png\" width=\"300\">\n<img src=\"rgb8.png\" width=\"300\">\n<img src=\"rgb8.png\" width=\"60\">")
        XCTAssertEqual(repeated.map { $0.location?.line }, [1, 2])
    }

    func testAPictureThatBleedsIsMeasuredAtTheSizeThatCoversItsPlaceRunOffThePage() throws {
        // rgb8.png is 240×160 px. Across A4's 481.9 pt text area at 2:1 (241 pt tall) it would
        // be 36 ppi; run off the top and both sides by 9 pt of bleed, its place is 613.3 pt wide
        // and 241 + 56.7 + 9 pt tall, which the 3:2 picture covers at 613.3 × 408.9 pt: 28 ppi.
        let markup = "<img src=\"rgb8.png\" float=\"top\" span=\"all\" bleed=\"true\" width=\"480\" height=\"240\">"
        let found = try warnings(markup, minimum: 300, bleed: 9)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.hasPrefix("picture of 240×160 px is shown at 28 ppi (below 300) at 613×409 pt") ?? false,
                      found.first?.message ?? "")
    }
}
