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
}
