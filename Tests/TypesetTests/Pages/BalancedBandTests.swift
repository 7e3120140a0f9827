import Foundation
import Layout
import Pages
import TypesetKit
import XCTest

/// Bands balanced by trial heights (BandSetter), from what the layout fuzzer found
/// (Fixtures/layout-fuzz/): every trial sets a column that takes text, a drop cap's initial
/// stays in its band, and a box in a column never lies under a picture across the columns.
/// Every page is checked by the page checker (`checkedPages`).
final class BalancedBandTests: XCTestCase {
    private func pages(_ markup: String, page: Size, margin: Double, columns: Int, gutter: Double, fontSize: Double,
                       grid: Double? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> [Page] {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(size: page, margins: Margins(all: margin), columns: columns, gutter: gutter)
        options.page.baselineGrid = grid
        options.fontSize = fontSize
        // The zombie pictures are small: their print resolution is not what is tested.
        options.minimumPictureResolution = 0
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                               baseDirectory: TestSupport.zombiesDirectory.path)
        return document.checkedPages(file: file, line: line)
    }

    /// crash-balance-no-progress.txt: a trial column started on the space after a `<br>`, where
    /// the paragraph's optimal breaks ended one line at the fill glue before the forced break
    /// and the next, empty, at the break itself; the column filled with empty lines and took no
    /// text (a precondition failure).
    func testATrialColumnAfterALineBreakTakesText() throws {
        let markup = """
            <section columns="3" gutter="8">
            Responsibility road was harbour harbour, <img src="coffee.jpg" width="40" alt=""> Municipal prisms through came four four
            <p align="center">Correspondence with with catalogue with lamp<br> <i>Harbour photographer library mountains&lt; Was &lt;&lt;&lt;</i></p>
            &lt; afternoon?
            </section>
            """
        let pages = try pages(markup, page: Size(width: 418, height: 480), margin: 40, columns: 2, gutter: 18, fontSize: 9)
        for frame in pages.flatMap(\.frames) {
            XCTAssertFalse(frame.lines.contains { $0.stringRange.isEmpty && !$0.endsParagraph },
                           "an empty line in the frame at \(frame.container.rect)")
        }
    }

    /// dropcap-deeper-than-balanced-band.txt: a four-line drop cap on a one-line paragraph below
    /// a section, on a baseline grid: the band below the section had room for the line, not for
    /// the initial, which reached below the text area. Now the paragraph goes to the next page.
    func testADropCapOnAShortLastParagraphStaysInItsBand() throws {
        let markup = """
            <section columns="1" gutter="15">
            Coffee remembered library lighthouse, seed: village whispered municipal whispered considerable municipal was the administration. Four keys four prisms dusk log? Wound: borrowers of dusk; lighthouse village every, morning correspondence. Weather; catalogue. Borrowers wrote: <b>Road administration wrote tomatoes morning for notwithstanding gardening whispered. Quietly lighthouse catalogue keys paraffin harbour paraffin? Wrote typewriter; whispered;
            </section>
            <p dropcap="4">Autumn.
            """
        let pages = try pages(markup, page: Size(width: 198, height: 380), margin: 44, columns: 1, gutter: 10, fontSize: 9, grid: 12)
        let frames = pages.flatMap(\.frames)
        let opening = try XCTUnwrap(frames.first { $0.lines.contains { $0.initial != nil } })
        let line = try XCTUnwrap(opening.lines.first { $0.initial != nil })
        XCTAssertLessThanOrEqual(line.bottom, opening.container.rect.maxY + 0.001, "the initial reaches below its band")
        XCTAssertLessThanOrEqual(opening.container.rect.minY + opening.usedHeight, opening.container.rect.maxY + 0.001)
    }

    /// float-top-over-aside.txt: an aside in the column opens a section whose picture floats to
    /// the page's top: in the balanced band's short column the aside had no clear place and was
    /// set at the column's top anyway, under the picture, its text printed on it.
    func testAnAsideInTheColumnIsNotSetUnderAPictureAcrossTheColumns() throws {
        let markup = """
            <section>
            <aside>
             administration,”
            </aside>
            <img src="astronaut.png" float="top" alt="">
            """
        let pages = try pages(markup, page: Size(width: 842, height: 420), margin: 48, columns: 5, gutter: 17, fontSize: 11)
        XCTAssertEqual(pages.count, 1)
        let page = try XCTUnwrap(pages.first)
        let picture = try XCTUnwrap(page.pictures.first?.rect)
        let aside = try XCTUnwrap(page.boxes.first?.rect)
        XCTAssertFalse(aside.intersects(picture), "the aside \(aside) lies under the picture \(picture)")
    }

    /// A designer's news page: a short three-column section with an aside in the column. The
    /// balanced columns' trial heights were too short for the aside below the text before it, so
    /// it waited for the next column and the text after it went on in the first: the page showed
    /// "text after the box" above and left of the box. A balanced band moves no box past the
    /// text after it that the full columns kept in place.
    func testBalancedColumnsDoNotMoveABoxPastTheTextAfterIt() throws {
        let markup = """
            <section columns="3">
            Text before the box, long enough to make a few lines in this column of the page.
            <aside columns="2" background="#eef2f5" padding="6">
            <p style="subheadline">Times</p>
            Para one of the box text is here.
            Para two of the box text is here and there.
            Para three.
            Para four is a longer one with words.
            </aside>
            After the box, long enough to make a few lines in this column of the page.
            </section>
            """
        let pages = try pages(markup, page: Size(width: 595, height: 842), margin: 56, columns: 3, gutter: 12, fontSize: 11)
        let frames = try XCTUnwrap(pages.first?.frames)
        let aside = try XCTUnwrap(pages.first?.boxes.first?.rect)
        func startsAfter(_ line: Line, in frame: Frame) -> Bool { frame.text.substring(line.stringRange).hasPrefix("After") }
        let afterColumn = try XCTUnwrap(frames.firstIndex { frame in frame.lines.contains { startsAfter($0, in: frame) } })
        let after = try XCTUnwrap(frames[afterColumn].lines.first { startsAfter($0, in: frames[afterColumn]) })
        let asideColumn = try XCTUnwrap(frames.firstIndex { $0.container.rect.minX <= aside.minX + 0.5 && aside.minX < $0.container.rect.maxX })
        XCTAssertTrue(afterColumn > asideColumn || (afterColumn == asideColumn && after.origin.y > aside.maxY),
                      "the text after the aside is set before it: column \(afterColumn) at \(after.origin.y), the aside in column \(asideColumn) at \(aside)")
    }

    /// A designer's recipe page (three balanced columns, a table across two at the top, a
    /// floated photo, a list, a pull quote, one three-line footnote): the balanced columns set the
    /// note two lines at the foot of column 2 and its last line alone at the foot of column 3,
    /// where the full columns held it whole. Balancing splits no note the full band kept whole.
    func testBalancedColumnsDoNotSplitANoteTheFullColumnsHoldWhole() throws {
        let markup = """
            <style name="body" indent="11" space-after="0" line-height="13pt"/>
            <style name="standfirst" size="16" line-height="19pt" slant="italic" color="#5b3a29" space-after="13"/>
            <style name="method" face="Liberation Sans" size="9" weight="bold" color="#5b3a29" space-before="13" keep-with-next="true"/>
            <section columns="1">
            <p style="headline">Soup for the Longest Night</p>
            <p style="standfirst">Three pots that have fed the same street for forty winters, and the people who stir them.</p>
            </section>
            <section columns="3" gutter="14">
            <p style="body" dropcap="3">Every year on the longest night, the houses at the bottom of Kestrel Road put a pot on the stove and leave their doors open. Nobody remembers who began it; the oldest resident says her mother did, in the winter the power failed for a week.</p>
            <img src="coffee.jpg" float="left" width="90" alt="A cup of coffee">The soups have changed with the street. The first pots were leek and potato, then came lentils with cumin from the Haddads at number nine, and a Vietnamese pho from the family who bought the corner shop in 1994.
            <figure float="top" span="2" alt="The three pots on a table">
            <table widths="2* 1* 1* 1*" header-rows="1" rules="rows" stripes="#f4ede4">
            <tr><th>Soup</th><th align="right">Serves</th><th align="right">Hours</th><th align="decimal">Cost (£)</th></tr>
            <tr><td>Leek and potato</td><td align="right">12</td><td align="right">2</td><td align="decimal">6.50</td></tr>
            <tr><td>Red lentil with cumin and lemon</td><td align="right">20</td><td align="right">1.5</td><td align="decimal">8.20</td></tr>
            <tr><td>Pho bò, beef and star anise</td><td align="right">30</td><td align="right">9</td><td align="decimal">41.00</td></tr>
            </table>
            <caption>The three pots of 2025, as the street's ledger records them.</caption>
            </figure>
            <p style="method">Lentils, the Haddad way</p>
            <li>Soften two onions in olive oil, slowly, until they are the colour of sand.
            <li>Add a spoon of cumin, then 500 g of red lentils and two litres of water.
            <li>Simmer until the lentils fall apart; finish with the juice of two lemons.
            <p style="body">Amal Haddad says the lemon is the secret. Her grandmother in Tripoli used bitter oranges, which are impossible to find on Kestrel Road, so the lemons are a compromise that has lasted forty years.<footnote>Bitter (Seville) oranges are in British shops for three weeks in January, after the longest night.</footnote> In Arabic the soup is <font lang="ar">شوربة عدس</font>, and on the street it is simply “the yellow one”.
            <aside float="center" span="2">
            <p style="standfirst" align="center">“You can tell the year by the soup.”</p>
            </aside>
            The pho takes longest. The bones go on at six in the morning and the broth is strained at three; the noodles are cooked to order at the door, in a pot borrowed from the Haddads. Nguyen Van Long, who runs the corner shop, counts the bowls on a tally sheet taped to the fridge. Last year there were two hundred and twelve.
            The leek and potato is the only soup made in more than one house. Four neighbours take turns, and each insists the others use too much butter. The recipe, written out by the first cook in 1985, is pinned in the community hall, its pencil faded to silver.
            At midnight the pots are scraped, the doors are closed, and the street is quiet until the morning. By then, someone is already planning next year’s.
            </section>
            """
        let pages = try pages(markup, page: Size(width: 595, height: 842), margin: 48, columns: 2, gutter: 18, fontSize: 11)
        XCTAssertEqual(pages.count, 1)
        let split = try XCTUnwrap(pages.first).frames.filter { !$0.notesGoingOn.isEmpty }
        XCTAssertTrue(split.isEmpty, "a note split at the foot of \(split.count) balanced column(s)")
        XCTAssertEqual(try XCTUnwrap(pages.first).frames.filter { $0.footnotes != nil }.count, 1, "the note in one column")
    }

    /// Three columns that each hold a note balance above their notes, as one column does: a
    /// column's notes at its foot made it count as full, so the first trial was the whole band,
    /// none was made, and the columns filled the page, the third ending 8 lines above its note,
    /// the section after going to the next page.
    func testThreeColumnsHoldingNotesBalanceAboveThem() throws {
        let prose = SectionTesting.paragraphs(12, seed: 36, words: 45 ... 55)
        let notes = SectionTesting.paragraphs(3, seed: 37, words: 12 ... 18)
        let marked = prose.enumerated().map { index, paragraph in
            [1: 0, 6: 1, 11: 2][index].map { paragraph + "<footnote>\(notes[$0])</footnote>" } ?? paragraph
        }
        let markup = "<section columns=\"3\">\n" + marked.joined(separator: "\n") + "\n</section>\n<section columns=\"1\">\n"
            + prose[0] + "\n</section>\n"
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let frames = try XCTUnwrap(pages.first).frames
        XCTAssertEqual(frames.count, 4, "the three columns and the section after them on page 1")
        for (index, column) in frames.prefix(3).enumerated() {
            XCTAssertNotNil(column.footnotes, "column \(index + 1) holds a note")
            XCTAssertLessThanOrEqual(column.linesShortOfItsFoot ?? 99, ColumnRoom.linesAllowed, "column \(index + 1) ends above its note")
        }
    }

    /// A designer's three-column section of one paragraph opening with a picture floated left
    /// (80 pt in a 148.6 pt column): the balanced band was as tall as the picture, column 1
    /// holding "Die Bäckerei" alone beside it, the rest of the 62 pt stretch passed over and the
    /// paragraph going on in column 2 — the paragraph's first line alone in its column, which the
    /// full column never sets. Balancing breaks no keep rule the full band keeps: the text goes
    /// on under the picture in column 1.
    func testABalancedColumnDoesNotEndBesideAFloatWhileItsParagraphGoesOn() throws {
        let markup = """
            <section columns="3">
            <p lang="de"><img src="cameraman.png" alt="A cameraman" width="80" float="left">Die Bäckerei Schmidt verkauft seit dreiundzwanzig Jahren Roggenbrot und Bienenstich auf diesem Markt, und die Kapitäne kaufen hier Brot für die Überfahrt.
            </section>
            """
        let pages = try SectionTesting.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path).pages
        let column = try XCTUnwrap(pages.first?.frames.first)
        let float = try XCTUnwrap(column.floats.first)
        let last = try XCTUnwrap(column.lines.last)
        XCTAssertGreaterThan(last.origin.y, float.rect.maxY, "column 1 ends beside the picture, its paragraph going on in column 2")
        assertNoOrphanOrWidow(in: pages)
    }

    /// Layout fuzz seed 287, shrunk: four columns of 9 pt text balanced above a section, a
    /// picture floated right (90 pt, its stretch 92.5 pt): five lines beside it, "Neighbourhood"
    /// alone passed over below them, and the band balanced 90 pt tall, so the paragraph went on
    /// in column 2 with the stretch empty down to column 1's foot — no orphan, but a column 3
    /// lines short beside the picture (`Frame.linesShortOfItsFoot`), which balancing must not add.
    func testABalancedColumnDoesNotLeaveTheStretchBesideAFloatEmptyToItsFoot() throws {
        let markup = """
            <img src="cameraman.png" alt="A man behind a camera" width="90" float="right" margin="7">With morning mountains: <b>Lamp photographer wound with lamp whispered lighthouse autumn,</b> <b>Neighbourhood village drawer hours every because photographer?</b> Came notwithstanding in considerable? Lamp at of afternoon hours road wound mountains understanding village, Typewriter came a? Four because morning:
            <section columns="4">
            Short text.
            </section>
            """
        let pages = try pages(markup, page: Size(width: 842, height: 540), margin: 24, columns: 4, gutter: 12, fontSize: 9)
        let column = try XCTUnwrap(pages.first?.frames.first)
        let float = try XCTUnwrap(column.floats.first)
        let last = try XCTUnwrap(column.lines.last)
        XCTAssertGreaterThan(last.origin.y, float.rect.maxY, "column 1 ends beside the picture, its paragraph going on in column 2")
    }

    /// A designer's three balanced columns with a figure floated left (90 pt in a 151 pt column)
    /// under a heading: column 1 ended with "Madame Lefèvre sells goat's" alone under the
    /// caption, as ending it before the heading would move more than half the short column on
    /// (ColumnBreak); a band a line taller keeps the orphan rule, and balancing takes it.
    func testABalancedColumnLeavesNoOrphanUnderAFloatedFigure() throws {
        let markup = """
            <section columns="3" gutter="14">
            Over the market square on Saturday morning drifts the smell of fresh bread. The Schmidt bakery has sold rye bread and bee-sting cake here for twenty-three years, and the queue in front of its stall often reaches the fountain.
            <p style="subheadline">The cheeses</p>
            <figure float="left" width="90">
            <img src="chelsea.png" width="90" alt="A cat">
            <caption>Chelsea, the market cat.</caption>
            </figure>
            Madame Lefèvre sells goat's cheeses and raspberry jam. “The tourists always ask whether it is organic; I tell them my goats cannot read.” She laughs, then wraps a small cheese carefully in waxed paper.
            Mr Haddad sells spices and Arabic coffee roasted with cardamom. He says customers come first for the smell, then stay for the talk, and in the end buy more than they planned to.
            Irina sells honey and wax from her father's hives. She says the bees worked badly this year because of the cold spring, but the honey came out dark and thick all the same, as in her childhood.
            Don Ernesto sells olives, roasted peppers and ham from his village in Extremadura. Why did he come so far? “Because nobody else here sells real ham,” he says, and cuts another slice for the next customer.
            </section>
            """
        let pages = try SectionTesting.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path).pages
        XCTAssertEqual(pages.first?.frames.first?.floats.count, 1, "the figure beside column 1")
        assertNoOrphanOrWidow(in: pages)
    }

    /// No column ends with fewer of a paragraph's lines than its orphans (2) where the paragraph
    /// begins, nor starts with fewer than its widows where it ends.
    private func assertNoOrphanOrWidow(in pages: [Page], file: StaticString = #filePath, line: UInt = #line) {
        for (index, frame) in pages.flatMap(\.frames).enumerated() {
            let text = frame.text
            let textLines = frame.lines.filter { $0.box == nil && !$0.stringRange.isEmpty }
            if let last = textLines.last, !last.endsParagraph, frame.visibleRange.upperBound < text.length {
                let paragraph = text.paragraphRange(containing: last.stringRange.lowerBound)
                let count = textLines.filter { paragraph.contains($0.stringRange.lowerBound) }.count
                if paragraph.lowerBound >= frame.visibleRange.lowerBound {
                    XCTAssertGreaterThanOrEqual(count, 2, "column \(index + 1) ends with an orphan: \"\(text.substring(last.stringRange))\"",
                                                file: file, line: line)
                }
            }
            if let first = textLines.first, frame.visibleRange.lowerBound > text.paragraphRange(containing: first.stringRange.lowerBound).lowerBound {
                let paragraph = text.paragraphRange(containing: first.stringRange.lowerBound)
                let count = textLines.filter { paragraph.contains($0.stringRange.lowerBound) }.count
                if paragraph.upperBound <= frame.visibleRange.upperBound {
                    XCTAssertGreaterThanOrEqual(count, 2, "column \(index + 1) starts with a widow: \"\(text.substring(first.stringRange))\"",
                                                file: file, line: line)
                }
            }
        }
    }
}
