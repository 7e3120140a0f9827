import Foundation
import Markup
import Text
@testable import Pages
@testable import TypesetKit
import XCTest

/// After an edit that changes the text's length, `typeset watch` takes the pages after it
/// again, their offsets shifted by the change (`TextShift`, `PageReuse`): each page it takes,
/// with the flow it hands on and the text it read, is in every field the page a cold run sets.
/// So an offset a page names that the shift forgets fails here, in whichever element holds it.
final class KeptPagesShiftTests: XCTestCase {
    private let paragraph = "The keepers climbed the stair at dusk and wrote the ships into the log by lamplight, "
        + "while the town below slept behind its shutters and the bell rang once an hour."

    /// Entry `number` of a log that names every kind of offset a page holds: a drop cap, a
    /// picture floated in a column, a footnote long enough to split, a box over the gutter, a
    /// figure across the top, a table going on from a page to the next, a box kept in the
    /// column, headings kept with the next paragraph, a kept block, a section of one column;
    /// a page break between two entries.
    private func entry(_ number: Int) -> String {
        let body = String(repeating: paragraph + " ", count: 2) + "\n"
        let rows = (0 ..< 14).map { "<tr><td>\($0 + 1) o'clock</td><td>The \(number)-\($0) passed at dusk.</td></tr>\n" }.joined()
        return "<p style=\"subheadline\" id=\"entry\(number)\">Entry \(number)</p>\n<p dropcap=\"2\">\(paragraph)</p>\n"
            + "<img src=\"picture.png\" width=\"50\" float=\"left\" alt=\"A card\">\n" + body + body
            + "The watch ended<footnote>" + String(repeating: "The note of entry \(number), at dusk. ", count: 12)
            + "</footnote> at dawn.\n"
            + "<aside float=\"center\" width=\"90\" border=\"0.5 #999999\">\n<p>In brief: the bell of entry \(number).</p>\n</aside>\n"
            + body + "<figure float=\"top\">\n<img src=\"picture.png\" width=\"120\" alt=\"A card\">\n"
            + "<caption>Figure \(number): the card at dusk.</caption>\n</figure>\n" + body
            + "<table header-rows=\"1\">\n<tr><th>Hour</th><th>Ship</th></tr>\n" + rows + "</table>\n"
            + "<aside>\n<p>A sidebar of entry \(number), at dusk.</p>\n</aside>\n" + body
            + "<keep>\n<p>Wind of entry \(number): west.</p>\n<p>Sea: calm at dusk.</p>\n</keep>\n" + body
            + "<section columns=\"1\">\n<p>Signed at dawn by the keeper of entry \(number).</p>\n</section>\n"
    }

    private var log: String {
        "<meta footer=\"{page}\">\nThe log starts on page <ref to=\"entry1\"/>.\n" + (0 ..< 4).map(entry).joined(separator: "<pagebreak>\n")
    }

    /// The edits each test makes in turn, each of another length than what it replaces, on the
    /// first pages (a reference's target on the fourth), in letters the page drew before them
    /// (a glyph drawn first on an earlier page than it was leaves the text layer's pages up to
    /// that one in another state, written again); a line added and taken away again moves every later picture, box and table to
    /// another line, which their messages name (`ElementPlaces`) and their pages do not; a
    /// picture, a box, a table, a section or a kept block added and taken away again moves every
    /// later one's number, which their pages name (`ElementNumberShift`).
    private var edits: [(place: String, edit: (String) -> String)] { wordEdits + lineEdits + elementEdits }

    /// An edit: the first `old` made `new`.
    private static func replacing(_ old: String, with new: String) -> (String) -> String {
        { text in
            let found = text.range(of: old)!
            return String(text[..<found.lowerBound]) + new + String(text[found.upperBound...])
        }
    }

    private let wordEdits: [(place: String, edit: (String) -> String)] = [
        ("a longer word", KeptPagesShiftTests.replacing("stair at dusk", with: "stair at late dusk")),
        ("a shorter word", KeptPagesShiftTests.replacing("lamplight", with: "lamp")),
        ("inside a footnote", KeptPagesShiftTests.replacing("The note of entry 0, at dusk", with: "The note of entry 0, late")),
        ("inside a table", KeptPagesShiftTests.replacing("The 0-3 passed", with: "The ship 0-3 passed")),
        ("inside a box", KeptPagesShiftTests.replacing("the bell of entry 0", with: "the old bell of entry 0")),
        ("inside a reference's target", KeptPagesShiftTests.replacing("Entry 1</p>", with: "Entry 11</p>")),
    ]

    private let lineEdits: [(place: String, edit: (String) -> String)] = [
        ("a line added", KeptPagesShiftTests.replacing("<p dropcap=\"2\">", with: "The log starts.\n<p dropcap=\"2\">")),
        ("a line taken away", KeptPagesShiftTests.replacing("The log starts.\n", with: "")),
    ]

    private static let addedPicture = "<img src=\"picture.png\" width=\"40\" alt=\"A card\">\n"
    private static let addedBox = "<aside>\n<p>A note at dusk.</p>\n</aside>\n"
    private static let addedTable = "<table>\n<tr><td>1 o'clock</td><td>The ship passed at dusk.</td></tr>\n</table>\n"
    private static let addedSection = "<section columns=\"1\">\n<p>A word at dusk.</p>\n</section>\n"
    private static let addedKeep = "<keep>\n<p>Wind: east.</p>\n<p>Sea: rough.</p>\n</keep>\n"

    private let elementEdits: [(place: String, edit: (String) -> String)] = [
        ("a picture added", KeptPagesShiftTests.replacing("<p dropcap=\"2\">", with: addedPicture + "<p dropcap=\"2\">")),
        ("a picture taken away", KeptPagesShiftTests.replacing(addedPicture, with: "")),
        ("a box added", KeptPagesShiftTests.replacing("<p dropcap=\"2\">", with: addedBox + "<p dropcap=\"2\">")),
        ("a box taken away", KeptPagesShiftTests.replacing(addedBox, with: "")),
        ("a table added", KeptPagesShiftTests.replacing("<p dropcap=\"2\">", with: addedTable + "<p dropcap=\"2\">")),
        ("a table taken away", KeptPagesShiftTests.replacing(addedTable, with: "")),
        ("a section added", KeptPagesShiftTests.replacing("<p dropcap=\"2\">", with: addedSection + "<p dropcap=\"2\">")),
        ("a section taken away", KeptPagesShiftTests.replacing(addedSection, with: "")),
        ("a kept block added", KeptPagesShiftTests.replacing("<p dropcap=\"2\">", with: addedKeep + "<p dropcap=\"2\">")),
        ("a kept block taken away", KeptPagesShiftTests.replacing(addedKeep, with: "")),
    ]

    private var options: TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(size: Size(width: 420, height: 595))
        options.metadata.creationDate = 1_000_000_000
        return options
    }

    /// A folder holding the log's picture.
    private func folderWithThePicture() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                         to: directory.appendingPathComponent("picture.png"))
        return directory
    }

    /// `text` laid out in `directory` after the runs `kept` remembers: its pages as recorded
    /// for the next run.
    private func layOut(_ text: String, in directory: URL, keeping kept: KeptBetweenRuns) throws -> [KeptPage] {
        let document = try Typesetter(options: options, keptBetweenRuns: kept)
            .prepare(MarkupSource(fileName: "log.txt", text: text), baseDirectory: directory.path)
        var pages = document.pages()
        while pages.next() != nil {}
        return try XCTUnwrap(kept.pages.lastSetting?.pages)
    }

    func testEachPageTakenAfterAnEditOfAnotherLengthIsTheColdRunsInEveryField() throws {
        let directory = try folderWithThePicture()
        var text = log
        let kept = KeptBetweenRuns()
        XCTAssertGreaterThanOrEqual(try layOut(text, in: directory, keeping: kept).count, 8)
        for (place, edit) in edits {
            text = edit(text)
            let before = try XCTUnwrap(kept.pages.lastSetting?.text)
            let watched = try layOut(text, in: directory, keeping: kept)
            let change = try XCTUnwrap(TextChange(from: before, to: kept.pages.lastSetting!.text))
            let taken = kept.pages.reusedByTheLastSetting
            // The same faces, no page kept: a cold setting whose fonts are the watched one's instances.
            kept.pages.lastSetting = nil
            let cold = try layOut(text, in: directory, keeping: kept)
            XCTAssertEqual(watched.count, cold.count, place)
            for (number, (page, coldPage)) in zip(watched, cold).enumerated() {
                // A page before the change indexes the text it was set from, alike over all it read.
                var fields = FieldByField(ignoring: page.furthestReadSoFar < change.start ? ["serial", "text"] : ["serial"])
                if let difference = fields.firstDifference(page, coldPage) {
                    XCTFail("\(place): page \(number + 1) differs from a cold run's at \(difference)")
                    break
                }
            }
            XCTAssertGreaterThanOrEqual(taken, cold.count - 3, "\(place): pages taken again, of \(cold.count)")
        }
    }

    /// The PDF after each edit is a cold run's, byte for byte, and the text layer's pages after
    /// the edit are taken from the run before (`KeptTextLayerPages`: a shifted page is the same
    /// page, `Page.keptSerial`).
    func testEachPDFWrittenAfterAnEditOfAnotherLengthIsAColdRunsByteForByte() throws {
        let directory = try folderWithThePicture()
        var options = options
        // What is kept is the question here, not the pages' ink: unchecked, the runs cost half.
        options.checksPages = false
        func written(_ text: String, keeping kept: KeptBetweenRuns?) throws -> (pages: Int, pdf: Data) {
            let output = directory.appendingPathComponent(kept == nil ? "cold.pdf" : "watched.pdf").path
            let report = try Typesetter(options: options, keptBetweenRuns: kept)
                .typeset(MarkupSource(fileName: "log.txt", text: text), baseDirectory: directory.path, outputPath: output)
            return (report.pageCount, try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        var text = log
        let kept = KeptBetweenRuns()
        _ = try written(text, keeping: kept)
        for (place, edit) in edits {
            text = edit(text)
            let watched = try written(text, keeping: kept)
            XCTAssertEqual(watched.pdf, try written(text, keeping: nil).pdf, "\(place): the PDF is a cold run's")
            XCTAssertGreaterThanOrEqual(kept.pages.reusedByTheLastSetting, watched.pages - 3, "\(place): pages taken, of \(watched.pages)")
            // The pages set again may draw an added hyphen before a no-break space, or not at
            // all: their codes do not depend on it (`WinAnsiBytes`), so the later pages' text is
            // taken too, but for a page or two after them that begin in another state (a
            // glyph the reflow drew first a page earlier or later).
            XCTAssertGreaterThanOrEqual(kept.textLayerPages.taken, kept.pages.reusedByTheLastSetting - 3,
                                        "\(place): text layer's pages taken, of the \(kept.pages.reusedByTheLastSetting) pages taken")
        }
    }
}
