import Foundation
import TypesetKit
import XCTest

/// The order of a PDF's text in its content, which is the order every reader that reads a page
/// in content order gives it (poppler's `pdftotext -raw` here): the structure tree's reading
/// order, whatever order the page was drawn in. A box is drawn before the column it is
/// anchored in (its background goes under the column's text), and a right-to-left line's runs
/// are placed from left to right; neither is how the text is read.
final class ContentOrderTests: XCTestCase {
    private func rawWords(of markup: String) throws -> [String] {
        // The test pictures' folder is the root pictures may come from.
        let output = try typesetToPDF(markup) { $0.imageRoot = TestSupport.zombiesDirectory.path }.pdfPath
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", output, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        // poppler wraps each right-to-left word in U+202B … U+202C, which is no letter of it.
        let bidiControls = CharacterSet(charactersIn: "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{200E}\u{200F}")
        return text.unicodeScalars.filter { !bidiControls.contains($0) }.map(String.init).joined()
            .split(whereSeparator: \.isWhitespace).map(String.init)
    }

    private func position(of word: String, in words: [String], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try XCTUnwrap(words.firstIndex(of: word), "\(word) is not read: \(words)", file: file, line: line)
    }

    /// A figure floated to the page's top and an aside beside the text are drawn before the
    /// column; their text is read after the paragraph before their anchor and before the one
    /// after it, as the structure tree reads them.
    func testACaptionAndAnAsideAreReadWhereTheyAreAnchored() throws {
        let words = try rawWords(of: """
        Alpha opens the page with a paragraph of its own, long enough to fill a line or two of the column.
        <figure float="top" alt="An espresso in a red cup">
        <img src="\(TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg").path)" width="150" height="100">
        <caption>Bravo captions the picture.</caption>
        </figure>
        Charlie follows the figure's anchor, and the text goes on for a while before the aside.
        <aside float="right" width="120">Delta speaks from the aside.</aside>
        Echo follows the aside's anchor and ends the page.
        """)
        let alpha = try position(of: "Alpha", in: words), bravo = try position(of: "Bravo", in: words)
        let charlie = try position(of: "Charlie", in: words), delta = try position(of: "Delta", in: words)
        let echo = try position(of: "Echo", in: words)
        XCTAssertEqual([alpha, bravo, charlie, delta, echo], [alpha, bravo, charlie, delta, echo].sorted(), "\(words)")
    }

    /// An Arabic line with a Latin name and a number in it: its runs are written in the order
    /// they are read, each run's glyphs left to right as drawn (poppler puts a right-to-left
    /// word's letters in order itself, pdfium the whole line).
    func testARightToLeftLinesRunsAreWrittenInReadingOrder() throws {
        let words = try rawWords(of: "<p align=\"right\">مرحبا Cairo 2026 بالعالم\n")
        XCTAssertEqual(words, ["مرحبا", "Cairo", "2026", "بالعالم"])
    }

    /// A right-to-left run's words are written in reading order, each word's glyphs left to
    /// right: poppler reads a run of several words in order (before, it read the run's words
    /// from its left end, the last first, since it puts only a word's letters back in order).
    func testARightToLeftRunsWordsAreWrittenInReadingOrder() throws {
        let markup = "<p dir=\"rtl\">تستقبل القاهرة أكثر من مليون زائر كل عام ويصل معظمهم عبر المطار\n"
        XCTAssertEqual(try rawWords(of: markup), ["تستقبل", "القاهرة", "أكثر", "من", "مليون", "زائر", "كل", "عام", "ويصل", "معظمهم", "عبر", "المطار"])
    }
}
