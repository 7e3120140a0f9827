import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// A designer's pages (Fixtures/designer-pages-4, see its README): a justified line before a
/// long URL, a URL and a DOI broken at their own hyphens, a Hebrew section of three columns.
/// Every page is checked by the page checker (`checkedPages`).
final class DesignerAddressAndColumnOrderTests: XCTestCase {
    private static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/designer-pages-4")

    private func layOut(_ name: String) throws -> (text: [UInt16], pages: [Page], document: PreparedDocument) {
        let markup = try String(contentsOf: Self.folder.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: Self.folder.path)
        XCTAssertEqual(document.diagnostics.map(\.message), [], name)
        return (Array(document.text.storage), pages, document)
    }

    private func string(_ text: [UInt16], _ range: Range<Int>) -> String {
        String(decoding: text[range], as: UTF16.self)
    }

    /// The advances of a line's word spaces, less those it ends with.
    private func spaces(of line: Line, in text: [UInt16]) -> [Double] {
        var end = line.stringRange.upperBound
        while end > line.stringRange.lowerBound, text[end - 1] == 0x20 || text[end - 1] == 0x0A { end -= 1 }
        return line.runs.flatMap { run in
            run.clusters.indices.filter { run.clusters[$0] >= 0 && run.clusters[$0] < end && text[run.clusters[$0]] == 0x20 }
                .map { run.advances[$0] }
        }
    }

    /// The line before the URL was both spaced out (5.6 pt spaces, the range's maximum 3.3 pt)
    /// and 60 pt short of its measure: the emergency pass rated it against the emergency
    /// stretch. No line may be both; the address breaks after its `https://` instead.
    func testNoLineBeforeAnAddressIsBothShortAndSpacedOut() throws {
        let (text, pages, _) = try layOut("address-in-a-justified-column")
        let frame = try XCTUnwrap(pages.first?.frames.first)
        let lines = frame.lines
        let natural = try XCTUnwrap(spaces(of: try XCTUnwrap(lines.last), in: text).first, "the last line is set at its spaces' width")
        let range = Justification.standard.wordSpacing
        let widest = natural * range.maximum / range.desired
        for line in lines where !line.endsParagraph {
            let short = frame.container.rect.maxX - (line.origin.x + line.width)
            let spacedOut = spaces(of: line, in: text).contains { $0 > widest + 0.01 }
            XCTAssertFalse(short > 1 && spacedOut, "\"\(string(text, line.stringRange))\" is \(short) pt short with spaces past \(widest) pt")
        }
        let url = "https://spacedata.copernicus.eu/collections/copernicus-digital-elevation-model"
        XCTAssertFalse(lines.contains { string(text, $0.stringRange).contains(url) }, "the address is broken")
    }

    /// An address breaks before its hyphens, never after, so no line ends in a hyphen that would
    /// read as one added to break a word; and no hyphen is added inside it.
    func testAnAddressAndADOIBreakBeforeTheirHyphens() throws {
        let (text, pages, _) = try layOut("address-broken-at-its-hyphen")
        let string = String(decoding: text, as: UTF16.self)
        let addresses = ["https://spacedata.copernicus.eu/collections/copernicus-digital-elevation-model",
                         "doi:10.5555/elevation-model-contour-and-relief-shading-comparison"]
            .compactMap { string.range(of: $0) }.map { NSRange($0, in: string) }
        XCTAssertEqual(addresses.count, 2)
        var brokenBeforeAHyphen = 0
        for line in pages.flatMap(\.frames).flatMap(\.lines) {
            let end = line.stringRange.upperBound
            guard addresses.contains(where: { $0.location < end && end < NSMaxRange($0) }) else { continue }
            XCTAssertNotEqual(text[end - 1], 0x2D, "\"\(self.string(text, line.stringRange))\" ends in the address's own hyphen")
            XCTAssertFalse(line.runs.contains { $0.clusters.contains(GlyphRun.generatedHyphen) }, "no hyphen added")
            if text[end] == 0x2D { brokenBeforeAHyphen += 1 }
        }
        XCTAssertEqual(brokenBeforeAHyphen, 2, "each address breaks before one of its hyphens in this column")
    }

    /// `<section dir="rtl">`: the first column is the rightmost and the text goes on to its
    /// left, the aside across two columns stands over the first two (at the right), a rule runs
    /// down each gutter: the page is the left-to-right page's mirror image, line for line.
    func testARightToLeftSectionFillsItsColumnsFromTheRight() throws {
        let (text, pages, document) = try layOut("hebrew-columns")
        XCTAssertEqual(pages.count, 1)
        let page = pages[0]
        let area = document.template.textArea
        let columns = page.frames.filter { $0.container.rect.width < area.width / 2 }
        XCTAssertEqual(columns.count, 3)
        XCTAssertTrue(zip(columns, columns.dropFirst()).allSatisfy { $0.container.rect.minX > $1.container.rect.maxX },
                      "each column to the left of the one before: \(columns.map(\.container.rect.minX))")
        let first = try XCTUnwrap(columns.first?.lines.first)
        XCTAssertTrue(string(text, first.stringRange).hasPrefix("הספרייה"), "the article starts in the right column")
        let aside = try XCTUnwrap(page.pictures.first { $0.box != nil })
        XCTAssertEqual(aside.rect.maxX, area.maxX, accuracy: 0.5, "the aside stands over the first columns, at the right")
        XCTAssertEqual(page.rules.count, 2, "a rule down each gutter")

        let markup = try String(contentsOf: Self.folder.appendingPathComponent("hebrew-columns.txt"), encoding: .utf8)
        let leftToRight = try SectionTesting.layOut(markup.replacingOccurrences(of: " dir=\"rtl\"", with: "")).pages
        let mirrored = { (rect: Rect) in area.minX + area.maxX - rect.maxX }
        XCTAssertEqual(leftToRight.count, 1)
        XCTAssertEqual(page.frames.map(\.visibleRange), leftToRight[0].frames.map(\.visibleRange), "the same text in each column")
        for (frame, other) in zip(page.frames, leftToRight[0].frames) {
            XCTAssertEqual(frame.container.rect.minX, mirrored(other.container.rect), accuracy: 0.01)
            XCTAssertEqual(frame.container.rect.maxY, other.container.rect.maxY, accuracy: 0.01, "balanced alike")
            XCTAssertEqual(frame.lines.map(\.stringRange), other.lines.map(\.stringRange))
        }
        let otherAside = try XCTUnwrap(leftToRight[0].pictures.first { $0.box != nil })
        XCTAssertEqual(aside.rect.minX, mirrored(otherAside.rect), accuracy: 0.01)
        let hundredths = { (x: Double) in (x * 100).rounded() / 100 }
        XCTAssertEqual(page.rules.map { hundredths($0.x) }.sorted(),
                       leftToRight[0].rules.map { hundredths(area.minX + area.maxX - $0.x) }.sorted(), "the rules mirrored")
    }
}
