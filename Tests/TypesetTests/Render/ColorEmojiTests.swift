import Fonts
import Foundation
import Layout
import Pages
import Render
import TypesetKit
import XCTest

/// Emoji from a colour bitmap face (Noto Color Emoji, found on the system as the fallback for
/// emoji): drawn from the face's largest strike, filling their glyphs' advance, the same in a
/// PDF and a PNG, and extractable from the PDF.
final class ColorEmojiTests: XCTestCase {
    private let sentence = "One reader signs every letter 🧟 and another only 😀 — both are welcome."
    private let dpi = 144.0

    private func options(format: OutputFormat = .pdf) -> TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = format
        options.dpi = dpi
        return options
    }

    /// Where the layout put a colour glyph: its page box in points.
    private struct PlacedGlyph {
        var minX: Double
        var maxX: Double
        var baseline: Double
        var size: Double
    }

    private func write(_ markup: String, in directory: URL) throws -> String {
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        return input.path
    }

    /// The colour glyphs of the first page as laid out by the same pipeline that renders it;
    /// skips the test when no colour emoji face is installed.
    private func placedColorGlyphs(inputPath: String) throws -> [PlacedGlyph] {
        let document = try Typesetter(options: options()).prepare(fileAt: inputPath)
        var placed: [PlacedGlyph] = []
        var iterator = document.checkedPages().makeIterator()
        guard let page = iterator.next() else { return [] }
        for frame in page.frames {
            for line in frame.lines {
                for run in line.runs where run.font.hasColorBitmaps {
                    for (index, glyph) in run.glyphIDs.enumerated() where run.clusters[index] != GlyphRun.generatedHyphen {
                        let character = document.text.storage[run.clusters[index]]
                        guard character != 0x20 else { continue }   // a space set in the emoji face
                        let advance = Double(run.font.horizontalAdvance(of: glyph)) * run.font.scale(for: run.fontSize)
                        let x = line.origin.x + run.positions[index].x
                        placed.append(PlacedGlyph(minX: x, maxX: x + advance, baseline: line.origin.y + run.positions[index].y,
                                                  size: run.fontSize))
                    }
                }
            }
        }
        if placed.isEmpty { throw XCTSkip("no colour emoji face (Noto Color Emoji) is installed") }
        return placed
    }

    private func isColoured(_ r: Double, _ g: Double, _ b: Double) -> Bool {
        max(r, g, b) - min(r, g, b) > 0.25
    }

    /// The horizontal and vertical extent (in points) of coloured pixels around a glyph: in
    /// its line's band, from half an advance before it to half an advance after it.
    private func colouredExtent(of glyph: PlacedGlyph, in pixels: Pixels) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let scale = dpi / 72
        let margin = (glyph.maxX - glyph.minX) / 2
        let columns = max(0, Int(((glyph.minX - margin) * scale).rounded(.down))) ..< min(pixels.width, Int(((glyph.maxX + margin) * scale).rounded(.up)))
        let rows = max(0, Int(((glyph.baseline - 1.3 * glyph.size) * scale).rounded(.down))) ..< min(pixels.height, Int(((glyph.baseline + 0.5 * glyph.size) * scale).rounded(.up)))
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in rows {
            for x in columns {
                let (r, g, b) = pixels.rgb(x: x, y: y)
                guard isColoured(r, g, b) else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return (Double(minX) / scale ... Double(maxX + 1) / scale, Double(minY) / scale ... Double(maxY + 1) / scale)
    }

    /// Each emoji's pixels cover most of its advance (the zombie's picture leaves a tenth of it
    /// clear on each side, the smiley's less) and stay within it, and stand on the baseline as
    /// the font draws them (Noto's pictures reach from 0.93 em above it to 0.25 em below).
    private func assertEmojiFillTheirAdvances(_ placed: [PlacedGlyph], in pixels: Pixels, _ what: String,
                                              file: StaticString = #filePath, line: UInt = #line) -> [ClosedRange<Double>] {
        var extents: [ClosedRange<Double>] = []
        for glyph in placed {
            guard let extent = colouredExtent(of: glyph, in: pixels) else {
                XCTFail("\(what): no coloured pixels at \(glyph)", file: file, line: line)
                continue
            }
            let advance = glyph.maxX - glyph.minX
            let width = extent.x.upperBound - extent.x.lowerBound
            XCTAssertGreaterThan(width, 0.75 * advance, "\(what): the emoji covers \(extent.x) of \(glyph.minX)…\(glyph.maxX)",
                                 file: file, line: line)
            XCTAssertGreaterThan(extent.x.lowerBound, glyph.minX - 1, what, file: file, line: line)
            XCTAssertLessThan(extent.x.upperBound, glyph.maxX + 1, what, file: file, line: line)
            let height = extent.y.upperBound - extent.y.lowerBound
            XCTAssertGreaterThan(height, 0.8 * glyph.size, "\(what): the emoji spans \(extent.y)", file: file, line: line)
            XCTAssertLessThan(extent.y.lowerBound, glyph.baseline - 0.7 * glyph.size, what, file: file, line: line)
            XCTAssertGreaterThan(extent.y.upperBound, glyph.baseline + 0.1 * glyph.size, what, file: file, line: line)
            extents.append(extent.x)
        }
        return extents
    }

    private func rasterize(pdf path: String, in directory: URL) throws -> Pixels {
        let base = directory.appendingPathComponent("raster").path
        guard TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "\(Int(dpi))", "-png", "-singlefile", path, base]) != nil else {
            throw XCTSkip("pdftoppm is not installed")
        }
        return try Pixels(pngAt: base + ".png")
    }

    /// Image rows of `pdfimages -list`: (width, object number) of each picture, masks aside.
    private func listImages(_ path: String) throws -> [(width: Int, object: Int)] {
        guard let list = TestSupport.runTool("/usr/bin/pdfimages", ["-list", path]) else {
            throw XCTSkip("pdfimages is not installed")
        }
        return list.split(separator: "\n").dropFirst(2).compactMap { row in
            let fields = row.split(separator: " ")
            guard fields.count > 10, fields[2] == "image", let width = Int(fields[3]), let object = Int(fields[10]) else { return nil }
            return (width, object)
        }
    }

    func testEmojiAreEmbeddedFromTheLargestStrike() throws {
        let directory = try makeTemporaryDirectory()
        let input = try write(sentence, in: directory)
        _ = try placedColorGlyphs(inputPath: input)
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: output, options: options())
        let images = try listImages(output)
        XCTAssertEqual(images.count, 2, "one picture per emoji: \(images)")
        // Noto Color Emoji's strike is 109 ppem, its emoji 136 pixels wide; Cairo's own were 15.
        XCTAssertTrue(images.allSatisfy { $0.width >= 100 }, "\(images)")
    }

    func testARepeatedEmojiIsStoredOnce() throws {
        let directory = try makeTemporaryDirectory()
        let paragraph = "Every page greets its reader 😀 with the same face, and another 😀 here.\n\n"
        let input = try write(String(repeating: paragraph, count: 120), in: directory)
        _ = try placedColorGlyphs(inputPath: input)
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Rendering.typeset(inputPath: input, outputPath: output, options: options())
        XCTAssertGreaterThan(report.pageCount, 1)
        let images = try listImages(output)
        XCTAssertEqual(images.count, 240)
        XCTAssertEqual(Set(images.map(\.object)).count, 1, "the picture is made per page but embedded once")
    }

    func testEmojiFillTheirAdvanceInThePDF() throws {
        let directory = try makeTemporaryDirectory()
        let input = try write(sentence, in: directory)
        let placed = try placedColorGlyphs(inputPath: input)
        XCTAssertEqual(placed.count, 2)
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: output, options: options())
        _ = assertEmojiFillTheirAdvances(placed, in: try rasterize(pdf: output, in: directory), "PDF")
    }

    func testEmojiCanBeExtractedFromThePDF() throws {
        let directory = try makeTemporaryDirectory()
        let input = try write(sentence, in: directory)
        _ = try placedColorGlyphs(inputPath: input)
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: output, options: options())
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", [output, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        // On the lines of the words around them, not apart.
        XCTAssertTrue(text.contains("letter 🧟"), text)
        XCTAssertTrue(text.contains("only 😀"), text)
    }

    /// A joined family (11 UTF-16 units), a flag's tag sequence (14) and a waving hand with
    /// its skin tone (4, two characters outside the Basic Multilingual Plane) are each one
    /// glyph, read whole by every reader (`ToUnicodePieces`): MuPDF read the first two as
    /// U+FFFD and the third as ill-formed UTF-8 when each glyph's ToUnicode entry was its whole text.
    func testLongEmojiSequencesAreReadWholeByEveryReader() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        let wave = "\u{1F44B}\u{1F3FD}"
        let directory = try makeTemporaryDirectory()
        let input = try write("A family \(family) and a flag \(scotland) and a wave \(wave) at the end.", in: directory)
        XCTAssertEqual(try placedColorGlyphs(inputPath: input).count, 3)
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: output, options: options())
        let readers = FiveReaders.texts(ofFirstPageOf: output)
        guard readers.contains(where: { $0.text != nil }) else { throw XCTSkip("no PDF reader is installed") }
        for case let (reader, text?) in readers {
            for sequence in [family, scotland, wave] {
                // By scalars: a reader's text is compared as read, not as grapheme clusters.
                let read = Array(text.unicodeScalars), wanted = Array(sequence.unicodeScalars)
                XCTAssertTrue(read.indices.contains { read[$0...].starts(with: wanted) },
                              "\(reader) read: \(read.map { String($0.value, radix: 16) })")
            }
            XCTAssertFalse(text.contains("\u{FFFD}"), reader)
        }
    }

    func testThePNGShowsTheEmojiAsThePDFDoes() throws {
        let directory = try makeTemporaryDirectory()
        let input = try write(sentence, in: directory)
        let placed = try placedColorGlyphs(inputPath: input)
        let pdf = directory.appendingPathComponent("doc.pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: pdf, options: options())
        let fromPDF = assertEmojiFillTheirAdvances(placed, in: try rasterize(pdf: pdf, in: directory), "PDF")
        let report = try Rendering.typeset(inputPath: input, outputPath: directory.appendingPathComponent("doc.png").path,
                                           options: options(format: .png))
        let fromPNG = assertEmojiFillTheirAdvances(placed, in: try Pixels(pngAt: report.outputPaths[0]), "PNG")
        for (pdfExtent, pngExtent) in zip(fromPDF, fromPNG) {
            XCTAssertEqual(pdfExtent.lowerBound, pngExtent.lowerBound, accuracy: 1)
            XCTAssertEqual(pdfExtent.upperBound, pngExtent.upperBound, accuracy: 1)
        }
    }

    func testASharpShadowIsTheEmojiSilhouette() throws {
        let directory = try makeTemporaryDirectory()
        let input = try write(#"<font size="40" shadow="4 4 0 blue">😀</font>"#, in: directory)
        _ = try placedColorGlyphs(inputPath: input)
        let report = try Rendering.typeset(inputPath: input, outputPath: directory.appendingPathComponent("doc.png").path,
                                           options: options(format: .png))
        let pixels = try Pixels(pngAt: report.outputPaths[0])
        // The shadow is blue where it shows beside the emoji (not a second coloured emoji).
        let blue = pixels.count { r, g, b in b > 0.8 && r < 0.2 && g < 0.2 }
        let offset = 4 * dpi / 72, side = 40 * 1.2 * dpi / 72
        XCTAssertGreaterThan(Double(blue), offset * side, "a strip as wide as the offset along two sides")
    }
}
