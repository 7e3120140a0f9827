import Foundation
import Fonts
import Markup
import Shaping
import Text
@testable import TypesetKit
import XCTest

/// Footnotes' marks set with the face's superscript glyphs (`sups`) where it has them, as
/// InDesign's OpenType superscript sets them, and raised and scaled where it has not.
final class SuperscriptMarksTests: XCTestCase {
    private func markerAttributes(bodyFace: String) throws -> TextAttributes {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let markup = "<style name=\"body\" face=\"\(bodyFace)\" size=\"10\"/>\nThe parish bought the book.<footnote>Minutes.</footnote>\n"
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: "/")
        try XCTSkipIf(document.diagnostics.contains { $0.message.contains("not found") }, "\(bodyFace) is not installed")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let marker = try XCTUnwrap(document.text.string.utf16.firstIndex(of: UInt16(UInt8(ascii: "1"))))
        return document.text.attributes(at: document.text.string.utf16.distance(from: document.text.string.utf16.startIndex, to: marker)).attributes
    }

    /// No bundled face has superscript figures (Liberation has the feature, for no figure):
    /// Noto Serif, where the system has it.
    func testAFaceWithSuperscriptGlyphsSetsTheMarkWithThemAtTheTextsSizeOnItsBaseline() throws {
        let marker = try markerAttributes(bodyFace: "Noto Serif")
        XCTAssertTrue(marker.features.contains(Shaper.superscriptFeature), "\(marker.features)")
        XCTAssertEqual(marker.fontSize, 10, accuracy: 1e-9)
        XCTAssertEqual(marker.baselineOffset, 0, accuracy: 1e-9)
        XCTAssertNotNil(marker.footnote, "still the note's marker")
    }

    func testAFaceWithoutThemRaisesAndScalesTheMark() throws {
        for face in ["TeX Gyre Pagella", "Liberation Serif"] {
            let marker = try markerAttributes(bodyFace: face)
            XCTAssertFalse(marker.features.contains(Shaper.superscriptFeature), face)
            XCTAssertEqual(marker.fontSize, 7, accuracy: 1e-9, face)
            XCTAssertGreaterThan(marker.baselineOffset, 0, face)
        }
    }

    func testTheCheckAsksTheFaceForTheMarksGlyphsNotForTheFeature() throws {
        let library = try FontLibrary(fontsDirectory: TestSupport.fontsDirectory, bodyFamily: "Liberation Serif")
        var fonts = try FontTableBuilder(library: library)
        for family in ["Liberation Serif", "TeX Gyre Pagella"] { _ = try fonts.add(FontDescriptor(family: family)) }
        let shaper = Shaper()
        XCTAssertFalse(shaper.hasSuperscriptGlyphs(for: Array("12".utf16), font: fonts.table.font(for: "Liberation Serif"), script: "Latn"),
                       "the feature, but no superscript figure")
        XCTAssertFalse(shaper.hasSuperscriptGlyphs(for: Array("12".utf16), font: fonts.table.font(for: "TeX Gyre Pagella"), script: "Latn"))
        XCTAssertFalse(shaper.hasSuperscriptGlyphs(for: Array("".utf16), font: fonts.table.font(for: "Liberation Serif"), script: "Latn"))
    }

    /// The marks of a paragraph of 1,000 notes take its script runs from one splitting of it,
    /// where each split the whole paragraph again (a line of 5,000 notes did not set in a
    /// minute): the units split into runs are counted, the text's length at most.
    func testAParagraphOfManyNotesIsSplitIntoScriptRunsOnce() throws {
        let notes = 1_000
        let markup = (0 ..< notes).map { "w\($0)<footnote>N\($0).</footnote>" }.joined(separator: " ")
            + "\nAnother paragraph.<footnote>The last.</footnote>\n"
        let document = TestSupport.parse(markup)
        XCTAssertEqual(document.diagnostics.map(\.message), [])
        let fonts = try TestSupport.fontTable(for: document, library: TestSupport.makeFontLibrary())
        var unitsSplit = 0
        let pass = SuperscriptMarksPass { units in
            unitsSplit += units.count
            return ScriptItemizer.runs(in: units)
        }
        _ = pass.run(document.text, fonts: fonts, shaper: Shaper())
        XCTAssertGreaterThan(unitsSplit, 0)
        XCTAssertLessThanOrEqual(unitsSplit, document.text.length)
    }
}
