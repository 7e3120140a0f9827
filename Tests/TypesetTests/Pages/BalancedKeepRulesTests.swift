import Foundation
import Layout
import Pages
import XCTest

/// Balancing keeps the paragraphs' keep rules wherever the full columns keep them: a trial
/// whose columns give them up (`Frame.keepRulesGaveWay`, as they do rather than move more than
/// half of a column only a few lines tall on) loses to a taller one that keeps them
/// (`Band.columnEndFaults`).
final class BalancedKeepRulesTests: XCTestCase {
    /// The lines of each column of the first page's band.
    private func columns(_ markup: String) throws -> [[Line]] {
        try XCTUnwrap(SectionTesting.layOut(markup).pages.first).frames.map(\.lines)
    }

    /// A designer's section: a heading and a paragraph of four lines in two balanced columns. It
    /// was set heading and one line, then three lines (an orphan under the heading, the second
    /// column longer than the first); orphans 2 and widows 2 set it heading and two lines, then
    /// two, the first column a line longer.
    func testAHeadingIsNotLeftWithOneLineAtTheFootOfABalancedColumn() throws {
        let markup = """
            <section columns="2">
            <p style="subheadline">Next section</p>
            Capital spending in the year was 1.9 million, almost all of it on Bedlam Bridge. The Board borrowed 1.2 million from the Public Works Loan Board at 4.6 per cent over twenty years.
            </section>

            """
        let set = try columns(markup)
        XCTAssertEqual(set.map(\.count), [3, 2], "the heading and two lines, then two")
        XCTAssertEqual(set.flatMap { $0 }.count, 5, "a heading and four lines")
    }

    /// A designer's price list in three balanced columns, a row a paragraph, two of them of two
    /// lines: they were split a line a column (a row's first line at the foot of the first
    /// column, its price at the head of the second); now the first column holds both rows.
    func testAPriceListsTwoLineRowsAreNotSplitAcrossBalancedColumns() throws {
        let markup = """
            <section columns="3" gutter="12">
            <p tabs="130 decimal leader=." hyphenate="false" align="left">Clearing a field drain\t£ 85.00
            Dredging a lode, per day with crew and machine\t£ 1,240.00
            Sluice inspection\t£ 9.50
            Emergency pumping, portable set, first 24 hours\t£ 620.00
            </p>
            </section>

            """
        let set = try columns(markup)
        XCTAssertEqual(set.flatMap { $0 }.count, 6, "two one-line rows and two of two lines")
        assertColumnsOpenParagraphs(set)
    }

    /// No column of the band opens inside a paragraph: the line before it ends one.
    private func assertColumnsOpenParagraphs(_ set: [[Line]], file: StaticString = #filePath, line: UInt = #line) {
        for (above, column) in zip(set, set.dropFirst()) {
            guard let last = above.last, !column.isEmpty else { continue }
            XCTAssertTrue(last.endsParagraph, "a column opens inside a paragraph: \(set.map { $0.map(\.stringRange) })", file: file, line: line)
        }
    }
}
