import CCairo
import Foundation
import Images
import Layout
import Pages
@testable import Render
import TypesetKit
import XCTest

/// An arithmetic-coded JPEG (as `jpegtran -arithmetic` writes it) was copied into the PDF as it
/// was, and Chrome's pdfium drew a black box. It goes in Huffman-coded, its coefficients
/// unchanged (`JPEGHuffmanCoding`): the same picture in every viewer.
final class ArithmeticJPEGTests: XCTestCase {
    private static let arithmeticJPEGs = ["rgb-arithmetic.jpg", "rgb-arithmetic-progressive.jpg"]

    private func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The frame markers (SOF0 to SOF15, less DHT, JPG and DAC) of a JPEG file.
    private func frameMarkers(_ jpeg: [UInt8]) -> [UInt8] {
        var markers: [UInt8] = []
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            let marker = jpeg[offset + 1]
            if (0xC0 ... 0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) { markers.append(marker) }
            offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        }
        return markers
    }

    /// The picture's pixels as libjpeg-turbo decodes them.
    private func pixels(_ jpeg: [UInt8]) throws -> [UInt8] {
        let info = try ImageInfo.probe(data: Data(jpeg))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(info.pixelWidth), Int32(info.pixelHeight))!
        defer { cairo_surface_destroy(surface) }
        try JPEGDecoder.decode(jpeg, info: info, into: surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * info.pixelHeight
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface)!, count: count))
    }

    func testTheFixturesAreArithmeticCoded() throws {
        XCTAssertEqual(frameMarkers(try bytes(TestSupport.imagePath("rgb-arithmetic.jpg"))), [0xC9])
        XCTAssertEqual(frameMarkers(try bytes(TestSupport.imagePath("rgb-arithmetic-progressive.jpg"))), [0xCA])
        for name in Self.arithmeticJPEGs {
            XCTAssertTrue(try ImageInfo.probe(path: TestSupport.imagePath(name)).isArithmeticCoded, name)
        }
        XCTAssertFalse(try ImageInfo.probe(path: TestSupport.imagePath("rgb-baseline.jpg")).isArithmeticCoded)
    }

    /// Huffman-coded, progressive as it was, and the same pixels to the bit: the coefficients
    /// were kept, not decoded and compressed again.
    func testItIsMadeHuffmanCodedWithoutLoss() throws {
        for (name, frame) in zip(Self.arithmeticJPEGs, [UInt8(0xC0), 0xC2]) {
            let original = try bytes(TestSupport.imagePath(name))
            let transcoded = try JPEGHuffmanCoding.transcode(original, info: try ImageInfo.probe(data: Data(original)))
            XCTAssertEqual(frameMarkers(transcoded), [frame], name)
            XCTAssertEqual(try pixels(transcoded), try pixels(original), name)
        }
    }

    func testThePDFHoldsItHuffmanCoded() throws {
        let directory = try makeTemporaryDirectory()
        for name in Self.arithmeticJPEGs {
            let input = directory.appendingPathComponent("\(name).txt"), output = directory.appendingPathComponent("\(name).pdf")
            try write("<img src=\"\(TestSupport.imagePath(name))\" width=\"240\" height=\"160\">", to: input)
            var options = TypesetOptions()
            options.imageRoot = "/"
            options.fontsDirectory = TestSupport.fontsDirectory
            options.page = PageTemplate(size: Size(width: 260, height: 180), margins: Margins(all: 10), columns: 1, gutter: 0)
            _ = try Rendering.typeset(inputPath: input.path, outputPath: output.path, options: options)
            let pdf = try bytes(output.path)
            let original = try bytes(TestSupport.imagePath(name))
            XCTAssertFalse(Data(pdf).containsBytes(Data(original)), "\(name): embedded arithmetic-coded")
            let transcoded = try JPEGHuffmanCoding.transcode(original, info: try ImageInfo.probe(data: Data(original)))
            XCTAssertTrue(Data(pdf).containsBytes(Data(transcoded)), "\(name): the Huffman-coded file is not in the PDF")
        }
    }
}
