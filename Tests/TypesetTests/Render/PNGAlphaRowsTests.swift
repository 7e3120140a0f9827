import Foundation
import Images
@testable import Render
import XCTest

/// A PNG with alpha split into its colour rows and alpha rows without undoing a filter: each
/// part is exactly its samples filtered alone with the row's type, whatever the type; whether
/// the picture is opaque is read from the filtered rows; anything else is left to the decoder.
final class PNGAlphaRowsTests: XCTestCase {
    /// Samples that change from pixel to pixel and row to row, so every filter predicts wrong.
    private func samples(width: Int, height: Int, channels: Int, seed: Int) -> [UInt8] {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        return (0 ..< width * height * channels).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// An 8-bit PNG of `samples` (colour type 4 or 6), its rows filtered with `types` in turn.
    private func png(_ samples: [UInt8], width: Int, height: Int, colourType: UInt8, types: [UInt8] = [0, 1, 2, 3, 4]) -> [UInt8] {
        let channels = colourType == 4 ? 2 : 4
        let rows = PNGFiltering.filter(samples, rowLength: width * channels, bytesPerPixel: channels, types: types)
        return PNGBytes(width: UInt32(width), height: UInt32(height), colourType: colourType, imageData: PNGBytes.zlibStored(rows)).bytes
    }

    func testEachPartIsItsSamplesFilteredAloneWithTheRowsType() throws {
        for (colourType, colours) in [(UInt8(6), 3), (UInt8(4), 1)] {
            let width = 7, height = 11, channels = colours + 1
            let pixels = samples(width: width, height: height, channels: channels, seed: colours)
            let rows = try XCTUnwrap(PNGAlphaRows(png: png(pixels, width: width, height: height, colourType: colourType)))
            XCTAssertEqual([rows.width, rows.height, rows.colours], [width, height, colours])
            let colour = PNGFiltering.plane(of: pixels, channels: channels, first: 0, count: colours)
            let alpha = PNGFiltering.plane(of: pixels, channels: channels, first: colours, count: 1)
            XCTAssertEqual(rows.colourRows, PNGFiltering.filter(colour, rowLength: width * colours, bytesPerPixel: colours,
                                                                types: [0, 1, 2, 3, 4]), "colour type \(colourType)")
            XCTAssertEqual(rows.alphaRows, PNGFiltering.filter(alpha, rowLength: width, bytesPerPixel: 1, types: [0, 1, 2, 3, 4]),
                           "colour type \(colourType)")
            XCTAssertFalse(rows.isOpaque)
        }
    }

    func testOpaqueIsToldFromTheFilteredRowsUnderEveryFilter() throws {
        let width = 5, height = 4
        let opaque = (0 ..< width * height).flatMap { pixel -> [UInt8] in [UInt8(pixel % 256), 200, 7, 255] }
        for type in UInt8(0) ... 4 {
            let rows = try XCTUnwrap(PNGAlphaRows(png: png(opaque, width: width, height: height, colourType: 6, types: [type])))
            XCTAssertTrue(rows.isOpaque, "filter type \(type)")
            // One alpha sample of 254 anywhere: the first, one on the first row, one at a row's start, the last.
            for pixel in [0, 3, width, 2 * width + 2, width * height - 1] {
                var seeThrough = opaque
                seeThrough[pixel * 4 + 3] = 254
                let rows = try XCTUnwrap(PNGAlphaRows(png: png(seeThrough, width: width, height: height, colourType: 6, types: [type])))
                XCTAssertFalse(rows.isOpaque, "filter type \(type), pixel \(pixel)")
            }
        }
    }

    func testTheFixturesPicturesWithAlphaSplit() throws {
        for name in ["rgba8.png", "grey-alpha.png"] {
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))
            let rows = try XCTUnwrap(PNGAlphaRows(png: file), name)
            XCTAssertEqual(rows.colourRows.count, rows.height * (1 + rows.width * rows.colours), name)
            XCTAssertEqual(rows.alphaRows.count, rows.height * (1 + rows.width), name)
        }
    }

    func testOtherPicturesAndDataThatIsNotExactlyTheRowsAreLeftToTheDecoder() throws {
        for name in ["rgb8.png", "grey8.png", "rgba16.png", "palette.png", "palette-trns.png", "rgb-baseline.jpg"] {
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))
            XCTAssertNil(PNGAlphaRows(png: file), name)
        }
        let width = 4, height = 3
        let pixels = samples(width: width, height: height, channels: 4, seed: 9)
        let rows = PNGFiltering.filter(pixels, rowLength: width * 4, bytesPerPixel: 4, types: [1])
        func file(_ data: [UInt8]) -> [UInt8] {
            PNGBytes(width: UInt32(width), height: UInt32(height), colourType: 6, imageData: PNGBytes.zlibStored(data)).bytes
        }
        XCTAssertNotNil(PNGAlphaRows(png: file(rows)))
        XCTAssertNil(PNGAlphaRows(png: file(Array(rows.dropLast()))), "a row cut short")
        XCTAssertNil(PNGAlphaRows(png: file(rows + rows.prefix(1 + width * 4))), "a row too many")
        var badFilter = rows
        badFilter[1 + width * 4] = 5
        XCTAssertNil(PNGAlphaRows(png: file(badFilter)), "filter type 5")
        var badChecksum = PNGBytes.zlibStored(rows)
        badChecksum[badChecksum.count - 1] ^= 1
        XCTAssertNil(PNGAlphaRows(png: PNGBytes(width: UInt32(width), height: UInt32(height), colourType: 6, imageData: badChecksum).bytes),
                     "a wrong Adler-32")
        // Interlaced (Adam7), and a tRNS chunk, which a picture with alpha may not have.
        var interlaced = file(rows)
        interlaced[28] = 1
        interlaced.replaceSubrange(29 ..< 33, with: PNGBytes.bigEndian(PNGBytes.crc32(Array(interlaced[12 ..< 29]))))
        XCTAssertNil(PNGAlphaRows(png: interlaced))
        let plain = PNGBytes(width: UInt32(width), height: UInt32(height), colourType: 6, imageData: PNGBytes.zlibStored(rows))
        XCTAssertNil(PNGAlphaRows(png: plain.header + PNGBytes.chunk("tRNS", [0, 0, 0, 0, 0, 0]) + Array(plain.bytes[plain.header.count...])))
    }
}
