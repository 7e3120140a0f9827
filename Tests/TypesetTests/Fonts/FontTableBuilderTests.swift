import Fonts
import Foundation
import Text
import XCTest

/// The one way a document's font table is built: what each request gets, what stands in and
/// why (as data), and fallbacks for characters the faces lack.
final class FontTableBuilderTests: XCTestCase {
    private var library: FontLibrary!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
    }

    override func tearDown() {
        library = nil
    }

    func testTheBodyFaceIsTheTablesFallback() throws {
        let builder = try FontTableBuilder(library: library)
        XCTAssertTrue(builder.table.fallback === (try library.resolve(family: TestSupport.bodyFamily).font))
    }

    /// A family is found however it is spelled, and the face added last for it answers every
    /// spelling: the lookup of a descriptor as it was added skips the lowercasing, and must not
    /// keep an older face for that spelling.
    func testAFamilyIsFoundInAnyCaseAndTheFaceAddedLastAnswersEverySpelling() throws {
        let serif = try library.resolve(family: TestSupport.bodyFamily).font
        let sans = try library.resolve(family: "Liberation Sans").font
        var table = FontTable(fallback: serif)
        table.add(sans, for: FontDescriptor(family: "Keeper Sans"))
        XCTAssertTrue(table.font(for: FontDescriptor(family: "Keeper Sans")) === sans)
        XCTAssertTrue(table.font(for: FontDescriptor(family: "KEEPER SANS")) === sans)
        XCTAssertTrue(table.font(for: FontDescriptor(family: "Keeper Sans", weight: 700)) === sans, "the family's regular face")
        table.add(serif, for: FontDescriptor(family: "keeper sans"))
        for spelling in ["Keeper Sans", "keeper sans", "KEEPER SANS"] {
            XCTAssertTrue(table.font(for: FontDescriptor(family: spelling)) === serif, spelling)
        }
    }

    func testAFaceFoundAsAskedIsAddedWithNoSubstitution() throws {
        var builder = try FontTableBuilder(library: library)
        let arial = FontDescriptor(family: "Arial", weight: 700, italic: true)
        XCTAssertNil(try builder.add(arial))
        XCTAssertEqual(URL(fileURLWithPath: builder.table.font(for: arial).path).lastPathComponent, "LiberationSans-BoldItalic.ttf")
    }

    func testAMissingFamilyGetsTheBodyFaceAndSaysSo() throws {
        var builder = try FontTableBuilder(library: library)
        let missing = FontDescriptor(family: "No Such Face")
        let substitution = try XCTUnwrap(try builder.add(missing))
        XCTAssertEqual(substitution.reason, .familyMissing)
        XCTAssertEqual(substitution.requested, missing)
        XCTAssertEqual(substitution.font.familyName, TestSupport.bodyFamily)
        XCTAssertTrue(builder.table.font(for: missing) === substitution.font)
    }

    func testAStyleTheFamilyLacksGetsAnotherOfItsFacesAndSaysSo() throws {
        var builder = try FontTableBuilder(library: library)
        // TeX Gyre Chorus (Zapfino's stand-in) has one face, medium italic.
        let bold = FontDescriptor(family: "Zapfino", weight: 700)
        let substitution = try XCTUnwrap(try builder.add(bold))
        XCTAssertEqual(substitution.reason, .lacksStyle)
        XCTAssertEqual(URL(fileURLWithPath: substitution.font.path).lastPathComponent, "texgyrechorus-mediumitalic.otf")
    }

    func testFallbacksCoverWhatTheFacesLackAndNameWhatNothingHas() throws {
        var builder = try FontTableBuilder(library: library)
        let text = AttributedText("A\u{4E2D}\u{E000}\u{E000}", attributes: TestSupport.defaultAttributes())
        let uncovered = builder.addFallbacks(for: text)
        XCTAssertEqual(uncovered.map(\.scalar), ["\u{E000}"])
        XCTAssertEqual(uncovered.first?.count, 2)
        XCTAssertEqual(uncovered.first?.firstOffset, 2)
        let pagella = builder.table.font(for: TestSupport.defaultAttributes())
        XCTAssertFalse(pagella.hasGlyph(for: "\u{4E2D}"))
        XCTAssertNotNil(builder.table.fallbackFont(for: "\u{4E2D}", primary: pagella, language: "en"),
                        "a face for 中 was found and recorded")
    }
}
