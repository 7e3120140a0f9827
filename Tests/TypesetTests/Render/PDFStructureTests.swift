import Foundation
import Layout
import Pages
import Render
import TypesetKit
import XCTest

/// The PDF as other programs read it: qpdf finds nothing wrong, every font is embedded and
/// subset, the bookmarks follow the headlines, links are annotations over their text, and
/// pdftotext gives back the words.
final class PDFStructureTests: XCTestCase {
    private static let qpdf = "/usr/bin/qpdf"
    private static let pdffonts = "/usr/bin/pdffonts"
    private static let pdftotext = "/usr/bin/pdftotext"

    private func requireTools(_ tools: String...) throws {
        for tool in tools where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed")
        }
    }

    /// Whether `qpdf --check` passes without errors or warnings (its exit status is 0 only then).
    private func assertCleanPDF(_ pdf: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(PDFCheck.problems(inPDFAt: pdf), name, file: file, line: line)
    }

    /// The fonts `pdffonts` lists that are not both embedded and subset.
    private func fontsNotEmbeddedAndSubset(_ pdf: String) throws -> [String] {
        let listing = try XCTUnwrap(TestSupport.runTool(Self.pdffonts, [pdf]))
        // name type encoding emb sub uni object generation, the type possibly in two words.
        return listing.split(separator: "\n").dropFirst(2).compactMap { row in
            let fields = row.split(separator: " ")
            guard fields.count >= 7 else { return String(row) }
            let embedded = fields[fields.count - 5] == "yes", subset = fields[fields.count - 4] == "yes"
            // A Type 3 font (the invisible face under colour emoji) is drawing procedures in the
            // PDF itself, holding only the glyphs used: it has no subset to name.
            let isType3 = fields.contains("3") && fields.contains("Type")
            return embedded && (subset || isType3) ? nil : String(row)
        }
    }

    // MARK: Every fixture

    func testEveryGoldenFixtureIsACleanPDFWithItsFontsEmbeddedAndSubset() throws {
        try requireTools(Self.qpdf, Self.pdffonts)
        let fixtures = TestSupport.repositoryRoot.appendingPathComponent("Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted().filter {
            FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("\($0)/\($0).txt").path)
        }
        XCTAssertGreaterThanOrEqual(names.count, 10)
        let directory = try makeTemporaryDirectory()
        for name in names {
            var options = TypesetOptions()
            options.fontsDirectory = TestSupport.fontsDirectory
            if name == "running-heads" {   // as GoldenPageTests sets it: facing pages
                options.page.margins = Margins.facing(margin: options.page.margins.top)
                options.page.facing = true
            }
            let pdf = directory.appendingPathComponent("\(name).pdf").path
            _ = try Typesetter(options: options).typeset(inputPath: fixtures.appendingPathComponent("\(name)/\(name).txt").path,
                                                         outputPath: pdf)
            assertCleanPDF(pdf, name)
            XCTAssertEqual(try fontsNotEmbeddedAndSubset(pdf), [], name)
        }
    }

    // MARK: Bookmarks

    private struct Bookmark: Equatable {
        var title: String
        var page: Int
        /// The destination's top, in points from the top of the page.
        var top: Double
        var kids: [Bookmark]
    }

    private func bookmarks(_ pdf: String, pageHeight: Double) throws -> [Bookmark] {
        let json = try XCTUnwrap(TestSupport.runTool(Self.qpdf, ["--json=2", "--json-key=outlines", pdf]))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        func read(_ items: Any?) -> [Bookmark] {
            (items as? [[String: Any]] ?? []).map { item in
                let destination = item["dest"] as? [Any] ?? []
                let y = destination.count > 3 ? (destination[3] as? NSNumber)?.doubleValue ?? 0 : 0
                return Bookmark(title: item["title"] as? String ?? "", page: item["destpageposfrom1"] as? Int ?? 0,
                                top: pageHeight - y, kids: read(item["kids"]))
            }
        }
        return read(root["outlines"])
    }

    func testHeadlinesAreBookmarksWithTheirSubheadlinesNestedUnderThem() throws {
        try requireTools(Self.qpdf)
        let (_, pdf) = try typesetToPDF("""
        <p style="subheadline">Before any headline</p>
        <p style="headline">The Café That&shy;Never Closes</p>
        At the end of Mill Lane there is a small café.
        <p style="subheadline">Opening   hours<br>and prices</p>
        It never closes.
        <pagebreak>
        <p style="headline">Night Shift</p>
        <p style="subheadline">Who works it</p>
        <p style="body">The Captain.
        """)
        assertCleanPDF(pdf, "bookmarks")
        let outline = try bookmarks(pdf, pageHeight: PageTemplate.a4.height)
        XCTAssertEqual(outline.map(\.title), ["Before any headline", "The Café ThatNever Closes", "Night Shift"],
                       "soft hyphens left out, in the order of the text")
        XCTAssertEqual(outline.map(\.page), [1, 1, 2])
        XCTAssertEqual(outline.map { $0.kids.map(\.title) }, [[], ["Opening hours and prices"], ["Who works it"]],
                       "white space and line breaks made one space")
        XCTAssertEqual(outline[1].kids[0].page, 1)
        XCTAssertEqual(outline[2].kids[0].page, 2)
        // Each opens at the top of its first line: the first at the top margin, the others below it in turn.
        let margin = PageTemplate().margins.top
        XCTAssertEqual(outline[0].top, margin, accuracy: 1)
        XCTAssertGreaterThan(outline[1].top, outline[0].top + 10)
        XCTAssertGreaterThan(outline[1].kids[0].top, outline[1].top + 10)
        XCTAssertEqual(outline[2].top, margin, accuracy: 1)
        XCTAssertEqual(outline.flatMap(\.kids).flatMap(\.kids), [])
    }

    /// An issue's article (`<include>`) is one bookmark, its `<meta>` title at its first page,
    /// its headings under it, and one `Art` element holding its paragraphs, notes and boxes; an
    /// article included by another nests in both; one without a title has an `Art` and no
    /// bookmark; the issue's own text after them is the document's again.
    func testAnArticleIsOneBookmarkAndOneArtElement() throws {
        try requireTools(Self.qpdf)
        let directory = try makeFolder([
            "issue.txt": "<meta title=\"The Almanac\">\n<p style=\"headline\">Contents</p>\nThe issue's own text.\n"
                + "<include src=\"a/a.txt\">\n<include src=\"b/b.txt\">\n<p style=\"subheadline\">Letters</p>\nThe issue again.\n",
            "a/a.txt": "<meta title=\"The Eel   Year\">\n<pagebreak>\n<p style=\"headline\">Eels</p>\n"
                + "The eels came.<footnote>In the spring.</footnote>\n<aside>An aside.</aside>\n"
                + "<include src=\"letter.txt\">\nThe eels again.\n",
            "a/letter.txt": "<meta title=\"A Letter\">\n<p style=\"subheadline\">Dear editor</p>\nA letter.\n",
            "b/b.txt": "<pagebreak>\n<p style=\"headline\">Salt</p>\nThe salt.\n",
        ])
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let pdf = directory.appendingPathComponent("issue.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("issue.txt").path, outputPath: pdf)
        assertCleanPDF(pdf, "issue")

        let outline = try bookmarks(pdf, pageHeight: PageTemplate.a4.height)
        XCTAssertEqual(outline.map(\.title), ["Contents", "The Eel Year", "Salt", "Letters"])
        XCTAssertEqual(outline.map(\.page), [1, 2, 3, 3])
        let eels = outline[1]
        XCTAssertEqual(eels.top, PageTemplate().margins.top, accuracy: 1, "at the article's first line")
        XCTAssertEqual(eels.kids.map(\.title), ["Eels", "A Letter"])
        XCTAssertEqual(eels.kids[1].kids.map(\.title), ["Dear editor"])
        XCTAssertEqual([outline[0], outline[2], outline[3]].flatMap(\.kids), [])

        let tagged = try TaggedPDF(pdfAt: pdf)
        let roles = { (element: TaggedPDF.Element?) in
            element?.kids.compactMap { kid -> String? in if case .element(let child) = kid { return child.role } else { return nil } } ?? []
        }
        XCTAssertEqual(roles(tagged.root), ["H1", "P", "Art", "Art", "H2", "P"])
        let articles = tagged.elements("Art")
        XCTAssertEqual(articles.map { $0.string("/T") }, ["The Eel Year", "A Letter", nil])
        XCTAssertEqual(roles(articles[0]), ["H1", "P", "Note", "Aside", "Art", "P"])
        XCTAssertEqual(roles(articles[1]), ["H2", "P"])
        XCTAssertEqual(roles(articles[2]), ["H1", "P"])
        XCTAssertEqual(tagged.text(of: articles[2]).filter { !$0.isWhitespace }, "SaltThesalt.")
    }

    /// A story that jumps (`<jump>` … `<resume>`) is read as one story: its resumed part, set
    /// after another article and the issue's own text, is read in the structure tree straight
    /// after its jump line, inside the article's one `Art` element, twice over when it jumps
    /// again; a heading in a resumed part is a bookmark under the article's one bookmark. Each
    /// page's content stays in the order it is set in (a reader without the tags reads the page).
    func testAJumpedStoryIsReadAsOneStoryInItsArticle() throws {
        try requireTools(Self.qpdf)
        let directory = try makeFolder([
            "issue.txt": "<meta title=\"The Almanac\">\nThe issue opens.\n<include src=\"ice.txt\">\n<include src=\"salt.txt\">\n"
                + "The issue's own text.\n<resume from=\"ice-2\">\nThe issue again.\n<pagebreak>\n<resume from=\"ice-3\">\n",
            "ice.txt": "<meta title=\"Ice\">\n<p style=\"headline\">Ice</p>\nThe shelf broke in March.\n<jump id=\"ice-2\">\n"
                + "<p style=\"subheadline\">Open water</p>\nBy April the bay was open.\n<jump id=\"ice-3\">\nThe seals came back.\n",
            "salt.txt": "<meta title=\"Salt\">\n<pagebreak>\n<p style=\"headline\">Salt</p>\nThe pans.\n",
        ])
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pdfStandards = [.ua1]
        let pdf = directory.appendingPathComponent("issue.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("issue.txt").path, outputPath: pdf)
        PDFCheck.assertClean(pdfAt: pdf)

        let tagged = try TaggedPDF(pdfAt: pdf)
        let roles = { (element: TaggedPDF.Element?) in
            element?.kids.compactMap { kid -> String? in if case .element(let child) = kid { return child.role } else { return nil } } ?? []
        }
        XCTAssertEqual(roles(tagged.root), ["P", "Art", "Art", "P", "P"], "one Art an article")
        let ice = try XCTUnwrap(tagged.elements("Art").first)
        XCTAssertEqual(ice.string("/T"), "Ice")
        XCTAssertEqual(ice.kids.compactMap { kid -> String? in
            guard case .element(let paragraph) = kid else { return nil }
            return tagged.text(of: paragraph).trimmingCharacters(in: .whitespacesAndNewlines)
        }, ["Ice", "The shelf broke in March.", "Continued on page 2", "Continued from page 1", "Open water",
            "By April the bay was open.", "Continued on page 3", "Continued from page 2", "The seals came back."])
        let page2 = tagged.markedText[1].keys.sorted().map { tagged.markedText[1][$0]! }.joined().filter { !$0.isWhitespace }
        XCTAssertTrue(page2.hasPrefix("SaltThepans.Theissue'sowntext.Continuedfrompage1"),
                      "page 2's content in the order it is set in: \(page2)")

        let outline = try bookmarks(pdf, pageHeight: PageTemplate.a4.height)
        XCTAssertEqual(outline.map(\.title), ["Ice", "Salt"])
        XCTAssertEqual(outline[0].kids.map(\.title), ["Ice", "Open water"])
        XCTAssertEqual(outline[0].kids.map(\.page), [1, 2])
    }

    func testAHeadlineOverTwoPagesIsOneShortenedBookmarkWhereItStarts() throws {
        try requireTools(Self.qpdf)
        let words = Array(repeating: "Brains", count: 500).joined(separator: " ")
        let (report, pdf) = try typesetToPDF("Body first.\n<p style=\"headline\">\(words)</p>\nBody.")
        XCTAssertGreaterThanOrEqual(report.pageCount, 2, "the headline runs over a page")
        let outline = try bookmarks(pdf, pageHeight: PageTemplate.a4.height)
        XCTAssertEqual(outline.count, 1)
        XCTAssertEqual(outline.first?.page, 1)
        let title = try XCTUnwrap(outline.first?.title)
        XCTAssertTrue(title.hasSuffix("Brains…"), title)
        XCTAssertLessThanOrEqual(title.count, 121)
        let (_, plain) = try typesetToPDF("No headline here.")
        XCTAssertEqual(try bookmarks(plain, pageHeight: 0), [])
    }

    // MARK: Links

    private struct Annotation {
        var uri: String
        /// PDF coordinates: origin at the bottom left.
        var rect: (x0: Double, y0: Double, x1: Double, y1: Double)
    }

    /// The link annotations of `page` (from 1), read with `qpdf --json`.
    private func linkAnnotations(_ pdf: String, page: Int = 1) throws -> [Annotation] {
        let json = try XCTUnwrap(TestSupport.runTool(Self.qpdf, ["--json=2", pdf]))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let objects = try XCTUnwrap(((root["qpdf"] as? [Any])?[1]) as? [String: Any])
        func value(_ reference: String) -> [String: Any] {
            (objects["obj:" + reference] as? [String: Any])?["value"] as? [String: Any] ?? [:]
        }
        let pages = try XCTUnwrap(root["pages"] as? [[String: Any]])
        let pageObject = value(try XCTUnwrap(pages[page - 1]["object"] as? String))
        return (pageObject["/Annots"] as? [String] ?? []).map { reference in
            let annotation = value(reference)
            let action = annotation["/A"] as? [String: Any] ?? [:]
            var uri = action["/URI"] as? String ?? ""
            if uri.hasPrefix("u:") { uri.removeFirst(2) }   // qpdf's mark for a string written as text
            let numbers = (annotation["/Rect"] as? [NSNumber] ?? []).map(\.doubleValue)
            return Annotation(uri: uri, rect: numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : (0, 0, 0, 0))
        }
    }

    /// Words of page 1 with their boxes (top-left origin), from `pdftotext -bbox`.
    private func wordBoxes(_ pdf: String) throws -> [(word: String, x: Double, y: Double)] {
        let html = try XCTUnwrap(TestSupport.runTool(Self.pdftotext, ["-bbox", "-f", "1", "-l", "1", pdf, "-"]))
        let pattern = try NSRegularExpression(pattern: #"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let number = { (group: Int) in Double(html[Range(match.range(at: group), in: html)!])! }
            return (String(html[Range(match.range(at: 5), in: html)!]), (number(1) + number(3)) / 2, (number(2) + number(4)) / 2)
        }
    }

    func testALinkIsAnAnnotationOverEachLineItsTextCovers() throws {
        try requireTools(Self.qpdf, Self.pdftotext)
        let (_, pdf) = try typesetToPDF("""
        <p align="left">Unlinked text comes first, followed by <a href="https://example.com/zombies">several linked words that run over the end of this line and on</a> into unlinked text again.
        Write to <a href="mailto:editor@example.com">the editor</a>.
        """)
        assertCleanPDF(pdf, "links")
        let annotations = try linkAnnotations(pdf)
        let web = annotations.filter { $0.uri == "https://example.com/zombies" }
        XCTAssertGreaterThanOrEqual(web.count, 2, "one annotation on each line the link covers")
        XCTAssertEqual(annotations.filter { $0.uri == "mailto:editor@example.com" }.count, 1)
        for (piece, next) in zip(web, web.dropFirst()) {
            XCTAssertGreaterThan(piece.rect.y0, next.rect.y1 - 1, "each piece on the line below the one before")
        }
        let height = PageTemplate.a4.height
        func covered(_ box: (word: String, x: Double, y: Double)) -> Bool {
            annotations.contains { $0.rect.x0 <= box.x && box.x <= $0.rect.x1 && $0.rect.y0 <= height - box.y && height - box.y <= $0.rect.y1 }
        }
        let boxes = try wordBoxes(pdf)
        let linked = Set("several linked words that run over the end of this line and on the editor".split(separator: " ").map(String.init))
        XCTAssertFalse(boxes.isEmpty)
        for box in boxes {
            let word = box.word.trimmingCharacters(in: .punctuationCharacters)
            XCTAssertEqual(covered(box), linked.contains(word), "\(box.word) at \(box.x), \(box.y)")
        }
    }

    func testManyLinksOnOneLongParagraphEachGetTheirOwnAnnotationOverTheirWord() throws {
        try requireTools(Self.qpdf, Self.pdftotext)
        let count = 600
        let (_, pdf) = try typesetToPDF((0 ..< count).map { #"<a href="https://example.com/\#($0)">w\#($0)</a>"# }
            .joined(separator: " "))
        assertCleanPDF(pdf, "many links")
        let annotations = try linkAnnotations(pdf)
        let boxes = try wordBoxes(pdf)
        XCTAssertGreaterThan(boxes.count, 100)
        // One annotation for each word of the page, over that word and no other.
        XCTAssertEqual(annotations.count, boxes.count)
        let height = PageTemplate.a4.height
        for box in boxes {
            let over = annotations.filter {
                $0.rect.x0 <= box.x && box.x <= $0.rect.x1 && $0.rect.y0 <= height - box.y && height - box.y <= $0.rect.y1
            }
            XCTAssertEqual(over.map(\.uri), ["https://example.com/" + box.word.dropFirst()], "\(box.word)")
        }
    }

    func testALinkAddressIsMadeSafeASCIIForThePDF() throws {
        try requireTools(Self.qpdf)
        let (_, pdf) = try typesetToPDF(#"<a href="https://example.com/caf&#xE9;/a(b)\c'd">An awkward address</a>"#)
        assertCleanPDF(pdf, "awkward address")
        XCTAssertEqual(try linkAnnotations(pdf).map(\.uri), ["https://example.com/caf%C3%A9/a%28b%29%5Cc'd"])
    }

    func testLinksDoNotChangeHowTheTextLooks() throws {
        let markup = "Plain words, then <a href=\"https://example.com\">linked words</a> and more."
        func firstPage(_ markup: String) throws -> RasterImage {
            let directory = try makeTemporaryDirectory()
            let input = directory.appendingPathComponent("doc.txt")
            try write(markup, to: input)
            var options = TypesetOptions()
            options.fontsDirectory = TestSupport.fontsDirectory
            let document = try Typesetter(options: options).prepare(fileAt: input.path)
            var pages = document.pages()
            return try DocumentWriter(text: document.text).rasterize(try XCTUnwrap(pages.next()), dpi: 72)
        }
        let linked = try firstPage(markup)
        let plain = try firstPage(markup.replacingOccurrences(of: "<a href=\"https://example.com\">", with: "")
            .replacingOccurrences(of: "</a>", with: ""))
        XCTAssertEqual(linked.rgba, plain.rgba)
    }

    // MARK: Text extraction

    /// Words broken by hyphenation (a hyphen the text does not have), by a soft hyphen, and
    /// set as ligatures all come back from pdftotext: a hyphen added at a line end reads as a
    /// soft hyphen (issue 35), never as a "-" the text does not have, and the lines it ends are
    /// rejoined there.
    func testHyphenatedAndLigaturedWordsExtractAsTheirWords() throws {
        try requireTools(Self.pdftotext)
        let text = "The office staff find five fish in the effluent; extraordinarily, communication "
            + "infrastructure difficulties notwithstanding, the incomprehensibly bureaucratic "
            + "administration characteristically misunderstands news&shy;paper head&shy;lines, "
            + "unquestionably overflowing with affirmations."
        let (_, pdf) = try typesetToPDF("<section columns=\"4\">\n<p align=\"justify\" hyphenate=\"true\">\(text)\n</section>")
        // -raw: the text in the order it is drawn, without pdftotext's own guesses at columns.
        let extracted = try XCTUnwrap(TestSupport.runTool(Self.pdftotext, ["-raw", pdf, "-"]))
        XCTAssertTrue(extracted.contains("\u{AD}\n"), "the test needs a hyphenated line end: \(extracted)")
        XCTAssertFalse(extracted.contains("-"), "no hyphen the text does not have")
        let rejoined = extracted.replacingOccurrences(of: "\u{AD}\n", with: "")
        let expected = text.replacingOccurrences(of: "&shy;", with: "")
        XCTAssertEqual(rejoined.split(whereSeparator: \.isWhitespace), expected.split(separator: " "), extracted)
    }
}
