import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-11, see its README): a tinted section's columns
/// and its top picture, a drop cap in a centred paragraph. Every page is checked by the page
/// checker (`checkedPages`).
final class DesignerTintsAndDropCapTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-11")
    /// A tint's room round its band (`SectionTints.padding`).
    private let padding = 6.0

    private func layOut(_ name: String) throws -> (document: PreparedDocument, pages: [Page]) {
        let (document, pages) = try folder.layOut(try folder.markup(name))
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        return (document, pages)
    }

    /// One short paragraph in a tinted two-column section: the tint runs across both columns
    /// and the gutter (x 51–544 on A4), where it covered column 1 only (to 294).
    func testASectionsTintRunsAcrossItsColumnsThoseLeftEmptyToo() throws {
        let (_, pages) = try layOut("tint-across-an-empty-column")
        let tint = try XCTUnwrap(pages[0].tints.first)
        let area = PageTemplate().textArea
        XCTAssertEqual(tint.rect.minX, area.minX - padding, accuracy: 0.01)
        XCTAssertEqual(tint.rect.maxX, area.maxX + padding, accuracy: 0.01)
    }

    /// A bleeding picture at the top of a bleeding tinted section: the tint starts at the
    /// picture's top, under it, so no white strip stands between the two (the tint started
    /// 12 pt below the picture, at the text), and runs off the page above it as the picture does.
    func testATopPictureOfATintedSectionStandsOnItsTint() throws {
        let (_, pages) = try folder.layOut(try folder.markup("picture-on-its-sections-tint"))
        let picture = try XCTUnwrap(pages[0].pictures.first)
        let tint = try XCTUnwrap(pages[0].tints.first)
        XCTAssertEqual(tint.rect.minY, picture.rect.minY - padding, accuracy: 0.01)
        XCTAssertLessThanOrEqual(tint.drawn.minY, picture.rect.minY, "the tint is under the whole picture")
        let text = try XCTUnwrap(pages[0].frames.first?.lines.first)
        XCTAssertLessThan(tint.drawn.minY, text.origin.y - text.ascent)
    }

    /// "Milo counted the stars…" centred with a two-line drop cap: the lines beside the 'M'
    /// stand against it, where "ilo" was centred 53 pt away from it; the lines below it are
    /// centred in the column.
    func testLinesBesideADropCapInACentredParagraphStandAgainstIt() throws {
        let (document, pages) = try layOut("centred-drop-cap")
        let frame = pages[0].frames[0]
        let text = document.text.string as NSString
        let start = text.range(of: "Milo").location
        let lines = frame.lines.filter { document.text.paragraphRange(containing: start).contains($0.stringRange.lowerBound) }
        let first = try XCTUnwrap(lines.first), initial = try XCTUnwrap(first.initial)
        XCTAssertGreaterThan(lines.count, initial.lines, "lines below the initial")
        let initialRight = first.origin.x + initial.bounds.maxX
        for line in lines.prefix(initial.lines) {
            XCTAssertEqual(line.origin.x, lines[0].origin.x, accuracy: 0.01, "the lines beside the initial start together")
            XCTAssertLessThan(line.origin.x - initialRight, 0.5 * initial.textSize, "the line stands against the initial")
        }
        let column = frame.container.rect
        for line in lines.dropFirst(initial.lines) {
            XCTAssertEqual(line.origin.x - column.minX, column.maxX - (line.origin.x + line.width), accuracy: 0.5, "below, centred")
        }
    }
}
