import Diagnostics
import Foundation
import Images
import Markup
import Render
import Text
import TypesetKit
import XCTest

/// `fit` (issue 37, item 2): a picture given a place of other proportions than its own is
/// stretched to it (`fill`), drawn whole inside it (`contain`, also what no `fit` does, with a
/// warning) or covers it, cut off (`cover`), as poppler measures the picture in the PDF.
final class PictureFitTests: XCTestCase {
    /// rgb8.png is 240×160 pixels, 1.5:1; its place here is 120×60 pt, 2:1.
    private let img = #"<img src="rgb8.png" alt="" width="120" height="60""#

    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
    }

    func testFitIsReadAndOtherProportionsWithoutItAreContainedWithAWarning() {
        let fits = ["", #" fit="fill""#, #" fit="contain""#, #" fit="COVER""#].map { fit in
            let document = parse(img + fit + ">")
            return (document.text.attachments.first?.image.fit, document.diagnostics.count)
        }
        XCTAssertEqual(fits.map(\.0), [.contain, .fill, .contain, .cover])
        XCTAssertEqual(fits.map(\.1), [1, 0, 0, 0], "only the picture with no fit is warned of")
        XCTAssertEqual(parse(#"<img src="rgb8.png" alt="" width="120">"#).text.attachments.first?.image.fit, .fill,
                       "its own proportions: nothing to fit")
        let wrong = parse(img + #" fit="cuver">"#).diagnostics
        XCTAssertEqual(wrong.map(\.message), [#"fit must be fill, contain or cover, not "cuver" (did you mean 'cover'?)"#])
    }

    /// The pixels per inch across and down of the document's one picture.
    private func picturePPI(fit: String) throws -> (x: Int, y: Int) {
        let (report, pdf) = try typesetToPDF(img + " fit=\"\(fit)\">", pictures: ["rgb8.png"]) {
            $0.minimumPictureResolution = 0
        }
        XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        guard let list = TestSupport.runTool("/usr/bin/pdfimages", ["-list", pdf]) else { throw XCTSkip("pdfimages is not installed") }
        let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
        XCTAssertEqual(rows.count, 1)
        let row = try XCTUnwrap(rows.first)
        return (try XCTUnwrap(Int(row[12])), try XCTUnwrap(Int(row[13])))
    }

    func testFillStretchesContainKeepsTheWholePictureAndCoverCropsIt() throws {
        // Stretched to 120×60 pt: 240 px over 120 pt is 144 ppi across, 160 over 60 is 192 down.
        let fill = try picturePPI(fit: "fill")
        XCTAssertEqual(fill.x, 144)
        XCTAssertEqual(fill.y, 192)
        // Whole inside: 90×60 pt, 192 ppi both ways.
        let contain = try picturePPI(fit: "contain")
        XCTAssertEqual(contain.x, 192)
        XCTAssertEqual(contain.y, 192)
        // Covering: 120×80 pt, cut to 60 pt down, 144 ppi both ways.
        let cover = try picturePPI(fit: "cover")
        XCTAssertEqual(cover.x, 144)
        XCTAssertEqual(cover.y, 144)
    }

    func testAContainedPicturesContourIsWhereItIsDrawnInItsPlace() throws {
        let directory = try makeTemporaryDirectory()
        let disc = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="50"/></svg>"#
        try write(disc, to: directory.appendingPathComponent("disc.svg"))
        // A 1:1 disc in a 2:1 place, contained: drawn in its middle half across.
        var document = TestSupport.parse(#"<img src="disc.svg" alt="" width="150" height="75" float="left" wrap="contour" fit="contain">Text."#,
                                         baseDirectory: directory.path)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(ContourTracing.trace(&document.text, files: document.pictures, places: document.elementPlaces), [])
        let bands = try XCTUnwrap(document.text.attachments.first?.image.float?.contour?.bands)
        XCTAssertFalse(bands.isEmpty)
        XCTAssertGreaterThanOrEqual(bands.map(\.left).min() ?? 0, 0.24)
        XCTAssertLessThanOrEqual(bands.map(\.right).max() ?? 1, 0.76)
        XCTAssertLessThan(bands.map(\.left).min() ?? 1, 0.27, "the disc's widest band reaches its drawn edge")
    }
}
