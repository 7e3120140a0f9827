import Diagnostics
import Layout
import Pages
import TypesetKit
import XCTest

/// A display word wider than its column ("Bürgerversammlung" in a 40 pt headline in a third of
/// A4): a warning at the word, and the word hyphenated rather than cut with no hyphen.
final class DisplayWordCheckTests: XCTestCase {
    private let markup = """
    <section columns="3">
    <p lang="de" style="headline"><font size="40">Die Bürgerversammlung tagt</font></p>
    Der Text darunter ist gewöhnlicher Text.
    </section>
    """

    private func warnings(_ document: PreparedDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("display word") }
    }

    func testAWordWiderThanItsColumnIsWarnedAboutAtTheWord() throws {
        let (document, _) = try SectionTesting.layOut(markup)
        let found = warnings(document)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.message.contains("\"Bürgerversammlung\" is wider than its column") == true, "\(found)")
        XCTAssertEqual(found.first?.location, SourceLocation(file: "doc.txt", line: 2, column: 51), "at the word")
    }

    func testTheWordIsHyphenatedNotCut() throws {
        let (document, pages) = try SectionTesting.layOut(markup)
        let word = try XCTUnwrap(document.text.string.range(of: "Bürgerversammlung"))
        let start = document.text.string.utf16.distance(from: document.text.string.startIndex, to: word.lowerBound)
        let lines = pages.flatMap(\.frames).flatMap(\.lines).filter {
            $0.stringRange.upperBound > start && $0.stringRange.upperBound < start + 17
        }
        XCTAssertFalse(lines.isEmpty, "the word is broken")
        for line in lines {
            XCTAssertTrue(line.runs.contains { $0.clusters.contains(GlyphRun.generatedHyphen) },
                          "a line that ends inside the word ends with a hyphen: \(document.text.substring(line.stringRange))")
        }
    }

    func testAWordThatFitsAndBodyTextGiveNoWarning() throws {
        let (document, _) = try SectionTesting.layOut("""
        <section columns="3">
        <p style="headline">Die Versammlung tagt</p>
        Bürgerversammlungsprotokollführerinnen in body text are hyphenated as usual.
        </section>
        """)
        XCTAssertEqual(warnings(document), [])
    }
}
