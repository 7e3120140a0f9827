import Foundation
import Layout
import PageCheck
import Pages
import Render
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-3, see its README): a box that opens a section
/// below another band, a drop cap beside a picture floated in its paragraph, the text after a
/// paragraph holding only a picture. Every page is checked by the page checker (`checkedPages`).
final class DesignerPageSafetyTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-3", pictures: TestSupport.zombiesDirectory)

    /// The aside opening the two-column section has no room under the photograph: the text
    /// after it stays on page 1, and the aside opens page 2, as when a line precedes it.
    func testABoxOpeningASectionBelowAnotherBandWaitsAndTheTextFillsThePage() throws {
        let (document, pages) = try folder.layOut(try folder.markup("box-opening-a-section"))
        XCTAssertEqual(pages.count, 2)
        let text = document.text.string as NSString
        let after = text.range(of: "Text after the box").location
        XCTAssertTrue(pages[0].frames.contains { $0.visibleRange.contains(after) && $0.lines.contains { $0.stringRange.contains(after) } },
                      "the text after the aside is set on page 1")
        let aside = try XCTUnwrap(pages[1].boxes.first, "the aside is on page 2")
        XCTAssertEqual(aside.rect.minY, document.template.textArea.minY, accuracy: 0.5, "at its top")
        XCTAssertTrue(pages[0].boxes.isEmpty)
    }

    /// The lines of the drop cap's paragraph in its first column, the first holding the initial.
    private func dropCapLines(_ markup: String) throws -> [Line] {
        let (_, pages) = try folder.layOut(markup)
        let lines = try XCTUnwrap(pages.first?.frames.first).lines.filter { $0.height > 0 }
        XCTAssertNotNil(lines.first?.initial)
        return lines
    }

    /// A strip between the initial and the picture narrower than `min-line-width` (39 pt, and
    /// 41 pt with `margin="4"`, which set it a word a line): the initial stands alone and the
    /// text starts where line 4 goes, every line a pitch below the one before. A narrower
    /// picture leaves 59 pt: the three lines beside the initial are set there.
    func testTheLinesBesideADropCapAndAFloatAreFilledOrTheInitialStandsAlone() throws {
        let written = try folder.markup("drop-cap-beside-a-float")
        for margin in ["6", "4"] {
            let lines = try dropCapLines(written.replacingOccurrences(of: "margin=\"6\"", with: "margin=\"\(margin)\""))
            XCTAssertTrue(lines[0].holdsItsInitialAlone, "margin \(margin): no line in the strip beside the initial")
            let pitch = lines[2].origin.y - lines[1].origin.y
            XCTAssertEqual(lines[1].origin.y - lines[0].origin.y, 3 * pitch, accuracy: 0.01, "margin \(margin): where line 4 goes")
            for index in 2 ..< lines.count {
                XCTAssertEqual(lines[index].origin.y - lines[index - 1].origin.y, pitch, accuracy: 0.01, "margin \(margin): line \(index)")
            }
        }
        let beside = try dropCapLines(written.replacingOccurrences(of: "width=\"70\"", with: "width=\"50\""))
        let pitch = beside[1].origin.y - beside[0].origin.y
        XCTAssertFalse(beside[0].holdsItsInitialAlone)
        for index in 1 ..< 3 {
            XCTAssertEqual(beside[index].origin.y - beside[index - 1].origin.y, pitch, accuracy: 0.01, "line \(index + 1) beside the initial")
        }
    }

    /// The text after a paragraph of a picture alone starts its ascent and a whole leading
    /// below the picture's foot, as below a line of text's depth; a line drawn up onto the
    /// picture is ink over it to the page checker.
    func testTheTextAfterAPictureParagraphKeepsALeadingBelowThePicture() throws {
        let (document, pages) = try folder.layOut(try folder.markup("picture-paragraph"))
        let lines = pages[0].frames.flatMap(\.lines)
        let picture = lines[0], text = lines[1]
        XCTAssertNotNil(picture.runs.first?.image)
        let foot = picture.origin.y + (picture.runs.first?.runDelegate?.descent ?? 0)
        let pitch = lines[2].origin.y - text.origin.y
        let leading = pitch - text.ascent - text.descent
        XCTAssertEqual(text.origin.y - foot, text.ascent + leading, accuracy: 0.01)
        var drawn: [DrawnPage] = []
        try DocumentWriter(text: document.text).recordDrawn(document.pages()) { _, page in drawn.append(page) }
        let up = text.origin.y - foot
        let drawnLine = try XCTUnwrap(drawn[0].lines.firstIndex { $0.stringRange == text.stringRange })
        for index in drawn[0].glyphs.indices where drawn[0].glyphs[index].line == drawnLine {
            drawn[0].glyphs[index].ink.origin.y -= up
            drawn[0].glyphs[index].origin.y -= up
        }
        var checker = PageChecker(text: document.text)
        XCTAssertTrue(checker.check(drawn[0]).contains { $0.kind == .inkOverPicture }, "text drawn onto the picture is found")
    }
}
