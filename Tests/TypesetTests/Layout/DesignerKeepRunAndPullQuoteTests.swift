import Diagnostics
import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-6, see its README): a run of `keep-with-next`
/// paragraphs taller than half a column, and a pull quote with no room on the last page of its
/// section, before a `<pagebreak>`. Every page is checked by the page checker (`checkedPages`).
final class DesignerKeepRunAndPullQuoteTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-6")

    /// The warnings of fixture `name` typeset to a PDF, its pages checked as they are drawn.
    private func warnings(_ name: String) throws -> [Diagnostic] {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("\(name).txt")
        try write(try folder.markup(name), to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("doc.pdf").path)
        return report.diagnostics.filter { $0.severity == .warning }
    }

    /// Thirty two-line dishes kept each with the next, under a one-column title: they fill page
    /// 1's two columns, each dish whole in one column, and a warning at the run says why its
    /// keep is off. Before, page 1 held only the title, and page 2 split a dish one line and one.
    func testARunOfKeepWithNextTallerThanHalfAColumnFillsThePage() throws {
        let (document, pages) = try folder.layOut(try folder.markup("keep-with-next-run"))
        let text = document.text.string as NSString
        XCTAssertEqual(pages.count, 1, "the title and every dish on page 1")
        let frames = pages[0].frames.filter { !$0.lines.isEmpty }
        XCTAssertEqual(frames.count, 3, "the title's column and the dishes' two")
        for dish in 0 ..< 30 {
            let start = text.range(of: "Dish \(dish) ").location
            let paragraph = document.text.paragraphRange(containing: start)
            let holding = frames.indices.filter { frames[$0].lines.contains { $0.stringRange.overlaps(paragraph) } }
            XCTAssertEqual(holding.count, 1, "dish \(dish) whole in one column")
        }
        let found = try warnings("keep-with-next-run").filter { $0.message.contains("keep-with-next paragraphs in a row") }
        XCTAssertEqual(found.count, 1, found.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(found.first?.message.hasPrefix("30 keep-with-next paragraphs in a row are taller than half a column") == true,
                      found.first?.message ?? "")
        XCTAssertEqual(found.first?.location?.line, 6, "at the first dish")
    }

    /// The designer's menu, whose descriptions took `keep-with-next` from the dishes' style: a
    /// course and its dishes, each course longer than half a column, sets on one page with the
    /// allergens' note, the run's keep off; before, page 1 held only the title and the note was
    /// alone on page 3.
    func testAMenuWhoseDescriptionsInheritedTheKeepSetsOnOnePage() throws {
        let (_, pages) = try folder.layOut(try folder.markup("menu-keep-with-next"))
        XCTAssertEqual(pages.count, 1)
    }

    /// Two pull quotes a sentence apart in a two-column section that a `<pagebreak>` ends: the
    /// first over the gutter on page 1; the second, with no room there (one such box a page),
    /// is left out with a warning at its tag, not printed alone under the next section's
    /// headline on page 2.
    func testAPullQuoteIsNotCarriedPastItsSectionsLastPage() throws {
        let (document, pages) = try folder.layOut(try folder.markup("pull-quote-before-a-page-break"))
        let text = document.text.string as NSString
        let first = text.range(of: "First quote").location, second = text.range(of: "Second quote").location
        XCTAssertEqual(pages.count, 2)
        XCTAssertEqual(pages[0].boxes.map { $0.box.range.contains(first) }, [true], "the first quote on page 1")
        XCTAssertEqual(pages[0].leftOutBoxes.map { $0.range.contains(second) }, [true], "the second left out there")
        XCTAssertTrue(pages[1].boxes.isEmpty, "nothing over the next section's page")
        let found = try warnings("pull-quote-before-a-page-break").filter { $0.message.hasPrefix("<aside>") }
        XCTAssertEqual(found.map(\.message), ["<aside> left out: no room for it over the gutter on page 1, where its section's "
                                              + "text ends (one box over a gutter a page), and it is not carried past its section"])
        XCTAssertEqual(found.first?.location?.line, 5)
    }

    /// The same section with a figure over the gutter in the second quote's place: its picture
    /// is nowhere else, so it is not left out but waits for page 2, as any float waits for a
    /// page with room.
    func testAFigureOverTheGutterIsNotLeftOut() throws {
        let quote = "<aside float=\"center\"><p align=\"center\">“Second quote.”</p></aside>"
        let figure = "<figure float=\"center\"><img src=\"medal.svg\" width=\"60\" alt=\"A medal\"><caption>The medal.</caption></figure>"
        let markup = try folder.markup("pull-quote-before-a-page-break")
        XCTAssertTrue(markup.contains(quote))
        let pictures = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/pull-quotes")
        let (document, pages) = try FixtureFolder("designer-pages-6", pictures: pictures).layOut(markup.replacingOccurrences(of: quote, with: figure))
        let caption = (document.text.string as NSString).range(of: "The medal.").location
        XCTAssertEqual(pages.count, 2)
        XCTAssertTrue(pages[0].leftOutBoxes.isEmpty, "nothing left out")
        XCTAssertEqual(pages[1].boxes.map { $0.box.range.contains(caption) }, [true], "the figure on page 2")
    }
}
