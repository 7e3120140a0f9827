import Layout
import Markup
import Pages
import TypesetKit
import XCTest

/// Pictures scaled to the room they have (PageTemplate.fitPictures).
final class PictureFittingTests: XCTestCase {
    /// `markup` prepared with the bundled fonts and the zombie fixture's pictures, on `page`
    /// (the default page when nil), no picture refused for its resolution.
    private func prepared(_ markup: String, page: PageTemplate? = nil) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        if let page { options.page = page }
        options.minimumPictureResolution = 0
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "pictures.txt", text: markup),
                                                        baseDirectory: TestSupport.zombiesDirectory.path)
    }

    /// Found by the page checker on a designer's feature: a picture as wide as the column, in a
    /// paragraph of a body style with a first-line indent, was set at the indent and reached
    /// past the column by it. A picture in its line fits the narrowest measure its paragraph's
    /// indents leave.
    func testAPictureInAnIndentedParagraphFitsTheMeasureItsIndentsLeave() throws {
        let markup = "<p indent=\"36\" head-indent=\"10\" tail-indent=\"5\"><img src=\"coffee.jpg\" width=\"232\" alt=\"\"> A cup of coffee.</p>\n"
            + "<p head-indent=\"24\" indent=\"-12\"><img src=\"coffee.jpg\" width=\"120\" alt=\"\"> A hanging line takes a picture narrower than its column as it is.\n"
        let document = try prepared(markup)
        let column = document.template.columnWidth(of: nil)
        let widths = document.text.attachments.map(\.delegate.width)
        XCTAssertEqual(widths.count, 2)
        XCTAssertEqual(widths[0], column - 36 - 10 - 5, accuracy: 0.01, "the widest the indented first line can hold")
        XCTAssertEqual(widths[1], 120, accuracy: 0.01, "a picture that fits is left as it is")
        XCTAssertTrue(document.diagnostics.contains { $0.message.contains("column (less its paragraph's indents); scaled to") },
                      "\(document.diagnostics.map(\.message))")
        // Drawn, the picture stays inside its column (the page checker's finding before).
        XCTAssertFalse(document.checkedPages().isEmpty)
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/inline-picture-column-tall-on-grid.txt):
    /// a picture in its line scaled to the column's full 304 pt had its baseline moved down onto
    /// the next line of a 13 pt grid, 8 pt below the column. On a grid it fits the column down
    /// to its last grid line, where its baseline goes.
    func testAPictureInItsLineOnABaselineGridFitsTheColumnDownToItsLastGridLine() throws {
        var page = PageTemplate(size: Size(width: 408, height: 360), margins: Margins(all: 28), columns: 1, gutter: 11)
        page.baselineGrid = 13
        let document = try prepared("<img src=\"astronaut.png\" alt=\"\">\n", page: page)
        let delegate = try XCTUnwrap(document.text.attachments.first?.delegate)
        XCTAssertEqual(delegate.ascent + delegate.descent, 23 * 13, accuracy: 0.01, "the 304 pt column down to its 23rd grid line")
        XCTAssertTrue(document.diagnostics.contains { $0.message.contains("(to its last line of the baseline grid); scaled to") },
                      "\(document.diagnostics.map(\.message))")
        // Drawn, the picture stays inside its column (the page checker's finding before).
        XCTAssertFalse(document.checkedPages().isEmpty)
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/inline-picture-column-tall-with-its-line.txt):
    /// a picture in its line fitted to the column's full 300 pt had its line's half-leading
    /// above it and the text's depth below, a line of 305 pt: the picture reached 0.6 pt past
    /// the column's foot and the descenders of the words beside it 2.6 pt. It fits the column
    /// less its line's room (measured by a framesetter, as a box's text is).
    func testAPictureInItsLineLeavesRoomForItsLinesLeadingAndDepth() throws {
        let page = PageTemplate(size: Size(width: 500, height: 380), margins: Margins(all: 40), columns: 1, gutter: 10)
        let document = try prepared("<img src=\"astronaut.png\" alt=\"\"> keys, gardening of road\n", page: page)
        let delegate = try XCTUnwrap(document.text.attachments.first?.delegate)
        let height = delegate.ascent + delegate.descent
        XCTAssertLessThan(height, 300 - 3, "the text's depth and the half-leading left out of the 300 pt column")
        XCTAssertGreaterThan(height, 300 - 8, "no more than the line's room")
        XCTAssertTrue(document.diagnostics.contains { $0.message.contains("(less its line's leading and depth); scaled to") },
                      "\(document.diagnostics.map(\.message))")
        // Drawn, the picture and its line stay inside the column (the page checker's findings before).
        XCTAssertFalse(document.checkedPages().isEmpty)
    }
}
