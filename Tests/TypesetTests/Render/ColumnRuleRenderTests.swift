import Foundation
import TypesetKit
import XCTest

/// Column rules as drawn and as listed: the PNG has the rule's ink down the gutter where the
/// layout put it and nothing else in the gutter, docs/markup.md's example comes out ruled, and
/// the layout JSON lists each rule (and nothing for pages without).
final class ColumnRuleRenderTests: XCTestCase {
    private static let dpi = 144.0

    /// The layout JSON's parts these tests read.
    private struct Layout: Decodable {
        struct Page: Decodable {
            var frames: [Frame]
            var rules: [Rule]?
        }

        struct Frame: Decodable {
            var rect: Rect
            var lines: [Line]
        }

        struct Line: Decodable {}

        struct Rect: Decodable {
            var x, y, width, height: Double
        }

        struct Rule: Decodable, Equatable {
            var x, top, bottom, width: Double
            var color: String
        }

        var pages: [Page]
    }

    /// `markup` typeset as PNG pages at `dpi` with its layout JSON; the first page's pixels.
    private func render(_ markup: String, name: String = "doc") throws -> (pixels: Pixels, layout: Layout) {
        let directory = try makeTemporaryDirectory()
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = .png
        options.dpi = Self.dpi
        options.layoutJSONPath = directory.appendingPathComponent("\(name).json").path
        let report = try Typesetter(options: options).typeset(MarkupSource(fileName: "\(name).txt", text: markup),
                                                              baseDirectory: directory.path,
                                                              outputPath: directory.appendingPathComponent("\(name).png").path)
        XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.message), [])
        let layout = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: options.layoutJSONPath!)))
        return (try Pixels(pngAt: report.outputPaths[0]), layout)
    }

    private func pixel(_ points: Double) -> Int { Int((points * Self.dpi / 72).rounded(.down)) }

    private func isRed(_ colour: (r: Double, g: Double, b: Double)) -> Bool { colour.r > 0.8 && colour.g < 0.3 && colour.b < 0.3 }

    private func isWhite(_ colour: (r: Double, g: Double, b: Double)) -> Bool { min(colour.r, colour.g, colour.b) > 0.97 }

    func testThePNGHasTheRulesInkInTheGutterAndNothingElseThere() throws {
        // Three columns 12 pt apart on A4 with 2 cm margins: the first gutter's centre is at 215.32.
        let markup = "<exclusion shape=\"rect\" x=\"195\" y=\"400\" width=\"40\" height=\"60\">\n"
            + "<section columns=\"3\" gutter=\"12\" column-rule=\"1.5 red\">\n"
            + SectionTesting.paragraphs(14, seed: 11).joined(separator: "\n") + "\n</section>"
        let (pixels, layout) = try render(markup)
        let page = layout.pages[0]
        let rules = try XCTUnwrap(page.rules)
        XCTAssertEqual(rules.count, 3, "the first gutter's rule in two pieces round the exclusion, the second whole: \(rules)")
        XCTAssertEqual(rules.map(\.color), ["#ff0000", "#ff0000", "#ff0000"])
        XCTAssertEqual(page.frames.count, 3)
        let onePixel = 72 / Self.dpi
        func inRule(_ x: Int, _ y: Int, grownBy margin: Double) -> Bool {
            let (px, py) = ((Double(x) + 0.5) * onePixel, (Double(y) + 0.5) * onePixel)
            return rules.contains {
                abs(px - $0.x) <= $0.width / 2 + margin && py >= $0.top - margin && py <= $0.bottom + margin
            }
        }
        var red = 0, stray = 0, gaps = 0
        for (left, right) in zip(page.frames, page.frames.dropFirst()) {
            // The gutter, a point clear of the columns (glyphs may overhang their advance a little).
            let gutterX = pixel(left.rect.x + left.rect.width + 1) ..< pixel(right.rect.x - 1)
            let bandY = pixel(left.rect.y) ..< pixel(left.rect.y + left.rect.height)
            for y in bandY {
                for x in gutterX {
                    let colour = pixels.rgb(x: x, y: y)
                    if inRule(x, y, grownBy: -onePixel) {
                        if isRed(colour) { red += 1 } else { gaps += 1 }
                    } else if !inRule(x, y, grownBy: onePixel), !isWhite(colour) {
                        stray += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(red, 2 * 600, "a rule three pixels wide down most of the page's two gutters")
        XCTAssertEqual(gaps, 0, "the rule's ink is solid red where the layout put it")
        XCTAssertEqual(stray, 0, "nothing else in the gutters: not the rule beside its place, nor across the exclusion")
        // And no red anywhere else on the page.
        var elsewhere = 0
        for y in 0 ..< pixels.height {
            for x in 0 ..< pixels.width where isRed(pixels.rgb(x: x, y: y)) && !inRule(x, y, grownBy: onePixel) { elsewhere += 1 }
        }
        XCTAssertEqual(elsewhere, 0)
    }

    func testTheDocumentationsExampleComesOutRuled() throws {
        let example = MarkupExample.named("column-rule")
        let (pixels, layout) = try render(example.markup, name: "example")
        let rules = try XCTUnwrap(layout.pages[0].rules)
        XCTAssertEqual(rules.count, 2, "three columns of text, two gutters")
        for rule in rules {
            XCTAssertEqual(rule.width, 0.5)
            XCTAssertEqual(rule.color, "#999999")
            XCTAssertGreaterThan(rule.bottom - rule.top, 30, "beside several lines")
            // Grey ink down the middle of the rule, a pixel to each side for anti-aliasing.
            var inked = 0, rows = 0
            for y in pixel(rule.top + 1) ..< pixel(rule.bottom - 1) {
                rows += 1
                let darkest = (pixel(rule.x) - 1 ... pixel(rule.x) + 1).map { pixels.luminance(x: $0, y: y) }.min()!
                if darkest < 0.85 { inked += 1 }
            }
            XCTAssertEqual(inked, rows, "the rule at \(rule.x) is drawn all the way down")
        }
        // The headline's band has no rule: the rules start below it.
        let headline = layout.pages[0].frames[0]
        XCTAssertEqual(headline.lines.count, 1)
        XCTAssertGreaterThan(rules.map(\.top).min()!, headline.rect.y + headline.rect.height)
    }

    func testTheLayoutJSONListsTheRulesOfThePagesThatHaveThem() throws {
        let markup = "<section columns=\"2\" column-rule=\"0.75pt rgba(0, 0, 255, 0.5)\">\n"
            + SectionTesting.paragraphs(4, seed: 2).joined(separator: "\n") + "\n</section>\n"
            + "<pagebreak>\nA page without rules."
        let (_, layout) = try render(markup)
        XCTAssertEqual(layout.pages.count, 2)
        let (_, pages) = try SectionTesting.layOut(markup)
        let expected = pages[0].rules.map {
            Layout.Rule(x: ($0.x * 100).rounded() / 100, top: ($0.top * 100).rounded() / 100, bottom: ($0.bottom * 100).rounded() / 100,
                        width: 0.75, color: "#0000ff80")
        }
        XCTAssertEqual(expected.count, 1)
        XCTAssertEqual(layout.pages[0].rules, expected, "the rules of the pages drawn, to 1/100 pt, the colour with its alpha")
        XCTAssertNil(layout.pages[1].rules, "left out where a page has none, so such pages are written as before")
    }
}
