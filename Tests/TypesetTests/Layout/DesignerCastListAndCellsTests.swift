import Diagnostics
import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-7, see its README): a cast list of leader rows
/// in a narrow column, capitalised titles in a table's narrow cells, a byline with a compound
/// name, a menu card's footer too long for its page. Every page is checked by the page
/// checker (`checkedPages`), which finds a word cut into a stub.
final class DesignerCastListAndCellsTests: XCTestCase {
    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-pages-7")

    private func layOut(_ name: String, configure: (inout TypesetOptions) -> Void = { _ in })
        throws -> (document: PreparedDocument, pages: [Page]) {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        return try SectionTesting.layOut(markup, baseDirectory: Self.folder.path, configure: configure)
    }

    /// Each line of the paragraph starting at `start`, trimmed of white space, and the line.
    private func lines(ofParagraphAt start: Int, in document: PreparedDocument, pages: [Page]) -> [(text: String, line: Line, column: Rect)] {
        let paragraph = document.text.paragraphRange(containing: start)
        return pages.flatMap(\.frames).flatMap { frame in
            frame.lines.filter { paragraph.contains($0.stringRange.lowerBound) }.map { line in
                (document.text.substring(line.stringRange).trimmingCharacters(in: .whitespacesAndNewlines), line, frame.container.rect)
            }
        }
    }

    /// `The Harbourmaster<TAB>Agnieszka Wróblewska` in a third of A4: the role and the name do
    /// not fit one line, and the name was cut ("Wr" / "óblewska"), no leader drawn. The role
    /// ends its line short; the next holds the leader and the name whole, at the column's end.
    /// In the second row the title wraps at its spaces and its last line ends short, not
    /// justified ("from            the"), and the name is never cut ("Okonk" / "wo-Delacroix");
    /// in the third the name goes beside the title's last word, and the line before is set flush.
    func testACastListRowTooWideForItsLineBreaksBeforeItsLeaderNeverInsideAName() throws {
        let (document, pages) = try layOut("cast-list") { $0.page.columns = 3 }
        let first = lines(ofParagraphAt: 0, in: document, pages: pages)
        XCTAssertEqual(first.map(\.text), ["The Harbourmaster", "Agnieszka Wróblewska"])
        let text = document.text.string as NSString
        let second = lines(ofParagraphAt: text.range(of: "Dr. Anselm").location, in: document, pages: pages)
        // The name is wider than the column by itself: it wraps at its space, both lines flush right.
        XCTAssertEqual(second.map(\.text), ["Dr. Anselm Vieth, a physician", "from the mainland", "Jean-Baptiste", "Okonkwo-Delacroix"])
        for (row, nameLines) in [(first, 1), (second, 2)] {
            let name = row.suffix(nameLines)
            XCTAssertEqual(name.first?.line.leaders.count, 1, "the leader runs to the name")
            for part in name {
                XCTAssertEqual(part.line.origin.x + part.line.width, part.column.maxX, accuracy: 0.5, "'\(part.text)' ends the column")
            }
            let role = row[row.count - nameLines - 1]
            XCTAssertLessThan(role.line.width, role.column.width - 20, "the role's last line ends short: '\(role.text)'")
        }
        // A name that fits beside the title's last word but not its last two: the line before
        // is set flush, not justified "from                the" (a first-fit line no breaker rated).
        let third = lines(ofParagraphAt: text.range(of: "Ilse Vieth").location, in: document, pages: pages)
        XCTAssertEqual(third.map(\.text), ["Ilse Vieth, his wife, a painter", "from the", "mainland\tBaptiste Okonkwo"])
        if third.count == 3 { XCTAssertLessThan(third[1].line.width, third[1].column.width - 40, "'from the' is set flush") }
        // Every line ends at a space or a tab: no word is cut.
        for line in first + second.dropLast() {
            let end = line.line.stringRange.upperBound
            XCTAssertTrue([0x20, 0x09, 0x0A].contains(document.text.storage[end - 1]) || document.text.storage[end] == 0x09,
                          "'\(line.text)' ends at a word's end")
        }
    }

    /// "The Observatory Photographer" in a 46 pt cell: capitalised words are not hyphenated by
    /// default, so "Observatory" was cut at its last letter ("Observator" / "y"), with no
    /// hyphen, and "No." in its 18 pt column left its full stop alone, then was cut "N" / "o.".
    /// A word that must break breaks at its hyphenation points, capital or not, with a hyphen;
    /// a word too short to be cut leaving two letters and three is kept whole, its column
    /// widened from the others', which have room to give.
    func testACapitalisedTitleTooWideForItsCellBreaksAtASyllableWithAHyphen() throws {
        let (document, pages) = try layOut("titles-in-cells")
        let cells = pages.flatMap(\.frames).flatMap(\.lines).compactMap(\.tableRows).flatMap(\.cells)
        let cellLines = cells.flatMap { $0.frame.lines }
        let shown = cellLines.map { line -> String in
            let hyphen = line.runs.contains { $0.clusters.contains(GlyphRun.generatedHyphen) } ? "-" : ""
            return document.text.substring(line.stringRange).trimmingCharacters(in: .whitespacesAndNewlines) + hyphen
        }
        XCTAssertEqual(shown.first, "No.", "the short word whole: \(shown)")
        XCTAssertTrue(shown.contains { $0.hasSuffix(" Ob-") } && shown.contains("servatory"), "\(shown)")
        XCTAssertFalse(shown.contains("y") || shown.contains("."), "\(shown)")
    }

    /// "An essay by Dr Margarethe Vollmer-Ashdown, Keeper of Scientific Instruments", balanced:
    /// the narrowest balance broke the name at its own hyphen ("Vollmer-" / "Ashdown, Keeper…").
    /// A setting broken at spaces that balances almost as well is taken instead.
    func testABalancedBylineBreaksAtASpaceRatherThanInsideACompoundName() throws {
        let (document, pages) = try layOut("byline-compound")
        let shown = lines(ofParagraphAt: 0, in: document, pages: pages).map(\.text)
        XCTAssertGreaterThan(shown.count, 1)
        XCTAssertFalse(shown.contains { $0.hasSuffix("-") }, "\(shown)")
    }

    /// A footer's left part wider than a 99 mm card's text area printed "… · service non",
    /// which reads as the whole, and the warning named neither its place nor what was cut. It
    /// ends at a word with an ellipsis, and the warning points at the `footer` value and says
    /// what was left out.
    func testAFooterTooWideForItsCardEndsWithAnEllipsisAndTheWarningSaysWhatWasLeftOut() throws {
        let millimetre = 72 / 25.4
        let (document, pages) = try layOut("menu-card-footer") { options in
            options.page = PageTemplate(size: Size(width: 99 * millimetre, height: 210 * millimetre),
                                        margins: Margins(all: 12 * millimetre), columns: 1, gutter: 0)
        }
        let warning = try XCTUnwrap(document.diagnostics.first { $0.message.contains("footer is wider than the text area") },
                                    "\(document.diagnostics)")
        XCTAssertEqual(warning.location?.line, 1)
        XCTAssertEqual(warning.location?.column, 41, "at the footer's value")
        XCTAssertTrue(warning.message.contains("\"compris\" is left out"), warning.message)
        let furniture = try XCTUnwrap(pages.first?.furniture)
        let printed = furniture.frames.flatMap(\.lines).map { furniture.text.substring($0.stringRange).trimmingCharacters(in: .newlines) }
        XCTAssertTrue(printed.contains { $0.hasSuffix("service non\u{2026}") }, "\(printed)")
    }
}
