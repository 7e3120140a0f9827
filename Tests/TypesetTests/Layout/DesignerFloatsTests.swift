import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's speakers' page (Fixtures/designer-pages-floats, see its README): a portrait
/// floated left at the start of each speaker's name, the bio a paragraph after it. Each
/// portrait stands level with its own name, never beside the next speaker's: a paragraph
/// whose float a float above would push down goes down with it. Every page is checked by the
/// page checker (`checkedPages`), which finds a float beside another float's paragraph.
final class DesignerFloatsTests: XCTestCase {
    private let folder = FixtureFolder("designer-pages-floats", pictures: TestSupport.zombiesDirectory)
    private let speakers = ["Ana Ribeiro", "Tom Hale", "Mira Sato"]

    /// Each speaker's name line and portrait as placed: the frame's line holding the name, and
    /// the portrait's page, column and rectangle.
    private struct Speaker {
        var name: String
        var page: Int
        var frame: Frame
        var line: Line
        var portrait: (page: Int, column: Rect, rect: Rect)?

        /// The portrait's rectangle when it is drawn in the name's column.
        var portraitBeside: Rect? {
            portrait.flatMap { $0.page == page && $0.column == frame.container.rect ? $0.rect : nil }
        }

        /// The top of the name line's box, where its float is placed from.
        var lineTop: Double { line.origin.y - line.ascent - line.leading / 2 }
        var lineBottom: Double { line.origin.y + line.descent + line.leading / 2 }
    }

    private func speakers(in document: PreparedDocument, pages: [Page], file: StaticString = #filePath,
                          line: UInt = #line) throws -> [Speaker] {
        let text = document.text.string as NSString
        return try speakers.map { name in
            let start = text.range(of: name).location
            XCTAssertNotEqual(start, NSNotFound, name, file: file, line: line)
            // The portrait's anchor opens the name's paragraph.
            let anchor = document.text.paragraphRange(containing: start).lowerBound
            let page = try XCTUnwrap(pages.firstIndex { $0.frames.contains { $0.visibleRange.contains(start) } }, name, file: file, line: line)
            let frame = try XCTUnwrap(pages[page].frames.first { $0.visibleRange.contains(start) }, file: file, line: line)
            let nameLine = try XCTUnwrap(frame.lines.first { $0.stringRange.contains(start) }, file: file, line: line)
            let portrait = pages.indices.lazy.flatMap { number in
                pages[number].frames.flatMap { frame in frame.floats.filter { $0.anchor == anchor }.map { (number, frame.container.rect, $0.rect) } }
            }.first
            return Speaker(name: name, page: page, frame: frame, line: nameLine, portrait: portrait)
        }
    }

    /// Every portrait drawn in its speaker's column stands level with the name (within the
    /// point a band moves down at a time past an obstacle), and no name stands beside another
    /// speaker's portrait.
    private func assertEachPortraitIsBesideItsOwnName(_ speakers: [Speaker], file: StaticString = #filePath, line: UInt = #line) {
        for speaker in speakers {
            if let portrait = speaker.portraitBeside {
                XCTAssertEqual(portrait.minY, speaker.lineTop, accuracy: 1,
                               "\(speaker.name)'s portrait level with the name", file: file, line: line)
            }
            for other in speakers where other.name != speaker.name {
                guard let portrait = other.portrait, portrait.page == speaker.page, portrait.column == speaker.frame.container.rect else { continue }
                XCTAssertFalse(speaker.lineTop < portrait.rect.maxY - 0.5 && speaker.lineBottom > portrait.rect.minY + 0.5,
                               "\(speaker.name) beside \(other.name)'s portrait \(portrait.rect)", file: file, line: line)
            }
        }
    }

    /// With room for everything, each portrait is taller than its two lines: the next name goes
    /// below it, level with its own portrait. Before, "Tom Hale" stood beside Ana's portrait and
    /// his own was stacked below it, and Mira's below his.
    func testAShortBiosNextNameStartsBelowThePortraitAbove() throws {
        let (document, pages) = try folder.layOut(try folder.markup("portraits-beside-short-bios"))
        XCTAssertEqual(pages.count, 1)
        let placed = try speakers(in: document, pages: pages)
        XCTAssertTrue(placed.allSatisfy { $0.portraitBeside != nil }, "every portrait in its speaker's column")
        assertEachPortraitIsBesideItsOwnName(placed)
        for (above, below) in zip(placed, placed.dropFirst()) {
            XCTAssertGreaterThanOrEqual(below.lineTop, try XCTUnwrap(above.portraitBeside).maxY, "\(below.name) below \(above.name)'s portrait")
        }
    }

    /// Tom Hale's name falls at column 1's foot, where his portrait has no room: it opens
    /// column 2 (the text goes on without it, as documented), beside his bio. His name, which
    /// stood beside Ana's portrait, starts below it; Mira Sato's, which stood beside his portrait
    /// with hers stacked below, starts below his, level with her own.
    func testANameStartsBelowAPortraitWaitingAtItsColumnsTop() throws {
        let (document, pages) = try folder.layOut(try folder.markup("portrait-at-a-columns-foot"))
        let placed = try speakers(in: document, pages: pages)
        let tom = placed[1], mira = placed[2]
        XCTAssertNil(tom.portraitBeside, "Tom's portrait waited for the next column")
        let waiting = try XCTUnwrap(tom.portrait)
        XCTAssertEqual(waiting.column, mira.frame.container.rect, "Tom's portrait in Mira's column")
        XCTAssertEqual(waiting.rect.minY, waiting.column.minY, accuracy: 0.001, "at its top")
        XCTAssertGreaterThanOrEqual(mira.lineTop, waiting.rect.maxY, "Mira's name below it")
        assertEachPortraitIsBesideItsOwnName(placed)
    }

    /// A band too short for any portrait: Ana's waits for page 2's top; Tom's and Mira's names,
    /// set on page 2, go below it, each level with their own. Before, Tom's name stood beside
    /// Ana's portrait.
    func testNamesBelowAPortraitMovedToTheNextPageStandLevelWithTheirOwn() throws {
        let (document, pages) = try folder.layOut(try folder.markup("portraits-waiting-for-the-next-page"))
        XCTAssertEqual(pages.count, 2)
        let placed = try speakers(in: document, pages: pages)
        XCTAssertEqual(placed.map(\.page), [0, 1, 1])
        assertEachPortraitIsBesideItsOwnName(placed)
        XCTAssertEqual(placed[0].portrait?.page, 1, "Ana's portrait at page 2's top")
    }
}
