import Diagnostics
import Layout
import Pages
import Text
@testable import TypesetKit
import XCTest

/// A picture in a box set narrower than it was fitted to (beside an exclusion) is scaled to the
/// box's text there, with a warning at its `<img>` found from the pages (`NarrowedBoxPictureCheck`).
final class NarrowedBoxPictureCheckTests: XCTestCase {
    /// The warnings about pictures' sizes of `markup`, typeset to a PDF on a 450×440 pt page
    /// in one column, beside a test picture.
    private func pictureWarnings(_ markup: String) throws -> [Diagnostic] {
        let report = try typesetToPDF(markup, pictures: ["rgb8.png"]) { options in
            options.page = PageTemplate(size: Size(width: 450, height: 440), margins: Margins(all: 24), columns: 1)
            options.minimumPictureResolution = 0   // the test picture is a few pixels
        }.report
        return report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("picture of") }
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/figure-opening-page-beside-exclusion-narrower-than-its-picture.txt).
    func testAPictureScaledToABoxSetBesideAnExclusionIsWarnedOfAtItsImg() throws {
        // The page's exclusion leaves the figure 161 pt at the column's left, down past its
        // picture's foot and too low for it below: it is set there, its 402 pt picture scaled.
        let found = try pictureWarnings("""
            <exclusion shape="rect" x="185" y="158" width="91" height="134">
            <figure>
            <img src="rgb8.png" alt="" width="402" height="268">
            </figure>
            """)
        XCTAssertEqual(found.map(\.message), ["picture of 402×268 pt is wider than its <figure>'s text where the box is set on page 1 "
                                              + "(161 pt, narrower than the box it was fitted to); scaled to 161×107 pt"])
        XCTAssertEqual(found.first.map { [$0.location?.line, $0.location?.column] }, [3, 11], "at the <img>")
    }

    func testAPictureInABoxSetAtTheWidthItWasFittedToIsNotWarnedOf() throws {
        XCTAssertEqual(try pictureWarnings("<figure>\n<img src=\"rgb8.png\" alt=\"\" width=\"300\" height=\"200\">\n</figure>\n"), [])
    }

    /// The check lasts as long as the run's warnings, through the finishing step, where a run's
    /// memory peaks: it keeps the pictures' fitted sizes, not the text (the book on small pages
    /// held its 8.5 MB of UTF-16 there). The text's units, not shared, are changed in place.
    func testTheCheckDoesNotHoldTheText() {
        var text = AttributedText("A text of no pictures.", attributes: TestSupport.defaultAttributes())
        let units = text.storage.withUnits(narrow: { UnsafeRawPointer($0.baseAddress) }, wide: { UnsafeRawPointer($0.baseAddress) })
        let check = NarrowedBoxPictureCheck(text: text, places: ElementPlaces())
        text.replaceUnit(at: 0, with: 0x61)
        withExtendedLifetime(check) {
            XCTAssertEqual(text.storage.withUnits(narrow: { UnsafeRawPointer($0.baseAddress) }, wide: { UnsafeRawPointer($0.baseAddress) }), units, "the units were shared with the check, and copied")
        }
    }
}
