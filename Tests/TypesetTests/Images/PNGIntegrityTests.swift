import CCairo
import Foundation
import Images
@testable import Render
import XCTest

/// The check that spares the preflight a PNG's decode: it vouches for the good pictures it can
/// check, and for no file libpng refuses (a file it does not vouch for goes to the decoder,
/// which then names the problem).
final class PNGIntegrityTests: XCTestCase {
    private func file(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Whether libpng, through Cairo, decodes `bytes`: what the check must never contradict.
    private func decodes(_ bytes: [UInt8]) -> Bool {
        guard let surface = try? PNGDecoder.decode(bytes) else { return false }
        cairo_surface_destroy(surface)
        return true
    }

    func testItVouchesForTheGoodPicturesItChecks() throws {
        let pictures = ["rgb8.png", "rgba8.png", "rgb16.png", "rgba16.png", "grey8.png", "grey16.png", "grey-alpha.png"]
            .map(TestSupport.imagePath)
            + ["astronaut.png", "cameraman.png", "chelsea.png"].map { TestSupport.zombiesDirectory.appendingPathComponent($0).path }
        for path in pictures {
            XCTAssertTrue(PNGIntegrity.vouchesFor(try file(path)), path)
        }
        // Less than eight bits a sample, and the image data in several IDAT chunks.
        let grey = PNGBytes(width: 13, height: 5, bitDepth: 2, colourType: 0)
        XCTAssertTrue(PNGIntegrity.vouchesFor(grey.bytes))
        let data = PNGBytes.zlibStored(grey.scanlines)
        XCTAssertTrue(PNGIntegrity.vouchesFor(grey.header + PNGBytes.chunk("IDAT", Array(data[..<7]))
            + PNGBytes.chunk("IDAT", []) + PNGBytes.chunk("IDAT", Array(data[7...])) + PNGBytes.chunk("IEND", [])))
    }

    func testPalettesAndInterlacingAreLeftToTheDecoder() throws {
        for name in ["palette.png", "palette-trns.png"] {
            let bytes = try file(TestSupport.imagePath(name))
            XCTAssertFalse(PNGIntegrity.vouchesFor(bytes), name)
            XCTAssertTrue(decodes(bytes), name)
        }
        var interlaced = PNGBytes().bytes
        interlaced[28] = 1
        interlaced.replaceSubrange(29 ..< 33, with: PNGBytes.bigEndian(PNGBytes.crc32(Array(interlaced[12 ..< 29]))))
        XCTAssertFalse(PNGIntegrity.vouchesFor(interlaced))
    }

    /// Each file broken one way; whether libpng still decodes it (it only warns about an
    /// ancillary chunk's CRC and about data after the zlib stream) does not matter: the check
    /// vouches for none of them.
    func testItVouchesForNoBrokenFile() {
        let png = PNGBytes(width: 6, height: 4)
        let rows = png.scanlines, rowLength = rows.count / 4
        let iend = PNGBytes.chunk("IEND", [])
        func file(_ imageData: [UInt8], before: [UInt8] = [], after: [UInt8] = []) -> [UInt8] {
            png.header + before + PNGBytes.chunk("IDAT", imageData) + after + iend
        }
        var badIDATCRC = png.bytes
        badIDATCRC[png.imageDataOffset + PNGBytes.zlibStored(rows).count] ^= 1
        var badAdler = PNGBytes.zlibStored(rows)
        badAdler[badAdler.count - 1] ^= 1
        var badText = PNGBytes.chunk("tEXt", Array("Title\u{0}Zombies".utf8))
        badText[badText.count - 1] ^= 1
        let broken: [String: [UInt8]] = [
            "rows cut short": file(PNGBytes.zlibStored(Array(rows.dropLast(rowLength)))),
            "a row cut short": file(PNGBytes.zlibStored(Array(rows.dropLast(1)))),
            "a row too many": file(PNGBytes.zlibStored(rows + rows.prefix(rowLength))),
            "the zlib stream cut short": file(Array(PNGBytes.zlibStored(rows).dropLast(5))),
            "a wrong Adler-32": file(badAdler),
            "data after the zlib stream": file(PNGBytes.zlibStored(rows) + [0]),
            "a filter type that does not exist": PNGBytes(width: 6, height: 4, filterType: 5).bytes,
            "a wrong CRC on IDAT": badIDATCRC,
            "a wrong CRC on an ancillary chunk": file(PNGBytes.zlibStored(rows), before: badText),
            "an unknown critical chunk": file(PNGBytes.zlibStored(rows), before: PNGBytes.chunk("ZZZZ", [1])),
            "a chunk type that is not letters": file(PNGBytes.zlibStored(rows), before: PNGBytes.chunk("t3Xt", [1])),
            "a PLTE chunk": file(PNGBytes.zlibStored(rows), before: PNGBytes.chunk("PLTE", [0, 0, 0])),
            "a second IHDR": file(PNGBytes.zlibStored(rows), before: Array(png.header[8...])),
            "image data in two runs": png.header + PNGBytes.chunk("IDAT", Array(PNGBytes.zlibStored(rows).prefix(9)))
                + PNGBytes.chunk("tIME", [7, 208, 1, 1, 0, 0, 0]) + PNGBytes.chunk("IDAT", Array(PNGBytes.zlibStored(rows).dropFirst(9))) + iend,
            "no image data": png.header + iend,
            "no IEND": Array(png.bytes.dropLast(12)),
            "IEND cut short": Array(png.bytes.dropLast(1)),
        ]
        XCTAssertTrue(PNGIntegrity.vouchesFor(file(PNGBytes.zlibStored(rows), after: PNGBytes.chunk("tIME", [7, 208, 1, 1, 0, 0, 0]))),
                      "an ancillary chunk after the image data")
        for (problem, bytes) in broken.sorted(by: { $0.key < $1.key }) {
            XCTAssertFalse(PNGIntegrity.vouchesFor(bytes), problem)
        }
    }

    /// A photograph compressed by a real encoder, broken at many places — one byte of its image
    /// data changed (the chunk's CRC made again, so that zlib and the rows are what is
    /// tested), or the file cut — is vouched for only if libpng decodes it.
    func testWhatItVouchesForDecodes() throws {
        let good = try file(TestSupport.imagePath("rgb8.png"))
        let chunks = imageDataChunks(of: good)
        XCTAssertFalse(chunks.isEmpty)
        var refused = 0
        for (index, data) in chunks.enumerated() {
            for offset in Swift.stride(from: data.lowerBound + index % 7, to: data.upperBound, by: 997) {
                for change: UInt8 in [0x01, 0x80] {
                    var bytes = good
                    bytes[offset] ^= change
                    let crc = PNGBytes.crc32(Array(bytes[data.lowerBound - 4 ..< data.upperBound]))
                    bytes.replaceSubrange(data.upperBound ..< data.upperBound + 4, with: PNGBytes.bigEndian(crc))
                    let vouches = PNGIntegrity.vouchesFor(bytes)
                    XCTAssertTrue(!vouches || decodes(bytes), "byte \(offset) ^ \(change)")
                    if !vouches { refused += 1 }
                }
            }
        }
        // A changed byte mostly breaks the stream; the sweep tests nothing if none was refused.
        XCTAssertGreaterThan(refused, 50)
        for length in Swift.stride(from: 33, to: good.count, by: good.count / 50) {
            XCTAssertFalse(PNGIntegrity.vouchesFor(Array(good.prefix(length))), "cut at \(length)")
        }
    }

    /// The data of each IDAT chunk of `png`, as ranges of its bytes.
    private func imageDataChunks(of png: [UInt8]) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset ..< offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if png[offset + 4 ..< offset + 8].elementsEqual("IDAT".utf8) { chunks.append(offset + 8 ..< offset + 8 + length) }
            offset += 12 + length
        }
        return chunks
    }
}
