import Diagnostics
import Foundation
import Images
import Layout
import Pages
import Render
import TypesetKit
import XCTest

/// The picture fixtures in Fixtures/images (see its README.md): what their headers say, how
/// they look once typeset, how they go into a PDF, and how bad ones are refused.
final class ImageFormatTests: XCTestCase {
    private struct Expectation {
        var name: String
        var width: Int
        var height: Int
        var meanLuminance: Double
    }

    private static let badImages = ["truncated.jpg", "corrupt.png", "not-an-image.jpg", "huge-header.png"]
    private static let passedThroughJPEGs = ["rgb-baseline.jpg", "rgb-progressive.jpg", "grey.jpg", "cmyk.jpg", "cmyk-adobe-inverted.jpg"]

    private func expectations() throws -> [Expectation] {
        let data = try Data(contentsOf: TestSupport.imagesDirectory.appendingPathComponent("expected.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        return try json.keys.sorted().map { name in
            let entry = json[name]!
            return Expectation(name: name,
                               width: try XCTUnwrap(entry["width"] as? Int),
                               height: try XCTUnwrap(entry["height"] as? Int),
                               meanLuminance: try XCTUnwrap((entry["meanLuminance"] as? NSNumber)?.doubleValue))
        }
    }

    private func options(format: OutputFormat, width: Double, height: Double) -> TypesetOptions {
        var options = TypesetOptions()
        // The pictures are the repository's fixtures, outside the temporary document folders.
        options.imageRoot = "/"
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = format
        options.dpi = 72
        options.page = PageTemplate(size: Size(width: width + 20, height: height + 20), margins: Margins(all: 10), columns: 1, gutter: 0)
        return options
    }

    /// Writes a one-picture document into `directory` and returns its path.
    private func writeDocument(for image: String, width: Int, height: Int, in directory: URL,
                               before: String = "", name: String = "doc.txt") throws -> String {
        let input = directory.appendingPathComponent(name)
        try write(before + "<img src=\"\(TestSupport.imagePath(image))\" width=\"\(width)\" height=\"\(height)\">", to: input)
        return input.path
    }

    // MARK: Headers

    func testHeadersOfTheGoodPictures() throws {
        for expected in try expectations() {
            let info = try ImageInfo.probe(path: TestSupport.imagePath(expected.name))
            XCTAssertEqual(info.pixelWidth, expected.width, expected.name)
            XCTAssertEqual(info.pixelHeight, expected.height, expected.name)
            XCTAssertEqual(info.format, expected.name.hasSuffix(".png") ? .png : .jpeg, expected.name)
            XCTAssertEqual(info.isProgressive, expected.name == "rgb-progressive.jpg", expected.name)
            XCTAssertEqual(info.isAdobeCMYK, expected.name == "cmyk-adobe-inverted.jpg", expected.name)
        }
        let components: [String: Int] = [
            "grey.jpg": 1, "rgb-baseline.jpg": 3, "cmyk.jpg": 4, "cmyk-adobe-inverted.jpg": 4,
            "rgb8.png": 3, "rgba8.png": 4, "grey8.png": 1, "grey-alpha.png": 2, "palette.png": 3,
        ]
        for (name, count) in components {
            XCTAssertEqual(try ImageInfo.probe(path: TestSupport.imagePath(name)).components, count, name)
        }
        XCTAssertFalse(try ImageInfo.probe(path: TestSupport.imagePath("cmyk.jpg")).hasAdobeMarker)
        XCTAssertTrue(try ImageInfo.probe(path: TestSupport.imagePath("cmyk-adobe-inverted.jpg")).hasAdobeMarker)
        XCTAssertEqual(try ImageInfo.probe(path: TestSupport.imagePath("rgb16.png")).bitDepth, 16)
        XCTAssertEqual(try ImageInfo.probe(path: TestSupport.imagePath("rgb8.png")).bitDepth, 8)
    }

    func testHeadersOfTheBadPictures() throws {
        XCTAssertThrowsError(try ImageInfo.probe(path: TestSupport.imagePath("not-an-image.jpg"))) {
            XCTAssertEqual($0 as? ImageProbeError, .notAnImage)
        }
        XCTAssertThrowsError(try ImageInfo.probe(path: TestSupport.imagePath("huge-header.png"))) {
            XCTAssertEqual($0 as? ImageProbeError, .tooLarge(width: 60000, height: 60000))
        }
        XCTAssertThrowsError(try ImageInfo.probe(path: TestSupport.imagePath("no-such-file.png"))) {
            guard case .file(.cannotOpen) = $0 as? ImageProbeError else { return XCTFail("\($0)") }
        }
        // Their headers are intact; what is wrong comes later in the file.
        XCTAssertEqual(try ImageInfo.probe(path: TestSupport.imagePath("truncated.jpg")).pixelWidth, 240)
        XCTAssertEqual(try ImageInfo.probe(path: TestSupport.imagePath("corrupt.png")).pixelHeight, 160)
        // Cut-off headers.
        let png = try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath("rgb8.png")))
        XCTAssertThrowsError(try ImageInfo.probe(data: png.prefix(20))) { XCTAssertEqual($0 as? ImageProbeError, .truncated) }
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath("rgb-baseline.jpg")))
        XCTAssertThrowsError(try ImageInfo.probe(data: jpeg.prefix(3))) { XCTAssertEqual($0 as? ImageProbeError, .truncated) }
        XCTAssertThrowsError(try ImageInfo.probe(data: Data())) { XCTAssertEqual($0 as? ImageProbeError, .notAnImage) }
    }

    // MARK: Pixels

    func testEveryGoodPictureRendersWithItsExpectedLuminance() throws {
        let directory = try makeTemporaryDirectory()
        for expected in try expectations() {
            let input = try writeDocument(for: expected.name, width: expected.width, height: expected.height, in: directory,
                                          name: "\(expected.name).txt")
            let output = directory.appendingPathComponent("\(expected.name)-page.png").path
            let report = try Rendering.typeset(inputPath: input, outputPath: output,
                                               options: options(format: .png, width: Double(expected.width), height: Double(expected.height)))
            XCTAssertEqual(report.pageCount, 1, expected.name)
            XCTAssertEqual(report.outputPaths.count, 1, expected.name)
            let page = try Pixels(pngAt: try XCTUnwrap(report.outputPaths.first))
            XCTAssertEqual(page.width, expected.width + 20, expected.name)
            XCTAssertEqual(page.height, expected.height + 20, expected.name)

            // The picture fills exactly its box: 10 px of white page around it.
            let measured = page.meanLuminance(x: 10 ..< 10 + expected.width, y: 10 ..< 10 + expected.height)
            XCTAssertEqual(measured, expected.meanLuminance, accuracy: 0.03, "\(expected.name): mean luminance")
            XCTAssertEqual(page.meanLuminance(x: 0 ..< page.width, y: 0 ..< 10), 1, accuracy: 0.001, "\(expected.name): top margin")
            XCTAssertEqual(page.meanLuminance(x: 0 ..< 10, y: 0 ..< page.height), 1, accuracy: 0.001, "\(expected.name): left margin")
            XCTAssertEqual(page.meanLuminance(x: 0 ..< page.width, y: page.height - 10 ..< page.height), 1, accuracy: 0.001,
                           "\(expected.name): bottom margin")
            XCTAssertEqual(page.meanLuminance(x: page.width - 10 ..< page.width, y: 0 ..< page.height), 1, accuracy: 0.001,
                           "\(expected.name): right margin")
        }
    }

    func testAdobeInvertedAndPlainCMYKLookTheSame() throws {
        let directory = try makeTemporaryDirectory()
        var luminances: [Double] = []
        for name in ["cmyk.jpg", "cmyk-adobe-inverted.jpg", "rgb8.png"] {
            let input = try writeDocument(for: name, width: 240, height: 160, in: directory, name: "\(name).txt")
            let report = try Rendering.typeset(inputPath: input, outputPath: directory.appendingPathComponent("\(name).png").path,
                                               options: options(format: .png, width: 240, height: 160))
            luminances.append(try Pixels(pngAt: report.outputPaths[0]).meanLuminance(x: 10 ..< 250, y: 10 ..< 170))
        }
        // Read each by its own convention, both CMYK files give back the RGB original.
        XCTAssertEqual(luminances[0], luminances[2], accuracy: 0.02)
        XCTAssertEqual(luminances[1], luminances[2], accuracy: 0.02)
        XCTAssertGreaterThan(luminances[1], 0.3, "not a colour negative")
    }

    func testAPictureIsScaledIntoItsBox() throws {
        let directory = try makeTemporaryDirectory()
        // rgb8.png (240×160) drawn at 120×80: same average, a quarter of the area.
        let input = try writeDocument(for: "rgb8.png", width: 120, height: 80, in: directory)
        let report = try Rendering.typeset(inputPath: input, outputPath: directory.appendingPathComponent("small.png").path,
                                           options: options(format: .png, width: 120, height: 80))
        let page = try Pixels(pngAt: report.outputPaths[0])
        XCTAssertEqual(page.width, 140)
        XCTAssertEqual(page.meanLuminance(x: 10 ..< 130, y: 10 ..< 90), 0.5435, accuracy: 0.03)
        XCTAssertEqual(page.meanLuminance(x: 130 ..< 140, y: 0 ..< 100), 1, accuracy: 0.001)
    }

    // MARK: PDF

    private func typesetPDF(_ image: String, in directory: URL) throws -> Data {
        let input = try writeDocument(for: image, width: 240, height: 160, in: directory, name: "\(image).txt")
        let output = directory.appendingPathComponent("\(image).pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: output, options: options(format: .pdf, width: 240, height: 160))
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// `pdfimages -list` rows (encoding per image) when poppler-utils is installed.
    private func pdfImageEncodings(_ pdf: String) -> [String]? {
        guard let output = TestSupport.runTool("/usr/bin/pdfimages", ["-list", pdf]) else { return nil }
        // page num type width height color comp bpc enc …
        return output.split(separator: "\n").dropFirst(2).compactMap { row in
            let columns = row.split(separator: " ", omittingEmptySubsequences: true)
            return columns.count > 8 ? String(columns[8]) : nil
        }
    }

    func testAPDFEmbedsAJPEGUnchanged() throws {
        let directory = try makeTemporaryDirectory()
        for name in Self.passedThroughJPEGs {
            let pdf = try typesetPDF(name, in: directory)
            XCTAssertTrue(pdf.starts(with: Data("%PDF".utf8)), name)
            let jpeg = try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name)))
            XCTAssertTrue(pdf.containsBytes(jpeg), "\(name): the file's bytes are not in the PDF")
            XCTAssertTrue(pdf.containsASCII("/DCTDecode"), name)
            if let encodings = pdfImageEncodings(directory.appendingPathComponent("\(name).pdf").path) {
                XCTAssertEqual(encodings, ["jpeg"], name)
            }
        }
    }

    func testPNGsAreNotJPEGEncodedInThePDF() throws {
        let directory = try makeTemporaryDirectory()
        let pdf = try typesetPDF("rgba8.png", in: directory)
        XCTAssertFalse(pdf.containsASCII("/DCTDecode"))
        if let encodings = pdfImageEncodings(directory.appendingPathComponent("rgba8.png.pdf").path) {
            XCTAssertEqual(encodings, ["image", "image"], "colour and its alpha mask, both Flate-compressed pixels")
        }
    }

    // MARK: Bad pictures

    func testBadPicturesAreRefusedAtTheirTagAndNothingIsWritten() throws {
        for format in [OutputFormat.pdf, .png] {
            for name in Self.badImages {
                let directory = try makeTemporaryDirectory()
                let input = try writeDocument(for: name, width: 100, height: 60, in: directory, before: "A picture follows.\n  ")
                let output = directory.appendingPathComponent(format == .pdf ? "out.pdf" : "out.png").path
                // Nothing is drawn, so the real Typesetter.typeset is safe to call in-process here.
                let typesetter = Typesetter(options: options(format: format, width: 200, height: 200))

                XCTAssertThrowsError(try typesetter.typeset(inputPath: input, outputPath: output), "\(name)") { error in
                    guard let failure = error as? DocumentFailure else { return XCTFail("\(name): not a DocumentFailure: \(error)") }
                    let errors = failure.diagnostics.filter { $0.severity == .error }
                    XCTAssertFalse(errors.isEmpty, name)
                    XCTAssertTrue(errors.contains { $0.location?.line == 2 && $0.location?.file == input },
                                  "\(name): no error at \(input):2: \(failure.diagnostics)")
                    XCTAssertTrue(errors.contains { $0.description.contains(name) }, "\(name): \(failure)")
                }
                XCTAssertEqual(try contentsOfDirectory(directory), ["doc.txt"], "\(name): files were written")

                // An existing output is left as it was.
                let keep = Data("previous output\n".utf8)
                let existing = format == .pdf ? output : directory.appendingPathComponent("out-001.png").path
                try keep.write(to: URL(fileURLWithPath: existing))
                XCTAssertThrowsError(try typesetter.typeset(inputPath: input, outputPath: output))
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: existing)), keep, name)
                let after = try contentsOfDirectory(directory)
                XCTAssertEqual(after.count, 2, "\(name): \(after)")
            }
        }
    }

    func testABadPictureFailsInTheLibraryBeforeAnyPageIsDrawn() throws {
        // Preflight: the decoding problem is found by layOut, so no writer is ever started.
        let directory = try makeTemporaryDirectory()
        let input = try writeDocument(for: "truncated.jpg", width: 100, height: 60, in: directory)
        var options = TypesetOptions()
        // The pictures are the repository's fixtures, outside the temporary document folders.
        options.imageRoot = "/"
        options.fontsDirectory = TestSupport.fontsDirectory
        XCTAssertThrowsError(try Typesetter(options: options).prepare(fileAt: input)) { error in
            let failure = error as? DocumentFailure
            XCTAssertEqual(failure?.diagnostics.first { $0.severity == .error }?.location?.line, 1)
            XCTAssertEqual(failure?.diagnostics.first { $0.severity == .error }?.location?.column, 11, "at the src value")
        }
    }
}
