import Diagnostics
import Markup
import Text
import XCTest

/// `<p lang>`, the language of whole paragraphs, checked by the rule `--lang` shares
/// (`LanguageTag`); and `--text-scale`, which multiplies every size, the body's included.
final class ParagraphLanguageAndScaleTests: XCTestCase {
    private func parse(_ markup: String, textScale: Double = 1) -> MarkupDocument {
        MarkupParser(defaults: MarkupDefaults(attributes: TestSupport.defaultAttributes(size: 10), textScale: textScale), baseDirectory: "/")
            .parse(MarkupSource(fileName: "t.txt", text: markup))
    }

    func testTheDocumentedExampleSetsAFrenchParagraphAndReturnsToTheDocumentsLanguage() {
        let document = MarkupExample.named("paragraph-lang").parse()
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.attributes(of: "Le zombie ne frappe").language, "fr")
        XCTAssertEqual(document.attributes(of: "Back to English").language, "en")
    }

    func testParagraphLangCombinesWithAStyleAndTheTagsLangWins() {
        let document = parse("<p style=\"headline\" lang=\"de-CH\">Strasse\n</p>after\n")
        XCTAssertEqual(document.diagnostics, [])
        let heading = document.attributes(of: "Strasse")
        XCTAssertEqual(heading.language, "de-CH")
        XCTAssertEqual(heading.fontWeight, 700, "the named style still applies")
        XCTAssertEqual(document.attributes(of: "after").language, "en")
        // A <font lang> inside the paragraph still wins for its words.
        let nested = parse("<p lang=\"fr\">un <font lang=\"de\">Wort</font> ici\n")
        XCTAssertEqual(nested.attributes(of: "Wort").language, "de")
        XCTAssertEqual(nested.attributes(of: " ici").language, "fr")
    }

    func testAMalformedParagraphLangIsAnErrorAtItsValueWithTheSharedWording() {
        let document = parse("<p lang=\"xx-invalid-!!\">words\n")
        XCTAssertEqual(document.diagnostics.count, 1, "\(document.diagnostics)")
        XCTAssertEqual(document.diagnostics.first?.severity, .error)
        XCTAssertEqual(document.diagnostics.first?.message, "lang must be \(LanguageTag.expectation), not \"xx-invalid-!!\"")
        XCTAssertEqual(document.diagnostics.first?.location?.column, 10)
        XCTAssertEqual(document.attributes(of: "words").language, "en", "the language in force is kept")
    }

    /// A tag written as a locale (`en_US`, as POSIX and Java write it) names the tag it means.
    func testALangWrittenAsALocaleNamesTheTagItMeans() {
        let document = parse("<p lang=\"en_US\">words</p> <font lang=\"de_CH_x\">x</font>\n")
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "lang must be \(LanguageTag.expectation), not \"en_US\" (did you mean 'en-US'?)",
            "lang must be \(LanguageTag.expectation), not \"de_CH_x\" (did you mean 'de-CH-x'?)",
        ])
    }

    func testTheSharedRuleForLanguageTags() {
        for good in ["en", "en-GB", "de-CH-1996", "zh-Hant", "sr-Latn-RS", "tlh"] { XCTAssertTrue(LanguageTag.isValid(good), good) }
        for bad in ["", "e", "xx-invalid-!!", "en_GB", "en-", "-en", "toolonglang", "en-toolongsubtag", "ça", "klingon", "engl-GB"] {
            XCTAssertFalse(LanguageTag.isValid(bad), bad)
        }
    }

    /// A language written as its name (a tester's `lang="klingon"`, accepted silently as a tag
    /// of 2 to 8 letters) is an error that names the code, as Typst refuses a language that is
    /// not a two- or three-letter code.
    func testALanguagesNameIsAnErrorThatNamesItsCode() {
        let document = parse("<font lang=\"klingon\">Qapla'</font> <font lang=\"German\">x</font> <font lang=\"elvish\">y</font>\n")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.error, .error, .error])
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "lang must be \(LanguageTag.expectation), not \"klingon\" (did you mean 'tlh'?)",
            "lang must be \(LanguageTag.expectation), not \"German\" (did you mean 'de'?)",
            "lang must be \(LanguageTag.expectation), not \"elvish\" (its language, \"elvish\", is a name, not a code: "
                + "a language code has two or three letters)",
        ])
    }

    func testTextScaleMultipliesEverySizeTheBodysIncluded() {
        let markup = "<style name=\"big\" size=\"20\"/><rule pattern=\"ruled\" size=\"8\"/>body <font size=\"14\">given</font> <font style=\"big\">named</font> <sup>up</sup> ruled\n<p style=\"headline\">head\n"
        for scale in [1.0, 1.5] {
            let document = parse(markup, textScale: scale)
            XCTAssertEqual(document.diagnostics, [])
            XCTAssertEqual(document.attributes(of: "body ").fontSize, 10 * scale, accuracy: 1e-9, "untagged text")
            XCTAssertEqual(document.attributes(of: "given").fontSize, 14 * scale, accuracy: 1e-9, "<font size>")
            XCTAssertEqual(document.attributes(of: "named").fontSize, 20 * scale, accuracy: 1e-9, "<style size>")
            XCTAssertEqual(document.attributes(of: "up").fontSize, 7 * scale, accuracy: 1e-9, "<sup>: 70 % of the text around it")
            XCTAssertEqual(document.attributes(of: "ruled").fontSize, 8 * scale, accuracy: 1e-9, "<rule size>")
            XCTAssertEqual(document.attributes(of: "head").fontSize, 16 * scale, accuracy: 1e-9, "headline: 1.6 × the body")
        }
        // Scaled sizes stay within the markup's limit.
        XCTAssertEqual(parse("<font size=\"900\">huge</font>\n", textScale: 2).attributes(of: "huge").fontSize, 1000)
    }
}
