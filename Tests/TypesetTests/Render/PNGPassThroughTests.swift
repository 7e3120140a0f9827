import CCairo
import Foundation
import Images
import Layout
import Pages
@testable import Render
import TypesetKit
import XCTest

/// An 8-bit grey or RGB PNG goes into the PDF as its compressed rows, read with PNG's
/// predictors, and shows the very pixels Cairo decodes from the file; an 8-bit PNG with alpha
/// goes in as its colour rows with its alpha rows as a soft mask, which give the file's own
/// samples exactly. The PDFs are read back with qpdf.
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
        try typesetPDF(picturesAt: names.map(TestSupport.imagePath))
    }

    private func typesetPDF(picturesAt paths: [String]) throws -> String {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(paths.map { "<img src=\"\($0)\" width=\"120\" height=\"80\">" }.joined(separator: "\n"), to: input)
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

    /// The image that is not a soft mask, and its soft mask.
    private func pictureAndMask(inPDFAt pdf: String) throws -> (picture: (number: Int, dictionary: [String: Any]),
                                                               mask: (number: Int, dictionary: [String: Any])) {
        let found = try images(inPDFAt: pdf)
        let picture = try XCTUnwrap(found.first { $0.dictionary["/SMask"] != nil }, "\(found)")
        let reference = try XCTUnwrap(picture.dictionary["/SMask"] as? String)
        let mask = try XCTUnwrap(found.first { "\($0.number) 0 R" == reference }, "\(found)")
        // No envelope is left: no image is a JPEG here.
        XCTAssertFalse(found.contains { $0.dictionary["/Filter"] as? String == "/DCTDecode" }, "\(found)")
        return (picture, mask)
    }

    func testPicturesWithAlphaAreStoredAsTheirRowsWithTheirAlphaAsASoftMask() throws {
        for name in ["rgba8.png", "grey-alpha.png"] {
            let pdf = try typesetPDF(pictures: [name])
            let (picture, mask) = try pictureAndMask(inPDFAt: pdf)
            let colours = name == "rgba8.png" ? 3 : 1
            for (image, imageColours) in [(picture, colours), (mask, 1)] {
                XCTAssertEqual(image.dictionary["/Filter"] as? String, "/FlateDecode", name)
                let parameters = try XCTUnwrap(image.dictionary["/DecodeParms"] as? [String: Any], name)
                XCTAssertEqual(parameters["/Predictor"] as? Int, 15, name)
                XCTAssertEqual(parameters["/Colors"] as? Int, imageColours, name)
                XCTAssertEqual([image.dictionary["/Width"] as? Int, image.dictionary["/Height"] as? Int, parameters["/Columns"] as? Int],
                               [240, 160, 240], name)
            }
            XCTAssertEqual(picture.dictionary["/ColorSpace"] as? String, colours == 1 ? "/DeviceGray" : "/DeviceRGB", name)
            XCTAssertEqual(mask.dictionary["/ColorSpace"] as? String, "/DeviceGray", name)
            XCTAssertEqual(mask.dictionary["/Interpolate"] as? Bool, picture.dictionary["/Interpolate"] as? Bool, name)
            // Cairo's decoder keeps the alpha exactly, and the colour of every opaque pixel.
            let (alpha, opaqueColour) = try decodedByCairo(TestSupport.imagePath(name), colours: colours)
            XCTAssertEqual(try stream(mask.number, inPDFAt: pdf, filtered: true), alpha, name)
            XCTAssertTrue(alpha.contains { $0 < 255 }, "\(name) has no transparent pixel to test")
            let colour = try stream(picture.number, inPDFAt: pdf, filtered: true)
            XCTAssertEqual(colour.count, 240 * 160 * colours, name)
            for (pixel, expected) in opaqueColour {
                guard Array(colour[pixel * colours ..< (pixel + 1) * colours]) == expected else {
                    return XCTFail("\(name): pixel \(pixel) is \(colour[pixel * colours ..< (pixel + 1) * colours]), not \(expected)")
                }
            }
        }
    }

    /// The alpha of each pixel of the PNG at `path` as Cairo decodes it, and the colour (grey
    /// when `colours` is 1) of each opaque pixel, by its index.
    private func decodedByCairo(_ path: String, colours: Int) throws -> (alpha: [UInt8], opaqueColour: [Int: [UInt8]]) {
        let surface = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        defer { cairo_surface_destroy(surface) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)), data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        var alpha: [UInt8] = [], opaqueColour: [Int: [UInt8]] = [:]
        for y in 0 ..< height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0 ..< width {
                let pixel = row[x]
                alpha.append(UInt8(pixel >> 24))
                let rgb = [UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF)]
                if pixel >> 24 == 255 { opaqueColour[y * width + x] = colours == 1 ? [rgb[0]] : rgb }
            }
        }
        return (alpha, opaqueColour)
    }

    func testAPictureWithAlphaShowsItsOwnSamplesExactly() throws {
        // Every alpha from 0 to 255 under every colour, in rows filtered with each type.
        let width = 64, height = 16
        let pixels = (0 ..< width * height).flatMap { (pixel: Int) -> [UInt8] in
            let red = UInt8(pixel % 256), green = UInt8(pixel * 7 % 256), blue = UInt8(pixel * 13 % 251)
            return [red, green, blue, UInt8(pixel * 31 % 256)]
        }
        let rows = PNGFiltering.filter(pixels, rowLength: width * 4, bytesPerPixel: 4, types: [0, 1, 2, 3, 4])
        let file = try makeTemporaryDirectory().appendingPathComponent("samples.png")
        try Data(PNGBytes(width: UInt32(width), height: UInt32(height), colourType: 6, imageData: PNGBytes.zlibStored(rows)).bytes).write(to: file)
        let pdf = try typesetPDF(picturesAt: [file.path])
        let (picture, mask) = try pictureAndMask(inPDFAt: pdf)
        XCTAssertEqual(try stream(picture.number, inPDFAt: pdf, filtered: true), PNGFiltering.plane(of: pixels, channels: 4, first: 0, count: 3))
        XCTAssertEqual(try stream(mask.number, inPDFAt: pdf, filtered: true), PNGFiltering.plane(of: pixels, channels: 4, first: 3, count: 1))
    }

    func testAnOpaquePictureWithAnAlphaChannelHasNoMask() throws {
        let width = 6, height = 5
        let pixels = (0 ..< width * height).flatMap { pixel -> [UInt8] in [UInt8(pixel), 90, 200, 255] }
        let rows = PNGFiltering.filter(pixels, rowLength: width * 4, bytesPerPixel: 4, types: [4, 1])
        let file = try makeTemporaryDirectory().appendingPathComponent("opaque.png")
        try Data(PNGBytes(width: UInt32(width), height: UInt32(height), colourType: 6, imageData: PNGBytes.zlibStored(rows)).bytes).write(to: file)
        let pdf = try typesetPDF(picturesAt: [file.path])
        let found = try images(inPDFAt: pdf)
        XCTAssertEqual(found.count, 1, "\(found)")
        let image = try XCTUnwrap(found.first)
        XCTAssertNil(image.dictionary["/SMask"])
        XCTAssertEqual(try stream(image.number, inPDFAt: pdf, filtered: true), PNGFiltering.plane(of: pixels, channels: 4, first: 0, count: 3))
    }
}
