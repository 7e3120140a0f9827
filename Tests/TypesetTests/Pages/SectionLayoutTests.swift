import Diagnostics
import Foundation
import Layout
import Markup
import Pages
import Text
import TypesetKit
import XCTest

/// Pages filled in sections: balanced columns, the next section below them, sections that
/// run over to the next page, column and page breaks, and sections the page cannot hold.
final class SectionLayoutTests: XCTestCase {
    private typealias Testing = SectionTesting

    /// The tallest line of `frames`.
    private func lineHeight(_ frames: [Frame]) -> Double {
        frames.flatMap(\.lines).map(\.height).max() ?? 0
    }

    /// How far apart the last lines of `frames` end.
    private func spread(_ frames: [Frame]) -> Double {
        let bottoms = frames.compactMap(Testing.bottom(of:))
        return (bottoms.max() ?? 0) - (bottoms.min() ?? 0)
    }

    /// Without paragraph rules or spacing to move their ends, balanced columns end within a line.
    func testABalancedSectionEndsLevelAndTheNextStartsBelowIt() throws {
        let body = Testing.paragraphs(8, seed: 1).joined(separator: "\n")
        let markup = "<section columns=\"3\" gutter=\"12\">\n<p orphans=\"1\" widows=\"1\" space-after=\"0\">\(body)</p>\n</section>\n"
            + "<section columns=\"1\">\n<p space-before=\"6\">A box across the page.</p>\n</section>"
        let (document, pages) = try Testing.layOut(markup)
        Testing.checkProperties(of: document, pages: pages)
        XCTAssertEqual(pages.count, 1)
        let bands = Testing.bands(of: pages[0])
        XCTAssertEqual(bands.map(\.count), [3, 1])
        let (article, box) = (bands[0], bands[1][0])
        let area = document.template.textArea
        // Three columns 12 pt apart across the text area.
        XCTAssertEqual(article[1].container.rect.minX - article[0].container.rect.maxX, 12, accuracy: 1e-9)
        XCTAssertEqual(article[2].container.rect.maxX, area.maxX, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(spread(article), lineHeight(article) + 0.01, "the columns end within a line of each other")
        let bottom = article.compactMap(Testing.bottom(of:)).max()!
        XCTAssertLessThan(bottom, area.minY + area.height / 2, "the section ends mid-page")
        XCTAssertEqual(article[0].container.rect.maxY, bottom, accuracy: 1e-9, "the band ends at its lowest line")
        // The box: a gutter (18 pt) and its paragraph's space before below the band.
        XCTAssertEqual(box.container.rect.minY, bottom + 18 + 6, accuracy: 1e-9)
        XCTAssertEqual(box.container.rect.width, area.width, accuracy: 1e-9)
        XCTAssertEqual(document.text.substring(box.visibleRange), "A box across the page.\n")
    }

    /// With the default paragraph rules (two lines of a paragraph at least on each side of a
    /// column break) and spacing, a column may end up to two lines and a paragraph's space above
    /// the others: the least height that holds the text leaves it so.
    func testASectionEndingTheDocumentIsBalancedButTextOutsideSectionsIsNot() throws {
        let body = Testing.paragraphs(11, seed: 2).joined(separator: "\n")
        let (sectioned, sectionedPages) = try Testing.layOut("<section columns=\"2\">\n\(body)\n</section>")
        Testing.checkProperties(of: sectioned, pages: sectionedPages)
        let balanced = sectionedPages[0].frames
        XCTAssertEqual(balanced.count, 2)
        XCTAssertLessThanOrEqual(spread(balanced), 2 * lineHeight(balanced) + 5.5 + 0.01)
        // The same text outside a section fills the first column before the second, as always.
        let (plain, plainPages) = try Testing.layOut(body)
        let columns = plainPages[0].frames
        XCTAssertEqual(columns.count, 2)
        XCTAssertEqual(columns[0].container.rect, plain.template.columnRects[0])
        XCTAssertGreaterThan(Testing.bottom(of: columns[0])! - Testing.bottom(of: columns[1])!, 3 * lineHeight(columns))
    }

    func testASectionRunsOverToTheNextPageAndIsBalancedThere() throws {
        let body = Testing.paragraphs(22, seed: 3).joined(separator: "\n")
        let (document, pages) = try Testing.layOut("<section columns=\"3\">\nA headline\n</section>\n<section columns=\"3\">\n\(body)\n</section>")
        Testing.checkProperties(of: document, pages: pages)
        XCTAssertEqual(pages.count, 2)
        let area = document.template.textArea
        let first = Testing.bands(of: pages[0])
        XCTAssertEqual(first.map(\.count), [1, 3], "a one-line section balances into its first column")
        for frame in first[1] {
            XCTAssertEqual(frame.container.rect.maxY, area.maxY, accuracy: 1e-9, "a section that goes on fills the page")
        }
        let last = pages[1].frames
        XCTAssertEqual(last.count, 3)
        XCTAssertEqual(last[0].container.rect.minY, area.minY, accuracy: 1e-9, "and goes on at the top of the next")
        XCTAssertLessThanOrEqual(spread(last), 2 * lineHeight(last) + 5.5 + 0.01)
        XCTAssertLessThan(Testing.bottom(of: last[0])!, area.maxY - 100, "the last page's columns are balanced")
    }

    func testAColumnBreakStartsTheNextColumnEvenInABalancedSection() throws {
        let text = Testing.paragraphs(4, seed: 4)
        let markup = "<section columns=\"3\">\n\(text[0])\n<columnbreak>\n\(text[1])\n\(text[2])\n\(text[3])\n</section>\nAfter."
        let (document, pages) = try Testing.layOut(markup)
        Testing.checkProperties(of: document, pages: pages)
        let band = Testing.bands(of: pages[0])[0]
        XCTAssertEqual(document.text.substring(band[0].visibleRange), text[0] + "\n", "the first column holds only what comes before the break")
        XCTAssertEqual(document.text.substring(band[1].visibleRange.lowerBound ..< document.text.length), "\(text[1])\n\(text[2])\n\(text[3])\nAfter.")
        XCTAssertEqual(band[1].container.rect.minY, band[0].container.rect.minY)
        // The columns after the break are balanced among themselves: the first is the shortest.
        XCTAssertLessThan(Testing.bottom(of: band[0])!, Testing.bottom(of: band[1])!)
    }

    func testAColumnBreakInTheLastColumnGoesToTheNextPage() throws {
        let (document, pages) = try Testing.layOut("<section columns=\"2\">\nOne.\n<columnbreak>\nTwo.\n<columnbreak>\nThree.\n</section>")
        Testing.checkProperties(of: document, pages: pages)
        XCTAssertEqual(pages.map { $0.frames.map { document.text.substring($0.visibleRange) } }, [["One.\n", "Two.\n"], ["Three.\n"]])
        XCTAssertEqual(pages[1].frames[0].container.rect.minY, document.template.textArea.minY, accuracy: 1e-9)
        // Outside sections, a column break moves to the page's next column.
        let (plain, plainPages) = try Testing.layOut("One.\n<columnbreak>\nTwo.")
        XCTAssertEqual(plainPages.count, 1)
        XCTAssertEqual(plainPages[0].frames.map(\.container.rect), plain.template.columnRects)
    }

    func testAPageBreakStartsANewPageAndNeverAnEmptyOne() throws {
        let (document, pages) = try Testing.layOut("<pagebreak>\nOne.\n<pagebreak>\nTwo.\n<section columns=\"1\">\n<pagebreak>\nThree.\n</section>\nFour.")
        Testing.checkProperties(of: document, pages: pages)
        XCTAssertEqual(pages.map { $0.frames.map { document.text.substring($0.visibleRange) } },
                       [["One.\n"], ["Two.\n"], ["Three.\n", "Four."]], "a break at the top of the first page does nothing")
        // A page break inside a section: the columns before it are balanced.
        let body = Testing.paragraphs(8, seed: 5)
        let markup = "<section columns=\"2\">\n" + body[0 ..< 5].joined(separator: "\n") + "\n<pagebreak>\n"
            + body[5...].joined(separator: "\n") + "\n</section>"
        let (broken, brokenPages) = try Testing.layOut(markup)
        Testing.checkProperties(of: broken, pages: brokenPages)
        XCTAssertEqual(brokenPages.count, 2)
        XCTAssertEqual(broken.text.substring(brokenPages[1].frames[0].visibleRange.lowerBound ..< broken.text.length),
                       body[5...].joined(separator: "\n") + "\n")
        XCTAssertEqual(brokenPages[0].frames.count, 2)
        XCTAssertLessThanOrEqual(spread(brokenPages[0].frames), 2 * lineHeight(brokenPages[0].frames) + 5.5 + 0.01)
    }

    func testASectionWhoseColumnsAreTooNarrowIsALocatedError() throws {
        XCTAssertThrowsError(try Testing.layOut("Intro.\n<section gutter=\"6\" columns=\"30\">\nText.\n</section>")) { error in
            let diagnostics = (error as? DocumentFailure)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertEqual(diagnostics.first?.severity, .error)
            XCTAssertEqual(diagnostics.first?.location?.line, 2)
            XCTAssertEqual(diagnostics.first?.location?.column, 30, "at the columns value")
            XCTAssertEqual(diagnostics.first?.message, "section: 30 columns 6 pt apart are 10.3 pt wide, too narrow to set text "
                           + "(at least 12 pt); the text area of 481.9 pt holds at most 27 columns")
        }
        // The page decides: the section's own columns fit, but not those it takes from a page of 40.
        XCTAssertNoThrow(try Testing.layOut("<section columns=\"27\" gutter=\"6\">Text.</section>"))
        XCTAssertThrowsError(try Testing.layOut("<section gutter=\"6\">Text.</section>") { $0.page.columns = 40; $0.page.gutter = 0 })
    }

    func testSectionsOnFacingPagesStayInEachPagesTextArea() throws {
        let body = Testing.paragraphs(20, seed: 6).joined(separator: "\n")
        let markup = "<meta header=\"left|right\" footer=\"{page}\">\n<section columns=\"1\">\n<p style=\"headline\">Title</p>\n</section>\n"
            + "<section columns=\"3\">\n\(body)\n</section>\n<section columns=\"2\">\nA two-column note.\n</section>"
        let (document, pages) = try Testing.layOut(markup) { options in
            options.page.margins = Margins.facing(margin: 56.6929)
            options.page.facing = true
        }
        Testing.checkProperties(of: document, pages: pages, "facing")
        XCTAssertEqual(pages.count, 2)
        XCTAssertEqual(pages[1].frames[0].container.rect.minX, document.template.textArea(ofPage: 2).minX, accuracy: 1e-9)
        XCTAssertNotEqual(document.template.textArea(ofPage: 2).minX, document.template.textArea(ofPage: 1).minX)
        XCTAssertNotNil(pages[1].furniture)
    }

    /// A figure first in a balanced column is set whole, however short the trial column: a
    /// trial whose figure reaches below its height does not hold the text, else the columns
    /// beside it were set that short and ended early in the figure's taller band (fuzz seed 4).
    func testABalancedBandIsNoShorterThanAFigureFirstInItsColumn() throws {
        let markup = "<section columns=\"3\">\n<figure>\n<img src=\"grey.jpg\" width=\"120\" height=\"220\" alt=\"\">\n"
            + "<p>A caption.</p>\n</figure>\n<p>\(Testing.paragraphs(1, seed: 3, words: 30 ... 40)[0])</p>\n</section>"
        let (document, pages) = try Testing.layOut(markup, baseDirectory: TestSupport.imagesDirectory.path) { $0.minimumPictureResolution = 0 }
        let frames = try XCTUnwrap(pages.first).frames
        let figureBottom = try XCTUnwrap(Testing.bottom(of: frames[0]))
        XCTAssertGreaterThan(figureBottom - frames[0].container.rect.minY, 220)
        // The paragraph is shorter than the figure: the second column holds it all.
        XCTAssertEqual(frames.count, 2, "the paragraph, shorter than the figure, is all in the second column")
        XCTAssertEqual(frames.last?.visibleRange.upperBound, document.text.length)
    }

    /// Seed 9114: a figure past its two-column section's text, below a band of the page's
    /// five columns, that neither of the section's columns holds. The band ended "full", the
    /// figure still carried, and the next page's first band, the five columns after the section,
    /// placed it in its first column, the picture fitted to the section's column over the text
    /// beside it. The section has ended: its figure is held for the next page's top, in its
    /// columns, and the text after the section goes on below the section (HeldFloats).
    func testAFigureNoColumnOfItsSectionHoldsBelowAnotherBandIsHeldAndTheTextAfterGoesOn() throws {
        let markup = "Extraordinary;\n<section columns=\"2\">\n\t783.65\n<figure>\n<img src=\"cameraman.png\" alt=\"\">\n</figure>\n"
            + "</section>\nMorning.\n"
        let (document, pages) = try Testing.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path) {
            $0.page = PageTemplate(size: Size(width: 842, height: 460), margins: Margins(all: 32), columns: 5, gutter: 13)
            $0.minimumPictureResolution = 0
        }
        XCTAssertEqual(pages.count, 2)
        let morning = document.text.string.utf16.count - "Morning.\n".utf16.count
        XCTAssertTrue(pages[0].frames.contains { $0.visibleRange.contains(morning) }, "the text after the section on page 1")
        let figure = try XCTUnwrap(pages.last?.boxes.first)
        XCTAssertEqual(figure.rect.width, document.template.columnWidth(columns: 2, gutter: 13), accuracy: 0.01,
                       "in its section's column")
        XCTAssertTrue(pages[1].frames.allSatisfy { $0.lines.allSatisfy { $0.runs.isEmpty } }, "no text beside it")
    }

    func testAPictureInASectionIsScaledToTheSectionsColumn() throws {
        // The fitting warning alone: the picture's print resolution is not what is tested here.
        let (document, pages) = try Testing.layOut("<section columns=\"3\">\n<img src=\"rgb8.png\" width=\"300\" alt=\"\">\n</section>",
                                                   baseDirectory: TestSupport.imagesDirectory.path) { $0.minimumPictureResolution = 0 }
        let width = document.template.columnWidth(columns: 3, gutter: 18)
        XCTAssertEqual(document.diagnostics.count, 1)
        XCTAssertTrue(document.diagnostics.first?.message.contains("larger than the \(Int(width.rounded()))×") == true, "\(document.diagnostics)")
        let run = try XCTUnwrap(pages.first?.frames.first?.lines.first?.runs.first { $0.runDelegate != nil })
        XCTAssertEqual(run.width, width, accuracy: 0.01)
        Testing.checkProperties(of: document, pages: pages)
    }
}
