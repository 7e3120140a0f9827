import Layout
import Pages
import Text
@testable import TypesetKit
import XCTest

/// Text too big for its column (issue 40, item 17): `<font size="1000">` set one letter a
/// column, its baselines below the page, with no warning. It is set at the largest size its
/// column holds, with a warning at the run, and every page passes the page checker.
final class OversizedTextFitTests: XCTestCase {
    private func warnings(_ document: PreparedDocument) -> [String] {
        document.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("text at") }.map(\.message)
    }

    func testALetterWiderThanItsColumnIsSetAtTheLargestSizeTheColumnHolds() throws {
        let (document, pages) = try SectionTesting.layOut("Before.\n<font size=\"1000\">Big</font>\nAfter.\n")
        XCTAssertEqual(warnings(document).count, 1, "\(document.diagnostics)")
        let warning = try XCTUnwrap(warnings(document).first)
        XCTAssertTrue(warning.hasPrefix("text at 1000 pt is too big for its column (a letter"), warning)
        let string = document.text.string
        let big = try XCTUnwrap(string.range(of: "Big")).lowerBound.utf16Offset(in: string)
        let size = document.text.attributes(at: big).attributes.fontSize
        XCTAssertLessThan(size, 1000)
        XCTAssertTrue(warning.contains("it is set at \(MessagePoints.tenths(size)) pt"), warning)
        // Set as the column holds it: every letter inside its column and the page (the checker).
        for page in pages {
            for frame in page.frames {
                for line in frame.lines { XCTAssertLessThanOrEqual(line.width, frame.container.rect.width + 0.01) }
            }
        }
    }

    func testALineTallerThanThePagesTextIsSetAtTheLargestSizeThePageHolds() throws {
        // A page 200 pt tall with 20 pt margins: 160 pt of text height, in one column 500 pt wide.
        let (document, _) = try SectionTesting.layOut("<font size=\"200\">ok</font>\n") { options in
            options.page.size = Size(width: 540, height: 200)
            options.page.margins = Margins(top: 20, right: 20, bottom: 20, left: 20)
            options.page.columns = 1
        }
        let warning = try XCTUnwrap(warnings(document).first, "\(document.diagnostics)")
        XCTAssertTrue(warning.contains("a line") && warning.contains("on a page whose text is 160 pt tall"), warning)
    }

    func testTextThatFitsIsLeftAlone() throws {
        let (document, _) = try SectionTesting.layOut("<font size=\"60\">Headline</font>\n<p style=\"headline\">Wide headline</p>\n")
        XCTAssertEqual(warnings(document), [])
        XCTAssertEqual(document.text.attributes(at: 0).attributes.fontSize, 60)
    }
}
