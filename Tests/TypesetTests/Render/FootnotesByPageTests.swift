import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// `<meta footnote-numbering="page">`: notes numbered from 1 (or \*) again on each page, as
/// LaTeX's `perpage` numbers them, the numbers settled by setting the document again as page
/// references settle: the marks in the text, before the notes, in the links and the tags agree
/// with the pages the markers are set on, in both placements.
final class FootnotesByPageTests: XCTestCase {
    private static func threePages(placement: String) -> String {
        """
        <meta title="Notes by page" footnote-numbering="page" footnote-marks="*" footnote-placement="\(placement)">
        The first page has two notes.<footnote>First of page one.</footnote> Here is its second.<footnote>Second of page one.</footnote>
        <pagebreak>
        The second page has one note.<footnote>Only note of page two.</footnote>
        <pagebreak>
        The third page has three.<footnote>First of page three.</footnote> Two.<footnote>Second of page three.</footnote> \
        Three.<footnote>Third of page three.</footnote>
        """
    }

    /// What pdftotext reads on page `number`, its spaces (the no-break space after a note's mark among them) made one.
    private func text(ofPage number: Int, in pdf: String) throws -> String {
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-f", "\(number)", "-l", "\(number)", pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        return text.replacingOccurrences(of: "\u{00A0}", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testNotesStartAgainFromTheFirstMarkOnEachOfThreePagesInBothPlacements() throws {
        for placement in ["column", "page"] {
            let directory = try makeTemporaryDirectory()
            let input = directory.appendingPathComponent("notes.txt")
            try Self.threePages(placement: placement).write(to: input, atomically: true, encoding: .utf8)
            var options = TypesetOptions()
            options.fontsDirectory = TestSupport.fontsDirectory
            let pdf = directory.appendingPathComponent("notes.pdf").path
            let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
            XCTAssertTrue(report.diagnostics.isEmpty, "\(placement): \(report.diagnostics)")

            let pages = try (1 ... 3).map { try text(ofPage: $0, in: pdf) }
            for (page, notes) in [(0, ["* First of page one.", "† Second of page one."]), (1, ["* Only note of page two."]),
                                  (2, ["* First of page three.", "† Second of page three.", "‡ Third of page three."])] {
                for note in notes {
                    XCTAssertTrue(pages[page].contains(note), "\(placement): page \(page + 1) has \"\(note)\": \(pages[page])")
                }
            }
            XCTAssertTrue(pages[1].contains("one note.*"), "\(placement): the marker in the text: \(pages[1])")

            // The markers' links, in the tagged PDF's order, say the same marks.
            let tagged = try TaggedPDF(pdfAt: pdf)
            XCTAssertEqual(tagged.elements("Reference").map { tagged.text(of: $0) }, ["*", "†", "*", "*", "†", "‡"], placement)
            let contents = tagged.elements("Link").flatMap { link in
                link.kids.compactMap { kid -> String? in
                    guard case .object(let reference) = kid else { return nil }
                    return tagged.object(reference)?["/Contents"] as? String
                }
            }
            XCTAssertEqual(contents.filter { $0.hasPrefix("u:Footnote") },
                           ["u:Footnote *", "u:Footnote †", "u:Footnote *", "u:Footnote *", "u:Footnote †", "u:Footnote ‡"], placement)
        }
    }

    // MARK: Settling

    /// The mark of each note in the laid-out text, and the page its marker is on, in text order.
    private func marks(of document: PreparedDocument, on pages: [Page]) -> [(mark: String, page: Int)] {
        TextFootnotes(text: document.text, boxes: TextBoxes(text: document.text)).all.map { reference in
            let mark = String(decoding: document.text.storage[reference.marker], as: UTF16.self)
            let page = pages.first { $0.frames.contains { $0.visibleRange.contains(reference.marker.lowerBound) } }?.number ?? 0
            return (mark, page)
        }
    }

    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/footnotes-by-page")

    /// Roman marks are wide through the document (xxxi) and narrow by page (i): in this
    /// document the narrower marks move a line holding a marker to another page, where it is
    /// numbered on from that page's notes — a number the first setting could not know. The
    /// numbers settle all the same, each from i on its marker's page.
    func testAMarkWhoseWidthMovesItsLineToAnotherPageSettlesAtThatPagesNumber() throws {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent("marker-moves-to-the-page-before.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let byPage = marks(of: document, on: pages)
        let expected = FootnoteNumbering.restartingOnEachPage(byPage.map(\.page)).map { FootnoteMarks.roman.mark($0) }
        XCTAssertEqual(byPage.map(\.mark), expected, "each note numbered on its marker's page")

        // Numbered through the document, a marker is on another page: the marks' widths moved it.
        let through = markup.replacingOccurrences(of: "footnote-numbering=\"page\"", with: "footnote-numbering=\"document\"")
        let (throughDocument, throughPages) = try SectionTesting.layOut(through)
        let pagesThrough = marks(of: throughDocument, on: throughPages).map(\.page)
        XCTAssertEqual(pagesThrough.count, byPage.count)
        XCTAssertNotEqual(pagesThrough, byPage.map(\.page), "the marks' widths move a marker to another page")
    }

    /// A line whose marks, numbered on page 1, make it go on to page 2, where they are numbered
    /// from i and it fits on page 1 again: the settling ends after its bound, with a warning at
    /// each note still moving, and the pages are made.
    func testMarksThatNeverSettleAreWarnedAboutAfterTheLastSetting() throws {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent("mark-never-settles.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup)
        let warnings = document.diagnostics.filter { $0.message.contains("numbered by page did not settle in 4 settings") }
        XCTAssertEqual(warnings.map { $0.location?.line }, [12, 12], "the two notes of the line that moves, at their tags")
        XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, "\(document.diagnostics)")
        XCTAssertGreaterThanOrEqual(pages.count, 2)
    }
}
