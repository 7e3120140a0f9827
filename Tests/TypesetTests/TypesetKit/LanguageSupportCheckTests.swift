import Diagnostics
import Markup
import Text
import TypesetKit
import XCTest

/// A `lang` typeset cannot hyphenate is warned of once, at its first character: a tester's
/// `lang="tlh"` text came out unhyphenated without a word. Languages written without hyphens,
/// and those with patterns, are not.
final class LanguageSupportCheckTests: XCTestCase {
    private func languageWarnings(_ markup: String, language: String? = nil) throws -> [Diagnostic] {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.language = language
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: "/")
        return document.diagnostics.filter { $0.message.contains("lang \"") }
    }

    func testALanguageWithoutPatternsIsWarnedOnceAtItsFirstCharacter() throws {
        let markup = """
            English <font lang="de">Deutsch</font> <font lang="ja">日本語</font>.
            <p lang="tlh">tlhIngan Hol</p>
            <font lang="tlh">again</font> and <font lang="xx">nothing</font>.
            <p lang="sw" hyphenate="off">Kiswahili, not hyphenated anyway.</p>

            """
        let warnings = try languageWarnings(markup)
        XCTAssertEqual(warnings.map(\.severity), [.warning, .warning], "\(warnings)")
        XCTAssertEqual(warnings.map { $0.location.map { [$0.line, $0.column] } }, [[2, 15], [3, 51]])
        XCTAssertTrue(warnings[0].message.hasPrefix("no hyphenation patterns for lang \"tlh\" (no hyph_tlh.dic among "), warnings[0].message)
        XCTAssertTrue(warnings[0].message.hasSuffix("): its text is set without hyphenation"), warnings[0].message)
        XCTAssertTrue(warnings[1].message.hasPrefix("lang \"xx\" names a language typeset knows nothing of"), warnings[1].message)
    }

    /// `--lang` gives the whole text its language: the warning is at the text's first character.
    func testTheCommandLinesLanguageIsWarnedAtTheTextsStart() throws {
        let warnings = try languageWarnings("<meta title=\"T\">\nQapla'.\n", language: "tlh")
        XCTAssertEqual(warnings.map { $0.location.map { [$0.line, $0.column] } }, [[2, 1]], "\(warnings)")
        XCTAssertEqual(try languageWarnings("Plain English.\n"), [])
    }
}
