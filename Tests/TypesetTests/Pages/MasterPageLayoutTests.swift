import Diagnostics
import Foundation
import Layout
import Pages
import Text
@testable import TypesetKit
import XCTest

/// Master pages on the pages: which pages use which (the master in force where a page's text
/// starts), their heads replacing the document's and the first-page rule, their items placed
/// and mirrored on facing pages, the text kept out of an item in the text area, and their
/// pictures among the document's dependencies.
final class MasterPageLayoutTests: XCTestCase {
    private static let masters = """
        <meta title="The Marsh Almanac" footer="{page}">
        <master name="opener">
          <tint at="0 0" width="100%" height="24" color="darkred">
        </master>
        <master name="feature" header="{title}|" footer="|{page}">
          <img src="masthead.svg" at="-10 8" height="30">
          <rule at="0 50" width="100%" thickness="1">
        </master>

        """

    private static let paragraphs = (1 ... 60).map {
        "Paragraph \($0). The eels came over the sill an hour after high water, in a sheet so thin it looked like milk."
    }.joined(separator: "\n")

    private func prepare(_ markup: String, facing: Bool = true, bleed: Double = 0) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.sheet = PrintSheet(bleed: bleed)
        if facing {
            options.page.margins = Margins.facing(margin: options.page.margins.top)
            options.page.facing = true
        }
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                        baseDirectory: TestSupport.zombiesDirectory.path)
    }

    /// Each part of a page's heads as "band slot: text".
    private func heads(_ page: Page) -> [String] {
        guard let furniture = page.furniture else { return [] }
        return furniture.frames.flatMap(\.lines).map { furniture.text.substring($0.stringRange).trimmingCharacters(in: .newlines) }
    }

    func testAPageUsesTheMasterInForceWhereItsTextStarts() throws {
        let document = try prepare(Self.masters + """
            <pagebreak master="opener">
            <p style="headline">The Eel Year</p>
            \(Self.paragraphs.prefix(400))
            <section columns="2" master="feature">
            \(Self.paragraphs)
            </section>
            """)
        let pages = Array(document.pages())
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        // The section starts on page 1, which stays the opener's; the next pages are the feature's.
        XCTAssertEqual(pages.map { $0.master?.name }, ["opener"] + Array(repeating: "feature", count: pages.count - 1))
        // The opener has no heads at all (not the document's footer); the feature's print on every page.
        XCTAssertEqual(heads(pages[0]), [])
        XCTAssertEqual(heads(pages[1]), ["The Marsh Almanac", "2"])
        XCTAssertEqual(heads(pages[2]), ["The Marsh Almanac", "3"])
        XCTAssertEqual(pages[0].masterItems.map(\.rect), [Rect(x: 0, y: 0, width: document.template.size.width, height: 24)])
    }

    /// On a left-hand page an item stands as far from the left edge as it stands from the right
    /// on a right-hand page: the logo stays at the outer corner, and a rule across the page stays put.
    func testItemsMirrorOnLeftHandPages() throws {
        let document = try prepare(Self.masters + "<pagebreak master=\"feature\">\n" + Self.paragraphs + Self.paragraphs)
        let pages = Array(document.pages())
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        let width = document.template.size.width
        let recto = pages[0].masterItems, verso = pages[1].masterItems
        XCTAssertEqual(recto[0].rect.maxX, width - 10, accuracy: 1e-9)
        XCTAssertEqual(verso[0].rect.minX, 10, accuracy: 1e-9)
        XCTAssertEqual(recto[0].rect.height, 30)
        XCTAssertEqual(recto[0].rect.size, verso[0].rect.size)
        XCTAssertEqual(recto[1].rect, verso[1].rect)
        // The first page has its master's header: the first-page rule is the document's own.
        XCTAssertEqual(heads(pages[0]).first, "The Marsh Almanac")
    }

    /// A tint at the paper's edge runs into the sheet's bleed on the sides it touches, and
    /// only those: its foot, inside the page, stays where it is.
    func testATintAtThePapersEdgeBleeds() throws {
        let document = try prepare(Self.masters + "<pagebreak master=\"opener\">\nText.\n", bleed: 9)
        let page = try XCTUnwrap(Array(document.pages()).first)
        XCTAssertEqual(page.masterItems.map(\.rect), [Rect(x: -9, y: -9, width: document.template.size.width + 18, height: 24 + 9)])
    }

    /// Without a switch the first page is the title page, as always, even with masters declared.
    func testPagesBeforeAnySwitchKeepTheDocumentsHeadsAndTheFirstPageRule() throws {
        let pages = Array(try prepare(Self.masters + Self.paragraphs + Self.paragraphs, facing: false).pages())
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        XCTAssertTrue(pages.allSatisfy { $0.master == nil && $0.masterItems.isEmpty })
        XCTAssertEqual(heads(pages[0]), ["1"])
        XCTAssertEqual(heads(pages[1]), ["2"])
    }

    /// A logo standing in the text area is kept clear by the text, as an exclusion is.
    func testTheTextKeepsOutOfAnItemInTheTextArea() throws {
        let markup = """
            <master name="logo">
              <img src="masthead.svg" at="0 0" of="text" width="50%">
            </master>
            <pagebreak master="logo">
            \(Self.paragraphs)
            """
        let document = try prepare(markup, facing: false)
        let page = try XCTUnwrap(Array(document.pages()).first)
        let logo = try XCTUnwrap(page.masterItems.first?.rect)
        XCTAssertEqual(logo.minX, document.template.textArea.minX, accuracy: 1e-9)
        let lines = page.frames.flatMap(\.lines)
        XCTAssertFalse(lines.isEmpty)
        for line in lines where line.origin.y - line.ascent < logo.maxY + PictureFloat.defaultMargin - 0.5 {
            XCTAssertGreaterThanOrEqual(line.origin.x, logo.maxX, "a line beside the logo starts right of it")
        }
        XCTAssertTrue(lines.contains { $0.origin.y - $0.ascent < logo.maxY }, "lines stand beside the logo")
    }

    /// A tint lies under the text, as a section's background does: a page-high tint (a full-page
    /// advertisement's ground) takes no room from it, and a rule across the page still keeps the
    /// text clear (the tint was a keep-out too, which left no room, so that every keep-out was
    /// dropped and a line was set over the rule).
    func testATintLiesUnderTheTextAndARuleOverItStillKeepsItClear() throws {
        let markup = """
            <master name="advert">
              <tint at="0 0" width="100%" height="100%" color="navy">
              <rule at="0 -150" width="100%" thickness="1.5">
            </master>
            <pagebreak master="advert">
            \(Self.paragraphs)
            """
        let document = try prepare(markup, facing: false)
        let page = try XCTUnwrap(Array(document.pages()).first)
        let rule = try XCTUnwrap(page.masterItems.last?.rect)
        let lines = page.frames.flatMap(\.lines)
        XCTAssertEqual(lines.first.map { $0.origin.y - $0.ascent } ?? 0, document.template.textArea.minY, accuracy: 2,
                       "the text starts at the top of the text area, on the tint")
        for line in lines {
            let top = line.origin.y - line.ascent, bottom = line.origin.y + line.descent
            XCTAssertTrue(bottom <= rule.minY - PictureFloat.defaultMargin + 0.5 || top >= rule.maxY + PictureFloat.defaultMargin - 0.5,
                          "a line from \(top) to \(bottom) keeps 8 pt clear of the rule at \(rule.minY)")
        }
        XCTAssertTrue(lines.contains { $0.origin.y > rule.maxY }, "the text goes on below the rule")
    }

    /// Furniture over the whole text area would leave every page of its master empty, without
    /// end: the text is set as if it were not there (and the page checker reports it).
    func testFurnitureCoveringTheTextAreaNeverStopsTheText() throws {
        let markup = """
            <master name="cover">
              <img src="masthead.svg" of="text" width="100%" height="100%">
            </master>
            <pagebreak master="cover">
            \(Self.paragraphs)
            """
        let document = try prepare(markup, facing: false)
        let pages = Array(document.pages().prefix(20))
        XCTAssertLessThan(pages.count, 20)
        XCTAssertEqual(pages.last?.frames.last?.visibleRange.upperBound, document.text.length)
    }

    /// `--depfile` lists a master's logo: a change to it changes the pages.
    func testAMastersPictureIsADependency() throws {
        let document = try prepare(Self.masters + "Text.\n")
        XCTAssertTrue(DocumentDependencies(of: document).pictures.contains { $0.hasSuffix("/masthead.svg") })
    }

    /// A master's picture is checked with the text's before any page: a truncated JPEG is an
    /// error at its name, not a silent hole (or a failure with no place) when the page is drawn.
    func testABrokenLogoIsAnErrorAtItsName() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let markup = "<master name=\"m\">\n<img src=\"truncated.jpg\" at=\"10 10\" width=\"30\">\n</master>\n<pagebreak master=\"m\">\nText.\n"
        XCTAssertThrowsError(try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                                     baseDirectory: TestSupport.imagesDirectory.path)) { error in
            let failure = error as? DocumentFailure
            let found = failure?.diagnostics.first { $0.severity == .error }
            XCTAssertTrue(found?.message.contains("truncated") == true, "\(error)")
            XCTAssertEqual(found?.location?.line, 2)
            XCTAssertEqual(found?.location?.column, 11)
        }
    }
    /// `<master columns margin gutter>`: the pages that use it have its columns and margins, and
    /// their heads stand in its margins; the pages before it keep the document's.
    func testAMasterSetsItsPagesColumnsAndMargins() throws {
        let markup = """
            <master name="digest" columns="3" gutter="12" margin="40 30 50 20" footer="|{page}">
            </master>
            \(Self.paragraphs.prefix(600))
            <pagebreak master="digest">
            \(Self.paragraphs)
            """
        let document = try prepare(markup, facing: false)
        let pages = Array(document.pages())
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        let template = document.template
        XCTAssertEqual(pages[0].frames.first?.container.rect, template.columnRects.first, "page 1 keeps the document's columns")
        let digest = try XCTUnwrap(pages.first { $0.master?.name == "digest" })
        let width = (template.size.width - 30 - 20 - 2 * 12) / 3
        let columns = digest.frames.map(\.container.rect)
        XCTAssertEqual(columns.count, 3, "\(columns)")
        for (index, column) in columns.enumerated() {
            XCTAssertEqual(column.minX, 20 + Double(index) * (width + 12), accuracy: 1e-6)
            XCTAssertEqual(column.width, width, accuracy: 1e-6)
            XCTAssertEqual(column.minY, 40, accuracy: 1e-6)
            XCTAssertEqual(column.maxY, template.size.height - 50, accuracy: 1e-6)
        }
        // The folio stands in the master's bottom margin, flush with its text area's right edge.
        let folio = try XCTUnwrap(digest.furniture?.frames.last?.lines.first)
        XCTAssertGreaterThan(folio.origin.y, template.size.height - 50)
        XCTAssertEqual(folio.origin.x + folio.width, template.size.width - 30, accuracy: 0.5)
    }

    /// Pictures are fitted before there are pages: each to the narrowest column it may be set in.
    /// After `<pagebreak master>` that is the master's; after a `<section master>` switch the
    /// text may still be on the page before's master, so the narrower of the two.
    func testAPictureIsFittedToTheColumnsOfTheMasterItIsSetIn() throws {
        let masters = """
            <master name="digest" columns="3">
            </master>
            <master name="wide" columns="1">
            </master>

            """
        let picture = "<p><img src=\"masthead.svg\" alt=\"The masthead\" width=\"320\"></p>\n"
        let document = try prepare(masters + Self.paragraphs.prefix(300) + "\n" + picture + "<pagebreak master=\"digest\">\n" + picture
                                   + Self.paragraphs.prefix(300) + "\n<section master=\"wide\">\n" + picture + "</section>\n", facing: false)
        let widths = document.text.attachments.map(\.delegate.width)
        let template = document.template
        XCTAssertEqual(widths.count, 3)
        XCTAssertEqual(widths[0], template.columnWidth, accuracy: 0.5, "the document's two columns")
        XCTAssertEqual(widths[1], template.columnWidth(columns: 3, gutter: template.gutter), accuracy: 0.5, "the digest's three")
        XCTAssertEqual(widths[2], template.columnWidth(columns: 3, gutter: template.gutter), accuracy: 0.5,
                       "the wide master's one column, or the digest's page the section may start on")
        XCTAssertTrue(document.diagnostics.contains { $0.message.contains("larger than the 149×") }, "\(document.diagnostics.map(\.message))")
    }

    /// A master whose margins leave no room for text is an error at its declaration.
    func testAMasterWhoseFrameHoldsNoTextIsAnErrorAtItsDeclaration() throws {
        let markup = "<meta title=\"T\">\n<master name=\"tight\" margin=\"20 300\">\n</master>\n<pagebreak master=\"tight\">\nText.\n"
        XCTAssertThrowsError(try prepare(markup, facing: false)) { error in
            let found = (error as? DocumentFailure)?.diagnostics.first { $0.severity == .error }
            XCTAssertTrue(found?.message.contains("master \"tight\": the margins leave no room on the page") == true, "\(error)")
            XCTAssertEqual(found?.location?.line, 2)
            XCTAssertEqual(found?.location?.column, 1)
        }
    }
    /// `{section}` prints the name of the section a page's text starts in, in the heads and in
    /// a master's `<text>`, which stands at its place mirrored on left-hand pages, in its style.
    func testTheSectionsNameIsPrintedByTheHeadsAndAMastersText() throws {
        let markup = """
            <style name="flag" weight="bold" size="12"/>
            <master name="feature" header="{section}|" footer="|{page}">
              <text at="-20 -20" width="200" content="|{section style=flag} {page}">
            </master>
            \(Self.paragraphs.prefix(200))
            <section name="Features" master="feature">
            \(Self.paragraphs)
            </section>
            <pagebreak>
            <section name="Letters">
            Sir, the eels came.
            </section>
            """
        let document = try prepare(markup)
        let pages = Array(document.pages())
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        XCTAssertEqual(heads(pages[0]), [], "page 1's text starts before the section: the document's heads, none")
        XCTAssertEqual(heads(pages[1]), ["Features", "2", "Features 2"])
        XCTAssertEqual(heads(pages.last!), ["Letters", "\(pages.count)", "Letters \(pages.count)"])
        // The text item's line hangs from its place's top, flush with its outer side, in its style.
        let width = document.template.size.width, height = document.template.size.height
        for page in pages[1...] {
            let furniture = try XCTUnwrap(page.furniture)
            let line = try XCTUnwrap(furniture.frames.last?.lines.first)
            let top = line.origin.y - line.ascent
            XCTAssertEqual(top, height - 20 - 11 * 0.8 * 1.2, accuracy: 0.5, "as tall as a line of the heads (its own look, which no style changes)")
            if page.number % 2 == 0 {
                XCTAssertEqual(line.origin.x, 20, accuracy: 0.5, "a left-hand page: at the outer, left edge")
            } else {
                XCTAssertEqual(line.origin.x + line.width, width - 20, accuracy: 0.5)
            }
            XCTAssertEqual(furniture.text.attributes(at: furniture.text.length - 4).attributes.fontSize, 12)
        }
    }

    /// A figure across two columns and a `<keep>` block are measured before there are pages,
    /// as pictures are, in the frame of the master they are set in: after `<pagebreak
    /// master="digest">`, the digest's three narrow columns on a short text area, not the
    /// document's two on a tall one. The figure's picture fits two of the digest's columns (it
    /// was fitted to the document's whole text width, and shrunk again when set), the block is
    /// found taller than the digest's column, and the pages are clean.
    func testBoxesAndKeptBlocksAreMeasuredInTheFrameOfTheirMaster() throws {
        let keptText = Self.paragraphs.split(separator: "\n").prefix(9).joined(separator: "\n")
        let markup = """
            <master name="digest" columns="3" margin="180 56.7">
            </master>
            \(Self.paragraphs.prefix(600))
            <pagebreak master="digest">
            The digest begins.
            <figure float="top" span="2">
            <img src="rocket.jpg" alt="A rocket on its launch pad" width="600">
            <caption>The launch, seen from the marsh.</caption>
            </figure>
            <keep>
            \(keptText)
            </keep>
            \(Self.paragraphs.prefix(1500))
            """
        let document = try prepare(markup, facing: false)
        let template = document.template
        let digestColumn = template.columnWidth(columns: 3, gutter: template.gutter)
        let twoColumns = 2 * digestColumn + template.gutter
        let picture = try XCTUnwrap(document.text.attachments.first)
        XCTAssertLessThanOrEqual(picture.delegate.width, twoColumns + 0.5, "fitted to two of the digest's columns")
        XCTAssertGreaterThan(picture.delegate.width, digestColumn)
        let kept = document.diagnostics.filter { $0.message.hasPrefix("<keep> block is taller than a column") }
        XCTAssertEqual(kept.count, 1, "\(document.diagnostics.map(\.message))")
        XCTAssertTrue(kept.first?.message.contains("> 481.9 pt)") == true, "the digest's column: \(kept.map(\.message))")
        let pages = document.checkedPages()
        let figure = try XCTUnwrap(pages.lazy.flatMap(\.boxes).first)
        XCTAssertEqual(figure.rect.width, twoColumns, accuracy: 0.5)
    }

    /// A master's `<text>` is one line in its place: printing more than its width holds (the
    /// longest section's name here) or a line taller than the height given it is a warning at
    /// the `<text>` tag, naming what it prints and the room it needs; an item that fits says nothing.
    func testAMastersTextThatDoesNotFitItsPlaceIsAWarningAtItsTag() throws {
        let markup = """
            <master name="feature" footer="|{page}">
              <text at="20 20" width="200" content="{section}|">
              <text at="-20 20" width="60" content="|{section} {page}">
              <text at="20 -20" width="200" height="4" content="{title}|">
            </master>
            <meta title="The Marsh Almanac">
            <section name="Letters" master="feature">
            Sir, the eels came.
            </section>
            <section name="Letters to the Editor">
            Sir, they came again.
            </section>
            """
        let document = try prepare(markup)
        let warnings = document.diagnostics.filter { $0.message.hasPrefix("this <text>") }
        XCTAssertEqual(warnings.map { $0.location?.line }, [3, 4], "\(warnings.map(\.message))")
        XCTAssertEqual(warnings.map { $0.location?.column }, [3, 3])
        XCTAssertTrue(warnings.first?.message.contains("is wider than its place: \"Letters to the Editor 88\" is ") == true,
                      "\(warnings.map(\.message))")
        XCTAssertTrue(warnings.first?.message.contains("its place 60.0 pt") == true)
        XCTAssertTrue(warnings.last?.message.contains("is taller than its place: its line is ") == true)
        XCTAssertTrue(warnings.last?.message.contains("its place 4.0 pt") == true)
    }

    /// A float that waits past a master switch (its picture did not fit at the foot of its page)
    /// is set in the frame it was fitted to, the master's before the switch: after `<section
    /// master>` on a page of that master with the section's first text, and at `<pagebreak
    /// master>` on a page of its own before the break. On the digest's page of three columns
    /// its 220 pt hung 71 pt past its column, into the margin.
    func testAFloatWaitingAtAMasterSwitchIsSetInTheFrameItWasFittedTo() throws {
        let paragraphs = Self.paragraphs.split(separator: "\n")
        for (switchTag, end) in [("<section master=\"digest\" columns=\"3\">", "\n</section>"), ("<pagebreak master=\"digest\">", "")] {
            let markup = "<meta title=\"The Marsh Almanac\" footer=\"{page}\">\n<master name=\"digest\" columns=\"3\" margin=\"100 56.7\" "
                + "footer=\"|{page}\">\n</master>\n" + paragraphs.prefix(31).joined(separator: "\n")
                + " <img src=\"rocket.jpg\" alt=\"A rocket\" float=\"right\" width=\"220\">\n" + switchTag + "\n" + Self.paragraphs + end + "\n"
            let document = try prepare(markup, facing: false)
            let pages = document.checkedPages()
            let floated = try XCTUnwrap(pages.first { $0.frames.contains { !$0.floats.isEmpty } }, switchTag)
            XCTAssertEqual(floated.number, 2, switchTag)
            XCTAssertNil(floated.master, "\(switchTag): the page of the float is the document's")
            XCTAssertEqual(pages[2].master?.name, "digest", switchTag)
            if end.isEmpty { XCTAssertTrue(floated.frames.allSatisfy { $0.lines.isEmpty }, "a page of its own") }
        }
    }
}
