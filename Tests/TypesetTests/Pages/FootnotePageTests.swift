import Foundation
import Layout
import Pages
import XCTest

/// Footnotes on pages, checked by the page checker as every page the tests make is: the nine
/// notes of Fixtures/footnotes each on its marker's page and in its column, and notes above a
/// picture placed across the page's foot.
final class FootnotePageTests: XCTestCase {
    func testTheNineNotesOfTheFeatureAreEachInTheColumnOfTheirMarker() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/footnotes")
        let markup = try String(contentsOf: folder.appendingPathComponent("footnotes.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { $0.page.baselineGrid = 13 }
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        var placed = 0
        for page in pages {
            for frame in page.frames {
                for note in frame.footnotes?.notes ?? [] {
                    placed += 1
                    XCTAssertTrue(frame.lines.contains { $0.stringRange.contains(note.reference.marker.lowerBound) },
                                  "note at \(note.reference.marker) is in its marker's column")
                }
            }
        }
        XCTAssertEqual(placed, 9)
    }

    func testNotesStayAboveAPictureAcrossThePagesFoot() throws {
        let paragraphs = SectionTesting.paragraphs(8, seed: 36).enumerated().map { index, paragraph in
            "\(paragraph)<footnote>Source \(index + 1): the keeper's log.</footnote>"
        }
        let markup = "<section columns=\"2\">\n" + paragraphs.prefix(2).joined(separator: "\n")
            + "\n<img src=\"coffee.jpg\" width=\"200\" float=\"bottom\" span=\"all\" alt=\"\">\n"
            + paragraphs.dropFirst(2).joined(separator: "\n") + "\n</section>\n"
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/footnotes")
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
        XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, "\(document.diagnostics)")
        let page = try XCTUnwrap(pages.first)
        let picture = try XCTUnwrap(page.pictures.first)
        let notes = page.frames.flatMap { $0.footnotes?.notes ?? [] }
        XCTAssertFalse(notes.isEmpty)
        for note in notes {
            XCTAssertLessThanOrEqual(note.box.rect.maxY, picture.rect.minY, "a note never reaches the picture at the foot")
        }
    }
}
