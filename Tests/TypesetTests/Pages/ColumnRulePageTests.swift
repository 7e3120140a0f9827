import Foundation
import TypesetKit
import XCTest

/// `<section column-rule>` on the page: a rule centred in each gutter of a ruled band, from the
/// top of the higher first line's box to the bottom of the lower last line's, none beside a
/// column without lines, broken round what crosses the gutter (not by a float's margin), and
/// nothing at all for sections without a rule.
final class ColumnRulePageTests: XCTestCase {
    private func layOut(_ markup: String, expecting messages: [String] = [],
                        configure: (inout TypesetOptions) -> Void = { _ in },
                        file: StaticString = #filePath, line: UInt = #line) throws -> (PreparedDocument, [Page]) {
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: TestSupport.zombiesDirectory.path) { options in
            // The pictures are blown up on purpose: their print resolution is not what is tested here.
            options.minimumPictureResolution = 0
            configure(&options)
        }
        let found = document.diagnostics.filter { $0.severity != .note }
        XCTAssertEqual(found.map { "\($0.location.map(\.description) ?? "-"): \($0.severity): \($0.message)" }, messages,
                       file: file, line: line)
        SectionTesting.checkProperties(of: document, pages: pages, file: file, line: line)
        return (document, pages)
    }

    private func ruled(_ paragraphs: [String], columns: Int = 3, rule: String = "0.5 gray") -> String {
        "<section columns=\"\(columns)\" gutter=\"12\" column-rule=\"\(rule)\">\n" + paragraphs.joined(separator: "\n") + "\n</section>"
    }

    /// The top of the higher first line's box and the bottom of the lower last line's, over `frames`.
    private func textExtent(_ frames: [Frame]) -> (top: Double, bottom: Double) {
        let lines = frames.flatMap(\.lines)
        return (lines.map { $0.origin.y - $0.ascent }.min()!, lines.map { $0.origin.y + $0.descent }.max()!)
    }

    private func centre(between left: Frame, _ right: Frame) -> Double {
        (left.container.rect.maxX + right.container.rect.minX) / 2
    }

    func testEachGutterOfThreeColumnsHasARuleAtItsCentreAsTallAsTheTextBesideIt() throws {
        let headline = "<section columns=\"1\">\n<p style=\"headline\">The Keepers</p>\n</section>\n"
        let (_, pages) = try layOut(headline + ruled(SectionTesting.paragraphs(24, seed: 7)))
        XCTAssertGreaterThan(pages.count, 1, "the section goes on over the next page")
        for page in pages {
            let band = SectionTesting.bands(of: page).last!
            XCTAssertEqual(band.count, 3, "page \(page.number)")
            XCTAssertEqual(page.rules.count, 2, "three columns, two gutters: page \(page.number)")
            for (index, rule) in page.rules.enumerated() {
                let (left, right) = (band[index], band[index + 1])
                XCTAssertEqual(rule.x, centre(between: left, right), accuracy: 1e-9, "page \(page.number)")
                let extent = textExtent([left, right])
                XCTAssertEqual(rule.top, extent.top, accuracy: 1e-9, "from the higher first line's top")
                XCTAssertEqual(rule.bottom, extent.bottom, accuracy: 1e-9, "to the lower last line's bottom")
                XCTAssertEqual(rule.style, RuleStyle(width: 0.5, color: Color(white: 0.5)))
            }
            if page.number == 1 {
                let headline = SectionTesting.bands(of: page).first!
                XCTAssertEqual(headline.count, 1)
                XCTAssertGreaterThan(page.rules.map(\.top).min()!, SectionTesting.bottom(of: headline[0])!,
                                     "the headline's band is above the rules")
            }
        }
        // The balanced last page: columns that end at different heights, and the rules follow each pair.
        let last = SectionTesting.bands(of: pages.last!).last!
        XCTAssertGreaterThan(abs(SectionTesting.bottom(of: last[0])! - SectionTesting.bottom(of: last[2])!), 0.5,
                             "the last columns end unevenly, so the test tells each pair apart")
    }

    func testNoRuleBesideAColumnWithoutLines() throws {
        let (_, twoOfThree) = try layOut(ruled(["First column.", "<columnbreak>", "Second column."]))
        let band = SectionTesting.bands(of: twoOfThree[0])[0]
        XCTAssertEqual(twoOfThree[0].rules.count, 1, "only between the two columns that hold lines")
        XCTAssertEqual(twoOfThree[0].rules.first?.x ?? 0, centre(between: band[0], band[1]), accuracy: 1e-9)
        let (_, one) = try layOut(ruled(["A single line."]))
        XCTAssertEqual(one[0].rules, [], "one column of text: nothing to rule")
    }

    func testARuleIsBrokenRoundAnExclusionAcrossTheGutterAndKeepsItsClearance() throws {
        // The text area of A4 with 2 cm margins: columns 12 pt apart, the first gutter's centre
        // at 56.69 + (481.89 - 24) / 3 + 6.
        let gutter = 56.6929 + (595.2756 - 2 * 56.6929 - 24) / 3 + 6
        let exclusions = """
        <exclusion shape="rect" x="\(gutter - 30)" y="300" width="60" height="80" padding="5">
        <exclusion shape="circle" cx="\(gutter)" cy="600" r="30">
        """
        let (_, pages) = try layOut(exclusions + "\n" + ruled(SectionTesting.paragraphs(24, seed: 3)))
        let page = pages[0]
        let first = page.rules.filter { abs($0.x - gutter) < 0.01 }.sorted { $0.top < $1.top }
        let second = page.rules.filter { abs($0.x - gutter) >= 0.01 }
        XCTAssertEqual(first.count, 3, "the first gutter's rule in three pieces: \(first)")
        XCTAssertEqual(second.count, 1, "the second gutter is clear: \(second)")
        guard first.count == 3 else { return }
        let clearance = 3.0
        XCTAssertEqual(first[0].bottom, 300 - 5 - clearance, accuracy: 0.01, "stops above the padded rectangle")
        XCTAssertEqual(first[1].top, 380 + 5 + clearance, accuracy: 0.01, "and starts again below it")
        XCTAssertEqual(first[1].bottom, 600 - 30 - clearance, accuracy: 0.01, "stops above the circle")
        XCTAssertEqual(first[2].top, 600 + 30 + clearance, accuracy: 0.01, "and starts again below it")
        let extent = textExtent(Array(SectionTesting.bands(of: page)[0].prefix(2)))
        XCTAssertEqual(first[0].top, extent.top, accuracy: 1e-9)
        XCTAssertEqual(first[2].bottom, extent.bottom, accuracy: 1e-9)
    }

    func testAPictureAcrossTwoOfThreeColumnsKeepsBothRulesBelowIt() throws {
        // The page's gutter, 18 pt, is the one spanning pictures keep below and beside them.
        let markup = "<section columns=\"3\" column-rule=\"0.5 gray\">\n<img src=\"coffee.jpg\" float=\"top\" span=\"2\" alt=\"\">"
            + SectionTesting.paragraphs(20, seed: 5).joined(separator: "\n") + "\n</section>"
        let (_, pages) = try layOut(markup)
        let page = pages[0]
        let picture = try XCTUnwrap(page.pictures.first)
        XCTAssertEqual(page.rules.count, 2, "\(page.rules)")
        let band = SectionTesting.bands(of: page)[0]
        XCTAssertLessThan(textExtent([band[2]]).top, picture.rect.maxY, "the third column's text runs beside the picture")
        for rule in page.rules {
            // The second gutter's rule too: the picture's room reaches its centre, and beside the
            // picture there is no text on the left to separate.
            XCTAssertGreaterThanOrEqual(rule.top, picture.rect.maxY + 18 + 3 - 0.01, "\(rule) starts below the picture")
        }
    }

    func testARuleRunsBesideAPictureFloatedInItsColumnThoughItsMarginReachesTheGutter() throws {
        // Four columns 12 pt apart, pictures as wide as a column: each stops short of the
        // gutter's centre, its 8 pt margin (the default) reaches past it.
        let column = (595.2756 - 2 * 56.6929 - 3 * 12) / 4
        func picture(_ side: String) -> String {
            "<img src=\"coffee.jpg\" alt=\"\" width=\"\(column - 0.05)\" float=\"\(side)\">"
        }
        let text = SectionTesting.paragraphs(3, seed: 11)
        let atTheStart = ruled([picture("left") + text[0]] + text.dropFirst(), columns: 4)
        let afterABreak = ruled(["The first column holds a few short lines of text.", "<columnbreak>",
                                 picture("right") + text[1], text[2]], columns: 4)
        for (markup, column) in [(atTheStart, 0), (afterABreak, 1)] {
            let (_, pages) = try layOut(markup)
            let page = pages[0]
            let band = SectionTesting.bands(of: page)[0]
            let placed = try XCTUnwrap(band[column].floats.first, "the picture is floated in column \(column + 1)")
            let gutter = centre(between: band[0], band[1])
            let reach = abs(gutter - (column == 0 ? placed.rect.maxX : placed.rect.minX))
            XCTAssertGreaterThan(reach, 0.25, "the picture stops short of the rule's ink")
            XCTAssertLessThan(reach, placed.margin, "its margin reaches past the gutter's centre")
            let rules = page.rules.filter { abs($0.x - gutter) < 0.01 }
            let extent = textExtent(Array(band.prefix(2)))
            XCTAssertEqual(rules.count, 1, "one whole rule in the first gutter: \(rules)")
            XCTAssertEqual(rules.first?.top ?? 0, extent.top, accuracy: 1e-9, "beside the picture, from the first line's top")
            XCTAssertEqual(rules.first?.bottom ?? 0, extent.bottom, accuracy: 1e-9)
        }
    }

    func testSectionsWithoutARuleAndShapedOnesHaveNone() throws {
        let (_, plain) = try layOut("<section columns=\"3\">\n" + SectionTesting.paragraphs(8, seed: 1).joined(separator: "\n")
                                    + "\n</section>\nAfter the section, in the page's columns.")
        XCTAssertEqual(plain.flatMap(\.rules), [])
        let (_, shaped) = try layOut("<section shape=\"circle\" height=\"200\" column-rule=\"1 black\">\nRound text.\n</section>",
                                     expecting: ["doc.txt:1:51: warning: column-rule has no effect: a section with a shape is one column; ignored"])
        XCTAssertEqual(shaped.flatMap(\.rules), [])
        let zombies = try TestSupport.parseZombies()
        let runs = zombies.text.paragraphStyleRuns
        XCTAssertFalse((0 ..< runs.runCount).contains { runs.value(ofRun: $0).section?.columnRule != nil },
                       "the magazine has no rules, so its pages are as they were")
    }

    func testASectionInThePagesOneColumnIsWarnedAboutAndHasNoRule() throws {
        let markup = "<section column-rule=\"0.5 gray\">\nThe page's columns.\n</section>\n"
            + "<section columns=\"2\" column-rule=\"0.5 gray\">\nTwo columns.\n<columnbreak>\nThe second.\n</section>"
        let (_, pages) = try layOut(markup, expecting: [
            "doc.txt:1:23: warning: column-rule has no effect: the section takes the page's one column (--columns 1); ignored",
        ]) { $0.page.columns = 1 }
        XCTAssertEqual(pages[0].rules.count, 1, "the two-column section keeps its rule")
        let (_, twoColumns) = try layOut(markup)
        XCTAssertEqual(twoColumns[0].rules.count, 1, "with the page's two columns the first section has one gutter, but one line")
    }
}
