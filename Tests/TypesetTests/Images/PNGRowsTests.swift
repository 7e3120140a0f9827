import Foundation
import Images
import XCTest

/// Which PNGs a PDF can hold as their compressed rows (8-bit grey and RGB, not interlaced, no
/// transparency), and that the rows are the image data, every IDAT chunk joined.
final class PNGRowsTests: XCTestCase {
    private func file(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))
    }

    func testEightBitGreyAndRGBPicturesGiveTheirRows() throws {
        let rgb = try XCTUnwrap(PNGRows(png: try file("rgb8.png")))
        XCTAssertEqual([rgb.width, rgb.height, rgb.colours], [240, 160, 3])
        let grey = try XCTUnwrap(PNGRows(png: try file("grey8.png")))
        XCTAssertEqual([grey.width, grey.height, grey.colours], [240, 160, 1])
    }

    func testPicturesAPDFCannotTakeAsTheyAreGiveNone() throws {
        // Alpha, 16 bits, a palette: Cairo decodes them and compresses the pixels again.
        for name in ["rgba8.png", "grey-alpha.png", "rgb16.png", "grey16.png", "rgba16.png", "palette.png", "palette-trns.png"] {
            XCTAssertNil(PNGRows(png: try file(name)), name)
        }
        XCTAssertNil(PNGRows(png: try file("rgb-baseline.jpg")))
    }

    func testTheRowsAreEveryImageDataChunkJoined() throws {
        let png = PNGBytes(width: 5, height: 3, bitDepth: 8, colourType: 2)
        let data = PNGBytes.zlibStored(png.scanlines)
        let split = png.header + PNGBytes.chunk("IDAT", Array(data[..<10])) + PNGBytes.chunk("IDAT", Array(data[10...]))
            + PNGBytes.chunk("IEND", [])
        XCTAssertEqual(PNGRows(png: split), PNGRows(width: 5, height: 3, colours: 3, compressed: data))
    }

    func testTransparencyOrInterlacingKeepsThePictureDecoded() {
        let png = PNGBytes(width: 4, height: 4, bitDepth: 8, colourType: 0)
        XCTAssertNotNil(PNGRows(png: png.bytes))
        // A tRNS chunk makes one grey value transparent: a PDF would need a mask.
        let transparent = png.header + PNGBytes.chunk("tRNS", [0, 0x80]) + Array(png.bytes[png.header.count...])
        XCTAssertNil(PNGRows(png: transparent))
        // Interlace method 1 (Adam7), set in IHDR with its CRC made again.
        var interlaced = png.bytes
        interlaced[28] = 1
        let crc = PNGBytes.bigEndian(PNGBytes.crc32(Array(interlaced[12 ..< 29])))
        interlaced.replaceSubrange(29 ..< 33, with: crc)
        XCTAssertNil(PNGRows(png: interlaced))
    }
}
