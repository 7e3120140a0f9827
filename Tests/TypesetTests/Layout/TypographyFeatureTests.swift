import Fonts
import Layout
import Pages
import Render
import Shaping
import Text
import XCTest

/// The character and paragraph features of the markup language as layout and rendering
/// carry them out: real fonts, real HarfBuzz, real Cairo.
final class TypographyFeatureTests: XCTestCase {
    private var library: FontLibrary!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
    }

    private func attributes(_ change: (inout TextAttributes) -> Void = { _ in }) -> TextAttributes {
        var attributes = TestSupport.defaultAttributes(size: 10)
        change(&attributes)
        return attributes
    }

    /// Lays `text` out in one container, every face it uses resolved from the bundled fonts.
    private func frame(_ text: AttributedText, width: Double = 300, height: Double = 600) throws -> Frame {
        var fonts = try FontTableBuilder(library: library)
        for run in text.attributeRuns(in: 0 ..< text.length) { try fonts.add(run.attributes.fontRequest) }
        let table = fonts.table
        return Framesetter(text: text, fonts: table).frame(in: Container(rect: Rect(x: 0, y: 0, width: width, height: height)), from: 0)
    }

    private func glyphX(of offset: Int, in line: Line) -> Double? {
        for run in line.runs {
            if let index = run.clusters.firstIndex(of: offset) { return line.origin.x + run.positions[index].x }
        }
        return nil
    }

    // MARK: Fonts, features, spacing

    func testBoldAndItalicUseTheFamilysOwnFaces() throws {
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        text.append("bold ", attributes: attributes { $0.fontWeight = 700 })
        text.append("italic", attributes: attributes { $0.italic = true })
        let runs = try frame(text).lines[0].runs
        XCTAssertEqual(URL(fileURLWithPath: runs[0].font.path).lastPathComponent, "texgyrepagella-bold.otf")
        XCTAssertEqual(URL(fileURLWithPath: runs[1].font.path).lastPathComponent, "texgyrepagella-italic.otf")
    }

    func testFeaturesReachHarfBuzz() throws {
        let pagella = try library.resolve(family: TestSupport.bodyFamily).font
        let shaper = Shaper()
        let plain = shaper.shape(Array("abc".utf16), font: pagella)
        let smallCaps = shaper.shape(Array("abc".utf16), font: pagella, features: FeatureSet(features: [FontFeature(tag: "smcp")]))
        XCTAssertNotEqual(plain.glyphIDs, smallCaps.glyphIDs, "small caps are other glyphs")
        let lining = shaper.shape(Array("2026".utf16), font: pagella, features: FeatureSet(features: [FontFeature(tag: "lnum")]))
        let oldStyle = shaper.shape(Array("2026".utf16), font: pagella, features: FeatureSet(features: [FontFeature(tag: "onum")]))
        XCTAssertNotEqual(lining.glyphIDs, oldStyle.glyphIDs, "old-style figures differ from lining ones")
    }

    func testTrackingSpacesLettersAndTurnsLigaturesOff() throws {
        var plain = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        plain.append("office", attributes: attributes())
        var tracked = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        tracked.append("office", attributes: attributes { $0.tracking = 0.1 })
        let plainLine = try frame(plain).lines[0], trackedLine = try frame(tracked).lines[0]
        XCTAssertLessThan(plainLine.runs[0].glyphIDs.count, 6, "'ffi' is a ligature without tracking")
        XCTAssertEqual(trackedLine.runs[0].glyphIDs.count, 6, "each letter is its own glyph when tracked")
        // Six letters, each but the last followed by 0.1 em = 1 pt: the last one's spacing is
        // left out of the line's end (LineEndTracking).
        let unligated = Shaper().shape(Array("office".utf16), font: plainLine.runs[0].font, features: FeatureSet(ligatures: false))
        let natural = Double(unligated.totalAdvance) * plainLine.runs[0].font.scale(for: 10)
        XCTAssertEqual(trackedLine.width, natural + 5, accuracy: 0.01)
    }

    /// A designer's reply card: `<p align="center"><font size="20" tracking="600">RSVP</font>`
    /// sat 6 pt left of the page's centre, the tracking after its P counted in its width. The
    /// letters' ink is placed as if the last letter had none: centred, ended at the right edge,
    /// justified to it; a line of text not tracked, or ending in a hyphen, is set as before.
    func testATrackedLineIsAlignedByItsLettersNotTheTrackingAfterTheLast() throws {
        let tracking = 0.6, size = 20.0
        func line(_ string: String, _ alignment: TextAlignment, tracked: Bool = true) throws -> Line {
            var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: alignment))
            text.append(string, attributes: attributes { $0.fontSize = size; $0.tracking = tracked ? tracking : 0 })
            return try frame(text).lines[0]
        }
        // The P's own advance: where it starts when it ends a right-aligned line untracked.
        let plainP = try line("P", .right, tracked: false)
        let advanceOfP = 300 - (try XCTUnwrap(glyphX(of: 0, in: plainP)))
        let right = try line("RSVP", .right)
        XCTAssertEqual(try XCTUnwrap(glyphX(of: 3, in: right)) + advanceOfP, 300, accuracy: 1e-6, "the P ends at the edge")
        let centred = try line("RSVP", .center)
        let inkStart = try XCTUnwrap(glyphX(of: 0, in: centred)), inkEnd = try XCTUnwrap(glyphX(of: 3, in: centred)) + advanceOfP
        XCTAssertEqual((inkStart + inkEnd) / 2, 150, accuracy: 1e-6, "the letters centred, not 6 pt left of it")
        XCTAssertEqual(centred.width, inkEnd - inkStart, accuracy: 1e-6)
        // Untracked, nothing moves.
        let plain = try line("RSVP", .center, tracked: false)
        XCTAssertEqual(plain.width, try XCTUnwrap(plain.runs.first?.advances.reduce(0, +)), accuracy: 1e-9)
    }

    func testKerningCanBeTurnedOff() throws {
        var kerned = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        kerned.append("AVAVAV", attributes: attributes { $0.fontFamily = "Liberation Sans" })
        var unkerned = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        unkerned.append("AVAVAV", attributes: attributes { $0.fontFamily = "Liberation Sans"; $0.kerning = false })
        XCTAssertLessThan(try frame(kerned).lines[0].width, try frame(unkerned).lines[0].width - 1)
    }

    func testABaselineOffsetRaisesGlyphsAndMakesRoomAboveTheLine() throws {
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        text.append("E = mc", attributes: attributes())
        text.append("2", attributes: attributes { $0.baselineOffset = 4; $0.fontSize = 7 })
        let line = try frame(text).lines[0]
        XCTAssertEqual(line.runs[1].positions[0].y, -4, accuracy: 1e-9)
        var flat = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        flat.append("E = mc2", attributes: attributes())
        XCTAssertGreaterThanOrEqual(line.ascent, try frame(flat).lines[0].ascent)
    }

    // MARK: Breaking

    func testNoBreakSpansStayOnOneLine() throws {
        let url = "https://example.org/a/very/long/path/that/would/break"
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        text.append("See ", attributes: attributes())
        let start = text.length
        text.append(url, attributes: attributes { $0.noBreak = true })
        text.append(" for the details of the plan.", attributes: attributes())
        let lines = try frame(text, width: 260).lines
        let urlRange = start ..< start + url.utf16.count
        XCTAssertEqual(lines.filter { $0.stringRange.overlaps(urlRange) }.count, 1, "the URL is not split")
        // Without the span, ICU allows breaks after its slashes.
        var plain = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        plain.append("See " + url + " for the details of the plan.", attributes: attributes())
        XCTAssertGreaterThan(try frame(plain, width: 120).lines.filter { $0.stringRange.overlaps(urlRange) }.count, 1)
    }

    // MARK: Line heights

    private func baselines(_ lineHeight: LineHeight) throws -> [Double] {
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left, lineHeight: lineHeight))
        text.append(String(repeating: "words and more words ", count: 20), attributes: attributes())
        return try frame(text, width: 150).lines.map(\.origin.y)
    }

    func testFixedMultipleAndBoundedLineHeights() throws {
        let natural = try baselines(.normal)
        let naturalStep = natural[1] - natural[0]
        XCTAssertEqual(naturalStep, 12, accuracy: 0.01, "10 pt Pagella is set on 120 %")
        let fixed = try baselines(.fixed(13))
        for (a, b) in zip(fixed, fixed.dropFirst()) { XCTAssertEqual(b - a, 13, accuracy: 1e-9) }
        let double = try baselines(.multiple(2))
        XCTAssertEqual(double[1] - double[0], 2 * naturalStep, accuracy: 1e-9)
        let bounded = try baselines(.range(minimum: 15, maximum: nil))
        XCTAssertEqual(bounded[1] - bounded[0], 15, accuracy: 1e-9)
        let capped = try baselines(.range(minimum: nil, maximum: 11))
        XCTAssertEqual(capped[1] - capped[0], 11, accuracy: 1e-9)
    }

    // MARK: Tab stops

    func testDecimalRightAndCentreTabStops() throws {
        let stops = [TabStop(location: 100, alignment: .decimal), TabStop(location: 200, alignment: .right),
                     TabStop(location: 250, alignment: .center)]
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .justify, tabStops: stops))
        let rows = ["Apples\t3.25\t10%\tx", "Pears\t123.5\t100%\tlong", "Plums\t7\t5%\tmid"]
        var rowStarts: [Int] = []
        for row in rows {
            rowStarts.append(text.length)
            text.append(row + "\n", attributes: attributes())
        }
        let lines = try frame(text).lines
        XCTAssertEqual(lines.count, 3)
        for (line, (row, start)) in zip(lines, zip(rows, rowStarts)) {
            let units = Array(row.utf16)
            // Decimal: the separator starts at the stop (or, without one, the number ends there).
            if let dot = units.firstIndex(of: 0x2E) {
                XCTAssertEqual(try XCTUnwrap(glyphX(of: start + dot, in: line)), 100, accuracy: 0.01, row)
            }
            // Right: the percentage ends at 200 (where the next tab starts).
            let secondTab = units.indices.filter { units[$0] == 0x09 }[2]
            XCTAssertEqual(try XCTUnwrap(glyphX(of: start + secondTab, in: line)), 200, accuracy: 0.01, row)
        }
        // Centre: the last column's words are centred on 250.
        for line in lines {
            let run = try XCTUnwrap(line.runs.last)
            let lastTab = try XCTUnwrap(run.clusters.lastIndex { text.storage[$0] == 0x09 })
            let left = line.origin.x + run.positions[lastTab + 1].x
            let right = line.origin.x + run.x + run.width
            XCTAssertEqual((left + right) / 2, 250, accuracy: 0.01)
        }
    }

    func testAHangingIndentListItemAlignsItsTextOnTheTab() throws {
        let style = ParagraphStyle(alignment: .left, firstLineIndent: -18, headIndent: 18,
                                   tabStops: [TabStop(location: 18)])
        var text = AttributedText(defaultParagraphStyle: style)
        text.append("•\tA list item long enough to run onto a second line of the column.", attributes: attributes())
        let lines = try frame(text, width: 150).lines
        XCTAssertGreaterThan(lines.count, 1)
        XCTAssertEqual(lines[0].origin.x, 0, accuracy: 1e-9, "the bullet hangs at the column's edge")
        XCTAssertEqual(try XCTUnwrap(glyphX(of: 2, in: lines[0])), 18, accuracy: 0.01, "the text starts on the tab stop")
        XCTAssertEqual(lines[1].origin.x, 18, accuracy: 1e-9, "the next lines align with the text")
    }

    // MARK: Drawing

    /// Renders `text` on a small page at 144 dpi and returns its pixels.
    private func render(_ text: AttributedText, size: Size = Size(width: 200, height: 60)) throws -> RasterImage {
        var fonts = try FontTableBuilder(library: library)
        for run in text.attributeRuns(in: 0 ..< text.length) { try fonts.add(run.attributes.fontRequest) }
        let table = fonts.table
        let template = PageTemplate(size: size, margins: Margins(all: 10), columns: 1, gutter: 0)
        var pages = Paginator(framesetter: Framesetter(text: text, fonts: table), template: template)
        return try DocumentWriter(text: text).rasterize(try XCTUnwrap(pages.next()), dpi: 144)
    }

    private func count(_ image: RasterImage, in rows: Range<Int>, where test: (Int, Int, Int) -> Bool) -> Int {
        var total = 0
        for y in rows {
            for x in 0 ..< image.width {
                let index = (y * image.width + x) * 4
                if test(Int(image.rgba[index]), Int(image.rgba[index + 1]), Int(image.rgba[index + 2])) { total += 1 }
            }
        }
        return total
    }

    func testUnderlineStrikeAndBackgroundAreDrawn() throws {
        func line(_ change: (inout TextAttributes) -> Void) throws -> RasterImage {
            var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
            text.append("mmmm mmmm", attributes: attributes(change))
            return try render(text)
        }
        let plain = try line { _ in }
        let red: (Int, Int, Int) -> Bool = { $0 > 200 && $1 < 60 && $2 < 60 }
        // 144 dpi: the first baseline is near y = 2 × (10 + 1 + 7.26) ≈ 37 px.
        for style in LineStyle.allCases {
            let underlined = try line { $0.underline = TextDecoration(style: style, color: Color(red: 1, green: 0, blue: 0)) }
            XCTAssertGreaterThan(count(underlined, in: 36 ..< 46, where: red), 20, "\(style) underline below the baseline")
            XCTAssertEqual(count(underlined, in: 0 ..< 30, where: red), 0, "\(style) underline only below the baseline")
        }
        XCTAssertEqual(count(plain, in: 0 ..< 60, where: red), 0)
        let struck = try line { $0.strikethrough = TextDecoration(style: .single, color: Color(red: 1, green: 0, blue: 0)) }
        let reddish: (Int, Int, Int) -> Bool = { $0 > $1 + 80 && $0 > $2 + 80 }
        XCTAssertGreaterThan(count(struck, in: 24 ..< 36, where: reddish), 100, "strike-through across the x-height")
        XCTAssertEqual(count(struck, in: 37 ..< 60, where: reddish), 0, "and nowhere below the baseline")
        let highlighted = try line { $0.backgroundColor = Color(red: 1, green: 1, blue: 0) }
        let yellow: (Int, Int, Int) -> Bool = { $0 > 240 && $1 > 240 && $2 < 30 }
        XCTAssertGreaterThan(count(highlighted, in: 0 ..< 60, where: yellow), 500)
    }

    func testShadowsSharpAndBlurred() throws {
        func shadowed(blur: Double) throws -> RasterImage {
            var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
            text.append("Shadow", attributes: attributes {
                $0.fontSize = 20
                $0.color = .white
                $0.shadow = Shadow(offsetX: 2, offsetY: 2, blur: blur, color: Color(red: 0, green: 0, blue: 1))
            })
            return try render(text)
        }
        let blue: (Int, Int, Int) -> Bool = { $0 < 120 && $1 < 120 && $2 > 150 }
        let sharp = try shadowed(blur: 0)
        XCTAssertGreaterThan(count(sharp, in: 0 ..< 120, where: blue), 100, "the shadow shows beside white glyphs")
        let blurred = try shadowed(blur: 3)
        let faint: (Int, Int, Int) -> Bool = { $2 > 200 && $0 > 60 && $0 < 230 }
        XCTAssertGreaterThan(count(blurred, in: 0 ..< 120, where: faint), count(sharp, in: 0 ..< 120, where: faint),
                             "a blurred shadow fades out: more half-tones than a sharp one")
    }

    func testHollowTextIsOutlinedOnly() throws {
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        text.append("HOLLOW", attributes: attributes {
            $0.fontSize = 30
            $0.fontFamily = "Liberation Sans"
            $0.fontWeight = 700
            $0.color = Color(red: 1, green: 0, blue: 0)
            $0.stroke = Stroke(color: .black, widthFraction: 0.03, fills: false)
        })
        let image = try render(text, size: Size(width: 200, height: 70))
        let red: (Int, Int, Int) -> Bool = { $0 > 200 && $1 < 60 && $2 < 60 }
        let dark: (Int, Int, Int) -> Bool = { $0 < 60 && $1 < 60 && $2 < 60 }
        XCTAssertEqual(count(image, in: 0 ..< image.height, where: red), 0, "no fill")
        XCTAssertGreaterThan(count(image, in: 0 ..< image.height, where: dark), 200, "an outline")
    }

    func testHollowTextCanStillBeExtractedFromThePDF() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { throw XCTSkip("pdftotext is not installed") }
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left))
        text.append("HOLLOW words", attributes: attributes { $0.stroke = Stroke(color: .black, fills: false) })
        let table = try FontTableBuilder(library: library).table
        let template = PageTemplate(size: Size(width: 200, height: 60), margins: Margins(all: 10), columns: 1, gutter: 0)
        let directory = try makeTemporaryDirectory()
        let pdf = directory.appendingPathComponent("hollow.pdf").path
        try DocumentWriter(text: text).writePDF(Paginator(framesetter: Framesetter(text: text, fonts: table), template: template), to: pdf)
        let extracted = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [pdf, "-"]))
        XCTAssertTrue(extracted.contains("HOLLOW words"), extracted)
    }

    // MARK: Optical margins

    func testHangingPunctuationHangsIntoTheMargins() throws {
        func lines(hanging: Bool) throws -> [Line] {
            var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .justify, hangingPunctuation: hanging))
            text.append("“Quoted words open the paragraph, and then some more words follow, and more, until the lines wrap, "
                        + "with commas, full stops. And hyphens-at-ends. Another sentence goes on, and on, and on, to the end.",
                        attributes: attributes())
            return try frame(text, width: 150).lines
        }
        let plain = try lines(hanging: false), hung = try lines(hanging: true)
        XCTAssertEqual(plain[0].origin.x, 0, accuracy: 1e-9)
        XCTAssertLessThan(hung[0].origin.x, -1, "the opening quote hangs into the left margin")
        // A justified line ending in punctuation reaches past the column's edge by part of it.
        var hangingRight = 0
        for line in hung.dropLast() {
            let right = line.origin.x + line.width
            let lastCluster = line.runs.last?.clusters.last ?? 0
            let endsInPunctuation = lastCluster == GlyphRun.generatedHyphen
                || [0x2C, 0x2E, 0x2D].contains(line.runs.last.map { _ in 0 } ?? 0) || right > 150.5
            if right > 150.5 {
                hangingRight += 1
                XCTAssertTrue(endsInPunctuation)
                XCTAssertLessThan(right, 155, "only part of a mark hangs out")
            } else {
                XCTAssertEqual(right, 150, accuracy: 0.01)
            }
        }
        XCTAssertGreaterThan(hangingRight, 0)
        for line in plain.dropLast() { XCTAssertEqual(line.origin.x + line.width, 150, accuracy: 0.01) }
    }

    func testATabStopAtTheLineEndFollowsTheColumnAndIndent() throws {
        for (width, tail) in [(300.0, 0.0), (220.0, 20.0)] {
            var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .left, tailIndent: tail,
                                                                            tabStops: [TabStop(location: TabStop.lineEnd, alignment: .right)]))
            text.append("Planks\t12 %", attributes: attributes())
            let line = try XCTUnwrap(try frame(text, width: width).lines.first)
            XCTAssertEqual(line.origin.x + line.width, width - tail, accuracy: 0.01, "the text ends at the line's right end")
        }
    }
}
