import Foundation
import Layout
import Markup
import Pages
import Text
import TypesetKit
import XCTest

/// The documents of Fixtures/narrow-measures (see its README): a news page with tab tables in
/// ruled columns, a recipe with justified lists in four columns, text round a contour. Every
/// page keeps the properties of every page, no word is printed over another, cells stay apart,
/// and no line beside a contour is spaced out.
final class DesignerPagesTests: XCTestCase {
    private func layOut(_ name: String) throws -> (document: PreparedDocument, pages: [Page]) {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/narrow-measures")
        let markup = try String(contentsOf: folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
        SectionTesting.checkProperties(of: document, pages: pages, name)
        var checker = PagePropertyChecker(fixture: name, text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
        SetApartCheck.check(SetApartCheck.lines(of: pages), text: document.text, name)
        return (document, pages)
    }

    func testTheNewsPage() throws {
        let (document, pages) = try layOut("news-page")
        XCTAssertEqual(pages.count, 1)
        let warnings = document.diagnostics.filter { $0.severity == .warning }.map(\.message)
        let wrap = "the text after a tab that does not fit goes on to the next line"
        XCTAssertEqual(warnings, [
            "tab stops 250 pt, 330 pt are past the end of the column (lines end at 148.6 pt); the text there ends at the column's end, "
                + "and 5 rows do not fit on one line: \(wrap)",
            "tab stop 200 pt is past the end of the column (lines end at 148.6 pt); the text there ends at the column's end, "
                + "and 1 row does not fit on one line: \(wrap)",
            "tab stop 300 pt is past the end of the column (lines end at 148.6 pt); the text there ends at the column's end",
        ], "the aside's stops are kept in its box without a warning")
    }

    func testTheRecipe() throws {
        let (document, pages) = try layOut("recipe")
        for (line, spaces) in WordSpaces.justifiedLines(of: pages, text: document.text) {
            XCTAssertGreaterThanOrEqual(spaces.narrowest, 0.8 - 0.01, "no space shrinks past its minimum: line \(line.stringRange)")
            // In a measure under 12 em a line that would be spaced out is set flush (NarrowLines).
            XCTAssertLessThan(spaces.widest, 2.5, "no line is spaced out: line \(line.stringRange)")
        }
    }

    func testTheContourWrap() throws {
        let (document, pages) = try layOut("contour")
        XCTAssertEqual(document.diagnostics, [])
        let floats = pages.flatMap(\.frames).flatMap(\.floats)
        XCTAssertEqual(floats.count, 2)
        for (line, spaces) in WordSpaces.justifiedLines(of: pages, text: document.text) {
            let top = line.origin.y - line.ascent, bottom = line.origin.y + line.descent
            guard floats.contains(where: { $0.rect.minY < bottom && top < $0.rect.maxY }) else { continue }
            XCTAssertLessThan(spaces.widest, 2.5, "a line beside a contour is not spaced out: line \(line.stringRange)")
        }
    }

    /// Three columns of 10 pt text, a figure floated right 84 pt wide in a 148.6 pt column: the
    /// stretch beside it held "It came on", and "Tuesday." would have been alone on the next line,
    /// so the stretch was left empty under it, "Tuesday. Correspondence" going on below the
    /// picture. The line beside looks ahead: "It came / on Tuesday." (NarrowLines), and the page
    /// checker finds the old setting (PageCheckerTests).
    func testNoWordIsLeftAloneBesideAFloatedFigure() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/narrow-measures")
        let markup = try String(contentsOf: folder.appendingPathComponent("word-alone-beside-figure.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.columns = 3
            options.fontSize = 10
        }
        XCTAssertEqual(try linesBesideTheFirstFloat(of: document, pages), ["It came", "on Tuesday."])
    }

    /// The text of the lines beside the first page's first float, trimmed of white space.
    private func linesBesideTheFirstFloat(of document: PreparedDocument, _ pages: [Page]) throws -> [String] {
        let float = try XCTUnwrap(pages.first?.frames.flatMap(\.floats).first)
        let beside = pages[0].frames.flatMap(\.lines).filter { line in
            line.origin.y - line.ascent < float.rect.maxY && line.origin.y + line.descent > float.rect.minY
        }
        return beside.map { document.text.substring($0.stringRange).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// A paragraph opening with a float's anchor, "With road the considerable nobody" beside a
    /// picture 78 pt wide (its stretch 74 pt): "With road the" was set there and "considerable
    /// nobody" below the picture, as the anchor, set apart from the line, was taken for a line
    /// of no height and the look-ahead looked for the band below inside the line's own
    /// (BandMetrics, seed 6197). Now "the considerable" goes beside the picture with the rest.
    func testAParagraphOpeningWithAFloatGivesTheNextLineAWordBesideIt() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies")
        let markup = "<img src=\"coffee.jpg\" alt=\"\" width=\"78\" float=\"left\">With road the considerable nobody\n"
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.size = Size(width: 398, height: 520)
            options.page.margins = Margins(top: 32, right: 32, bottom: 32, left: 32)
            options.page.columns = 2
            options.page.gutter = 14
            options.fontSize = 10
        }
        XCTAssertEqual(try linesBesideTheFirstFloat(of: document, pages), ["\u{FFFC}With road", "the considerable", "nobody"])
    }

    /// A designer's Chinese paragraph beside a figure floated right, its strip 73.9 pt wide: the
    /// line after "《末日审判书》" starts with "（Domesday", a Latin word alone in the strip, and
    /// the rule that passes a lone word over left four lines of the strip empty, the text going
    /// on below the picture. In Chinese each character may end a line, so the lines round the
    /// word fill the strip (NarrowLines); every line beside the picture is one pitch below the last.
    static let chineseBesideAFigure = """
        <style name="body" face="Noto Serif CJK SC" size="10"/>
        <figure float="right" width="150">
        <img src="astronaut.png" alt="" width="138">
        </figure>
        一二三四五六七一二三四五六七一二三四五六七《末日审判书》（Domesday Book）中，沼泽地区的庄园以鳗鱼缴纳地租：\
        仅一地，每年就要缴纳两万四千条。伊利大教堂的修建费用，有一部分也是用鳗鱼支付的。伊利大教堂的修建费用，有一部分也是用鳗鱼支付的。

        """

    func testChineseBesideAFloatFillsTheStripRoundALatinWordAlone() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies")
        let (document, pages) = try SectionTesting.layOut(Self.chineseBesideAFigure, baseDirectory: folder.path)
        let besides = try linesBesideTheFirstFloat(of: document, pages)
        XCTAssertTrue(besides.contains("（Domesday"), "the Latin word is set in the strip: \(besides)")
        let float = try XCTUnwrap(pages.first?.frames.flatMap(\.floats).first)
        let lines = pages[0].frames.flatMap(\.lines).filter { !$0.stringRange.isEmpty && $0.runs.contains { !$0.glyphIDs.isEmpty } }
        let beside = lines.filter { $0.origin.y - $0.ascent < float.rect.maxY && $0.origin.y + $0.descent > float.rect.minY }
        let pitch = lines[1].origin.y - lines[0].origin.y
        for (upper, lower) in zip(beside, beside.dropFirst()) {
            XCTAssertEqual(lower.origin.y - upper.origin.y, pitch, accuracy: 0.01,
                           "no band left empty above \(document.text.substring(lower.stringRange))")
        }
        let last = try XCTUnwrap(beside.last)
        XCTAssertGreaterThan(last.origin.y + last.descent + pitch, float.rect.maxY, "the strip is filled to the picture's foot")
    }

    /// A feature on a fixed 12 pt leading and a 12 pt grid (Fixtures/designer-feature): every
    /// page drawn passes the page checker (no word over a picture or another word, no empty
    /// band in a paragraph, no column ending early unexplained). Its pull quote, written in the
    /// body style, keeps the body's 12 pt leading at 18 pt: its lines move apart, with a warning.
    func testTheFeatureOnAFixedLeadingAndAGrid() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-feature")
        let markup = try String(contentsOf: folder.appendingPathComponent("feature.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.baselineGrid = 12
        }
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.message),
                       ["line-height 12pt is less than the 18pt text it holds; lines move apart to keep it from printing over the line above"])
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        var checker = PagePropertyChecker(fixture: "designer-feature", text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
    }

    /// A food feature in three columns on a 12 pt grid (Fixtures/narrow-measures/winter-kitchens):
    /// a drop cap, a figure floated right with `</figure>The negotiation…` and a footnote on the
    /// same line, a pull quote over the gutter, a table in a figure across two columns, a recipe
    /// aside with tab rows, German and French. The text after `</figure>` went into the caption's
    /// paragraph inside the box, and its footnote made the figure "1000000000 pt tall": an error
    /// and no PDF. Now it is the column's, and every page passes the page checker.
    func testTheWinterKitchensFeature() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/narrow-measures")
        let markup = try String(contentsOf: folder.appendingPathComponent("winter-kitchens.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.columns = 3
            options.page.baselineGrid = 12
        }
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }, [])
        let negotiation = try XCTUnwrap(document.text.string.range(of: "The negotiation")).lowerBound.utf16Offset(in: document.text.string)
        XCTAssertNil(document.text.paragraphStyle(at: negotiation).box, "the text after </figure> is the column's")
        XCTAssertEqual(pages.count, 2)
        var checker = PagePropertyChecker(fixture: "winter-kitchens", text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
    }

    /// The feature with its display styles on the body's fixed 12 pt leading, as a designer
    /// first wrote it (no `line-height="18pt"`): the 13.75 pt pull quote's and the recipe's
    /// headings' faces rise above their boxes' text areas by half their negative leading, their
    /// ink does not. The binary's page checker and PagePropertyChecker hold the ink
    /// (InkAllowance), not the face, and agree: no fault.
    func testTheWinterKitchensDisplayLinesOnTheBodysLeadingHoldTheirInkInTheirBoxes() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/narrow-measures")
        let markup = try String(contentsOf: folder.appendingPathComponent("winter-kitchens.txt"), encoding: .utf8)
            .replacingOccurrences(of: " line-height=\"18pt\"", with: "")
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.columns = 3
            options.page.baselineGrid = 12
        }
        let risen = pages.flatMap(\.boxes).filter { box in
            let inner = PlacedBox.textRect(of: box.rect, style: box.style)
            guard let first = box.frames.first?.lines.first else { return false }
            let faceTop = PageBoxes.boxes(of: first, frame: 0, index: 0, text: document.text).map(\.rect.minY).min() ?? inner.minY
            return inner.minY - faceTop > 1
        }
        XCTAssertGreaterThanOrEqual(risen.count, 2, "the pull quote's and the recipe's first lines' faces rise above their text areas")
        var checker = PagePropertyChecker(fixture: "winter-kitchens on 12 pt", text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
    }

    /// A designer's issue (Fixtures/designer-issue): master pages from a house sheet, a contents
    /// list and page references, three columns on a fixed leading and a grid with floats, a tab
    /// table, a ruled table and footnotes. Every page passes the page checker, every note is on
    /// its marker's page, no column ends early, and what the references print is where their
    /// targets are.
    func testTheIssue() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-issue")
        let markup = try String(contentsOf: folder.appendingPathComponent("designer-issue.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.baselineGrid = 12
            options.page.facing = true
        }
        let warnings = document.diagnostics.filter { $0.severity == .warning }.map(\.message)
        XCTAssertEqual(warnings.filter { $0.contains("early") || $0.contains("tab table") }, [], "\(warnings)")
        var checker = PagePropertyChecker(fixture: "designer-issue", text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
        let text = document.text.string
        for page in pages {
            for note in page.frames.compactMap(\.footnotes).flatMap(\.notes) {
                let marker = note.reference.marker.lowerBound
                XCTAssertTrue(page.frames.contains { $0.lines.contains { $0.stringRange.contains(marker) } },
                              "the note of the marker at \(marker) is on its marker's page \(page.number)")
            }
        }
        XCTAssertEqual(pages.flatMap(\.frames).compactMap(\.footnotes).flatMap(\.notes).count, 2, "both notes set")
        let tides = try XCTUnwrap(text.range(of: "The keepers\u{2019} tides") ?? text.range(of: "The keepers' tides"))
        let tidesOffset = text.utf16.distance(from: text.startIndex, to: tides.lowerBound)
        let tidesPage = try XCTUnwrap(pages.first { $0.frames.contains { $0.lines.contains { $0.stringRange.contains(tidesOffset) } } })
        XCTAssertTrue(text.contains("tide table is on page \(tidesPage.number)"), "the reference prints the page its target is on")
    }
    /// A book chapter (Fixtures/designer-chapter): an opening in one column with two notes,
    /// then two ruled columns and three balanced ones. The opening's notes sent the two
    /// columns to page 2, 60 % of page 1 left empty, and the page checker passed it; they start
    /// on page 1 now, with their notes; the two columns, each holding a note, balance above
    /// them (they filled the page, and the three columns went to page 2).
    func testTheChapterOpeningWithNotesKeepsTheNextSectionOnItsPage() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-chapter")
        let markup = try String(contentsOf: folder.appendingPathComponent("chapter.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
        XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, "\(document.diagnostics)")
        var checker = PagePropertyChecker(fixture: "designer-chapter", text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
        XCTAssertEqual(pages.first?.frames.compactMap(\.footnotes).flatMap(\.notes).count, 4,
                       "the opening's two notes and the two columns' two on page 1")
        XCTAssertEqual(pages.count, 1, "the two columns balance above their notes, and the three columns follow on page 1")
    }

    /// The shrunk case: a one-column section whose line marks a note, then another section.
    /// The note stands under the section's text and the next section below it, on the page.
    func testANoteInAOneColumnSectionStandsUnderItsTextAboveTheNextSection() throws {
        let markup = """
        <section columns="1">
        Nobody winds a clock for the clock’s sake.<footnote>From her notebook.</footnote>
        </section>
        <section columns="2">
        He wrote everything down.
        </section>
        """
        let (_, pages) = try SectionTesting.layOut(markup)
        XCTAssertEqual(pages.count, 1, "the second section is on the first page")
        let frames = try XCTUnwrap(pages.first).frames
        let notes = try XCTUnwrap(frames.first?.footnotes)
        let next = try XCTUnwrap(frames.dropFirst().flatMap(\.lines).first)
        XCTAssertLessThan(notes.bottom, next.origin.y - next.ascent, "the note is above the next section's text")
    }
    /// A book chapter's opener (Fixtures/designer-pages/chapter.txt): `<pagebreak
    /// master="opener">`, then the opener's picture in a `<figure float="top">`, then its
    /// headline. The figure was the page before's, set under the contents list, as a break
    /// waited for the column's next paragraph and a box's paragraphs are set elsewhere. Now the
    /// box takes the break: the figure stands at the top of the opener, on the opener's master;
    /// a figure kept in the column after `<pagebreak>` opens the new page's column.
    func testAFigureWrittenRightAfterAPageBreakIsOnTheNewPage() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies")
        for float in [" float=\"top\"", ""] {
            let markup = """
            <master name="opener" margin="120 56 56 56">
            </master>
            The contents of the book.
            <pagebreak master="opener">
            <figure\(float) alt="A rocket on its launch pad at night">
            <img src="rocket.jpg" width="240">
            <caption>The light at Skerrow.</caption>
            </figure>
            The relief boat came on the fourteenth.
            """
            let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
            XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, "\(document.diagnostics)")
            XCTAssertEqual(pages.count, 2, float)
            guard pages.count == 2 else { continue }
            XCTAssertEqual(pages[0].boxes.count, 0, "nothing of the opener is under the contents\(float)")
            XCTAssertEqual(pages[1].boxes.count, 1, "the figure is the opener's\(float)")
            XCTAssertEqual(pages[1].master?.name, "opener", float)
        }
    }
    /// The lines of the page's first paragraph, trimmed of white space, and the lines themselves.
    private func linesOfTheFirstParagraph(_ markup: String, columns: Int, gutter: Double) throws -> (text: [String], lines: [Line], column: Rect) {
        let (document, pages) = try SectionTesting.layOut(markup) { options in
            options.page.columns = columns
            options.page.gutter = gutter
        }
        let frame = try XCTUnwrap(pages.first?.frames.first)
        let paragraph = document.text.paragraphRange(containing: 0)
        let lines = frame.lines.filter { $0.stringRange.lowerBound < paragraph.upperBound }
        return (lines.map { document.text.substring($0.stringRange).trimmingCharacters(in: .whitespacesAndNewlines) }, lines, frame.container.rect)
    }

    /// A price row of the catalogue (Fixtures/designer-pages/catalogue.txt) in its three
    /// columns: an item too long to share its line with its price, which goes to a right stop
    /// at the column's end with a dot leader. The row broke after its tab, and the price stood
    /// alone at the next line's start, flush left, without its leader. As a contents entry is
    /// set (InDesign, TeX), the name wraps and its last line holds the leader and the price.
    func testAPriceRowThatWrapsKeepsItsLeaderAndItsPriceAtTheColumnsEnd() throws {
        let markup = "<p tabs=\"end right leader=.\" hyphenate=\"false\" align=\"left\">Trowel, forged, ash handle\t£16.00\n"
        let (text, lines, column) = try linesOfTheFirstParagraph(markup, columns: 3, gutter: 14)
        XCTAssertEqual(text, ["Trowel, forged, ash", "handle\t£16.00"])
        let last = try XCTUnwrap(lines.last)
        XCTAssertEqual(last.leaders.count, 1, "the leader runs from the name to the price")
        XCTAssertEqual(last.origin.x + last.width, column.maxX, accuracy: 0.01, "the price ends at the column's end")
        // Text after the tab longer than a number (a left stop first) is a cell that wraps at its words.
        let cell = "<p tabs=\"60, end right\" hyphenate=\"false\" align=\"left\">Friday\tFeed the cat and the neighbour's cat, then the hens\n"
        XCTAssertEqual(try linesOfTheFirstParagraph(cell, columns: 3, gutter: 14).text, ["Friday\tFeed the cat and", "the neighbour's cat, then the", "hens"])
    }

    /// An events list of a newsletter: a date at a left stop, the event, its price at a right
    /// stop at the column's end with a dot leader. A row too long for its line broke at its last
    /// tab, and "free" stood alone at the next line's start (at the hanging indent), without its
    /// leader, while the row below ended "a.m. …… free" at the column's end. The event wraps
    /// under itself, and its last line holds the leader and the price, as a one-tab row's does.
    func testAnEventRowOfTwoTabsThatWrapsKeepsItsLeaderAndItsPriceAtTheColumnsEnd() throws {
        let markup = "<p tabs=\"36, end right leader=.\" head-indent=\"36\" indent=\"-36\" align=\"left\" hyphenate=\"false\" tail-indent=\"16\">"
            + "<font face=\"Liberation Sans\" size=\"9\">Sat 2\tBonfire and fireworks, Mill Square, 6 p.m.\tfree</font>\n"
        let (text, lines, column) = try linesOfTheFirstParagraph(markup, columns: 2, gutter: 18)
        XCTAssertGreaterThan(text.count, 1, "the row is too long for one line: \(text)")
        XCTAssertTrue(try XCTUnwrap(text.last).hasSuffix("\tfree"), "the price ends the event's last line: \(text)")
        XCTAssertNotEqual(text.last, "free", "never alone at the next line's start")
        let last = try XCTUnwrap(lines.last)
        XCTAssertEqual(last.leaders.count, 1, "the leader runs from the event to the price")
        XCTAssertEqual(last.origin.x + last.width, column.maxX - 16, accuracy: 0.01, "the price ends at the line's end")
    }

    /// A verse line of the poetry page (Fixtures/designer-pages/poetry.txt) with a hanging
    /// turnover in its 150 pt column: "My grandmother's / grandmother burned / it", though
    /// "grandmother burned it" fits the second line. Knuth–Plass charged the short first line
    /// (very loose, by the ragged end's stretch) beside the full last one (decent) TeX's
    /// adjacent-fitness demerits, which in ragged text, whose spaces never stretch, mean nothing.
    func testAVerseLineWithAHangingTurnoverTakesTheTwoLinesItFits() throws {
        for indents in [" head-indent=\"12\" indent=\"-12\"", ""] {
            let markup = "<p\(indents) hyphenate=\"false\" align=\"left\">My grandmother's grandmother burned it\n"
            let (text, _, _) = try linesOfTheFirstParagraph(markup, columns: 3, gutter: 16)
            XCTAssertEqual(text, ["My grandmother's", "grandmother burned it"], indents)
        }
    }

    /// A poetry page and a two-language news page (Fixtures/designer-pages), read as their
    /// designer wrote them. The poetry's introduction opens with `<p dropcap="2">` left open, and
    /// every verse line after it, in a `verse` style of the document's own, opened with an
    /// initial (45 paragraphs had one); now only the two that ask have one. The news page closes
    /// two `<p style="ar">` with one `</p>`, and its English was set right to left unwarned.
    func testThePoetryAndNewsPagesAsWritten() throws {
        func parse(_ name: String, in folderName: String = "designer-pages") throws -> MarkupDocument {
            let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/\(folderName)")
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            return TestSupport.parser(baseDirectory: folder.path).parse(try MarkupSource(fileName: name, bytes: [UInt8](data)))
        }
        let poetry = try parse("poetry.txt")
        let string = poetry.text.string
        let initials = string.split(separator: "\n", omittingEmptySubsequences: false).reduce(into: (count: 0, offset: 0)) { found, line in
            if found.offset < poetry.text.length, poetry.text.paragraphStyle(at: found.offset).dropCap.isOn { found.count += 1 }
            found.offset += line.utf16.count + 1
        }.count
        XCTAssertEqual(initials, 2, "the introduction and the last poem's prose open with initials, no verse line does")
        let news = try parse("news.txt")
        let rightToLeft = news.diagnostics.filter { $0.message.contains("without a Hebrew or Arabic letter") }
        XCTAssertEqual(rightToLeft.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }, ["29:5", "32:83"])
        // The annual report and the news spread (Fixtures/designer-pages-2) open their first paragraphs with `<p dropcap="2">`
        // left open: each of their running paragraphs, and the report's tab rows, opened with an
        // initial. The programme's one `</p>` for a French and a Chinese `<p>` set the
        // English after them as French, and its last day's text as Chinese, unwarned.
        for (name, count) in [("report.txt", 1), ("spread.txt", 1)] {
            let document = try parse(name, in: "designer-pages-2")
            XCTAssertEqual(paragraphsOpeningWithInitials(in: document), count, name)
        }
        let programme = try parse("programme.txt")
        XCTAssertEqual(programme.diagnostics.filter { $0.message.hasPrefix("this </p> closes only the latest <p>") }
            .map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }, ["16:1", "49:64"])
    }

    /// How many paragraphs of `document` open with a drop cap.
    private func paragraphsOpeningWithInitials(in document: MarkupDocument) -> Int {
        var count = 0, start = 0
        while start < document.text.length {
            if document.text.paragraphStyle(at: start).dropCap.isOn { count += 1 }
            start = document.text.paragraphRange(containing: start).upperBound
        }
        return count
    }
}
