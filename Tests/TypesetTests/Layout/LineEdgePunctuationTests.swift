import Foundation
import Layout
import Markup
import Text
import XCTest

/// No line starts with a closing quotation mark or a dash that closes a phrase, and in French no
/// guillemet or high mark stands alone at a line's start or end, over a sweep of measures; the
/// narrow spaces French takes are in the PDF's text.
final class LineEdgePunctuationTests: FramesetterTestCase {
    private static let english = """
        He said \u{201C}she would come\u{201D} \u{2014} and she did \u{2014} but nobody knew why\u{2014}or when\u{2014}she left; \
        \u{2018}never\u{2019}, said the night editor \u{2013} twice \u{2013} before the \u{201C}zombie \u{201D} issue went to press, \
        and the letters page filled with \u{201C}Why?\u{201D} and \u{201C}When?\u{201D} from readers who had waited \u{2014}, \
        as readers do \u{2014} all winter.
        """
    private static let french = """
        <p lang="fr">Le rédacteur a dit: «Envoyez vos lettres!» Pourquoi pas? La rubrique des lettres \
        répondra; « comme toujours » ajoute-t-il: «les lecteurs ont raison!» Et l’hiver? «Il passera»; \
        voyez https://revue.example.fr/abonnement?numero=15 ou écrivez à redaction@revue.example.fr!</p>
        """

    private func lines(_ markup: String, width: Double) throws -> [String] {
        let document = TestSupport.parse(markup)
        let frame = try framesetter(for: document).frame(in: Container(rect: Rect(x: 0, y: 0, width: width, height: 4000)), from: 0)
        let units = document.text.storage
        return frame.lines.map { String(decoding: units[$0.stringRange], as: UTF16.self) }
    }

    func testNoLineStartsWithAClosingQuotationMarkOrDash() throws {
        var dashesEndingLines = 0
        for width in stride(from: 60.0, through: 260, by: 2) {
            let set = try lines(Self.english, width: width)
            for (index, line) in set.enumerated() where index > 0 {
                let scalars = Array(line.unicodeScalars), before = set[index - 1].unicodeScalars.last!
                XCTAssertFalse("\u{201D}\u{2019}\u{BB}\u{203A}".unicodeScalars.contains(scalars[0]), "at \(width) pt: \(set)")
                // A dash starts a line only between two words, opening a pair (`why|—or when—she`).
                if "\u{2014}\u{2013}".unicodeScalars.contains(scalars[0]) {
                    XCTAssertTrue(before.properties.isAlphabetic && scalars[1].properties.isAlphabetic, "at \(width) pt: \(set)")
                    XCTAssertFalse(line.hasPrefix("\u{2014}she"), "the pair's second dash closes: \(set)")
                }
            }
            dashesEndingLines += set.filter { $0.trimmingCharacters(in: .whitespaces).hasSuffix("\u{2014}") }.count
        }
        XCTAssertGreaterThan(dashesEndingLines, 20, "the dashes end lines instead")
    }

    func testAFrenchGuillemetOrMarkIsNeverAloneAtALineEdge() throws {
        // From 7 em: narrower, a word wider than the line is cut anywhere.
        for width in stride(from: 78.0, through: 260, by: 2) {
            let set = try lines(Self.french, width: width)
            for line in set {
                let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
                XCTAssertFalse(trimmed.hasSuffix("\u{AB}"), "at \(width) pt a line ends with «: \(set)")
                XCTAssertFalse(trimmed.hasPrefix("\u{BB}") || trimmed.hasPrefix("!") || trimmed.hasPrefix("?")
                               || trimmed.hasPrefix(";") || trimmed.hasPrefix(":") || trimmed.hasPrefix("\u{202F}"),
                               "at \(width) pt: \(set)")
            }
            XCTAssertTrue(set.joined().contains("abonnement?numero=15"), "the URL keeps its marks bare")
        }
    }

    func testEnglishGetsNoNarrowSpaces() throws {
        let english = Self.french.replacingOccurrences(of: "lang=\"fr\"", with: "lang=\"en\"")
        XCTAssertFalse(TestSupport.parse(english).text.string.contains("\u{202F}"))
        XCTAssertEqual(TestSupport.parse(Self.french).text.string.filter { $0 == "\u{202F}" }.count, 17)
    }

    func testTheDocumentedExampleIsSetWithItsSpacesAndWholeAddresses() throws {
        let (report, pdf) = try typesetToPDF(MarkupExample.named("addresses-and-french-spacing").markup)
        XCTAssertEqual(report.pageCount, 1)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-raw", pdf, "-"]))
        let joined = TestSupport.joiningLinesBrokenInsideWords(text)
        for expected in ["dit\u{202F}:", "«\u{202F}Écrivez-nous\u{202F}!\u{202F}»", "pas\u{202F}?", "https://revue.example.fr/abonnement?numero=15",
                         "redaction@revue.example.fr\u{202F};", "subscriptions@zombie-monthly.example.com"] {
            XCTAssertTrue(joined.contains(expected), "\(expected) in \(text)")
        }
        for line in text.split(separator: "\n") {
            XCTAssertFalse(line.hasPrefix("\u{2014}") || line.hasPrefix("\u{201D}") || line.hasPrefix("\u{BB}"), "\(line)")
        }
    }

    func testTheNarrowSpacesAreInThePDFText() throws {
        let (_, pdf) = try typesetToPDF(Self.french)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-raw", pdf, "-"]))
        // poppler gives the narrow spaces back: each is written with the mark after it in one
        // ActualText span (`SpaceCharacters`), where poppler keeps it.
        for spaced in ["dit\u{202F}:", "«\u{202F}Envoyez", "lettres\u{202F}!\u{202F}»", "pas\u{202F}?", "répondra\u{202F};"] {
            XCTAssertTrue(text.contains(spaced), "\(spaced) in \(text)")
        }
        XCTAssertTrue(TestSupport.joiningLinesBrokenInsideWords(text).contains("https://revue.example.fr/abonnement?numero=15"), text)
        // The PDF maps the space's glyph to U+202F itself.
        let directory = try makeTemporaryDirectory()
        let expanded = directory.appendingPathComponent("expanded.pdf").path
        XCTAssertNotNil(TestSupport.runTool("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", pdf, expanded]))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: expanded))
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).lowercased().contains("<202f>"), "a glyph maps to U+202F")
    }
}
