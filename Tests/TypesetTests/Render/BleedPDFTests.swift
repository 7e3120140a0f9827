import Foundation
import Render
import TypesetKit
import XCTest

/// Elements that bleed, in the PDF the print shop gets, read back with poppler: a full-bleed
/// picture's ink covers the sheet from the BleedBox's top edge and both sides, the picture is
/// scaled to cover (as many pixels per inch across as down), the text starts below it, a right
/// float's ink reaches the sheet's right edge, a figure's caption stays readable inside the
/// text area; without a bleed the picture ends at the trim.
final class BleedPDFTests: XCTestCase {
    private let a4 = (width: 595.276, height: 841.89)
    /// 3 mm in points.
    private let bleed = 3 * 72 / 25.4
    private let body = String(repeating: "The crowd comes to the fence every morning with flasks and folding chairs. ", count: 30)

    /// A 300 × 200 picture, pure red: wherever it is drawn, its ink is unmistakable.
    private func writeRedPicture(in directory: URL) throws {
        var png = PNGBytes()
        png.width = 300
        png.height = 200
        let row: [UInt8] = [0] + (0 ..< 300).flatMap { _ in [0xFF, 0x00, 0x00] as [UInt8] }
        png.imageData = PNGBytes.zlibStored((0 ..< 200).flatMap { _ in row })
        try Data(png.bytes).write(to: directory.appendingPathComponent("red.png"))
    }

    private struct Output {
        var pdf: String
        var layout: [String: Any]
        var directory: URL
    }

    private func typeset(_ markup: String, sheet: PrintSheet) throws -> Output {
        let directory = try makeTemporaryDirectory()
        try writeRedPicture(in: directory)
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        options.sheet = sheet
        options.layoutJSONPath = directory.appendingPathComponent("layout.json").path
        let pdf = directory.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
        XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        let json = try Data(contentsOf: URL(fileURLWithPath: options.layoutJSONPath!))
        let layout = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        return Output(pdf: pdf, layout: layout, directory: directory)
    }

    /// The first page at 72 dpi: a pixel a point, the whole sheet (MediaBox).
    private func firstPage(of output: Output) throws -> Pixels {
        let base = output.directory.appendingPathComponent("page").path
        guard TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-png", "-singlefile", output.pdf, base]) != nil else {
            throw XCTSkip("pdftoppm is not installed")
        }
        return try Pixels(pngAt: base + ".png")
    }

    private func isRed(_ pixels: Pixels, _ x: Double, _ y: Double) -> Bool {
        let (r, g, b) = pixels.rgb(x: Int(x), y: Int(y))
        return r > 0.9 && g < 0.1 && b < 0.1
    }

    private func isWhite(_ pixels: Pixels, _ x: Double, _ y: Double) -> Bool {
        pixels.luminance(x: Int(x), y: Int(y)) > 0.98
    }

    private func rect(_ value: Any?) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let rect = try XCTUnwrap(value as? [String: Double], "a rect")
        return try (XCTUnwrap(rect["x"]), XCTUnwrap(rect["y"]), XCTUnwrap(rect["width"]), XCTUnwrap(rect["height"]))
    }

    private func firstPageJSON(_ output: Output) throws -> [String: Any] {
        try XCTUnwrap((output.layout["pages"] as? [[String: Any]])?.first)
    }

    /// Each word on the first page and its box (in points from the MediaBox's top left), by poppler.
    private func words(of output: Output) throws -> [(word: String, minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        guard let html = TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", "-f", "1", "-l", "1", output.pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        let pattern = try NSRegularExpression(pattern: #"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            func group(_ index: Int) -> String { String(html[Range(match.range(at: index), in: html)!]) }
            return (group(5), Double(group(1))!, Double(group(2))!, Double(group(3))!, Double(group(4))!)
        }
    }

    /// The pixels per inch across and down of the first page's pictures, as poppler measures them.
    private func picturePPI(_ output: Output) throws -> [(x: Int, y: Int)] {
        guard let list = TestSupport.runTool("/usr/bin/pdfimages", ["-list", "-f", "1", "-l", "1", output.pdf]) else {
            throw XCTSkip("pdfimages is not installed")
        }
        return list.split(separator: "\n").dropFirst(2).compactMap { row in
            let fields = row.split(separator: " ")
            guard fields.count >= 14, let x = Int(fields[12]), let y = Int(fields[13]) else { return nil }
            return (x, y)
        }
    }

    func testAFullBleedPictureCoversTheSheetFromTheBleedsTopEdgeAndBothSidesAndTheTextStartsBelowIt() throws {
        let output = try typeset("<img src=\"red.png\" float=\"top\" span=\"all\" bleed=\"true\" alt=\"\">\(body)\n", sheet: PrintSheet(bleed: bleed))
        let page = try firstPageJSON(output)
        let picture = try XCTUnwrap((page["pictures"] as? [[String: Any]])?.first)
        let placed = try rect(picture["rect"]), bled = try rect(picture["bleed"])
        // In page coordinates: 3 mm above the trim's top, 3 mm past both sides.
        XCTAssertEqual(bled.x, -8.5, accuracy: 0.01)
        XCTAssertEqual(bled.y, -8.5, accuracy: 0.01)
        XCTAssertEqual(bled.width, a4.width + 2 * bleed, accuracy: 0.01)
        XCTAssertEqual(bled.y + bled.height, placed.y + placed.height, accuracy: 0.01, "its foot stays where it was placed")

        let pixels = try firstPage(of: output)
        XCTAssertEqual(Double(pixels.width), a4.width + 2 * bleed, accuracy: 1, "the sheet is the trim and the bleed")
        // On the sheet the page starts at the bleed: the picture's foot is at bleed + its foot.
        let foot = bleed + placed.y + placed.height
        for x in [0.5, bleed / 2, Double(pixels.width) / 2, Double(pixels.width) - 1.5] {
            for y in [0.5, bleed / 2, bleed + 1, foot - 2] { XCTAssertTrue(isRed(pixels, x, y), "red at \(x), \(y) of the sheet") }
            XCTAssertTrue(isWhite(pixels, x, foot + 3), "white below the picture at \(x)")
        }
        // Cover, not stretch: 300 px across 612.28 pt is 35 ppi; stretched down its 386 pt it would be 37.
        let ppi = try picturePPI(output)
        XCTAssertEqual(ppi.count, 1)
        XCTAssertEqual(ppi.first?.x, 35)
        XCTAssertEqual(ppi.first?.y, 35, "as many pixels per inch down as across: cropped, not distorted")

        let words = try words(of: output)
        XCTAssertFalse(words.isEmpty)
        XCTAssertGreaterThan(try XCTUnwrap(words.map(\.minY).min()), foot, "every word of the page lies below the picture")
    }

    func testWithoutABleedTheSamePictureEndsAtTheTrim() throws {
        let output = try typeset("<img src=\"red.png\" float=\"top\" span=\"all\" bleed=\"true\" alt=\"\">\(body)\n", sheet: PrintSheet())
        let bled = try rect((try firstPageJSON(output)["pictures"] as? [[String: Any]])?.first?["bleed"])
        XCTAssertEqual(bled.x, 0, accuracy: 0.01)
        XCTAssertEqual(bled.y, 0, accuracy: 0.01)
        XCTAssertEqual(bled.width, a4.width, accuracy: 0.01)
        let pixels = try firstPage(of: output)
        XCTAssertEqual(Double(pixels.width), a4.width, accuracy: 1)
        for x in [0.5, Double(pixels.width) - 1.5] { XCTAssertTrue(isRed(pixels, x, 0.5), "red in the corner at \(x)") }
    }

    func testARightFloatRunsToTheSheetsRightEdgeBesideItsText() throws {
        let markup = "<section columns=\"1\">\n<img src=\"red.png\" width=\"120\" float=\"right\" bleed=\"true\" alt=\"\">\(body)\n</section>\n"
        let output = try typeset(markup, sheet: PrintSheet(bleed: bleed))
        let frames = try XCTUnwrap(try firstPageJSON(output)["frames"] as? [[String: Any]])
        let float = try XCTUnwrap(frames.compactMap { ($0["floats"] as? [[String: Any]])?.first }.first)
        let placed = try rect(float["rect"]), bled = try rect(float["bleed"])
        XCTAssertEqual(bled.x + bled.width, a4.width + bleed, accuracy: 0.01, "to the right edge and the bleed")
        XCTAssertEqual(bled.x, placed.x, accuracy: 0.01, "its text side stays")
        XCTAssertEqual(bled.y, placed.y, accuracy: 0.01, "vertically where it was")
        XCTAssertEqual(bled.height, placed.height, accuracy: 0.01)
        let pixels = try firstPage(of: output)
        let middle = bleed + placed.y + placed.height / 2
        XCTAssertTrue(isRed(pixels, Double(pixels.width) - 1.5, middle), "ink at the sheet's right edge")
        XCTAssertTrue(isRed(pixels, bleed + placed.x + 2, middle))
        XCTAssertTrue(isWhite(pixels, Double(pixels.width) - 1.5, bleed + placed.y + placed.height + 3), "and only beside it")
        let beside = try words(of: output).filter { $0.minY < bleed + placed.y + placed.height && $0.maxY > bleed + placed.y }
        XCTAssertFalse(beside.isEmpty, "text wraps beside it")
        XCTAssertTrue(beside.allSatisfy { $0.maxX < bleed + placed.x }, "no word under the picture")
    }

    func testAPictureThatBleedsGivenOtherProportionsIsCroppedNotSquashedWhereverItStands() throws {
        // A left float in the right-hand column stands inside the text area: it does not run
        // off the page, and its 120 × 40 pt place (3:1) is covered by the 3:2 picture, cut off.
        let markup = "<section columns=\"2\">\n\(body)\n<columnbreak>\n"
            + "<img src=\"red.png\" width=\"120\" height=\"40\" float=\"left\" bleed=\"true\" alt=\"\">\(body)\n</section>\n"
        let output = try typeset(markup, sheet: PrintSheet(bleed: bleed))   // no warning: nothing is squashed
        let ppi = try picturePPI(output)
        XCTAssertEqual(ppi.count, 1)
        XCTAssertEqual(ppi.first?.x, ppi.first?.y, "covered, not squashed")
        XCTAssertEqual(ppi.first?.x ?? 0, 180, accuracy: 1, "300 px across its 120 pt: the 200 px are cut to 40 pt of it")
    }

    /// A figure across the top that bleeds, its red picture `pictureWidth` points wide, its
    /// caption under it, and the body after it.
    private func bleedingFigure(pictureWidth: Int) -> String {
        """
        <figure float="top" span="all" bleed="true">
        <img src="red.png" width="\(pictureWidth)" alt="">
        <caption>The Albatross on the pad.</caption>
        </figure>
        \(body)

        """
    }

    func testAFigurePictureBleedsAndItsCaptionStaysReadableInsideTheTextArea() throws {
        let output = try typeset(bleedingFigure(pictureWidth: 600), sheet: PrintSheet(bleed: bleed))
        let pixels = try firstPage(of: output)
        for x in [0.5, Double(pixels.width) - 1.5] { XCTAssertTrue(isRed(pixels, x, 0.5), "the figure's picture in the bleed at \(x)") }
        let area = PageTemplate().textArea
        let caption = try words(of: output).filter { ["The", "Albatross", "on", "the", "pad."].contains($0.word) }.prefix(5)
        XCTAssertEqual(caption.map(\.word), ["The", "Albatross", "on", "the", "pad."])
        for word in caption {
            XCTAssertGreaterThanOrEqual(word.minX, bleed + area.minX - 0.5, "\(word.word) inside the text area")
            XCTAssertLessThanOrEqual(word.maxX, bleed + area.maxX + 0.5)
            XCTAssertTrue(isWhite(pixels, (word.minX + word.maxX) / 2, word.minY - 2) || !isRed(pixels, (word.minX + word.maxX) / 2, (word.minY + word.maxY) / 2),
                          "\(word.word) is not printed on the picture")
        }
    }

    /// docs/markup.md's example, and the opener fixture, set with a 3 mm bleed and crop marks:
    /// clean PDFs (qpdf, when the folder goes) whose bled elements the layout JSON reports.
    /// The tutorial's way of writing a figure: its picture a few points narrower than the
    /// column. Alone in its line it is the figure's picture, and runs off both sides with it.
    func testAFigurePictureNarrowerThanTheColumnStillRunsOffBothSides() throws {
        let output = try typeset(bleedingFigure(pictureWidth: 470), sheet: PrintSheet(bleed: bleed))
        let pixels = try firstPage(of: output)
        let width = Double(pixels.width)
        for x in [0.5, bleed + PageTemplate().textArea.maxX + 2, width - 1.5] {
            XCTAssertTrue(isRed(pixels, x, bleed + 20), "the picture reaches \(x) of the sheet's \(width)")
        }
        let ppi = try picturePPI(output)
        XCTAssertEqual(ppi.first?.x, ppi.first?.y, "covered, not stretched")

        // The layout JSON reports where it is drawn, as the page shows it: from the bleed's
        // corner across the sheet, down to the picture's own foot, white under it.
        let figure = try XCTUnwrap((try firstPageJSON(output)["pictures"] as? [[String: Any]])?.first)
        let runs = try XCTUnwrap((figure["box"] as? [String: Any])?["frames"] as? [[String: Any]])
            .flatMap { $0["lines"] as? [[String: Any]] ?? [] }.flatMap { $0["runs"] as? [[String: Any]] ?? [] }
        let picture = try XCTUnwrap(runs.compactMap { $0["picture"] as? [String: Any] }.first)
        let bled = try rect(picture["bleed"])
        XCTAssertEqual(bled.x, -8.5, accuracy: 0.01)
        XCTAssertEqual(bled.y, -8.5, accuracy: 0.01)
        XCTAssertEqual(bled.width, a4.width + 2 * bleed, accuracy: 0.01)
        let foot = bleed + bled.y + bled.height
        for x in [0.5, width / 2, width - 1.5] {
            XCTAssertTrue(isRed(pixels, x, foot - 1.5), "red above the reported foot at \(x)")
            XCTAssertFalse(isRed(pixels, x, foot + 1.5), "none below it at \(x)")
        }
    }

    func testTheDocumentedExampleAndTheOpenerFixtureBleed() throws {
        let example = MarkupExample.named("bleed")
        XCTAssertTrue(example.expected.isEmpty)
        let directory = try makeTemporaryDirectory()
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        options.sheet = PrintSheet(bleed: bleed, cropMarks: true)
        for (name, source, folder) in [("example", example.markup, TestSupport.zombiesDirectory),
                                       ("opener", try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Fixtures/bleed-opener/bleed-opener.txt")),
                                        TestSupport.repositoryRoot.appendingPathComponent("Fixtures/bleed-opener"))] {
            options.layoutJSONPath = directory.appendingPathComponent("\(name).json").path
            let report = try Typesetter(options: options).typeset(MarkupSource(fileName: "\(name).txt", text: source), baseDirectory: folder.path,
                                                                  outputPath: directory.appendingPathComponent("\(name).pdf").path)
            XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.message), [], name)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: options.layoutJSONPath!))) as? [String: Any])
            let pages = try XCTUnwrap(json["pages"] as? [[String: Any]])
            let bled = pages.flatMap { page in
                ((page["pictures"] as? [[String: Any]]) ?? []).compactMap { $0["bleed"] }
                    + ((page["frames"] as? [[String: Any]]) ?? []).flatMap { ($0["floats"] as? [[String: Any]] ?? []).compactMap { $0["bleed"] } }
            }
            XCTAssertEqual(bled.count, name == "opener" ? 3 : 2, "\(name): its elements that bleed")
        }
    }
}
