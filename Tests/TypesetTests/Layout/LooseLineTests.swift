import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// Loose and over-shrunk lines in narrow and irregular measures (issue 33, bug 9): a list
/// item's lines are set as the line breaker rated them, as body text's are, and a line beside
/// a contour that would be spaced out is set flush instead (NarrowLines).
final class LooseLineTests: XCTestCase {
    private static let steps = [
        "Rinse the lentils twice in cold water and pick out any small stones you find among them.",
        "Soften the onion, carrot and celery in the oil over a low flame until they turn golden at the edges.",
        "Add the lentils, the stock and the bay leaves. Simmer for twenty-five minutes, stirring now and then so that nothing catches on the bottom of the pot.",
        "Season with salt, pepper and a squeeze of lemon, and serve with bread that is at least a day old.",
    ]

    /// The words of each justified line and its spaces, in four columns of A4.
    private func setting(_ markup: String) throws -> [(words: String, spaces: WordSpaces.Extremes)] {
        let (document, pages) = try SectionTesting.layOut("<section columns=\"4\">\n" + markup + "</section>\n")
        SectionTesting.checkProperties(of: document, pages: pages)
        let units = Array(document.text.string.utf16)
        return WordSpaces.justifiedLines(of: pages, text: document.text).map { line, spaces in
            let words = String(decoding: units[line.stringRange], as: UTF16.self).split { $0 == " " || $0 == "\t" }
            return (words.filter { !$0.hasSuffix(".") || $0.count > 2 }.joined(separator: " "), spaces)
        }
    }

    /// A recipe's steps as justified numbered items break and space as the same text set as
    /// paragraphs indented as far. Before, a list item's letters and glyphs did not give
    /// though the breaker counted on them, so its spaces took it all: "Add the lentils, the"
    /// with spaces shrunk to half their width, lines below stretched to six times theirs.
    func testListItemsAreSetAsBodyTextIs() throws {
        let items = try setting(Self.steps.map { "<p align=\"justify\"><li type=\"number\">\($0)\n" }.joined())
        let paragraphs = try setting(Self.steps.map { "<p align=\"justify\" head-indent=\"18\">\($0)\n" }.joined())
        XCTAssertEqual(items.map(\.words), paragraphs.map(\.words), "the same breaks")
        for (item, paragraph) in zip(items, paragraphs) {
            XCTAssertEqual(item.spaces.widest, paragraph.spaces.widest, accuracy: 0.01, item.words)
            XCTAssertEqual(item.spaces.narrowest, paragraph.spaces.narrowest, accuracy: 0.01, item.words)
            XCTAssertGreaterThanOrEqual(item.spaces.narrowest, 0.8 - 0.01, "no space shrinks past its minimum: \(item.words)")
        }
    }

    /// Justified text round a cat cut out of its picture (a contour wrap): no line beside it is
    /// spaced out; before, "A cat has sat in the" was pulled to the outline at three times its
    /// spaces' width.
    func testLinesBesideAContourAreNotSpacedOut() throws {
        let markup = """
        <section columns="2">
        <p align="justify"><img src="chelsea.png" width="110" float="left" wrap="contour" alt="A cat">A cat has sat in the window of the café since it opened, and nobody remembers where she came from. She takes her breakfast from the cook, her lunch from the postman and her supper from whoever is closing up, and in between she sleeps on the warm end of the counter, where the coffee machine is.</p>
        </section>
        """
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies").path
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder)
        SectionTesting.checkProperties(of: document, pages: pages)
        let lines = WordSpaces.justifiedLines(of: pages, text: document.text)
        XCTAssertGreaterThan(lines.count, 5)
        let units = Array(document.text.string.utf16)
        for (line, spaces) in lines {
            // Past their maximum (133 %) by their own width again, and what letters may add.
            XCTAssertLessThan(spaces.widest, 2.5, String(decoding: units[line.stringRange], as: UTF16.self))
        }
    }
}
