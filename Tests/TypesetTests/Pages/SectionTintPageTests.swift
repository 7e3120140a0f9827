import Foundation
import Layout
import Render
import Text
import TypesetKit
import XCTest

/// Sections with a background (`<section background>`), laid out through the whole pipeline:
/// a tint per page the section is on, from its first line's top to its last line's bottom on
/// that page and across the text area, padded; the text set exactly where it is without one;
/// with `bleed="true"`, the tint out to the page's edges the band stands at and past them by
/// the bleed, and a running head it covers left out.
final class SectionTintPageTests: XCTestCase {
    private let template = PageTemplate()
    /// 3 mm in points.
    private let bleed = 3 * 72 / 25.4
    private let padding = 6.0

    private func layOut(_ markup: String, header: Bool = false) throws -> (text: AttributedText, pages: [Page]) {
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path) { options in
            options.sheet = PrintSheet(bleed: bleed)
            if header { try? options.addHeaderAndFooter() }
        }
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        return (document.text, pages)
    }

    private func paragraphs(_ count: Int, from first: Int = 1) -> String {
        let sentence = "The launch pad lies behind the gasworks, and the crowd comes every morning with flasks. "
        return (first ..< first + count).map { "Paragraph \($0). " + String(repeating: sentence, count: 5) }.joined(separator: "\n")
    }

    /// An opening paragraph, a tinted section of two columns that runs onto the next page, and
    /// a paragraph after it; `attributes` are the section's.
    private func document(_ attributes: String) -> String {
        "Before the section. " + paragraphs(1) + "\n<section columns=\"2\"\(attributes)>\n" + paragraphs(16, from: 2)
            + "\n</section>\nAfter the section. " + paragraphs(1, from: 20) + "\n"
    }

    /// The lines of `page` set in the section numbered `number`.
    private func lines(of page: Page, inSection number: Int, of text: AttributedText) -> [Line] {
        page.frames.flatMap { frame in
            frame.lines.filter { text.paragraphStyle(at: $0.stringRange.lowerBound).section?.number == number }
        }
    }

    /// Every line's origin, page by page.
    private func origins(_ pages: [Page]) -> [[Point]] {
        pages.map { $0.frames.flatMap { $0.lines.map(\.origin) } }
    }

    /// The tint a band of `lines` across the text area gets: their boxes' extent, padded.
    private func expectedTint(of lines: [Line], page: Int) -> Rect {
        let area = template.textArea(ofPage: page)
        let top = lines.map { $0.origin.y - $0.ascent }.min()!, bottom = lines.map { $0.origin.y + $0.descent }.max()!
        return Rect(x: area.minX - padding, y: top - padding, width: area.width + 2 * padding, height: bottom - top + 2 * padding)
    }

    private func assertRect(_ found: Rect?, _ expected: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let found else { return XCTFail("\(what): none", file: file, line: line) }
        for (a, b, name) in [(found.minX, expected.minX, "x"), (found.minY, expected.minY, "y"),
                             (found.width, expected.width, "width"), (found.height, expected.height, "height")] {
            XCTAssertEqual(a, b, accuracy: 1e-6, "\(what): \(name) of \(found) is not \(expected)'s", file: file, line: line)
        }
    }

    func testATintedSectionIsTintedOnEachPageItIsOnFromItsFirstLineToItsLast() throws {
        let (text, pages) = try layOut(document(" background=\"#f2e6c9\""))
        var tinted = 0
        for page in pages {
            let inSection = lines(of: page, inSection: 1, of: text)
            guard !inSection.isEmpty else {
                XCTAssertEqual(page.tints, [], "page \(page.number) holds none of the section")
                continue
            }
            tinted += 1
            XCTAssertEqual(page.tints.count, 1, "page \(page.number): one band of the section")
            let tint = try XCTUnwrap(page.tints.first)
            XCTAssertEqual(tint.section, 1)
            XCTAssertEqual(tint.color, Color(red: 0xF2 / 255, green: 0xE6 / 255, blue: 0xC9 / 255))
            XCTAssertNil(tint.bled, "it does not bleed unless asked")
            assertRect(tint.rect, expectedTint(of: inSection, page: page.number), "page \(page.number)")
            // The text before and after the section stays off its tint.
            let outside = page.frames.flatMap(\.lines).filter { text.paragraphStyle(at: $0.stringRange.lowerBound).section == nil }
            for line in outside {
                let box = Rect(x: line.origin.x, y: line.origin.y - line.ascent, width: line.width, height: line.ascent + line.descent)
                XCTAssertFalse(tint.rect.intersects(box), "page \(page.number): line at \(line.origin) on the tint")
            }
        }
        XCTAssertEqual(tinted, 2, "the section runs over two pages, each tinted")
        XCTAssertFalse(pages[0].frames.flatMap(\.lines).filter { text.paragraphStyle(at: $0.stringRange.lowerBound).section == nil }.isEmpty,
                       "the section starts below the first paragraph")
    }

    func testTheTextIsSetWhereItIsWithoutTheBackground() throws {
        let plain = try layOut(document("")).pages
        XCTAssertGreaterThanOrEqual(plain.count, 2)
        for attributes in [" background=\"#f2e6c9\"", " background=\"#f2e6c9\" bleed=\"true\"",
                           " background=\"#f2e6c9\" column-rule=\"0.5 #999999\""] {
            let tinted = try layOut(document(attributes)).pages
            XCTAssertEqual(origins(tinted), origins(plain), attributes)
        }
        let ruled = try layOut(document(" column-rule=\"0.5 #999999\"")).pages
        let ruledAndTinted = try layOut(document(" background=\"#f2e6c9\" column-rule=\"0.5 #999999\"")).pages
        XCTAssertEqual(ruledAndTinted.map(\.rules), ruled.map(\.rules), "the rules run where they did")
    }

    func testABleedingTintRunsToThePagesEdgesItsBandStandsAtAndPastThemByTheBleed() throws {
        let (text, pages) = try layOut(document(" background=\"#f2e6c9\" bleed=\"true\""))
        let size = template.size
        // Page 1: the section starts below a paragraph and fills the page: the sides and the foot.
        let first = try XCTUnwrap(pages[0].tints.first)
        let firstLines = lines(of: pages[0], inSection: 1, of: text)
        assertRect(first.bled, Rect(x: -bleed, y: expectedTint(of: firstLines, page: 1).minY, width: size.width + 2 * bleed,
                                    height: size.height + bleed - expectedTint(of: firstLines, page: 1).minY), "page 1")
        // Page 2: it goes on at the top and ends above the last paragraph: the top and the sides.
        let second = try XCTUnwrap(pages[1].tints.first)
        let secondTint = expectedTint(of: lines(of: pages[1], inSection: 1, of: text), page: 2)
        assertRect(second.bled, Rect(x: -bleed, y: -bleed, width: size.width + 2 * bleed, height: secondTint.maxY + bleed), "page 2")
        assertRect(second.rect, secondTint, "its own rectangle is the one it has without bleed")
    }

    func testABleedingTintInTheMiddleOfAPageRunsToTheSidesOnly() throws {
        let markup = "Before. " + paragraphs(1) + "\n<section columns=\"1\" background=\"#f2e6c9\" bleed=\"true\">\n" + paragraphs(1, from: 2)
            + "\n</section>\nAfter. " + paragraphs(1, from: 3) + "\n"
        let (_, pages) = try layOut(markup)
        XCTAssertEqual(pages.count, 1)
        let tint = try XCTUnwrap(pages[0].tints.first)
        assertRect(tint.bled, Rect(x: -bleed, y: tint.rect.minY, width: template.size.width + 2 * bleed, height: tint.rect.height), "bled")
    }

    func testARunningHeadUnderABleedingTintIsLeftOutAndOneBesideAPlainTintStays() throws {
        let area = template.textArea
        let plain = try layOut(document(" background=\"#f2e6c9\""), header: true).pages
        for page in plain.prefix(2) {
            let heads = try XCTUnwrap(page.furniture).frames.flatMap(\.lines)
            XCTAssertTrue(heads.contains { $0.origin.y < area.minY } && heads.contains { $0.origin.y > area.maxY },
                          "page \(page.number): header and footer beside a tint that does not bleed")
        }
        let bled = try layOut(document(" background=\"#f2e6c9\" bleed=\"true\""), header: true).pages
        let first = try XCTUnwrap(bled[0].furniture).frames.flatMap(\.lines)
        XCTAssertFalse(first.isEmpty)
        XCTAssertTrue(first.allSatisfy { $0.origin.y < area.minY }, "page 1: the tint runs off the foot; the header alone is left")
        let second = try XCTUnwrap(bled[1].furniture).frames.flatMap(\.lines)
        XCTAssertFalse(second.isEmpty)
        XCTAssertTrue(second.allSatisfy { $0.origin.y > area.maxY }, "page 2: the tint runs off the top; the footer alone is left")
    }

    /// A figure that does not fit below its tinted section's text waits for the next page's
    /// top, in a band of its own (`HeldFloats`): that band is the section's, and its tint is
    /// behind the figure, padded, as behind the section's lines on the page before.
    func testAFigureItsTintedSectionLeftWaitingStandsOnTheTintOnTheNextPage() throws {
        // Nine paragraphs leave page 1 less room below them than the figure needs.
        let markup = "<section columns=\"1\" background=\"#f2e6c9\">\n" + paragraphs(9)
            + "\n<figure><img src=\"astronaut.png\" width=\"190\" alt=\"An astronaut\"></figure>\n</section>\nAfter the section. "
            + paragraphs(1, from: 10) + "\n"
        let (_, pages) = try layOut(markup)
        XCTAssertGreaterThanOrEqual(pages.count, 2)
        let held = try XCTUnwrap(pages[1].frames.first { !$0.floats.isEmpty }, "the figure at page 2's top")
        XCTAssertTrue(held.lines.isEmpty, "in a band of its own")
        let figure = try XCTUnwrap(held.floats.first).rect
        let tint = try XCTUnwrap(pages[1].tints.first, "page 2 has the section's figure, on its tint")
        XCTAssertEqual(tint.section, 1)
        XCTAssertEqual(tint.rect.minY, figure.minY - padding, accuracy: 1e-6)
        XCTAssertEqual(tint.rect.maxY, figure.maxY + padding, accuracy: 1e-6)
    }
}
