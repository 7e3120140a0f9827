import Diagnostics
import Foundation
@testable import Markup
import Text
import XCTest

/// `<include src>`: an article's text set in place, located in its own file, read as it is
/// alone (its pictures and sheets beside it, its declarations for its own text), the issue's
/// definitions winning; and every way an include goes wrong, located.
final class IncludeMarkupTests: XCTestCase {
    private func parse(_ name: String, in directory: URL, root: String? = nil,
                       maximumIncludes: Int = MarkupParser.maximumIncludes) throws -> MarkupDocument {
        var parser = TestSupport.parser(baseDirectory: directory.appendingPathComponent(name).deletingLastPathComponent().path)
        parser.imageRoot = root
        parser.maximumIncludes = maximumIncludes
        let path = directory.appendingPathComponent(name).path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return parser.parse(try MarkupSource(fileName: path, bytes: bytes))
    }

    private func paragraphs(_ document: MarkupDocument) -> [String] {
        document.text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testAnArticleIsSetInPlaceAndItsMetaIsTheArticles() throws {
        let directory = try makeFolder([
            "issue.txt": "<meta title=\"The Almanac\">\nBefore.\n<include src=\"articles/ice.txt\">\nAfter.\n",
            "articles/ice.txt": "<meta title=\"Ice\" author=\"Ada\" subject=\"Shelves\">\nThe shelf broke.\nThe bay opened.\n",
        ])
        let document = try parse("issue.txt", in: directory)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(paragraphs(document), ["Before.", "The shelf broke.", "The bay opened.", "After.", ""])
        XCTAssertEqual(document.meta.title, "The Almanac", "the issue's own title stays the document's")
        let text = document.text
        XCTAssertNil(text.paragraphStyle(at: 0).article)
        XCTAssertEqual(text.paragraphStyle(at: 8).article, Article(number: 1, title: "Ice", author: "Ada", subject: "Shelves"))
        XCTAssertNil(text.paragraphStyle(at: 25).article, "only the article's first paragraph starts it")
        XCTAssertEqual(text.paragraphStyle(at: 41).article, .issue, "the issue's text after it is the issue's again")
        XCTAssertEqual(document.includedFiles.count, 1)
        XCTAssertTrue(document.includedFiles[0].hasPrefix("/") && document.includedFiles[0].hasSuffix("/articles/ice.txt"), "\(document.includedFiles)")
    }

    private func locations(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\(URL(fileURLWithPath: $0.location!.file).lastPathComponent):\($0.location!.line):\($0.location!.column)" }
    }

    func testAMessageInAnArticleNamesItsFileAndLine() throws {
        let directory = try makeFolder([
            "issue.txt": "Before.\n<include src=\"articles/ice.txt\">\nAfter <blink>.\n",
            "articles/ice.txt": "The shelf broke.\nThe <blonk>bay opened.\n",
        ])
        let document = try parse("issue.txt", in: directory)
        XCTAssertEqual(locations(document.diagnostics), ["ice.txt:2:5", "issue.txt:3:7"], "\(document.diagnostics)")
        XCTAssertTrue(document.diagnostics[0].location!.file.hasSuffix("articles/ice.txt"))
        XCTAssertEqual(document.diagnostics[0].sourceLine, "The <blonk>bay opened.")
        // The source map locates the article's text in its file too (a missing glyph's message).
        let offset = (document.text.string as NSString).range(of: "bay").location
        let location = try XCTUnwrap(document.sourceMap.location(ofTextOffset: offset))
        XCTAssertTrue(location.file.hasSuffix("articles/ice.txt"))
        XCTAssertEqual([location.line, location.column], [2, 12])
    }

    /// A message in an included file says where the file was included, each level of an
    /// include in an include, the innermost first, as a compiler's "included from" notes: the
    /// article's line alone did not say which of an issue's includes of it went wrong.
    func testAMessageInAnIncludedFileSaysWhereItWasIncluded() throws {
        let directory = try makeFolder([
            "issue.txt": "Before.\n  <include src=\"z/zeta.txt\">\n<blink>\n",
            "z/zeta.txt": "Zeta.\n<include src=\"b.txt\">\n",
            "z/b.txt": "B.\n<blonk>\n",
        ])
        let document = try parse("issue.txt", in: directory)
        XCTAssertEqual(locations(document.diagnostics), ["b.txt:2:1", "issue.txt:3:1"], "\(document.diagnostics)")
        let inner = document.diagnostics[0]
        XCTAssertEqual(locations(inner.notes), ["zeta.txt:2:1", "issue.txt:2:3"])
        XCTAssertEqual(inner.notes.map(\.severity), [.note, .note])
        let lines = inner.description.split(separator: "\n").map(String.init)
        guard lines.count == 5 else { return XCTFail(inner.description) }
        XCTAssertTrue(lines[3].hasPrefix("note: included from ") && lines[3].hasSuffix("z/zeta.txt:2:1"), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("note: included from ") && lines[4].hasSuffix("issue.txt:2:3"), lines[4])
        XCTAssertEqual(document.diagnostics[1].notes, [], "the issue's own message has no note")
    }

    /// Messages come in the order the issue reads, each article's where it is included (after
    /// the issue's before the tag, before the issue's after it, an article's sheet's where the
    /// article imports it), whatever the files' names; each keeps its own file, line and column.
    func testMessagesComeInTheOrderTheIssueIsRead() throws {
        let directory = try makeFolder([
            "m-issue.txt": "<blink>Text.\n<include src=\"z/zeta.txt\">\n<blank>\n<include src=\"a/alpha.txt\">\n<blunk>\n",
            "z/zeta.txt": "<blonk>\n<include src=\"b.txt\">\n<blenk>\n",
            "z/b.txt": "<blyk>\n",
            "a/alpha.txt": "<import src=\"alpha.tss\">\n<bleek>\n",
            "a/alpha.tss": "<style name=\"x\" sise=\"9\"/>\n",
        ])
        let document = try parse("m-issue.txt", in: directory)
        let expected = ["m-issue.txt:1:1", "zeta.txt:1:1", "b.txt:1:1", "zeta.txt:3:1", "m-issue.txt:3:1", "alpha.tss:1:17", "alpha.txt:2:1",
                        "m-issue.txt:5:1"]
        XCTAssertEqual(locations(document.diagnostics), expected, "\(document.diagnostics)")
        // And so after the later passes, which sort the parse's messages with their own.
        XCTAssertEqual(locations(document.diagnostics.reversed().sortedBySource()), expected)
    }

    /// An article's swatches are its own, as its styles are: the next article may declare one of
    /// the same name with other inks, and one the issue declared keeps the issue's inks, with
    /// a warning at the article's.
    func testAnArticlesSwatchesLastForItsOwnTextAndTheIssuesWin() throws {
        let directory = try makeFolder([
            "issue.txt": "<swatch name=\"ink\" cmyk=\"0 100 100 0\">\n<include src=\"a.txt\">\n<include src=\"b.txt\">\n"
                + "<font color=\"accent\">Issue.</font>\n",
            "a.txt": "<swatch name=\"accent\" gray=\"50\">\n<swatch name=\"ink\" cmyk=\"100 0 0 0\">\n"
                + "<font color=\"accent\">Grey.</font> <font color=\"ink\">Red.</font>\n",
            "b.txt": "<swatch name=\"accent\" cmyk=\"0 0 100 0\">\n<font color=\"accent\">Yellow.</font>\n",
        ])
        let document = try parse("issue.txt", in: directory)
        let warnings = document.diagnostics.filter { $0.severity == .warning }, errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(warnings.count, 1, "\(document.diagnostics)")
        XCTAssertTrue(warnings[0].message.hasPrefix("swatch \"ink\" is ignored: the including document defines it at "), warnings[0].message)
        XCTAssertTrue(warnings[0].location!.file.hasSuffix("a.txt") && warnings[0].location!.line == 2, "\(warnings[0])")
        XCTAssertEqual(errors.count, 1, "\(document.diagnostics)")
        XCTAssertTrue(errors[0].location!.file.hasSuffix("issue.txt") && errors[0].location!.line == 4, "accent is the articles', not the issue's: \(errors[0])")

        let text = document.text.string as NSString
        let ink = { (word: String) in document.text.attributes(at: text.range(of: word).location).attributes.color.printed }
        XCTAssertEqual(ink("Grey"), .gray(0.5))
        XCTAssertEqual(ink("Red"), .cmyk(CMYK(cyan: 0, magenta: 1, yellow: 1, black: 0)), "the issue's inks")
        XCTAssertEqual(ink("Yellow"), .cmyk(CMYK(cyan: 0, magenta: 0, yellow: 1, black: 0)), "the second article's own accent")
    }

    /// A block an article leaves open ends with the article, with a warning at its tag, as it
    /// ends with the document when the article is set alone: the issue's next include, and
    /// the next article's own section, are not inside it.
    func testBlocksAnArticleLeavesOpenEndWithIt() throws {
        let directory = try makeFolder([
            "issue.txt": "<include src=\"a.txt\">\n<include src=\"b.txt\">\nAfter.\n",
            "a.txt": "<section columns=\"2\">\n<keep>\n<aside>\n<p>Boxed.\n<a href=\"https://example.org\">Linked.\n",
            "b.txt": "<section columns=\"3\">\nThree.\n</section>\n",
        ])
        let document = try parse("issue.txt", in: directory)
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "<section> is never closed; it ends with the article", "<keep> is never closed; it ends with the article",
            "<aside> is never closed; it ends with the article", "<a> is never closed; the link runs to the end of the article",
        ])
        XCTAssertEqual(locations(document.diagnostics), ["a.txt:1:1", "a.txt:2:1", "a.txt:3:1", "a.txt:5:1"])
        let text = document.text.string as NSString
        let style = { (word: String) in document.text.paragraphStyle(at: text.range(of: word).location) }
        XCTAssertEqual(style("Boxed").section?.columns, 2)
        XCTAssertNotNil(style("Boxed").box)
        XCTAssertEqual(style("Three").section?.columns, 3)
        XCTAssertNil(style("Three").box)
        XCTAssertNil(style("Three").keepBlock)
        XCTAssertNil(style("After").section)
        XCTAssertNil(document.text.attributes(at: text.range(of: "Three").location).attributes.link)
        XCTAssertEqual(document.sections.count, 2)

        let alone = try parse("a.txt", in: directory)
        XCTAssertEqual(alone.diagnostics.map(\.message), [
            "<section> is never closed; it ends with the document", "<keep> is never closed; it ends with the document",
            "<aside> is never closed; it ends with the document", "<a> is never closed; the link runs to the end of the document",
        ])
    }

    func testAnArticlesPicturesAndSheetsAreFoundBesideItAndInsideTheRoot() throws {
        let directory = try makeFolder([
            "issue.txt": "<include src=\"articles/ice/ice.txt\">\n",
            "articles/ice/ice.txt": "<import src=\"ice.tss\">\n<p style=\"deck\">The shelf.</p>\n<img src=\"shelf.png\" alt=\"The shelf\">\n",
            "articles/ice/ice.tss": "<style name=\"deck\" size=\"14\"/>\n",
            "escape.txt": "<include src=\"../outside.txt\">\n",
        ])
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: directory.appendingPathComponent("articles/ice/shelf.png").path)
        try "Outside.\n".write(to: directory.deletingLastPathComponent().appendingPathComponent("outside.txt"), atomically: true, encoding: .utf8)
        let document = try parse("issue.txt", in: directory)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.text.attachments.map { URL(fileURLWithPath: $0.image.path).lastPathComponent }, ["shelf.png"])
        XCTAssertEqual(document.text.attributes(at: 0).attributes.fontSize, 14, "the article's sheet styles its text")
        XCTAssertEqual(document.styleSheets.map { URL(fileURLWithPath: $0).lastPathComponent }, ["ice.tss"])

        let escape = try parse("escape.txt", in: directory)
        XCTAssertEqual(escape.diagnostics.count, 1)
        XCTAssertTrue(escape.diagnostics[0].message.contains("included file \"../outside.txt\" is outside the folder"), "\(escape.diagnostics)")
        XCTAssertEqual(escape.diagnostics[0].location?.column, 15)
    }

    func testTheIssuesDefinitionsWinAndAnArticlesOwnLastOnlyForItsText() throws {
        let directory = try makeFolder([
            "issue.txt": "<style name=\"deck\" size=\"14\"/>\n<include src=\"a.txt\">\n<p style=\"deck\">Deck.</p>\n<p style=\"aside\">After.</p>\n",
            "a.txt": "<style name=\"deck\" size=\"20\"/>\n<style name=\"aside\" size=\"7\"/>\n<rule pattern=\"After\" color=\"red\"/>\n"
                + "<p style=\"deck\">Deck.</p>\n<p style=\"aside\">Aside. After</p>\n",
        ])
        let document = try parse("issue.txt", in: directory)
        let warnings = document.diagnostics.filter { $0.severity == .warning }
        XCTAssertEqual(warnings.count, 1, "\(document.diagnostics)")
        XCTAssertTrue(warnings[0].message.contains("style \"deck\" is ignored: the including document defines it at"), warnings[0].message)
        XCTAssertTrue(warnings[0].message.contains("issue.txt:1"), warnings[0].message)
        XCTAssertEqual(warnings[0].location?.line, 1)
        XCTAssertTrue(warnings[0].location!.file.hasSuffix("a.txt"))
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "the article's own style is not the issue's: \(errors)")
        XCTAssertTrue(errors[0].message.contains("unknown style \"aside\""), errors[0].message)

        let text = document.text.string as NSString
        let size = { (word: String, from: Int) in document.text.attributes(at: text.range(of: word, range: NSRange(location: from, length: text.length - from)).location).attributes }
        XCTAssertEqual(size("Deck", 0).fontSize, 14, "the issue's deck")
        XCTAssertEqual(size("Aside", 0).fontSize, 7, "the article's own style, in its text")
        XCTAssertEqual(size("After", 0).color, Color(red: 1, green: 0, blue: 0), "the article's rule, in its text")
        let issueAfter = text.range(of: "After.", options: .backwards).location
        XCTAssertNotEqual(size("After", issueAfter).color, Color(red: 1, green: 0, blue: 0), "not in the issue's")
    }

    func testADuplicateIdAcrossArticlesIsAnErrorNamingTheFirst() throws {
        let directory = try makeFolder([
            "issue.txt": "<include src=\"a/a.txt\">\n<include src=\"b/b.txt\">\n",
            "a/a.txt": "<p id=\"map\">The map.</p>\n",
            "b/b.txt": "Text.\n<p id=\"map\">Another map.</p>\n",
        ])
        let document = try parse("issue.txt", in: directory)
        XCTAssertEqual(document.diagnostics.count, 1, "\(document.diagnostics)")
        let error = document.diagnostics[0]
        XCTAssertTrue(error.location!.file.hasSuffix("b/b.txt"))
        XCTAssertEqual(error.location?.line, 2)
        XCTAssertTrue(error.message.contains("first at ") && error.message.contains("a/a.txt:1"), error.message)
    }

    func testAMissingIncludeACycleAndOneInATableOrAFigureAreLocatedErrors() throws {
        let directory = try makeFolder([
            "missing.txt": "Text.\n<include src=\"nowhere.txt\">\n",
            "a.txt": "A.\n<include src=\"b.txt\">\n",
            "b.txt": "B.\n<include src=\"a.txt\">\n",
            "sheet.txt": "<include src=\"c.txt\">\n",
            "c.txt": "<import src=\"sheet.txt\">\nC.\n",
            "table.txt": "<table><tr><td><include src=\"b.txt\"></td></tr></table>\n",
            "figure.txt": "<figure><include src=\"b.txt\"></figure>\n",
            "bare.txt": "<include>\n",
        ])
        func only(_ name: String) throws -> Diagnostic {
            let document = try parse(name, in: directory)
            let errors = document.diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.count, 1, "\(name): \(document.diagnostics)")
            return try XCTUnwrap(errors.first)
        }
        let missing = try only("missing.txt")
        XCTAssertTrue(missing.message.hasPrefix("included file \"nowhere.txt\" not found"), missing.message)
        XCTAssertEqual([missing.location!.line, missing.location!.column], [2, 15])

        let cycle = try only("a.txt")
        XCTAssertTrue(cycle.message.hasPrefix("include cycle: "), cycle.message)
        XCTAssertTrue(cycle.message.contains("a.txt → ") && cycle.message.contains("b.txt → ") , cycle.message)
        XCTAssertTrue(cycle.location!.file.hasSuffix("b.txt"), "at the include that closes it")

        let imported = try only("sheet.txt")
        XCTAssertTrue(imported.message.hasPrefix("import cycle: "), imported.message)

        XCTAssertEqual(try only("table.txt").message, "<include> cannot be inside a <table>; end the table first")
        let figure = try only("figure.txt")
        XCTAssertTrue(figure.message.hasPrefix("<include> cannot be inside a <figure>: "), figure.message)
        XCTAssertTrue(figure.message.contains("between paragraphs"), "says what is allowed: \(figure.message)")
        XCTAssertTrue(try only("bare.txt").message.hasPrefix("<include> needs a src attribute"))
    }

    /// A file that cannot be read says why and nothing more: the issue's limit of characters
    /// is said only when the file is too long for it. A link that leads round to itself is
    /// said to be a loop, not a file not found with itself as the name meant.
    func testAnUnreadableIncludeOrALoopOfLinksSaysJustWhy() throws {
        let directory = try makeFolder([
            "folder.txt": "<include src=\"sub\">\n",
            "loop.txt": "<include src=\"loop1\">\n",
        ])
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop1").path, withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop2").path, withDestinationPath: "loop1")
        let folder = try parse("folder.txt", in: directory).diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(folder.count, 1, "\(folder)")
        XCTAssertTrue(folder.first?.message.hasSuffix("/sub: it is a folder, not a regular file") ?? false, "\(folder)")
        let loop = try parse("loop.txt", in: directory).diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(loop.count, 1, "\(loop)")
        XCTAssertTrue(loop.first?.message.hasPrefix("included file \"loop1\" is a loop of symbolic links (") ?? false, "\(loop)")
    }

    /// A chain of includes deeper than files nest stops with a located error, not a crash.
    func testAHugeChainOfIncludesIsBounded() throws {
        var files: [String: String] = [:]
        for level in 0 ..< 200 { files["f\(level).txt"] = "Level \(level).\n<include src=\"f\(level + 1).txt\">\n" }
        files["f200.txt"] = "The end.\n"
        let directory = try makeFolder(files)
        let document = try parse("f0.txt", in: directory)
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(document.diagnostics.prefix(3))")
        XCTAssertTrue(errors[0].message.contains("nest 16 deep at most"), errors[0].message)
        XCTAssertTrue(errors[0].location!.file.hasSuffix("f15.txt"), "\(errors[0])")
    }

    /// Each file including the next twice reads 2ⁿ files from n: 31 such files of 50 bytes took
    /// minutes, bounded only by the 32 MB a document holds. The includes read, counted each
    /// time, stop at the parser's limit with one error, the tags after it skipped. (The limit
    /// is lowered here; it is 25,000.)
    func testIncludesThatDoubleAtEachLevelStopAtTheLimit() throws {
        var files: [String: String] = [:]
        for level in 0 ..< 12 { files["d\(level).txt"] = "<include src=\"d\(level + 1).txt\">\n<include src=\"d\(level + 1).txt\">\n" }
        files["d12.txt"] = "Leaf.\n"
        let directory = try makeFolder(files)
        let document = try parse("d0.txt", in: directory, maximumIncludes: 100)
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(document.diagnostics.prefix(3))")
        XCTAssertTrue(errors.first?.message.hasPrefix("an issue reads 100 <include>s at most") == true, "\(errors)")
        let leaves = document.text.string.components(separatedBy: "Leaf.").count - 1
        XCTAssertGreaterThan(leaves, 0)
        XCTAssertLessThan(leaves, 100, "4,096 leaves below, read until the limit")
    }

    /// The issue's offset space grows in place, an article at a time: only the article is
    /// copied, so that an issue of n includes is read in time linear in its length (the
    /// `includes` kind of docs/scaling.md), and every file is still located in its own lines.
    func testTheSpaceGrowsInPlaceAndLocatesEachFile() throws {
        var space = MarkupSource(fileName: "issue.txt", text: String(repeating: "Issue line.\n", count: 100))
        let article = MarkupSource(fileName: "a.txt", text: "Article.\nIts second line.\n")
        let first = space.append(article, includedAt: 12)
        let storage = space.units.withUnsafeBytes { bytes, _ in bytes.baseAddress }
        let second = space.append(article, includedAt: 24)
        XCTAssertEqual(space.units.withUnsafeBytes { bytes, _ in bytes.baseAddress }, storage, "appended in place, not copied")
        XCTAssertEqual(second, first + article.units.count + 1)
        XCTAssertEqual(space.location(of: second + 10).description, "a.txt:2:2")
        XCTAssertEqual(space.location(of: 30).description, "issue.txt:3:7")
        XCTAssertTrue(space.location(of: first + 3).readingOrder! < space.location(of: 24).readingOrder!, "read at its include")
    }

    /// Nested includes grow the space in place too: an issue of n articles, each including a
    /// note of its own, is read in time linear in n. Each scanner reads its own file's units
    /// (`ScannedFile`); one holding the space made its article's include copy all that was read
    /// so far, n times over (3.1 times a doubling before, on a debug build). The articles are
    /// comments of many lines, cheap to scan and dear to copy (each line a line start), so that
    /// a few hundred show the copies.
    func testNestedIncludesAreReadInTimeLinearInTheirNumber() throws {
        let article = "<!--" + String(repeating: "\n", count: 4_000) + "-->\nThe shelf broke.\n<include src=\"note.txt\">\n"
        var times: [Double] = []
        for count in [60, 120, 240] {
            let directory = try makeFolder([
                "issue.txt": String(repeating: "<include src=\"article.txt\">\n", count: count),
                "article.txt": article,
                "note.txt": "A note.\n",
            ])
            var paragraphs = 0
            times.append(ThreadCPUTime.least(of: 2) {
                paragraphs = (try? parse("issue.txt", in: directory))?.text.string.filter { $0 == "\n" }.count ?? 0
            })
            XCTAssertEqual(paragraphs, count * 2, "each article's paragraph and its note's")
        }
        let perDoubling = (times[2] / times[0]).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "times \(times)")
    }

    func testAPageBreakTakesAParity() throws {
        let document = TestSupport.parse("First.\n<pagebreak parity=\"odd\">\nSecond.\n<pagebreak parity=\"left\">\nThird.\n")
        XCTAssertEqual(document.text.paragraphStyle(at: 7).pageParity, .odd)
        XCTAssertEqual(document.text.paragraphStyle(at: 7).breakBefore, .page)
        XCTAssertTrue(document.diagnostics.contains { $0.message.contains("parity must be odd or even, not \"left\"") }, "\(document.diagnostics)")
        XCTAssertNil(document.text.paragraphStyle(at: 15).pageParity)
    }
}
