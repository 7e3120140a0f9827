import Foundation
import Layout
import Pages
import TypesetKit
import XCTest

/// Pictures and figures in paragraphs on a fixed line height (issue 33, bug 1): a line holding a
/// picture takes the picture's height (whole grid lines on a grid) whatever the leading says, so
/// that no picture is drawn over the lines above it, no caption over its picture, no figure
/// over its column's text — with and without a grid, with the leading given every way the
/// markup gives it, in several columns and in floated figures and asides.
final class FixedLeadingPictureTests: XCTestCase {
    private static let text = """
        Every Thursday, when the last tram has gone, the square in front of the old town hall fills with stalls. \
        Nobody quite remembers who started it. The first traders sold candles and batteries; now there are noodles, \
        repaired radios, second-hand boots and a man who sharpens anything with an edge.
        """
    private static let rules = """
        The market has rules, though none of them are written down. No stall may sell what the stall beside it sells. \
        No music louder than a voice. Payment in coin, in goods or in favours, never on credit.
        """

    /// The night-market feature as the issue's designer wrote it: a figure kept in the column, a
    /// picture in a line, a figure floated right, all in one paragraph whose leading is `leading`
    /// (the attributes of its `<p>`).
    private static func feature(leading: String, figureFloat: String = "right") -> String {
        """
        <p style="headline">The Night Market</p>
        <p \(leading)>
        <font size="9">\(text)
        <figure alt="A cup of coffee">
        <img src="coffee.jpg" width="200">
        <caption>The coffee stall opens first and closes last.</caption>
        </figure>
        \(rules)
        Inline pictures <img src="chelsea.png" width="40" alt="a cat"> sit in the line too, and the lines around them \
        should make room for them rather than print over them. This is the second sentence of the paragraph with the cat.
        <figure float="\(figureFloat)" width="120" alt="A rocket">
        <img src="rocket.jpg" width="120">
        <caption>Fireworks at midnight.</caption>
        </figure>
        \(text)
        \(rules)
        </font></p>
        """
    }

    private func layOut(_ markup: String, grid: Double?, name: String,
                        file: StaticString = #filePath, line: UInt = #line) throws -> [Page] {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        options.page.baselineGrid = grid
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                                baseDirectory: TestSupport.zombiesDirectory.path)
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [], name, file: file, line: line)
        let pages = document.checkedPages(file: file, line: line)
        var checker = PagePropertyChecker(fixture: name, text: document.text)
        for page in pages { checker.check(page) }
        checker.finish()
        return pages
    }

    /// How far the glyphs of `line` reach above and below its baseline (its pictures left out).
    private func textInk(of line: Line) -> (top: Double, bottom: Double)? {
        let bounds = line.runs.filter { $0.runDelegate == nil && !$0.glyphIDs.isEmpty }.map { $0.typographicBounds() }
        guard let top = bounds.map(\.minY).min(), let bottom = bounds.map(\.maxY).max() else { return nil }
        return (line.origin.y + top, line.origin.y + bottom)
    }

    /// Every picture in a line of `frame` (and of the frames of the boxes placed on the page)
    /// stands below the bottom of the line before it and above the top of the line after it,
    /// and the text of a line holding one is clear of the text of the lines round it.
    private func assertPicturesClear(of pages: [Page], name: String, atLeast pictures: Int = 3,
                                     file: StaticString = #filePath, line: UInt = #line) {
        var checked = 0
        for page in pages {
            let frames = page.frames + page.boxes.flatMap(\.frames)
            for frame in frames {
                for (index, pictureLine) in frame.lines.enumerated() {
                    for run in pictureLine.runs {
                        guard let picture = pictureLine.pictureRect(of: run), picture.height > 1 else { continue }
                        checked += 1
                        if index > 0 {
                            let above = frame.lines[index - 1]
                            XCTAssertGreaterThanOrEqual(picture.minY, above.origin.y + above.descent - 0.01,
                                                        "\(name) page \(page.number): a picture over the line above it", file: file, line: line)
                        }
                        if index + 1 < frame.lines.count {
                            let below = frame.lines[index + 1]
                            XCTAssertLessThanOrEqual(picture.maxY, below.origin.y - below.ascent + 0.01,
                                                     "\(name) page \(page.number): a picture over the line below it", file: file, line: line)
                            if let ink = textInk(of: pictureLine), let next = textInk(of: below), below.origin.y > pictureLine.origin.y {
                                XCTAssertGreaterThanOrEqual(next.top, ink.bottom - 0.01,
                                                            "\(name) page \(page.number): the text under a picture's line over its text",
                                                            file: file, line: line)
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, pictures, "\(name): the pictures were looked at", file: file, line: line)
    }

    func testPicturesOnAFixedLeadingPrintOverNothingWithAndWithoutAGrid() throws {
        for grid in [12.0, nil] {
            for leading in [#"line-height="12pt""#, #"line-height-min="12" line-height-max="12""#, #"line-height="0.9""#] {
                let name = "\(leading), grid \(grid.map { "\($0)" } ?? "none")"
                let pages = try layOut(Self.feature(leading: leading), grid: grid, name: name)
                assertPicturesClear(of: pages, name: name)
            }
        }
    }

    /// A picture on a column's first line stays in the column: under a 12 pt line it reached up
    /// out of the text area, over the running head.
    func testAPictureOnAColumnsFirstLineStaysBelowTheColumnsTop() throws {
        let markup = #"<p line-height="12pt"><img src="coffee.jpg" width="120" alt="A cup of coffee"> "# + Self.text + " " + Self.rules + "</p>"
        for grid in [12.0, nil] {
            let pages = try layOut(markup, grid: grid, name: "first line")
            let frame = try XCTUnwrap(pages.first?.frames.first)
            let line = try XCTUnwrap(frame.lines.first)
            let picture = try XCTUnwrap(line.runs.lazy.compactMap { line.pictureRect(of: $0) }.first)
            XCTAssertGreaterThanOrEqual(picture.minY, frame.container.rect.minY - 0.01)
            XCTAssertEqual(picture.height, 80, accuracy: 0.01)
        }
    }

    /// On a grid a line holding a picture takes whole grid lines: the line after it is back on the grid.
    func testALineHoldingAPictureTakesWholeGridLines() throws {
        let pages = try layOut(Self.feature(leading: #"line-height="12pt""#), grid: 12, name: "grid")
        let template = PageTemplate()
        for page in pages {
            for frame in page.frames {
                for line in frame.lines where line.box == nil {
                    let steps = (line.origin.y - template.textArea(ofPage: page.number).minY) / 12
                    XCTAssertEqual(steps, steps.rounded(), accuracy: 0.001, "page \(page.number): baseline \(line.origin.y) off the grid")
                }
            }
        }
    }

    /// A caption is as far under its picture on a fixed leading as on the automatic one (the
    /// picture's line ends at its foot; the paragraphs' spacing and the caption's first line
    /// follow), and clear of it.
    func testACaptionIsAsFarUnderItsPictureAsOnTheAutomaticLeading() throws {
        func captionDistances(_ leading: String, grid: Double?) throws -> [Double] {
            let pages = try layOut(Self.feature(leading: leading), grid: grid, name: "captions, \(leading)")
            return try pages.flatMap(\.boxes).map { box in
                let lines = try XCTUnwrap(box.frames.first?.lines)
                XCTAssertEqual(lines.count, 2, "the picture's line and the caption's")
                let picture = try XCTUnwrap(lines[0].runs.lazy.compactMap { lines[0].pictureRect(of: $0) }.first)
                XCTAssertGreaterThanOrEqual(lines[1].origin.y - lines[1].ascent, picture.maxY - 0.01, "the caption clear of its picture")
                return lines[1].origin.y - picture.maxY
            }
        }
        let automatic = try captionDistances(#"line-height="normal""#, grid: nil)
        XCTAssertEqual(automatic.count, 2)
        for grid in [12.0, nil] {
            let fixed = try captionDistances(#"line-height="12pt""#, grid: grid)
            XCTAssertEqual(fixed.count, automatic.count)
            for (fixed, automatic) in zip(fixed, automatic) { XCTAssertEqual(fixed, automatic, accuracy: 0.5) }
        }
    }

    /// A named style carries the leading; the figure's own paragraphs inherit it, and a floated
    /// aside holds a picture too.
    func testANamedStyleFiguresAndAsidesInheritingAFixedLeading() throws {
        let markup = """
            <style name="body" line-height="12pt" size="9"/>
            <p style="body">\(Self.text)
            <figure>
            <img src="coffee.jpg" width="200" alt="">
            <caption>The coffee stall opens first and closes last.</caption>
            </figure>
            \(Self.rules)
            <aside float="right" width="100">
            <img src="chelsea.png" width="60" alt="a cat"> The cat of the stall that sells nothing.
            </aside>
            \(Self.text) \(Self.rules)
            </p>
            """
        for grid in [12.0, nil] {
            let name = "named style, grid \(grid.map { "\($0)" } ?? "none")"
            assertPicturesClear(of: try layOut(markup, grid: grid, name: name), name: name, atLeast: 2)
        }
    }

    func testPicturesOnAFixedLeadingInASectionOfThreeColumns() throws {
        let markup = "<section columns=\"3\">\n" + Self.feature(leading: #"line-height="12pt""#, figureFloat: "left") + "\n</section>\n"
        for grid in [12.0, nil] {
            let name = "three columns, grid \(grid.map { "\($0)" } ?? "none")"
            assertPicturesClear(of: try layOut(markup, grid: grid, name: name), name: name)
        }
    }

    /// A floated picture's `<img>` alone on its line, between two paragraphs, takes no line (a
    /// designer's market report): under a fixed line height that line took a whole pitch, and on
    /// a grid a grid line — a blank line between the paragraphs, the picture's top a line above
    /// the text beside it, the last lines of the paragraph above wrapped round it.
    func testAFloatedPictureAloneOnItsLineTakesNoLine() throws {
        for grid in [14.0, nil] {
            for leading in [#"line-height="13pt""#, #"line-height="18pt""#, #"line-height-min="13" line-height-max="13""#, ""] {
                let name = "\(leading.isEmpty ? "automatic leading" : leading), grid \(grid.map { "\($0)" } ?? "none")"
                let markup = "<p space-after=\"0\" \(leading)>\n\(Self.rules)\n"
                    + "<img src=\"chelsea.png\" width=\"60\" float=\"left\" alt=\"A cat\">\n\(Self.text)\n</p>"
                let frame = try XCTUnwrap(layOut(markup, grid: grid, name: name).first?.frames.first, name)
                let picture = try XCTUnwrap(frame.floats.first, name)
                let lines = frame.lines.filter { $0.height > 0 }
                let above = lines.filter { $0.stringRange.upperBound <= picture.anchor }
                let beside = try XCTUnwrap(lines.first { $0.stringRange.lowerBound > picture.anchor }, name)
                XCTAssertGreaterThanOrEqual(above.count, 2, name)
                let pitch = above[above.count - 1].origin.y - above[above.count - 2].origin.y
                XCTAssertEqual(beside.origin.y - above[above.count - 1].origin.y, pitch, accuracy: 0.01,
                               "\(name): the paragraph beside the picture a line's pitch below the one above it")
                XCTAssertGreaterThanOrEqual(picture.rect.minY, above[above.count - 1].origin.y + above[above.count - 1].descent - 0.01,
                                            "\(name): the picture below the paragraph above it")
                XCTAssertLessThanOrEqual(picture.rect.minY, beside.origin.y - beside.ascent + 0.01,
                                         "\(name): the picture's top level with the text beside it")
            }
        }
    }
}
