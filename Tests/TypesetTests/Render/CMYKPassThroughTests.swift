import Foundation
import Layout
import Pages
import Render
import TypesetKit
import XCTest

/// Every JPEG is embedded in the PDF as its file, byte for byte — grey, RGB, plain CMYK and
/// Adobe's inverted CMYK — and the inverted one carries the `/Decode` array that makes readers
/// show its colours rather than their negative. The PDFs are read back with qpdf and drawn by
/// two renderers that share no code with Cairo or with each other, mupdf and poppler.
final class CMYKPassThroughTests: XCTestCase {
    private static let qpdf = "/usr/bin/qpdf"
    private static let mutool = "/usr/bin/mutool"
    private static let pdftoppm = "/usr/bin/pdftoppm"

    override func setUpWithError() throws {
        for tool in [Self.qpdf, Self.mutool, Self.pdftoppm] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed (make deps installs it)")
        }
    }

    private static let jpegs = ["rgb-baseline.jpg", "rgb-progressive.jpg", "grey.jpg", "cmyk.jpg", "cmyk-adobe-inverted.jpg"]

    /// An image XObject as `qpdf --json` lists it.
    private struct ImageObject {
        var number: Int
        var colorSpace: String?
        var filter: String?
        var decode: [Double]?
    }

    private func options(format: OutputFormat = .pdf) -> TypesetOptions {
        var options = TypesetOptions()
        options.imageRoot = "/"
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = format
        options.dpi = 72
        // A 260 × 180 pt page: a 240 × 160 picture with 10 pt margins, one pixel a point at 72 dpi.
        options.page = PageTemplate(size: Size(width: 260, height: 180), margins: Margins(all: 10), columns: 1, gutter: 0)
        return options
    }

    /// Typesets `markup` into `name`.pdf in `directory`; returns the PDF's path.
    private func typesetPDF(_ markup: String, named name: String, in directory: URL,
                            options: TypesetOptions? = nil) throws -> String {
        let input = directory.appendingPathComponent("\(name).txt")
        try write(markup, to: input)
        let output = directory.appendingPathComponent("\(name).pdf").path
        _ = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options ?? self.options())
        PDFCheck.assertClean(pdfAt: output)
        return output
    }

    private func picture(_ name: String, width: Int = 240, height: Int = 160) -> String {
        "<img src=\"\(TestSupport.imagePath(name))\" width=\"\(width)\" height=\"\(height)\">"
    }

    private func imageObjects(inPDFAt path: String) throws -> [ImageObject] {
        let json = try XCTUnwrap(TestSupport.runTool(Self.qpdf, ["--json", "--json-key=qpdf", path]), "qpdf --json \(path)")
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let parts = try XCTUnwrap(root["qpdf"] as? [Any])
        var images: [ImageObject] = []
        for case let objects as [String: Any] in parts.dropFirst() {
            for (key, value) in objects {
                guard let stream = (value as? [String: Any])?["stream"] as? [String: Any],
                      let dictionary = stream["dict"] as? [String: Any],
                      dictionary["/Subtype"] as? String == "/Image" else { continue }
                // "obj:12 0 R"
                let number = try XCTUnwrap(Int(key.dropFirst(4).split(separator: " ")[0]), key)
                images.append(ImageObject(number: number, colorSpace: dictionary["/ColorSpace"] as? String,
                                          filter: dictionary["/Filter"] as? String,
                                          decode: (dictionary["/Decode"] as? [NSNumber])?.map(\.doubleValue)))
            }
        }
        return images.sorted { $0.number < $1.number }
    }

    // MARK: The bytes

    func testEveryJPEGIsStoredAsItsFileWithTheRightColourSpace() throws {
        let directory = try makeTemporaryDirectory()
        let colourSpaces = ["grey.jpg": "/DeviceGray", "cmyk.jpg": "/DeviceCMYK", "cmyk-adobe-inverted.jpg": "/DeviceCMYK"]
        for name in Self.jpegs {
            let pdf = try typesetPDF(picture(name), named: name, in: directory)
            let images = try imageObjects(inPDFAt: pdf)
            XCTAssertEqual(images.count, 1, name)
            let image = try XCTUnwrap(images.first, name)
            XCTAssertEqual(image.filter, "/DCTDecode", name)
            XCTAssertEqual(image.colorSpace, colourSpaces[name] ?? "/DeviceRGB", name)
            // Only Adobe's inverted samples are read back through a Decode array.
            XCTAssertEqual(image.decode, name == "cmyk-adobe-inverted.jpg" ? [1, 0, 1, 0, 1, 0, 1, 0] : nil, name)
            let file = try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name)))
            XCTAssertEqual(try QPDFStreams.bytes(ofObject: image.number, inPDFAt: pdf), file, "\(name): the stream is not the file")
        }
    }

    func testRepeatedPicturesAndFiguresShareOneStreamWithItsDecodeArray() throws {
        let directory = try makeTemporaryDirectory()
        var options = options()
        options.page = PageTemplate(size: Size(width: 400, height: 700), margins: Margins(all: 20), columns: 1, gutter: 0)
        let adobe = "cmyk-adobe-inverted.jpg"
        let markup = """
            \(picture(adobe, width: 120, height: 80)) \(picture(adobe, width: 120, height: 80)) \(picture("cmyk.jpg", width: 120, height: 80))
            <figure>\(picture(adobe, width: 180, height: 120))<caption>The same picture in a figure.</caption></figure>
            <pagebreak>\(picture(adobe, width: 120, height: 80))
            """
        let pdf = try typesetPDF(markup, named: "repeated", in: directory, options: options)
        let images = try imageObjects(inPDFAt: pdf)
        // Painted five times on two pages, stored once; the plain CMYK picture has no array.
        XCTAssertEqual(images.count, 2, "\(images)")
        XCTAssertEqual(images.filter { $0.decode == [1, 0, 1, 0, 1, 0, 1, 0] }.count, 1, "\(images)")
        XCTAssertEqual(images.filter { $0.decode == nil }.count, 1, "\(images)")
        XCTAssertEqual(TestSupport.runTool("/usr/bin/pdfinfo", [pdf])?.contains("Pages:           2"), true)
    }

    func testTheSameInputGivesTheSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        let first = try typesetPDF(picture("cmyk-adobe-inverted.jpg"), named: "first", in: directory)
        let second = try typesetPDF(picture("cmyk-adobe-inverted.jpg"), named: "second", in: directory)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
    }

    // MARK: The colours, by independent renderers

    /// The page drawn by mupdf and by poppler at 72 dpi.
    private func renderings(of pdf: String, in directory: URL) throws -> [(renderer: String, pixels: Pixels)] {
        let base = (pdf as NSString).deletingPathExtension
        XCTAssertNotNil(TestSupport.runTool(Self.mutool, ["draw", "-q", "-r", "72", "-o", "\(base)-mupdf.png", pdf]), "mutool draw")
        XCTAssertNotNil(TestSupport.runTool(Self.pdftoppm, ["-r", "72", "-png", "-singlefile", pdf, "\(base)-poppler"]), "pdftoppm")
        return [("mupdf", try Pixels(pngAt: "\(base)-mupdf.png")), ("poppler", try Pixels(pngAt: "\(base)-poppler.png"))]
    }

    func testCMYKPicturesShowTheirColoursInMupdfAndPoppler() throws {
        let directory = try makeTemporaryDirectory()
        // The RGB original both CMYK files were made from (Fixtures/images/README.md).
        let original = try Pixels(pngAt: TestSupport.imagePath("rgb8.png"))
        var patchesByRenderer: [String: [[Double]]] = [:]
        for name in ["cmyk.jpg", "cmyk-adobe-inverted.jpg"] {
            let pdf = try typesetPDF(picture(name), named: name, in: directory)
            for (renderer, page) in try renderings(of: pdf, in: directory) {
                XCTAssertEqual(page.width, 260, "\(name), \(renderer)")
                // expected.json: 0.5435 read by the marker rule; a negative reads 0.04 to 0.11.
                XCTAssertEqual(page.meanLuminance(x: 10 ..< 250, y: 10 ..< 170), 0.5435, accuracy: 0.05, "\(name), \(renderer)")
                // Sixteen patches of 60 × 40 px, each the colour of the original's patch. Without a
                // colour profile each renderer turns CMYK into RGB by a formula of its own, up to
                // 0.10 away from the one the files were made with.
                for patchX in stride(from: 0, to: 240, by: 60) {
                    for patchY in stride(from: 0, to: 160, by: 40) {
                        let drawn = page.meanColour(x: 10 + patchX ..< 70 + patchX, y: 10 + patchY ..< 50 + patchY)
                        let expected = original.meanColour(x: patchX ..< patchX + 60, y: patchY ..< patchY + 40)
                        for channel in 0 ..< 3 {
                            XCTAssertEqual(drawn[channel], expected[channel], accuracy: 0.12,
                                           "\(name), \(renderer), patch at \(patchX), \(patchY), channel \(channel)")
                        }
                        patchesByRenderer["\(renderer) \(name)", default: []].append(drawn)
                    }
                }
            }
        }
        // By one renderer, the inverted file and the plain one (the same inks) look the same: the
        // Decode array undoes the inversion exactly, whatever the renderer's formula.
        for renderer in ["mupdf", "poppler"] {
            let plain = try XCTUnwrap(patchesByRenderer["\(renderer) cmyk.jpg"])
            let inverted = try XCTUnwrap(patchesByRenderer["\(renderer) cmyk-adobe-inverted.jpg"])
            for (a, b) in zip(plain, inverted) {
                for channel in 0 ..< 3 { XCTAssertEqual(a[channel], b[channel], accuracy: 0.02, "\(renderer), channel \(channel)") }
            }
        }
    }

    // MARK: Pixels and size

    func testThePNGOutputStillDecodesThePixels() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("page.txt")
        try write(picture("cmyk-adobe-inverted.jpg"), to: input)
        let report = try Rendering.typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("page.png").path,
                                           options: options(format: .png))
        let page = try Pixels(pngAt: report.outputPaths[0])
        let original = try Pixels(pngAt: TestSupport.imagePath("rgb8.png"))
        let drawn = page.meanColour(x: 10 ..< 250, y: 10 ..< 170)
        let expected = original.meanColour(x: 0 ..< 240, y: 0 ..< 160)
        for channel in 0 ..< 3 { XCTAssertEqual(drawn[channel], expected[channel], accuracy: 0.01, "channel \(channel)") }
    }

    func testTheAdobeCMYKPictureCostsItsFileNotItsPixels() throws {
        // Before, the picture went in as Flate-compressed RGB pixels: 100 KB for a 36 KB file.
        let directory = try makeTemporaryDirectory()
        let pdf = try typesetPDF(picture("cmyk-adobe-inverted.jpg"), named: "size", in: directory)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int)
        let file = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: TestSupport.imagePath("cmyk-adobe-inverted.jpg"))[.size] as? Int)
        XCTAssertLessThan(size, file + 16_000, "the page and its font are small beside the picture")
    }
}
