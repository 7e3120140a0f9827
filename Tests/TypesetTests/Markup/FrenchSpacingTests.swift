import Foundation
import Diagnostics
@testable import Markup
import Text
import XCTest

/// French text gets narrow no-break spaces (U+202F) before `; : ! ?` and inside `« »`, unless
/// it has a space there already (made narrow); nothing changes in addresses, numbers or other
/// languages, and every character keeps its place in the source.
final class FrenchSpacingTests: XCTestCase {
    private static let narrow = "\u{202F}"

    private func text(_ markup: String, language: String = "en") -> String {
        var attributes = TestSupport.defaultAttributes()
        attributes.language = language
        let parser = MarkupParser(defaults: MarkupDefaults(attributes: attributes), baseDirectory: "/")
        let document = parser.parse(MarkupSource(fileName: "doc.txt", text: markup))
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        XCTAssertEqual(document.sourceMap.textLength, document.text.length)
        return document.text.string
    }

    private func narrowed(_ string: String) -> String { string.replacingOccurrences(of: "_", with: Self.narrow) }

    func testFrenchIsTheLanguageFrAndItsVariantsInAnyCase() {
        for language in ["fr", "FR", "fR", "fr-CA", "FR-ch", "fr-"] { XCTAssertTrue(FrenchSpacing.isFrench(language), language) }
        for language in ["", "f", "fra", "frr", "fr_CA", "en", "en-fr", "ff", "\u{FF46}r"] {
            XCTAssertFalse(FrenchSpacing.isFrench(language), language)
        }
    }

    func testNarrowSpacesBeforeHighMarksAndInsideGuillemets() {
        XCTAssertEqual(text("<p lang=\"fr\">Il dit: «oui»; vraiment? Non!</p>"), narrowed("Il dit_: «_oui_»_; vraiment_? Non_!"))
    }

    func testASpaceAlreadyThereIsMadeNarrowNotDoubled() {
        XCTAssertEqual(text("<p lang=\"fr\">Il dit : « oui » ; vraiment\u{A0}? Non\u{202F}!</p>"),
                       narrowed("Il dit_: «_oui_»_; vraiment_? Non_!"))
    }

    func testMarksTogetherTakeOneSpaceAndLineStartsTakeNone() {
        XCTAssertEqual(text("<p lang=\"fr\">Quoi?! (?) «!»</p>\n<p lang=\"fr\">: début</p>"), narrowed("Quoi_?! (?) «_!_»\n: début"))
    }

    func testAddressesNumbersAndOtherLanguagesAreLeftAlone() {
        XCTAssertEqual(text("<p lang=\"fr\">Voir https://exemple.fr/a?b=1 ou www.exemple.fr/x?y à 10:30 et redaction@exemple.fr!</p>"),
                       narrowed("Voir https://exemple.fr/a?b=1 ou www.exemple.fr/x?y à 10:30 et redaction@exemple.fr_!"))
        XCTAssertEqual(text("He said: «yes»! Why?"), "He said: «yes»! Why?")
        XCTAssertEqual(text("<p lang=\"fr-CA\">Quoi?</p>"), narrowed("Quoi_?"))
        XCTAssertEqual(text("<p lang=\"fro\">Quoi?</p>"), "Quoi?", "Old French is another language")
    }

    func testASpanAndTheDocumentsLanguageAreFrenchToo() {
        XCTAssertEqual(text("He wrote <font lang=\"fr\">«merci»</font>: thanks!"), narrowed("He wrote «_merci_»: thanks!"))
        XCTAssertEqual(text("Merci!\nThanks!", language: "fr"), narrowed("Merci_!\nThanks_!"))
        XCTAssertEqual(text("<i>Merci</i><b>!</b>", language: "fr"), narrowed("Merci_!"))
    }

    func testInsertedSpacesAreLocatedAtTheirMarkAndTheRestKeepsItsPlace() {
        let markup = "<p lang=\"fr\">Ah! «Oui»? <b>Bon</b>.</p>\nFin!"
        var attributes = TestSupport.defaultAttributes()
        attributes.language = "fr"
        let document = MarkupParser(defaults: MarkupDefaults(attributes: attributes), baseDirectory: "/")
            .parse(MarkupSource(fileName: "doc.txt", text: markup))
        let units = Array(document.text.string.utf16)
        XCTAssertEqual(document.text.string, narrowed("Ah_! «_Oui_»_? Bon.\nFin_!"))
        func column(of offset: Int) -> String {
            document.sourceMap.location(ofTextOffset: offset).map { "\($0.line):\($0.column)" } ?? "none"
        }
        for offset in units.indices {
            guard let location = document.sourceMap.location(ofTextOffset: offset) else { return XCTFail("offset \(offset) unlocated") }
            let character = Unicode.Scalar(units[offset])!
            if character == "\n" { continue }
            let sourceLines = markup.split(separator: "\n", omittingEmptySubsequences: false)
            let sourceCharacter = Array(sourceLines[location.line - 1].unicodeScalars)[location.column - 1]
            if character == "\u{202F}" {
                // A narrow space stands for the mark it belongs to.
                XCTAssertTrue("!?;:«»".unicodeScalars.contains(sourceCharacter), "offset \(offset) at \(sourceCharacter)")
            } else {
                XCTAssertEqual(sourceCharacter, character, "offset \(offset) at \(column(of: offset))")
            }
        }
        // The attributes go with the text: "Bon" is still bold, and only it.
        let bold = document.text.attributeRuns(in: 0 ..< document.text.length).filter { $0.attributes.fontWeight >= 700 }
        XCTAssertEqual(bold.map { document.text.substring($0.range) }, ["Bon"])
    }

    func testALongFrenchDocumentIsSpacedInOnePass() {
        let paragraph = "<p lang=\"fr\">Il dit: «oui»; vraiment? Non! https://exemple.fr/a?b:c</p>\n"
        func seconds(_ count: Int) -> Double {
            let markup = String(repeating: paragraph, count: count)
            let start = Date()
            let result = text(markup)
            XCTAssertEqual(result.filter { $0 == "\u{202F}" }.count, count * 6)
            return Date().timeIntervalSince(start)
        }
        // Ten times the marks take about ten times as long, whatever the build's speed (Markup
        // is optimised in the tests' build, where a quadratic pass could stay under a fixed limit).
        let small = seconds(500), large = seconds(5_000)   // 330 KB of markup, 30,000 marks
        XCTAssertLessThan(large, max(0.1, small) * 40, "ten times the marks, \(small) s → \(large) s")
        XCTAssertLessThan(large, 20, "linear, not quadratic, in the marks")
    }
}
