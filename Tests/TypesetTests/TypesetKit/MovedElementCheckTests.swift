import Diagnostics
import Foundation
import Pages
import TypesetKit
import XCTest

/// What the layout sets on a later page than where it is written gets a warning at its markup,
/// from the pages drawn (`MovedElementCheck`): a `<columnbreak>` in the last column, a picture
/// or a figure with no room left for it, a shaped section that does not fit below the text.
final class MovedElementCheckTests: XCTestCase {
    /// Lines of 12 pt that leave `linesLeft` lines of the first page's one column empty.
    private func filler(leaving linesLeft: Int) -> String {
        let lines = Int(PageTemplate().textArea.height / 12) - linesLeft
        return #"<p line-height="12pt" space-after="0" align="left">"# + (1 ... lines).map { "line \($0)" }.joined(separator: "<br>") + "</p>"
    }

    /// The warnings of `markup` typeset to a PDF in one column, with the test pictures beside it.
    private func warnings(_ markup: String) throws -> (moved: [Diagnostic], pageCount: Int) {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                         to: directory.appendingPathComponent("rgb8.png"))
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page.columns = 1
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("doc.pdf").path)
        let moved = report.diagnostics.filter { $0.severity == .warning && ($0.message.contains("moved to page") || $0.message.contains("<columnbreak>")) }
        return (moved, report.pageCount)
    }

    func testAColumnBreakInTheLastColumnSaysItStartsTheNextPage() throws {
        let (found, pages) = try warnings("""
        <section columns="2">
        The first column holds this.
        <columnbreak>
        The second column holds this.
        <columnbreak>
        And this goes to the next page.
        </section>
        """)
        XCTAssertEqual(pages, 2)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.message.hasPrefix("<columnbreak> in the last column of page 1 starts page 2, leaving") == true, "\(found)")
        XCTAssertEqual(found.first.map { [$0.location?.line, $0.location?.column] }, [5, 1], "at the second <columnbreak>")
    }

    func testAColumnBreakThatIsMetAlreadyOrStaysOnThePageSaysNothing() throws {
        XCTAssertEqual(try warnings("<section columns=\"2\">\nOne.\n<columnbreak>\nTwo.\n</section>").moved, [])
        XCTAssertEqual(try warnings(filler(leaving: 0) + "\n<columnbreak>\nAt the top of page two already.").moved, [])
    }

    func testAFloatedPictureWithNoRoomMovesToTheNextPageWithAWarning() throws {
        let (found, pages) = try warnings(filler(leaving: 4) + """

        <img src="rgb8.png" alt="" width="120" height="80" float="left">A paragraph beside the picture.
        """)
        XCTAssertEqual(pages, 2)
        XCTAssertEqual(found.map(\.message), [#"picture "rgb8.png" moved to page 2: no room for it on page 1, where it is written"#])
        XCTAssertEqual(found.first?.location?.line, 2)
    }

    /// A figure kept in the column that does not fit waits for the next column's top while the
    /// text after it fills this one (WaitingBoxes): it leaves nothing empty, and the warning
    /// says only that it moved.
    func testAFigureInTheColumnThatDoesNotFitSaysItMoved() throws {
        let (found, _) = try warnings(filler(leaving: 5) + """

        <figure>
        <img src="rgb8.png" alt="" width="240" height="160">
        </figure>
        After the figure.
        """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertEqual(found.first?.message, "<figure> moved to page 2: no room for it on page 1, where it is written", "\(found)")
        XCTAssertEqual(found.first.map { [$0.location?.line, $0.location?.column] }, [2, 1], "at the <figure>")
    }

    func testAShapedSectionThatDoesNotFitSaysItMoved() throws {
        let (found, _) = try warnings(filler(leaving: 10) + """

        <section shape="circle" height="300">
        <p align="center">Round text in a circle that does not fit below the lines above.</p>
        </section>
        """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.message.hasPrefix(#"<section shape="circle"> moved to page 2: it does not fit below the text on page 1"#) == true,
                      "\(found)")
        XCTAssertEqual(found.first?.location?.line, 2)
    }

    func testAKeptBlockThatDoesNotFitSaysItMoved() throws {
        let rows = #"<p line-height="12pt" space-after="0">"# + (1 ... 6).map { "row \($0)" }.joined(separator: "\n") + "</p>"
        let (block, _) = try warnings(filler(leaving: 4) + "\n<keep>\n" + rows + "\n</keep>\nAfter the block.")
        XCTAssertEqual(block.count, 1, "\(block)")
        XCTAssertTrue(block.first?.message.hasPrefix("<keep> block moved to page 2: it does not fit below the text on page 1") == true, "\(block)")
        XCTAssertEqual(block.first.map { [$0.location?.line, $0.location?.column] }, [2, 1], "at the <keep>")
        let paragraph = #"<p keep-together="true" line-height="12pt">"# + (1 ... 6).map { "row \($0)" }.joined(separator: "<br>") + "</p>"
        let (together, _) = try warnings(filler(leaving: 4) + "\n" + paragraph)
        XCTAssertEqual(together.map { String($0.message.prefix(48)) }, ["keep-together paragraph moved to page 2: it does"])
    }

    func testTextThatFlowsOnSaysNothing() throws {
        XCTAssertEqual(try warnings(filler(leaving: 0) + "\nThe next page begins with this.").moved, [])
    }
}
