import Foundation
import Images
import Layout
import Pages
import Render
import TypesetKit
import XCTest

/// An 8-bit grey or RGB PNG goes into the PDF as its compressed rows, read with PNG's
/// predictors, and shows the very pixels Cairo decodes from the file; a PNG with alpha is
/// decoded and compressed again, as before. The PDFs are read back with qpdf.
final class PNGPassThroughTests: XCTestCase {
    private static let qpdf = "/usr/bin/qpdf"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.qpdf) else { throw XCTSkip("\(Self.qpdf) is not installed (make deps installs it)") }
    }

    /// An image XObject's dictionary, as `qpdf --json` gives it, and its object number.
    private func images(inPDFAt path: String) throws -> [(number: Int, dictionary: [String: Any])] {
        let json = try XCTUnwrap(TestSupport.runTool(Self.qpdf, ["--json", "--json-key=qpdf", path]), "qpdf --json \(path)")
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var found: [(Int, [String: Any])] = []
        for case let objects as [String: Any] in try XCTUnwrap(root["qpdf"] as? [Any]).dropFirst() {
            for (key, value) in objects {
                guard let dictionary = ((value as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any],
                      dictionary["/Subtype"] as? String == "/Image" else { continue }
                found.append((try XCTUnwrap(Int(key.dropFirst(4).split(separator: " ")[0]), key), dictionary))
            }
        }
        return found
    }

    /// The stream's bytes, its filters undone (`filtered`) or as stored.
    private func stream(_ object: Int, inPDFAt path: String, filtered: Bool) throws -> [UInt8] {
        [UInt8](try QPDFStreams.bytes(ofObject: object, inPDFAt: path, filtered: filtered))
    }

    private func typesetPDF(pictures names: [String]) throws -> String {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(names.map { "<img src=\"\(TestSupport.imagePath($0))\" width=\"120\" height=\"80\">" }.joined(separator: "\n"), to: input)
        var options = TypesetOptions()
        options.imageRoot = "/"
        options.fontsDirectory = TestSupport.fontsDirectory
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options)
        return output
    }

    func testGreyAndRGBPicturesAreStoredAsTheirRowsAndShowTheirPixels() throws {
        let names = ["rgb8.png", "grey8.png"]
        let pdf = try typesetPDF(pictures: names)
        let found = try images(inPDFAt: pdf)
        XCTAssertEqual(found.count, 2)
        for name in names {
            let rows = try XCTUnwrap(PNGRows(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))))
            let image = try XCTUnwrap(found.first { $0.dictionary["/ColorSpace"] as? String == (rows.colours == 1 ? "/DeviceGray" : "/DeviceRGB") },
                                      name)
            XCTAssertEqual(image.dictionary["/Filter"] as? String, "/FlateDecode", name)
            let parameters = try XCTUnwrap(image.dictionary["/DecodeParms"] as? [String: Any], name)
            XCTAssertEqual(parameters["/Predictor"] as? Int, 15, name)
            XCTAssertEqual(parameters["/Colors"] as? Int, rows.colours, name)
            XCTAssertEqual(parameters["/Columns"] as? Int, rows.width, name)
            XCTAssertEqual(image.dictionary["/Width"] as? Int, 240, name)
            XCTAssertEqual(image.dictionary["/Height"] as? Int, 160, name)
            XCTAssertEqual(try stream(image.number, inPDFAt: pdf, filtered: false), rows.compressed, "\(name): the stream is not the rows")
            // What a reader gets: the samples Cairo's own decoder reads from the file.
            let decoded = try RasterImage.readPNG(TestSupport.imagePath(name))
            let expected = stride(from: 0, to: decoded.rgba.count, by: 4).flatMap { index in
                rows.colours == 1 ? [decoded.rgba[index]] : Array(decoded.rgba[index ..< index + 3])
            }
            XCTAssertEqual(try stream(image.number, inPDFAt: pdf, filtered: true), expected, name)
        }
    }

    func testAPictureWithAlphaIsCompressedAgainWithItsMask() throws {
        let pdf = try typesetPDF(pictures: ["rgba8.png"])
        let found = try images(inPDFAt: pdf)
        let colour = try XCTUnwrap(found.first { $0.dictionary["/SMask"] != nil }, "\(found)")
        XCTAssertEqual(colour.dictionary["/Filter"] as? String, "/FlateDecode")
        XCTAssertNil(colour.dictionary["/DecodeParms"])
        // No envelope is left in any file: no image is a JPEG here.
        XCTAssertFalse(found.contains { $0.dictionary["/Filter"] as? String == "/DCTDecode" }, "\(found)")
    }
}
