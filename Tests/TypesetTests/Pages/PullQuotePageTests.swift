import Foundation
import Layout
@testable import Pages
import Text
import TypesetKit
import XCTest

/// Pull quotes over the gutter (`<aside float="center">`) in balanced news sections
/// (Fixtures/pull-quotes, see its README): the quote stands halfway down the balanced columns
/// it interrupts, not halfway down the page below them, and without `width` it is never so
/// narrow that its own text or the text beside it is set a word a line. Every page is checked
/// by the page checker (`checkedPages`).
final class PullQuotePageTests: XCTestCase {
    private func prepare(_ markup: String, baseDirectory: String) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(margins: Margins(all: 36))
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: baseDirectory)
    }

    private func fixture(_ name: String) throws -> (document: PreparedDocument, pages: [Page]) {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/pull-quotes")
        let markup = try String(contentsOf: folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let document = try prepare(markup, baseDirectory: folder.path)
        return (document, document.checkedPages())
    }

    /// The pull quote of a one-page fixture, the columns of its band and the band's lines in
    /// the columns it spans.
    private func pullQuote(in pages: [Page], columns count: Int) throws -> (quote: PlacedPicture, band: [Frame], spanned: [Frame]) {
        XCTAssertEqual(pages.count, 1)
        let page = try XCTUnwrap(pages.first)
        let quote = try XCTUnwrap(page.pictures.first { $0.position == .middle })
        let band = page.frames.filter { $0.container.rect.width < page.frames[0].container.rect.width - 1 }
        XCTAssertEqual(band.count, count, "the news section's columns")
        let spanned = band.filter { $0.container.rect.maxX > quote.rect.minX && $0.container.rect.minX < quote.rect.maxX }
        XCTAssertEqual(spanned.count, 2, "it stands over a gutter, in two columns")
        return (quote, band, spanned)
    }

    /// Halfway down the band's balanced columns, with lines (or a float) above it and lines
    /// below it in both columns it stands in: inside the text it interrupts.
    private func assertStandsHalfwayDownItsBalancedColumns(_ quote: PlacedPicture, band: [Frame], spanned: [Frame],
                                                           area: Rect, file: StaticString = #filePath, line: UInt = #line) {
        let column = band[0].container.rect
        XCTAssertLessThan(column.maxY, area.maxY - 100, "the section ends on the page: its columns are balanced", file: file, line: line)
        XCTAssertEqual(quote.rect.minY + quote.rect.height / 2, column.minY + column.height / 2, accuracy: BandSetter.tolerance, "halfway down the balanced columns", file: file, line: line)
        for frame in spanned {
            XCTAssertTrue(frame.lines.contains { $0.origin.y + $0.descent <= quote.rect.minY }
                            || frame.floats.contains { $0.rect.maxY <= quote.rect.minY }, "lines above it", file: file, line: line)
            XCTAssertTrue(frame.lines.contains { $0.origin.y - $0.ascent >= quote.rect.maxY }, "lines below it", file: file, line: line)
        }
    }

    /// Five columns of 96.7 pt: one column wide, the quote would leave the text beside it
    /// 45 pt, under its 55 pt `min-line-width`. Four columns of 121.8 pt: a third of its columns
    /// (85 pt) would set the quote a word a line, one column would leave the text beside it
    /// 59 pt, under half its measure, where few of its words go two a line (the stretches stayed
    /// empty). In both it spans its two columns, halfway down them.
    func testThePullQuoteStandsHalfwayDownItsBalancedColumnsAcrossBoth() throws {
        for (name, columns) in [("five-columns", 5), ("four-columns", 4)] {
            let (document, pages) = try fixture(name)
            let (quote, band, spanned) = try pullQuote(in: pages, columns: columns)
            assertStandsHalfwayDownItsBalancedColumns(quote, band: band, spanned: spanned, area: document.template.textArea)
            XCTAssertEqual(quote.rect.minX, spanned[0].container.rect.minX, accuracy: 0.01, "\(name): as wide as its two columns")
            XCTAssertEqual(quote.rect.maxX, spanned[1].container.rect.maxX, accuracy: 0.01, "\(name): as wide as its two columns")
        }
    }

    /// Issue 33: a quote asked 100 pt wide over four columns of 121.8 pt leaves 70 pt beside it,
    /// more than half a column. The first line there would hold one word ("paraffin"), so every
    /// band beside the quote was passed over and the stretch in column 2 stayed empty down the
    /// quote's height, the text going on below it (the page checker's empty stretch). Both
    /// stretches beside it now hold lines.
    func testTheStretchesBesideANarrowQuoteHoldLines() throws {
        let (_, pages) = try fixture("four-columns-narrow-quote")
        let (quote, _, spanned) = try pullQuote(in: pages, columns: 4)
        XCTAssertEqual(quote.rect.width, 100, accuracy: 0.01)
        for (frame, side) in zip(spanned, ["left", "right"]) {
            let beside = frame.lines.filter { line in
                !line.runs.isEmpty && line.origin.y - line.ascent >= quote.rect.minY && line.origin.y <= quote.rect.maxY
            }
            XCTAssertGreaterThanOrEqual(beside.count, 3, "lines \(side) of the quote, down its height")
        }
    }

    /// Issue 33: a quote taller than the balanced columns of its section hung below them, over
    /// the next section's text, which wrapped round it. The band's columns now reach its foot
    /// (and its margin), and the next section starts below it.
    func testAQuoteTallerThanItsBalancedColumnsEndsInThem() throws {
        let document = try prepare("""
            <section columns="3" gutter="12">
            After four hours of debate and one adjournment for tea, the parish council voted seven to two on Thursday night to fund the lighthouse for another decade. The lamp, which has not guided a ship since 1974, will be kept lit as a matter of civic dignity, according to the motion.
            <aside float="center" span="2" border="1 black" padding="8">
            <p style="subheadline" align="center">“We are paying to light an empty sea while pensioners wait in the rain at the crossroads, under a shelter with no roof, every winter since the storm.”</p>
            </aside>
            The keeper, who has wound the clockwork every four hours since 1998, watched from the public gallery. Asked afterwards how he felt, he said only that the paraffin delivery was due on Tuesday.
            Opponents argued that the money could be better spent on the bus shelter at the crossroads, which has had no roof since the storm of 2019.
            </section>
            <section columns="2">
            <p style="subheadline">In brief</p>
            The seed library on Tollan Road reopens on Monday with forty new drawers of beans, and an amnesty for overdue tomatoes. The lane to the market will close for resurfacing between 9 and 20 January.
            </section>
            """, baseDirectory: TestSupport.zombiesDirectory.path)
        let pages = document.checkedPages()
        XCTAssertEqual(pages.count, 1)
        let page = try XCTUnwrap(pages.first)
        let quote = try XCTUnwrap(page.pictures.first { $0.position == .middle })
        let band = page.frames.filter { abs($0.container.rect.minY - page.frames[0].container.rect.minY) < 0.5 }
        XCTAssertGreaterThanOrEqual(band.count, 2, "the columns of the quote's section")
        for frame in band {
            XCTAssertGreaterThanOrEqual(frame.container.rect.maxY, quote.rect.maxY + quote.margin - BandSetter.tolerance,
                                        "its columns reach the quote's foot")
        }
        let next = try XCTUnwrap(page.frames.first { $0.container.rect.minY > band[0].container.rect.minY + 1 })
        XCTAssertGreaterThan(next.container.rect.minY, quote.rect.maxY, "the next section below it")
        XCTAssertLessThan(quote.rect.minY, band[0].lines[band[0].lines.count / 2].origin.y, "standing in the text it interrupts")
    }

    /// The widths a box over a gutter takes without `width`, in two to five columns of A4 with
    /// 36 pt margins: a third of its columns where that leaves its text its `min-line-width`
    /// (5 em of its 13.75 pt subheadline, with 9 pt of border and padding a side: 86.75 pt) and
    /// the text beside it half a column; else its two columns whole. A `width` is kept.
    func testAPullQuoteWithoutWidthIsNeverNarrowerThanItsLinesMayBe() throws {
        func width(columns: Int, gutter: Double, span: Int = 2, asked: String = "") throws -> (width: Double, column: Double, gutter: Double) {
            let document = try prepare("""
                <section columns="\(columns)" gutter="\(gutter)">
                The text the pull quote interrupts.
                <aside float="center" span="\(span)" border="1 black" padding="8"\(asked)>
                <p style="subheadline" align="center">“We are paying to light an empty sea.”</p>
                </aside>
                More text.
                </section>
                """, baseDirectory: TestSupport.zombiesDirectory.path)
            let box = try XCTUnwrap(TextBoxes(text: document.text).all.first)
            let template = document.template
            let widestWord = PageTemplate.widestWord(of: box, in: document.text, measuring: WordWidths(fonts: document.fonts))
            return (template.width(of: box, in: document.text, widestWord: widestWord), template.columnWidth(columns: columns, gutter: gutter), gutter)
        }
        let two = try width(columns: 2, gutter: 18)
        XCTAssertEqual(two.width, (2 * two.column + two.gutter) / 3, accuracy: 0.01, "a third of two wide columns")
        let three = try width(columns: 3, gutter: 12)
        XCTAssertEqual(three.width, (2 * three.column + three.gutter) / 3, accuracy: 0.01, "a third of two columns, over 86.75 pt")
        let four = try width(columns: 4, gutter: 12)
        XCTAssertEqual(four.width, 2 * four.column + four.gutter, accuracy: 0.01, "a third would be 85 pt, a column leaves 59 pt: both")
        let five = try width(columns: 5, gutter: 10)
        XCTAssertEqual(five.width, 2 * five.column + five.gutter, accuracy: 0.01, "one column would leave 45 pt beside it: both")
        let six = try width(columns: 6, gutter: 10, span: 3)
        XCTAssertEqual(six.width, 5 * 13.75 + 2 * 9, accuracy: 0.01,
                       "over three columns of 78.9 pt: its text's 5 em with its insets, 77 pt of the outer columns beside it")
        XCTAssertEqual(try width(columns: 5, gutter: 10, asked: " width=\"60\"").width, 60, accuracy: 0.01, "a width asked for is kept")
    }

    /// A pull quote's words are set alone once for the document: box fitting measures its width
    /// twice (to scale its pictures, then to measure its height) and the pages once more, and
    /// each setting was a framesetter of its own (some 1 M instructions a quote: 51 of the
    /// 50-page magazine's 1,374 M).
    func testAPullQuotesWordsAreSetAloneOnceForTheBoxesAndThePages() throws {
        let document = try prepare("""
            <section columns="3" gutter="12">
            The text the pull quote interrupts. \(String(repeating: "The keeper wound the lamp at dusk. ", count: 30))
            <aside float="center" border="1 black" padding="8">
            <p style="subheadline" align="center">“We are paying to light an empty sea, an empty sea.”</p>
            </aside>
            More text. \(String(repeating: "The keeper wound the lamp at dusk. ", count: 30))
            </section>
            """, baseDirectory: TestSupport.zombiesDirectory.path)
        let box = try XCTUnwrap(TextBoxes(text: document.text).all.first)
        let distinct = Set(WordWidths.words(in: box.range, of: document.text).map { document.text.substring($0) }).count
        XCTAssertEqual(distinct, 9, "“We, are, paying, to, light, an, empty, sea, and sea.”: an empty sea said twice")
        let wordWidths = WordWidths(fonts: document.fonts)
        var text = document.text
        _ = document.template.fitBoxes(&text, fonts: document.fonts, places: document.elementPlaces, measuring: wordWidths) { Framesetter(text: $0, fonts: document.fonts) }
        XCTAssertEqual(wordWidths.wordsSet, distinct, "fitting the box sets each distinct word once")
        var paginator = Paginator(framesetter: Framesetter(text: text, fonts: document.fonts), template: document.template,
                                  measuring: wordWidths)
        var pages = 0
        while paginator.next() != nil { pages += 1 }
        XCTAssertGreaterThan(pages, 0)
        XCTAssertEqual(wordWidths.wordsSet, distinct, "the pages set none again")
    }

    /// Without `width`, a pull quote over a gutter is as wide as its widest word with its insets
    /// where a third of its columns (115 pt in three columns of A4) is narrower: the line loop
    /// would break the word by its last resort, as the designer pages' report set "Mitar-/beiter".
    func testAPullQuoteWithoutWidthHoldsItsWidestWordWhole() throws {
        let document = try prepare("""
            <section columns="3" gutter="12">
            The text the pull quote interrupts. \(String(repeating: "The keeper wound the lamp at dusk. ", count: 30))
            <aside float="center" border="1 black" padding="8">
            <p style="subheadline" align="center" lang="de">„Wir haben die Schadenbearbeitung halbiert, ohne einen Mitarbeiter zu entlassen.“</p>
            </aside>
            More text. \(String(repeating: "The keeper wound the lamp at dusk. ", count: 30))
            </section>
            """, baseDirectory: TestSupport.zombiesDirectory.path)
        let box = try XCTUnwrap(TextBoxes(text: document.text).all.first)
        let string = document.text.string
        let found = try XCTUnwrap(string.range(of: "Schadenbearbeitung"))
        let word = string.utf16.distance(from: string.startIndex, to: found.lowerBound)
            ..< string.utf16.distance(from: string.startIndex, to: found.upperBound)
        let wordWidths = WordWidths(fonts: document.fonts)
        let wordWidth = wordWidths.widths(of: [word], in: document.text)[0]
        let width = document.template.width(of: box, in: document.text,
                                            widestWord: PageTemplate.widestWord(of: box, in: document.text, measuring: wordWidths))
        XCTAssertGreaterThanOrEqual(width, wordWidth + 2 * box.style.inset - 0.01, "as wide as its widest word and its insets")
        let quote = try XCTUnwrap(document.checkedPages().first?.pictures.first { $0.position == .middle }?.box)
        let lines = quote.frames.flatMap(\.lines)
        XCTAssertFalse(lines.contains { word.contains($0.stringRange.lowerBound) && $0.stringRange.lowerBound > word.lowerBound },
                       "no line starts inside the word")
    }

    /// Three full columns, the quote halfway down them over a master's medal (and, with an
    /// `<exclusion>` there instead, inside it): the page checker found its glyphs over the medal.
    /// It moves up or down to the nearest place where it and its margin clear them, as
    /// InDesign's text wrap keeps a frame off an item that wraps (`BoxClearOfExclusions`).
    func testAPullQuoteStandsClearOfAMastersArtAndOfExclusions() throws {
        let medal = Rect(x: 300, y: 350, width: 120, height: 120)
        for name in ["quote-over-master-art", "quote-over-exclusion"] {
            let (_, pages) = try fixture(name)
            let quote = try XCTUnwrap(pages.first?.pictures.first { $0.position == .middle }, name)
            let kept = Rect(x: quote.rect.minX - quote.margin, y: quote.rect.minY - quote.margin,
                            width: quote.rect.width + 2 * quote.margin, height: quote.rect.height + 2 * quote.margin)
            XCTAssertFalse(kept.intersects(medal), "\(name): the quote \(quote.rect) and its margin clear \(medal)")
            XCTAssertFalse(quote.overExclusion, name)
            XCTAssertGreaterThan(quote.rect.minY, 200, "\(name): still well down the columns, just above the medal")
        }
    }
}

/// Where `PictureReservation` puts a box over a gutter down the page, given the column its
/// anchor's text is in as set: halfway down that column where it is balanced short of the room,
/// halfway down the room where it reaches the room's foot.
final class PullQuoteCentringTests: XCTestCase {
    /// A two-column section with a pull quote over its gutter: the document, its framesetter, the quote's anchor.
    private func quoteOverTwoColumns() throws -> (PreparedDocument, Framesetter, SpanningAnchor) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: """
            <section columns="2">
            The text the pull quote interrupts.
            <aside float="center" border="1 black">
            <p>“A quote.”</p>
            </aside>
            More text.
            </section>
            """), baseDirectory: TestSupport.zombiesDirectory.path)
        let framesetter = Framesetter(text: document.text, fonts: document.fonts)
        let anchor = try XCTUnwrap(SpanningAnchor.all(in: framesetter, measuring: WordWidths(fonts: document.fonts)).first)
        return (document, framesetter, anchor)
    }

    func testABoxOverAGutterStandsHalfwayDownABalancedColumnElseHalfwayDownTheRoom() throws {
        let (document, framesetter, anchor) = try quoteOverTwoColumns()
        let reservation = PictureReservation(template: document.template, page: 1, framesetter: framesetter)
        let area = document.template.textArea
        let column = document.template.columnRects(ofPage: 1, top: area.minY + 100, height: area.maxY - area.minY - 100,
                                                   columns: 2, gutter: document.template.gutter)[0]
        var balanced = column
        balanced.size.height = 200
        let inBalanced = try XCTUnwrap(reservation.place([anchor], columnOf: { _ in balanced }, heightOf: { _ in balanced }).placed.first)
        XCTAssertEqual(inBalanced.rect.minY + inBalanced.rect.height / 2, balanced.minY + 100, accuracy: 1e-6, "halfway down the balanced column")
        let inFull = try XCTUnwrap(reservation.place([anchor], columnOf: { _ in column }, heightOf: { _ in column }).placed.first)
        XCTAssertEqual(inFull.rect.minY + inFull.rect.height / 2, area.minY + area.height / 2, accuracy: 1e-6, "halfway down the room")
    }

    /// Over an exclusion the box moves to the nearest place clear of it and its padding; where
    /// nothing in its room is (an exclusion down the whole gutter), it stays halfway down, over
    /// it, marked so: the page's check warns of it (`BoxOverExclusionCheck`).
    func testABoxOverAGutterMovesClearOfAnExclusionOrStaysOverItMarked() throws {
        let (document, framesetter, anchor) = try quoteOverTwoColumns()
        let area = document.template.textArea
        let gutter = Rect(x: area.minX + area.width / 2 - 10, y: 0, width: 20, height: document.template.size.height)
        // A little below the quote's middle: the nearest clear place is above it.
        let narrow = Rect(x: gutter.minX, y: area.minY + area.height / 2 - 4, width: 20, height: 20)
        func placed(beside taken: Rect) throws -> PlacedPicture {
            let reservation = PictureReservation(template: document.template, page: 1, framesetter: framesetter,
                                                 taken: [Exclusion(.rectangle(taken), padding: 4)])
            return try XCTUnwrap(reservation.place([anchor]).placed.first)
        }
        let moved = try placed(beside: narrow)
        XCTAssertFalse(moved.overExclusion)
        XCTAssertLessThanOrEqual(moved.rect.maxY + moved.margin, narrow.minY - 4 + 0.02, "just above the exclusion and its padding")
        let over = try placed(beside: gutter)
        XCTAssertTrue(over.overExclusion)
        XCTAssertEqual(over.rect.minY + over.rect.height / 2, area.minY + area.height / 2, accuracy: 1e-6, "halfway down the room")
    }
}
