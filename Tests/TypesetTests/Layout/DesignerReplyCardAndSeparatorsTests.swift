import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-8, see its README): a reply card of form lines
/// drawn by tab leaders and a tracked, centred title; a report's headline and body text parted
/// by spaced separators. Every page is checked by the page checker (`checkedPages`).
final class DesignerReplyCardAndSeparatorsTests: XCTestCase {
    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-pages-8")
    private static let millimetre = 72 / 25.4

    private func layOut(_ name: String, configure: (inout TypesetOptions) -> Void) throws -> (document: PreparedDocument, pages: [Page]) {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        return try SectionTesting.layOut(markup, baseDirectory: Self.folder.path, configure: configure)
    }

    /// Each line of the pages with its text, trimmed of white space, and its column.
    private func lines(_ document: PreparedDocument, _ pages: [Page]) -> [(text: String, line: Line, column: Rect)] {
        pages.flatMap(\.frames).flatMap { frame in
            frame.lines.map { (document.text.substring($0.stringRange).trimmingCharacters(in: .whitespacesAndNewlines), $0, frame.container.rect) }
        }
    }

    /// Where the ink of a line's letters starts and ends: its first glyph's place, and its last
    /// glyph's place plus the glyph's own advance in its face (no tracking after it).
    private func letterSpan(of line: Line) throws -> ClosedRange<Double> {
        let first = try XCTUnwrap(line.runs.first), last = try XCTUnwrap(line.runs.last)
        let lastGlyph = try XCTUnwrap(last.glyphIDs.last), lastX = try XCTUnwrap(last.positions.last).x
        let advance = Double(last.font.horizontalAdvance(of: lastGlyph)) * last.font.scale(for: last.fontSize)
        return line.origin.x + (first.positions.first?.x ?? 0) ... line.origin.x + lastX + advance
    }

    private func replyCard() throws -> (document: PreparedDocument, pages: [Page]) {
        try layOut("reply-card") { options in
            options.page.size = Size(width: 105 * Self.millimetre, height: 148 * Self.millimetre)
            options.page.margins = Margins(top: 12 * Self.millimetre, right: 12 * Self.millimetre, bottom: 12 * Self.millimetre,
                                           left: 12 * Self.millimetre)
            options.page.columns = 1
        }
    }

    /// `Name(s)<TAB>` at `end right leader=_`, and `Guests<TAB>`, `Date<TAB> `,
    /// `Signature<TAB>` with dots: the tab ending each paragraph was white space at the line's
    /// end, the word printed alone. Each line now has its leader, running to the column's end.
    func testEachFormLineDrawsItsLeaderToTheColumnsEnd() throws {
        let (document, pages) = try replyCard()
        let all = lines(document, pages)
        for label in ["Name(s)", "Guests", "Date", "Phone", "Signature"] {
            let found = try XCTUnwrap(all.first { $0.text == label }, label)
            XCTAssertEqual(found.line.leaders.count, 1, label)
            let leader = try XCTUnwrap(found.line.leaders.first, label)
            XCTAssertEqual(found.line.origin.x + leader.maxX, found.column.maxX, accuracy: 0.01, "\(label)'s leader ends at the column's end")
            XCTAssertEqual(leader.leader, label == "Signature" ? TabLeader.dots : .rule, label)
            XCTAssertFalse(leader.markCentres(lineX: 0).isEmpty, label)
        }
    }

    /// `RSVP` at 20 pt tracked 80 sat 0.8 pt left of the column's centre, the 1.6 pt after its P
    /// counted in its width; a right-aligned tracked line ended 0.64 pt short of its edge.
    func testATrackedLineIsCentredAndEndedByItsLetters() throws {
        let (document, pages) = try replyCard()
        let all = lines(document, pages)
        let title = try XCTUnwrap(all.first { $0.text == "RSVP" })
        let span = try letterSpan(of: title.line)
        XCTAssertEqual((span.lowerBound + span.upperBound) / 2, (title.column.minX + title.column.maxX) / 2, accuracy: 0.01, "the letters are centred")
        let foot = try XCTUnwrap(all.first { $0.text.hasPrefix("KINDLY") })
        XCTAssertEqual(try letterSpan(of: foot.line).upperBound, foot.column.maxX, accuracy: 0.01, "the last letter ends at the edge")
    }

    /// `Annual Water Report · Output by Country` in a 120 pt column set `Annual` / `Water
    /// Report` / `· Output`; body text `St Mary’s Church` / `· Hartwell ·`, a list of places
    /// `… Desalination` / `• Recycling`. A spaced separator ends the line before, a bar too.
    func testNoLineStartsWithASpacedSeparator() throws {
        let (document, pages) = try layOut("water-report") { options in
            options.page.size = Size(width: 160, height: 300)
            options.page.margins = Margins(top: 20, right: 20, bottom: 20, left: 20)
            options.page.columns = 1
        }
        let texts = lines(document, pages).map(\.text)
        XCTAssertEqual(Array(texts.prefix(4)), ["Annual Water", "Report ·", "Output", "by Country"])
        for text in texts {
            XCTAssertFalse(["·", "•", "|"].contains { text.hasPrefix($0) }, "'\(text)' starts with a separator: \(texts)")
        }
        XCTAssertGreaterThan(texts.filter { $0.hasSuffix("·") || $0.hasSuffix("•") || $0.hasSuffix("|") }.count, 2, "\(texts)")
    }
}
