import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// `<jump id>` and `<resume from>`: the rest of an article's file set where the story resumes,
/// read in the article's scope, each part's line naming the other's page as a link to it; and
/// every way a jump goes wrong, located in the file where its tag is.
final class StoryJumpMarkupTests: XCTestCase {
    private var directory: URL?

    private func parse(_ files: [String: String]) throws -> MarkupDocument {
        let directory = try makeFolder(files)
        self.directory = directory
        let parser = TestSupport.parser(baseDirectory: directory.path)
        let path = directory.appendingPathComponent("issue.txt").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return parser.parse(try MarkupSource(fileName: path, bytes: bytes))
    }

    private func paragraphs(_ document: MarkupDocument) -> [String] {
        document.text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func offset(of string: String, in document: MarkupDocument) -> Int {
        (document.text.string as NSString).range(of: string).location
    }

    /// Each message as `file:line:col: message`, files named from the test's folder.
    private func messages(_ document: MarkupDocument) -> [String] {
        let folder = (directory?.path ?? "") + "/"
        return document.diagnostics.map {
            "\($0.location?.file ?? "?"):\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)"
                .replacingOccurrences(of: folder, with: "")
        }
    }

    private static let issue = [
        "issue.txt": "Front.\n<include src=\"ice.txt\">\nMiddle.\n<resume from=\"ice-2\">\nBack.\n",
        "ice.txt": "<meta title=\"Ice\">\n<style name=\"deck\" size=\"14\"/>\nFirst part.\n<jump id=\"ice-2\">\n<p style=\"deck\">Second part.</p>\n",
    ]

    func testTheRestOfTheArticleIsSetWhereItResumesInTheArticlesScope() throws {
        let document = try parse(Self.issue)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(paragraphs(document), ["Front.", "First part.", "Continued on page 00", "Middle.",
                                              "Continued from page 00", "Second part.", "Back.", ""],
                       "the first setting prints a stand-in, as a <ref> does")
        let text = document.text
        XCTAssertEqual(text.attributes(at: offset(of: "Second", in: document)).attributes.fontSize, 14,
                       "the article's own style, defined before its jump, styles its resumed text")
        XCTAssertEqual(text.paragraphStyle(at: offset(of: "Continued from", in: document)).article?.title, "Ice",
                       "the resumed part is the article's: its pages' heads print its title")
        XCTAssertEqual(text.paragraphStyle(at: offset(of: "Back", in: document)).article, .issue)
        XCTAssertEqual(document.articles.map(\.title), ["Ice"], "one article, in two parts")

        // Each line is a link to the other part, its page a reference settled as <ref>'s are.
        XCTAssertEqual(text.attributes(at: offset(of: "Continued on", in: document)).attributes.link, "#resume ice-2")
        XCTAssertEqual(text.attributes(at: offset(of: "Continued from", in: document)).attributes.link, "#ice-2")
        XCTAssertEqual(document.referenceUses.map(\.id), ["resume ice-2", "ice-2"])
        let anchors = Dictionary(uniqueKeysWithValues: document.anchors.map { ($0.id, $0) })
        XCTAssertEqual(anchors["ice-2"]?.textOffset, offset(of: "Continued on", in: document))
        XCTAssertEqual(anchors["resume ice-2"]?.textOffset, offset(of: "Continued from", in: document))

        // The resumed text is located in the article's file, where it is written.
        let location = try XCTUnwrap(document.sourceMap.location(ofTextOffset: offset(of: "Second", in: document)))
        XCTAssertEqual([URL(fileURLWithPath: location.file).lastPathComponent, "\(location.line)"], ["ice.txt", "5"])
    }

    /// An article's own swatches are forgotten at its end, as its styles are, and in force
    /// again for the rest of its story, which is its text; the issue's text between does not have them.
    func testTheArticlesSwatchesColourTheRestOfItsStory() throws {
        let document = try parse([
            "issue.txt": "<include src=\"ice.txt\">\nMiddle.\n<resume from=\"ice-2\">\nBack.\n",
            "ice.txt": "<swatch name=\"frost\" cmyk=\"60 0 0 0\">\nFirst part.\n<jump id=\"ice-2\">\n<font color=\"frost\">Second part.</font>\n",
        ])
        XCTAssertEqual(document.diagnostics, [])
        let colour = document.text.attributes(at: offset(of: "Second", in: document)).attributes.color
        XCTAssertEqual(colour.printed, .cmyk(CMYK(cyan: 0.6, magenta: 0, yellow: 0, black: 0)), "\(colour)")

        let outside = try parse([
            "issue.txt": "<include src=\"ice.txt\">\n<font color=\"frost\">Middle.</font>\n<resume from=\"ice-2\">\n",
            "ice.txt": "<swatch name=\"frost\" cmyk=\"60 0 0 0\">\nFirst part.\n<jump id=\"ice-2\">\nSecond part.\n",
        ])
        XCTAssertTrue(messages(outside).contains { $0.hasPrefix("issue.txt:2:14:") && $0.contains("frost") }, "\(messages(outside))")
    }

    func testTheLinesPrintTheSettledPagesInTheirStyles() throws {
        let directory = try makeFolder(Self.issue)
        var parser = TestSupport.parser(baseDirectory: directory.path)
        parser.references = ReferenceValues(anchors: [], pages: ["ice-2": 2, "resume ice-2": 7])
        let path = directory.appendingPathComponent("issue.txt").path
        let document = parser.parse(try MarkupSource(fileName: path, bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))))
        XCTAssertEqual(paragraphs(document)[2], "Continued on page 7")
        XCTAssertEqual(paragraphs(document)[4], "Continued from page 2")
        let body = document.text.attributes(at: 0).attributes
        for line in ["Continued on", "Continued from"] {
            let attributes = document.text.attributes(at: offset(of: line, in: document)).attributes
            XCTAssertTrue(attributes.italic, line)
            XCTAssertEqual(attributes.fontSize, body.fontSize * 0.85, accuracy: 0.001, line)
        }
        XCTAssertEqual(document.text.paragraphStyle(at: offset(of: "Continued on", in: document)).alignment, .end)
        XCTAssertTrue(document.text.paragraphStyle(at: offset(of: "Continued on", in: document)).keepWithPrevious)
        XCTAssertTrue(document.text.paragraphStyle(at: offset(of: "Continued from", in: document)).keepWithNext)
    }

    func testTheWordingAndTheStylesAreTheDocuments() throws {
        var files = Self.issue
        files["issue.txt"] = "<meta jump-text=\"Suite page {page}\" resume-text=\"Suite de la page {page}\">\n"
            + "<style name=\"jump\" size=\"7\" align=\"left\"/>\n" + files["issue.txt"]!
        let document = try parse(files)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(paragraphs(document)[2], "Suite page 00")
        XCTAssertEqual(paragraphs(document)[4], "Suite de la page 00")
        XCTAssertEqual(document.text.attributes(at: offset(of: "Suite page", in: document)).attributes.fontSize, 7)
        XCTAssertEqual(document.text.paragraphStyle(at: offset(of: "Suite page", in: document)).alignment, .left)

        files["issue.txt"] = "<meta jump-text=\"Suite\">\n" + Self.issue["issue.txt"]!
        XCTAssertEqual(messages(try parse(files)),
                       ["issue.txt:1:18: jump-text prints the other part's page once, at {page}, e.g. \"Suite page {page}\", not \"Suite\""])
    }

    func testAStoryJumpsAgainFromItsResumedPart() throws {
        let document = try parse([
            "issue.txt": "<include src=\"ice.txt\">\nTwo.\n<resume from=\"a\">\nThree.\n<resume from=\"b\">\n",
            "ice.txt": "One.\n<jump id=\"a\">\nOne more.\n<jump id=\"b\">\nThe end.\n",
        ])
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(paragraphs(document), ["One.", "Continued on page 00", "Two.", "Continued from page 00", "One more.",
                                              "Continued on page 00", "Three.", "Continued from page 00", "The end.", ""])
    }

    /// A styling tag open at the jump (`<i>`, a link, a `<p style>`) goes on in the resumed part
    /// and closes there, without a word: the story is one text, its jump a place in the layout.
    func testATagOpenAtTheJumpGoesOnAtTheResume() throws {
        let document = try parse([
            "issue.txt": "<include src=\"ice.txt\">\nTwo.\n<resume from=\"a\">\nThree.\n",
            "ice.txt": "<style name=\"deck\" size=\"14\"/>\n<p style=\"deck\">One <i>and <a href=\"https://example.org\">the link\n"
                + "<jump id=\"a\">\ngoes on</a> in italic</i> and upright.</p>\nThe end.\n",
        ])
        XCTAssertEqual(messages(document), [])
        XCTAssertEqual(paragraphs(document), ["One and the link", "Continued on page 00", "Two.", "Continued from page 00",
                                              "goes on in italic and upright.", "The end.", "Three.", ""])
        let attributes = { (string: String) in document.text.attributes(at: self.offset(of: string, in: document)).attributes }
        XCTAssertEqual(["goes on", " in italic", " and upright", "The end", "Three"].map { attributes($0).italic },
                       [true, true, false, false, false])
        XCTAssertEqual(["the link", "goes on", " in italic"].map { attributes($0).link }, ["https://example.org", "https://example.org", nil])
        XCTAssertEqual(["goes on", "The end"].map { attributes($0).fontSize }, [14, 11], "</p> ends the deck in the resumed part")
    }

    /// The jump line and the resumed head are set in their own styles from the body's: a `<b>`
    /// or a `<p style>` the story has open at the jump styles the story's text, not its lines.
    func testTheLinesTakeTheirOwnStyleWhateverTheStoryHasOpen() throws {
        let document = try parse([
            "issue.txt": "<include src=\"ice.txt\">\nTwo.\n<resume from=\"a\">\n",
            "ice.txt": "<style name=\"deck\" size=\"14\" indent=\"20\"/>\n<p style=\"deck\">One <b>bold\n<jump id=\"a\">\ngoes on</b> upright.</p>\n",
        ])
        XCTAssertEqual(messages(document), [])
        let at = { (string: String) in self.offset(of: string, in: document) }
        for line in ["Continued on", "Continued from"] {
            let attributes = document.text.attributes(at: at(line)).attributes
            XCTAssertEqual(attributes.fontWeight, 400, line)
            XCTAssertEqual(attributes.fontSize, 11 * 0.85, accuracy: 0.001, line)
            XCTAssertEqual(document.text.paragraphStyle(at: at(line)).firstLineIndent, 0, line)
        }
        XCTAssertEqual(document.text.attributes(at: at("goes on")).attributes.fontWeight, 700, "the story's text is still bold")
        XCTAssertEqual(document.text.attributes(at: at("goes on")).attributes.fontSize, 14)
    }

    func testASectionOpenAtTheJumpGoesOnAtTheResume() throws {
        let document = try parse([
            "issue.txt": "<include src=\"ice.txt\">\nMiddle.\n<resume from=\"x\">\nBack.\n",
            "ice.txt": "<section columns=\"2\" column-rule=\"0.5 black\">\nOne.\n<jump id=\"x\">\nTwo.\n</section>\nAfter.\n",
        ])
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(paragraphs(document), ["One.", "Continued on page 00", "Middle.", "Continued from page 00", "Two.", "After.",
                                              "Back.", ""])
        let section = { (text: String) in document.text.paragraphStyle(at: self.offset(of: text, in: document)).section }
        XCTAssertEqual(section("Continued on")?.number, 1, "the jump line ends the section")
        XCTAssertNil(section("Middle."))
        XCTAssertEqual(section("Continued from")?.number, 2, "a section of its own, so that the pages never take the two for one")
        XCTAssertEqual(section("Two.")?.columns, 2)
        XCTAssertEqual(section("Two.")?.columnRule, section("One.")?.columnRule)
        XCTAssertNil(section("After."), "the rest's </section> closes it")
        XCTAssertEqual(document.sections.map(\.style.number), [1, 2])
    }

    func testAJumpInADocumentTypesetAloneGoesOnInPlace() throws {
        let document = try parse(["issue.txt": "One.\n<jump id=\"x\">\nTwo.\n"])
        XCTAssertEqual(messages(document), ["issue.txt:2:1: <jump> ignored: only an article the issue includes (<include>) jumps to its "
                                            + "<resume>; here the story goes on in place"])
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(paragraphs(document), ["One.", "Two.", ""])
    }

    func testEachMistakeIsLocatedWhereItsTagIs() throws {
        let cases: [(files: [String: String], expected: [String])] = [
            (["issue.txt": "<include src=\"ice.txt\">\n<resume from=\"ice-3\">\n", "ice.txt": "One.\n<jump id=\"ice-2\">\nTwo.\n"],
             // In the order the issue is read: the article's jump, then the issue's resume after it.
             ["ice.txt:2:1: the story that jumps at \"ice-2\" is never resumed: write <resume from=\"ice-2\"> later in the issue, where it goes on",
              "issue.txt:2:15: <resume> of an unknown jump \"ice-3\" (did you mean 'ice-2'?)"]),
            (["issue.txt": "<resume from=\"ice-2\">\n<include src=\"ice.txt\">\n<resume from=\"ice-2\">\n",
              "ice.txt": "One.\n<jump id=\"ice-2\">\nTwo.\n"],
             ["issue.txt:1:15: <resume from=\"ice-2\"> comes before its <jump> (at ice.txt:2): a story goes on later in the issue than where it jumps"]),
            (["issue.txt": "<include src=\"ice.txt\">\n<resume from=\"x\">\n<resume from=\"x\">\n", "ice.txt": "One.\n<jump id=\"x\">\nTwo.\n"],
             ["issue.txt:3:15: the story that jumps at \"x\" is resumed already at issue.txt:2; a story goes on in one place"]),
            (["issue.txt": "<include src=\"a.txt\">\n<include src=\"b.txt\">\n<resume from=\"x\">\n",
              "a.txt": "One.\n<jump id=\"x\">\nTwo.\n", "b.txt": "Three.\n<jump  id=\"x\">\nFour.\n"],
             ["b.txt:2:12: id \"x\" is given twice: first at a.txt:2; an id names one element"]),
            (["issue.txt": "<include src=\"ice.txt\">\n", "ice.txt": "One.<footnote>A note <jump id=\"x\"></footnote>\n<table><tr><td><resume from=\"x\"></td></tr></table>\n<jump>\n"],
             ["ice.txt:1:22: <jump> cannot be inside a <footnote>: a story jumps and resumes in the columns, between paragraphs",
              "ice.txt:2:16: <resume> cannot be inside a <table>: a story jumps and resumes in the columns, between paragraphs",
              "ice.txt:3:1: <jump> needs the id of its story, e.g. <jump id=\"ice-2\">"]),
        ]
        for (files, expected) in cases {
            let document = try parse(files)
            XCTAssertEqual(messages(document).filter { !$0.contains("warning") }, expected.map { $0 }, "\(files)")
            XCTAssertTrue(document.diagnostics.allSatisfy { $0.severity == .error }, "\(document.diagnostics)")
        }
    }

    /// A designer's issue put its `<resume>` inside a `<section>`, and was told first that the
    /// story "is never resumed" (at the jump, in the article) and then why: the one mistake
    /// twice. A resume refused where it stands, or written before its jump, is the mistake; the
    /// jump it names is not reported again.
    func testAResumeRefusedWhereItStandsIsTheOneMistakeReported() throws {
        let cases: [(files: [String: String], expected: [String])] = [
            (["issue.txt": "<include src=\"ice.txt\">\n<section columns=\"2\">\n<resume from=\"ice-2\">\n</section>\n",
              "ice.txt": "One.\n<jump id=\"ice-2\">\nTwo.\n"],
             ["issue.txt:3:1: <resume> cannot be inside a <section> (its own sections would nest): a story jumps and resumes in the columns, between paragraphs"]),
            (["issue.txt": "<resume from=\"ice-2\">\n<include src=\"ice.txt\">\n", "ice.txt": "One.\n<jump id=\"ice-2\">\nTwo.\n"],
             ["issue.txt:1:15: <resume from=\"ice-2\"> comes before its <jump> (at ice.txt:2): a story goes on later in the issue than where it jumps"]),
        ]
        for (files, expected) in cases {
            let document = try parse(files)
            XCTAssertEqual(messages(document).filter { !$0.contains("warning") }, expected, "\(files)")
        }
    }
}
