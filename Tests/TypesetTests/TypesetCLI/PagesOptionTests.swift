import Foundation
import XCTest

/// `--pages 1,3-5`: the whole document is laid out and only the pages selected are written —
/// a PDF's in order, with their running heads, bookmarks and tagged structure, PNG pages under
/// their own numbers; a list that cannot be read is a usage error naming its bad part.
final class PagesOptionTests: XCTestCase {
    private static let pdftotext = "/usr/bin/pdftotext"

    /// Five pages, each a chapter whose headline is a bookmark, with "N of 5" in the footer.
    private func writeChapters(in directory: URL) throws {
        let chapters = (1 ... 5).map { number in
            "<p style=\"headline\">Chapter \(number)</p>\nThe text of chapter \(number) is here, and only here."
        }
        try write(chapters.joined(separator: "\n<pagebreak>\n") + "\n", to: directory.appendingPathComponent("book.txt"))
    }

    private let layout = ["--columns", "1", "--title", "Chapters", "--footer", "{page} of {pages}"]

    private func requirePdftotext() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.pdftotext) else { throw XCTSkip("pdftotext is not installed") }
    }

    /// The text of each page of the PDF, in order, one line of words a page.
    private func pageTexts(of pdf: URL) throws -> [String] {
        let all = try XCTUnwrap(TestSupport.runTool(Self.pdftotext, ["-layout", pdf.path, "-"]))
        return all.split(separator: "\u{0C}", omittingEmptySubsequences: false).dropLast().map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    private func pageCount(of pdf: URL) throws -> Int {
        let shown = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--show-npages", pdf.path]))
        return try XCTUnwrap(Int(shown.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    private func bookmarkTitles(of pdf: URL) throws -> [String] {
        let json = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--json=2", "--json-key=outlines", pdf.path]))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (root["outlines"] as? [[String: Any]] ?? []).map { "\($0["title"] ?? "") p\($0["destpageposfrom1"] ?? 0)" }
    }

    func testAPDFHoldsTheSelectedPagesInOrderEachAsInTheWholeDocument() throws {
        try requirePdftotext()
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let whole = try typeset(["book.txt", "-o", "whole.pdf"] + layout, in: directory)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let wholeTexts = try pageTexts(of: directory.appendingPathComponent("whole.pdf"))
        XCTAssertEqual(wholeTexts.count, 5)
        XCTAssertTrue(wholeTexts[3].contains("chapter 4") && wholeTexts[3].hasSuffix("4 of 5"), wholeTexts[3])

        // Parts out of order and overlapping: the pages still come once each, in the document's order.
        let some = try typeset(["book.txt", "-o", "some.pdf", "--pages", "4-,1,-1,4"] + layout, in: directory)
        XCTAssertEqual(some.status, 0, some.stderr)
        XCTAssertEqual(some.stderr, "", "nothing to warn of")
        let pdf = directory.appendingPathComponent("some.pdf")
        XCTAssertEqual(try pageCount(of: pdf), 3)
        XCTAssertEqual(try pageTexts(of: pdf), [wholeTexts[0], wholeTexts[3], wholeTexts[4]],
                       "each page as the whole document has it, its footer's number and count included")
        XCTAssertEqual(try bookmarkTitles(of: pdf), ["Chapter 1 p1", "Chapter 4 p2", "Chapter 5 p3"],
                       "the bookmarks of the pages written, each opening its page")
    }

    func testRunningHeadsOnEachPageGoWithTheirPages() throws {
        // With the layout JSON the heads are set on each page as it is made, not after the last.
        try requirePdftotext()
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let result = try typeset(["book.txt", "-o", "some.pdf", "--pages", "2,5", "--layout-json", "book.json",
                                  "--header", "Chapters|{page}", "--header-on-first-page"] + layout, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let texts = try pageTexts(of: directory.appendingPathComponent("some.pdf"))
        XCTAssertEqual(texts.count, 2)
        XCTAssertTrue(texts[0].hasPrefix("Chapters 2 Chapter 2") && texts[0].hasSuffix("2 of 5"), texts[0])
        XCTAssertTrue(texts[1].hasPrefix("Chapters 5 Chapter 5") && texts[1].hasSuffix("5 of 5"), texts[1])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("book.json"))) as? [String: Any])
        XCTAssertEqual((json["pages"] as? [Any])?.count, 5, "the layout JSON is the whole document's layout")
    }

    func testATaggedPDFOfSomePagesHoldsTheirStructureAlone() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let result = try typeset(["book.txt", "-o", "ua.pdf", "--pages", "2-3", "--pdf-standard", "ua1", "--lang", "en-GB"] + layout,
                                 in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tagged = try TaggedPDF(pdfAt: directory.appendingPathComponent("ua.pdf").path)
        XCTAssertEqual(tagged.markedText.count, 2)
        var marked: Set<String> = []
        for element in tagged.elements {
            for case .content(let page, let mcid) in element.kids {
                XCTAssertNotNil(tagged.markedText[page][mcid], "\(element.role) points at MCID \(mcid) of page \(page), which has none")
                XCTAssertTrue(marked.insert("\(page)/\(mcid)").inserted, "MCID \(mcid) of page \(page) is in two elements")
            }
        }
        XCTAssertEqual(marked.count, tagged.markedText.reduce(0) { $0 + $1.count }, "every marked sequence is in the tree")
        XCTAssertEqual(tagged.unmarkedPainting, [0, 0], "nothing painted outside the structure or an artifact")
        let read = tagged.text
        XCTAssertTrue(read.contains("Chapter 2") && read.contains("chapter 3"), read)
        XCTAssertFalse(read.contains("hapter 1") || read.contains("hapter 4"), "the pages left out are not read: \(read)")
    }

    func testPNGPagesKeepTheirNumbersAndOnlyPagesPastTheEndAreRemoved() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        // An earlier run of a longer document, with gaps (`--pages` leaves them), and files of other outputs.
        let earlier = ["book-001.png", "book-003.png", "book-007.png", "book-012.png", "book-1000.png",
                       "book-x.png", "book-01.png", "book-2-001.png"]
        for name in earlier { try write("old", to: directory.appendingPathComponent(name)) }
        let result = try typeset(["book.txt", "--format", "png", "--pages", "2-3,5"] + layout, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let names = try contentsOfDirectory(directory).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names, ["book-001.png", "book-002.png", "book-003.png", "book-005.png", "book-01.png", "book-2-001.png", "book-x.png"],
                       "pages 7, 12 and 1000 are past the end of this document; page 1 is its own, not asked for, and stays")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("book-001.png"), encoding: .utf8), "old")
        XCTAssertNotEqual(try Data(contentsOf: directory.appendingPathComponent("book-003.png")), Data("old".utf8), "page 3 written again")
    }

    func testAPageAskedForPastTheEndIsAWarningNamingTheCount() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let result = try typeset(["book.txt", "-o", "some.pdf", "--pages", "2,4-9,12"] + layout, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "book.txt: warning: --pages 4-9,12: past the document's end; it has 5 pages\n")
        XCTAssertEqual(try pageCount(of: directory.appendingPathComponent("some.pdf")), 3)
        // A list of thousands is named by its first parts, on one short line.
        let many = (1 ... 5000).map(String.init).joined(separator: ",")
        let long = try typeset(["book.txt", "-o", "many.pdf", "--pages", many] + layout, in: directory)
        XCTAssertEqual(long.stderr, "book.txt: warning: --pages 6,7,8 and 4992 more parts: past the document's end; it has 5 pages\n")

        let strict = try typeset(["book.txt", "-o", "strict.pdf", "--pages", "2,9", "--strict"] + layout, in: directory)
        XCTAssertEqual(strict.status, 1, "a warning fails a --strict run: \(strict.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("strict.pdf").path))
    }

    func testASelectionOfNoPageIsAnErrorAndWritesNothing() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        try write("old", to: directory.appendingPathComponent("book-009.png"))
        for format in ["pdf", "png"] {
            let result = try typeset(["book.txt", "--format", format, "--pages", "6-8,10-"] + layout, in: directory)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("error: --pages 6-8,10- selects no page: the document has 5 pages; nothing was written"),
                          result.stderr)
            XCTAssertEqual(try contentsOfDirectory(directory).sorted(), ["book-009.png", "book.txt"],
                           "\(format): nothing written, nothing removed")
        }
    }

    func testAListThatCannotBeReadIsAUsageErrorNamingItsBadPart() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let cases: [(list: String, message: String)] = [
            ("0", "\"0\" in \"0\" names page 0; pages are numbered from 1"),
            ("1,5-3", "\"5-3\" in \"1,5-3\" runs backwards"),
            ("1,,2", "\"\" in \"1,,2\" is not a page number or range"),
            ("2-x", "\"2-x\" in \"2-x\" is not a page number or range"),
            ("-", "\"-\" in \"-\" is not a page number or range"),
            ("1-2-3", "\"1-2-3\" in \"1-2-3\" is not a page number or range"),
            ("", "\"\" in \"\" is not a page number or range"),
        ]
        for (list, message) in cases {
            let result = try typeset(["book.txt", "--pages", list], in: directory)
            XCTAssertEqual(result.status, 2, "--pages \(list): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--pages \(message); give page numbers from 1"), "--pages \(list): \(result.stderr)")
            XCTAssertEqual(try contentsOfDirectory(directory), ["book.txt"], "--pages \(list): nothing written")
        }
    }

    func testWatchTakesTheOptionAndChecksItFirst() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let result = try typeset(["watch", "book.txt", "--pages", "2,0"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--pages \"0\" in \"2,0\" names page 0"), result.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory), ["book.txt"])
    }

    func testCompareChecksWholeDocumentsAndRefusesPages() throws {
        let directory = try makeTemporaryDirectory()
        try writeChapters(in: directory)
        let result = try typeset(["compare", "--golden", "goldens", "--update", "book.txt", "--pages", "2"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--pages"), result.stderr)
    }
}
