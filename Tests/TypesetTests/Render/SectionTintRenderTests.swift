import Foundation
import Render
import TypesetKit
import XCTest

/// A section's tint as the reader sees it, in PNG pages from the command line: drawn first, so
/// its column rule and its picture stand on it; bleeding, it reaches the sheet's left and right
/// edges beside the section (`--show-bleed`) and no higher than the section; not bleeding, it
/// stops in the margin. The layout JSON reports it where it is drawn; in the tagged PDF it is
/// an artifact, not content.
final class SectionTintRenderTests: XCTestCase {
    private let a4Width = 595.276
    /// 3 mm in points, which is also the sheet's margin round the page with `--bleed 3mm` and no marks.
    private let bleed = 3 * 72 / 25.4
    private let sentence = "The crowd comes to the fence every morning with flasks and folding chairs. "

    /// A paragraph, a two-column section tinted dark blue with a red rule down its gutter and
    /// a picture floated in it, and a paragraph after; `bleed` is the section's.
    private func directory(bleed: Bool) throws -> URL {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg"),
                                         to: directory.appendingPathComponent("coffee.jpg"))
        let paragraph = String(repeating: sentence, count: 6)
        let markup = "Before the section. \(paragraph)\n"
            + "<section columns=\"2\" background=\"#1f3f8f\" column-rule=\"2 #ff0000\"\(bleed ? " bleed=\"true\"" : "")>\n"
            + "<img src=\"coffee.jpg\" width=\"80\" float=\"right\" alt=\"\">\(paragraph)\n\(paragraph)\n\(paragraph)\n</section>\n"
            + "After the section. \(paragraph)\n"
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        return directory
    }

    /// The first page's PNG and its layout JSON page, rendered with `arguments`.
    private func render(_ directory: URL, _ arguments: [String]) throws -> (pixels: Pixels, page: [String: Any]) {
        let result = try TypesetProcess.run(["doc.txt", "--format", "png", "--min-ppi", "0", "--layout-json", "doc.json",
                                             "-o", "doc.png"] + arguments, in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pixels = try Pixels(pngAt: directory.appendingPathComponent("doc-001.png").path)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("doc.json"))) as? [String: Any]
        let page = try XCTUnwrap((json?["pages"] as? [[String: Any]])?.first)
        return (pixels, page)
    }

    private func rect(_ value: Any?) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let rect = try XCTUnwrap(value as? [String: Double], "a rect")
        return try (XCTUnwrap(rect["x"]), XCTUnwrap(rect["y"]), XCTUnwrap(rect["width"]), XCTUnwrap(rect["height"]))
    }

    private func isTint(_ pixels: Pixels, _ x: Double, _ y: Double) -> Bool {
        let (r, g, b) = pixels.rgb(x: Int(x), y: Int(y))
        return abs(r - 0x1F / 255) < 0.05 && abs(g - 0x3F / 255) < 0.05 && abs(b - 0x8F / 255) < 0.05
    }

    private func isWhite(_ pixels: Pixels, _ x: Double, _ y: Double) -> Bool {
        pixels.luminance(x: Int(x), y: Int(y)) > 0.98
    }

    func testABleedingTintReachesTheSheetsSidesBesideTheSectionAndNoHigher() throws {
        let directory = try directory(bleed: true)
        let (shown, page) = try render(directory, ["--bleed", "3mm", "--show-bleed"])
        let tint = try XCTUnwrap((page["tints"] as? [[String: Any]])?.first)
        XCTAssertEqual(tint["color"] as? String, "#1f3f8f")
        let bled = try rect(tint["bleed"]), own = try rect(tint["rect"])
        XCTAssertEqual(bled.x, -bleed, accuracy: 0.01, "out past the left edge by the bleed")
        XCTAssertEqual(bled.x + bled.width, a4Width + bleed, accuracy: 0.01, "and past the right edge")
        XCTAssertEqual(bled.y, own.y, accuracy: 0.01, "in the middle of the page it keeps its own top")
        XCTAssertEqual(bled.height, own.height, accuracy: 0.01, "and foot")
        XCTAssertEqual(Double(shown.width), a4Width + 2 * bleed, accuracy: 1, "the whole sheet")

        // On the sheet (a pixel a point), the page starts at the bleed.
        let middle = bleed + own.y + own.height / 2
        XCTAssertTrue(isTint(shown, 0, middle), "the tint at the sheet's left edge beside the section")
        XCTAssertTrue(isTint(shown, Double(shown.width - 1), middle), "and at its right edge")
        XCTAssertTrue(isWhite(shown, 0, bleed + own.y - 4), "white at the edge above it")
        XCTAssertTrue(isWhite(shown, 0, bleed + own.y + own.height + 4), "and below it")

        // Drawn first: the rule and the picture stand on the tint.
        let rule = try XCTUnwrap((page["rules"] as? [[String: Any]])?.first)
        let x = try XCTUnwrap(rule["x"] as? Double), top = try XCTUnwrap(rule["top"] as? Double)
        let bottom = try XCTUnwrap(rule["bottom"] as? Double)
        let (r, g, b) = shown.rgb(x: Int(bleed + x), y: Int(bleed + (top + bottom) / 2))
        XCTAssertTrue(r > 0.9 && g < 0.15 && b < 0.15, "the rule is red on the tint, not under it: \((r, g, b))")
        let float = try XCTUnwrap(((page["frames"] as? [[String: Any]])?.compactMap { ($0["floats"] as? [[String: Any]])?.first }.first))
        let picture = try rect(float["rect"])
        XCTAssertFalse(isTint(shown, bleed + picture.x + picture.width / 2, bleed + picture.y + picture.height / 2),
                       "the picture is drawn over the tint")

        // The trimmed page shows the tint to its edges.
        let trimmed = try render(directory, ["--bleed", "3mm"]).pixels
        XCTAssertTrue(isTint(trimmed, 0, own.y + own.height / 2))
    }

    func testATintThatDoesNotBleedStopsInTheMargin() throws {
        let directory = try directory(bleed: false)
        let (shown, page) = try render(directory, ["--bleed", "3mm", "--show-bleed"])
        let tint = try XCTUnwrap((page["tints"] as? [[String: Any]])?.first)
        XCTAssertNil(tint["bleed"])
        let own = try rect(tint["rect"])
        let middle = bleed + own.y + own.height / 2
        XCTAssertTrue(isWhite(shown, 1, middle), "white at the sheet's edge")
        XCTAssertTrue(isWhite(shown, bleed + own.x - 2, middle), "white just outside the tint")
        XCTAssertTrue(isTint(shown, bleed + own.x + 2, middle), "the tint just inside its edge, in the margin")
    }

    /// docs/markup.md's example, rendered: its section's tint behind its two columns and the
    /// headline's one-column section untinted, the tint's colour in the PNG between the columns.
    func testTheDocumentedExampleIsTinted() throws {
        let example = MarkupExample.named("section-background")
        XCTAssertTrue(example.expected.isEmpty)
        let directory = try makeTemporaryDirectory()
        try write(example.markup, to: directory.appendingPathComponent("doc.txt"))
        let (pixels, page) = try render(directory, [])
        let tints = try XCTUnwrap(page["tints"] as? [[String: Any]])
        XCTAssertEqual(tints.map { $0["section"] as? Int }, [2], "the second section alone")
        XCTAssertEqual(tints.first?["color"] as? String, "#f2e6c9")
        let own = try rect(tints.first?["rect"])
        let (r, g, b) = pixels.rgb(x: Int(own.x + own.width / 2), y: Int(own.y + 3))
        XCTAssertEqual(r, 0xF2 / 255, accuracy: 0.02)
        XCTAssertEqual(g, 0xE6 / 255, accuracy: 0.02)
        XCTAssertEqual(b, 0xC9 / 255, accuracy: 0.02)
    }

    /// The tint is decoration: in the tagged PDF it is painted inside an artifact, so nothing on
    /// the page is painted unmarked, and the structure reads as the untinted section's.
    func testInTheTaggedPDFTheTintIsAnArtifact() throws {
        let directory = try makeTemporaryDirectory()
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.sheet = PrintSheet(bleed: bleed)
        func tagged(_ markup: String, _ name: String) throws -> TaggedPDF {
            let input = directory.appendingPathComponent("\(name).txt"), output = directory.appendingPathComponent("\(name).pdf").path
            try write(markup, to: input)
            _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
            return try TaggedPDF(pdfAt: output)
        }
        let markup = MarkupExample.named("section-background").markup.replacingOccurrences(of: "background=\"#f2e6c9\"",
                                                                                           with: "background=\"#f2e6c9\" bleed=\"true\"")
        let tinted = try tagged(markup, "tinted")
        XCTAssertEqual(tinted.unmarkedPainting, [0], "everything drawn is content or artifact")
        let plain = try tagged(markup.replacingOccurrences(of: " background=\"#f2e6c9\" bleed=\"true\"", with: ""), "plain")
        XCTAssertEqual(tinted.readingOrder.map(\.role), plain.readingOrder.map(\.role))
        XCTAssertEqual(tinted.text, plain.text)
    }

    /// A bled tint running over pages covers the whole of each page after the first: the
    /// PDF is written (Cairo kept the tags begun before the tint, see SolidFill), the tint
    /// still an artifact, the text as without the tint.
    func testABledTintCoveringWholePagesIsWrittenTagged() throws {
        let directory = try makeTemporaryDirectory()
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(size: Size(width: 178, height: 400), margins: Margins(all: 24), columns: 1)
        let paragraph = String(repeating: sentence, count: 20)
        func tagged(_ markup: String, _ name: String) throws -> TaggedPDF {
            let input = directory.appendingPathComponent("\(name).txt"), output = directory.appendingPathComponent("\(name).pdf").path
            try write(markup, to: input)
            _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
            return try TaggedPDF(pdfAt: output)
        }
        let tinted = try tagged("<section background=\"#f2e6c9\" bleed=\"true\">\n\(paragraph)\n</section>\n", "tinted")
        XCTAssertGreaterThan(tinted.unmarkedPainting.count, 2, "the section runs over pages")
        XCTAssertEqual(Set(tinted.unmarkedPainting), [0], "everything drawn is content or artifact")
        let plain = try tagged("<section>\n\(paragraph)\n</section>\n", "plain")
        XCTAssertEqual(tinted.readingOrder.map(\.role), plain.readingOrder.map(\.role))
        XCTAssertEqual(tinted.text, plain.text)
    }
}
