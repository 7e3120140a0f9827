import Foundation
import Pages
import Render
import Text
import TypesetKit
import XCTest

/// A story that jumps from page 2 to page 7 laid out: its jump line on page 2 says page 7, the
/// resumed part's head on page 7 says page 2, and in the PDF each line is a link to the other's page.
final class StoryJumpPagesTests: XCTestCase {
    private func issue() throws -> URL {
        let filler = (3 ... 6).map { "<pagebreak>\nPage \($0) of the issue.\n" }.joined()
        let directory = try makeFolder([
            "issue.txt": "The issue opens.\n<pagebreak>\n<include src=\"ice.txt\">\n" + filler
                + "<pagebreak>\nThe end of another story.\n<resume from=\"ice-2\">\n",
            "ice.txt": "<meta title=\"Ice\">\nThe shelf broke in March.\n<jump id=\"ice-2\">\nBy April the bay was open water.\n",
        ])
        return directory.appendingPathComponent("issue.txt")
    }

    private func options() -> TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        return options
    }

    /// Each page's text, its lines joined by " / ".
    private func pageTexts(of document: PreparedDocument) -> [String] {
        let string = document.text.string as NSString
        return document.pages().map { page in
            page.frames.flatMap(\.lines).map { line in
                string.substring(with: NSRange(location: line.stringRange.lowerBound, length: line.stringRange.count))
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }.joined(separator: " / ")
        }
    }

    func testTheJumpLinesNameTheOtherPartsPages() throws {
        let document = try Typesetter(options: options()).prepare(fileAt: try issue().path)
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }, [])
        let pages = pageTexts(of: document)
        XCTAssertEqual(pages.count, 7)
        XCTAssertEqual(pages[1], "The shelf broke in March. / Continued on page 7")
        XCTAssertEqual(pages[6], "The end of another story. / Continued from page 2 / By April the bay was open water.")
        XCTAssertEqual(document.pages().map { $0.article?.title }[6], nil, "the page's text starts in the issue's own")
    }

    /// A designer's issue: a feature named "Features" jumps, the eels article's section is
    /// "Nature", and the feature's resumed part printed "Nature" in its foot, though its title
    /// was its own. It goes on under the name its own article had in force.
    func testAResumedStoryGoesOnUnderItsOwnSectionsName() throws {
        let directory = try makeFolder([
            "issue.txt": "<meta footer=\"{section}|{page}\">\n<include src=\"a.txt\">\n<pagebreak>\n<include src=\"b.txt\">\n"
                + "<pagebreak>\n<resume from=\"a2\">\n<pagebreak>\n<include src=\"c.txt\">\n",
            "a.txt": "<meta title=\"Fen\">\n<section columns=\"1\" name=\"Features\">\nStory A head.\n</section>\n<section>\n"
                + "Story A starts here.\n<jump id=\"a2\">\nStory A goes on here.\n</section>\n",
            "b.txt": "<meta title=\"Eels\">\n<section name=\"Nature\">\nStory B.\n</section>\n",
            "c.txt": "<meta title=\"Letters\">\nAn article that names no section of its own.\n",
        ])
        let document = try Typesetter(options: options()).prepare(fileAt: directory.appendingPathComponent("issue.txt").path)
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }, [])
        let pages = document.pages()
        XCTAssertEqual(pages.map { $0.article?.title }, ["Fen", "Eels", "Fen", "Letters"])
        XCTAssertEqual(pages.map(\.section), ["Features", "Nature", "Features", "Features"],
                       "the resumed part under its own article's name, which holds after it")
    }

    func testEachLineIsALinkToTheOtherPartsPage() throws {
        let directory = try makeTemporaryDirectory()
        let output = directory.appendingPathComponent("issue.pdf").path
        _ = try Typesetter(options: options()).typeset(inputPath: try issue().path, outputPath: output)
        let tagged = try TaggedPDF(pdfAt: output)
        XCTAssertEqual(tagged.elements("Link").map { tagged.text(of: $0) }, ["Continued on page 7", "Continued from page 2"],
                       "each whole line is a link, tagged as a reference's is")

        let tree = try PDFObjectTree(pdfAt: output)
        let pageReferences = try XCTUnwrap(tree.array(tree.dictionary(tree.catalog["/Pages"])?["/Kids"]) as? [String])
        let links = pageReferences.indices.map { index in
            (tree.array(tree.dictionary(pageReferences[index])?["/Annots"]) ?? []).compactMap { tree.dictionary($0) }.map {
                "page \(index + 1): \(PDFObjectTree.text($0["/Contents"]) ?? "") to page "
                    + "\((tree.array($0["/Dest"])?.first as? String).flatMap { pageReferences.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)"
            }
        }.joined()
        XCTAssertEqual(Array(links), ["page 2: page 7 to page 7", "page 7: page 2 to page 2"], "each line a link to the other's page")
    }
}
