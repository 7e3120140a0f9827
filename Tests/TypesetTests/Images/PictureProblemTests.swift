import Diagnostics
import Foundation
import Images
import TypesetKit
import XCTest

/// A broken picture is reported at its `<img>` tag with what is actually wrong with it: a rule
/// of the format broken, corrupt data (in the decoder's words), a file cut short. None of them
/// is "too large to decode", which is what Cairo's one status for every libpng error said.
final class PictureProblemTests: XCTestCase {
    /// The error a document holding only the picture `bytes` (as `name`, at line 2, column
    /// 11) fails with; nil when the document is laid out without one.
    private func problem(with bytes: [UInt8], named name: String, file: StaticString = #filePath,
                         line: UInt = #line) throws -> String? {
        let directory = try makeTemporaryDirectory()
        try Data(bytes).write(to: directory.appendingPathComponent(name))
        let input = directory.appendingPathComponent("doc.txt")
        try write("A picture:\n<img src=\"\(name)\" width=\"20\">\n", to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        do {
            _ = try Typesetter(options: options).prepare(fileAt: input.path)
            return nil
        } catch let failure as DocumentFailure {
            let errors = failure.diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.count, 1, "\(failure.diagnostics)", file: file, line: line)
            let error = try XCTUnwrap(errors.first, file: file, line: line)
            XCTAssertEqual(error.location?.line, 2, "at the <img> tag", file: file, line: line)
            XCTAssertEqual(error.location?.column, 11, "at its src value", file: file, line: line)
            XCTAssertFalse(error.message.contains("too large"), error.message, file: file, line: line)
            return error.message
        }
    }

    private func assertProblem(_ bytes: [UInt8], named name: String = "picture.png", says expected: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let message = try problem(with: bytes, named: name, file: file, line: line)
        XCTAssertTrue(message?.contains(expected) ?? false, "\(message ?? "no error"), expected \(expected)", file: file, line: line)
    }

    /// A file of the picture corpus (Fixtures/images).
    private func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))
    }

    // MARK: PNG

    func testTheHandMadePNGsAreGoodUnlessBroken() throws {
        XCTAssertNil(try problem(with: PNGBytes().bytes, named: "rgb.png"))
        XCTAssertNil(try problem(with: PNGBytes(colourType: 3, palette: [0, 0, 0, 255, 255, 255]).bytes, named: "palette.png"))
        XCTAssertNil(try problem(with: PNGBytes(bitDepth: 4, colourType: 0).bytes, named: "grey.png"))
    }

    func testABitDepthTheColourTypeDoesNotAllowIsNamed() throws {
        try assertProblem(PNGBytes(bitDepth: 7).bytes, says: "not a valid PNG: bit depth 7 is not allowed for colour type 2 (RGB)")
        try assertProblem(PNGBytes(bitDepth: 4, colourType: 6).bytes, says: "bit depth 4 is not allowed for colour type 6 (RGBA)")
        try assertProblem(PNGBytes(colourType: 5).bytes, says: "not a valid PNG: colour type 5 does not exist")
    }

    func testAPalettePNGWithoutItsPaletteIsNamed() throws {
        try assertProblem(PNGBytes(colourType: 3).bytes, says: "not a valid PNG: a palette PNG (colour type 3) has no PLTE chunk")
    }

    func testCorruptImageDataIsReportedInLibpngsWords() throws {
        // A sample changed after zlib's header (2 bytes) and the stored block's (5): the chunk's
        // CRC is right, zlib's Adler-32 check of the data is not.
        var stream = PNGBytes.zlibStored(PNGBytes().scanlines)
        stream[8] ^= 0x01
        try assertProblem(PNGBytes(imageData: stream).bytes, says: "corrupt PNG data (libpng: IDAT: incorrect data check)")

        // The chunk's CRC.
        let good = PNGBytes()
        var badCRC = good.bytes
        badCRC[good.imageDataOffset + PNGBytes.zlibStored(good.scanlines).count] ^= 0xFF
        try assertProblem(badCRC, says: "corrupt PNG data (libpng: IDAT: CRC error)")

        // A row filter that does not exist.
        try assertProblem(PNGBytes(filterType: 9).bytes, says: "corrupt PNG data (libpng: bad adaptive filter value)")
    }

    func testAPNGCutShortIsTruncated() throws {
        let good = PNGBytes(width: 64, height: 64)
        try assertProblem(Array(good.bytes.prefix(good.imageDataOffset + 1000)), says: "the file is truncated")
        // Without its IEND chunk.
        try assertProblem(Array(good.bytes.dropLast(12)), says: "the file is truncated")
    }

    /// The preflight decodes a PNG only when `PNGIntegrity` cannot vouch for it, so a broken file
    /// a real encoder made still gets libpng's words: cut short, a deflate block of a type that
    /// does not exist (its chunk's CRC made again), a wrong CRC.
    func testARealEncodersBrokenPNGIsNamedAsBefore() throws {
        let good = try fixture("rgb8.png")
        try assertProblem(Array(good.prefix(good.count / 2)), says: "the file is truncated (it ends before the PNG does)")
        // The first IDAT's data begins after the signature (8), IHDR (25) and its own length and
        // type (8); the deflate block's type follows zlib's two header bytes.
        let firstData = 41, firstLength = good[33 ..< 37].reduce(0) { $0 << 8 | Int($1) }
        var badBlock = good
        badBlock[firstData + 2] |= 0x06
        let crc = PNGBytes.crc32(Array(badBlock[firstData - 4 ..< firstData + firstLength]))
        badBlock.replaceSubrange(firstData + firstLength ..< firstData + firstLength + 4, with: PNGBytes.bigEndian(crc))
        try assertProblem(badBlock, says: "corrupt PNG data (libpng: IDAT: invalid block type)")
        var badCRC = good
        badCRC[firstData + firstLength + 2] ^= 0x10
        try assertProblem(badCRC, says: "corrupt PNG data (libpng: IDAT: CRC error)")
    }

    func testAPNGWhoseRowsAreCutShortIsNamed() throws {
        let png = PNGBytes(width: 8, height: 8)
        let rows = PNGBytes.zlibStored(Array(png.scanlines.dropLast(25)))
        try assertProblem(PNGBytes(width: 8, height: 8, imageData: rows).bytes, says: "corrupt PNG data (libpng: Not enough image data)")
    }

    /// What libpng only warns about is still no error, though `PNGIntegrity` does not vouch for it.
    func testWhatLibpngPassesIsStillGood() throws {
        let png = PNGBytes(width: 8, height: 8)
        let stream = PNGBytes.zlibStored(png.scanlines)
        var text = PNGBytes.chunk("tEXt", Array("Title\u{0}Zombies".utf8))
        text[text.count - 1] ^= 0x01
        let withBadTextCRC = png.header + text + Array(png.bytes[png.header.count...])
        XCTAssertNil(try problem(with: withBadTextCRC, named: "bad-text-crc.png"))
        XCTAssertNil(try problem(with: PNGBytes(width: 8, height: 8, imageData: stream + [0]).bytes, named: "data-after-stream.png"))
        let rowTooMany = PNGBytes.zlibStored(png.scanlines + png.scanlines.prefix(25))
        XCTAssertNil(try problem(with: PNGBytes(width: 8, height: 8, imageData: rowTooMany).bytes, named: "row-too-many.png"))
    }

    // MARK: JPEG

    /// The fixture with its frame header's field at `offset` (from the SOF marker) replaced.
    private func jpeg(_ name: String, settingFrameHeaderAt offset: Int, to values: [UInt8]) throws -> [UInt8] {
        var bytes = try fixture(name)
        let frame = try XCTUnwrap((0 ..< bytes.count - 1).first { bytes[$0] == 0xFF && [0xC0, 0xC2].contains(bytes[$0 + 1]) })
        bytes.replaceSubrange(frame + offset ..< frame + offset + values.count, with: values)
        return bytes
    }

    func testJPEGProblemsAreNamed() throws {
        try assertProblem(try fixture("truncated.jpg"), named: "cut.jpg",
                          says: "the file is truncated (libjpeg-turbo: Premature end of JPEG file)")
        let progressive = try fixture("rgb-progressive.jpg")
        try assertProblem(Array(progressive.prefix(progressive.count / 2)), named: "cut-progressive.jpg", says: "the file is truncated")
        // Scrambled scan data, no marker made or broken.
        var scrambled = progressive
        for index in progressive.count / 3 ..< progressive.count / 3 + 200 where scrambled[index] != 0xFF {
            scrambled[index] = min(0xFE, scrambled[index] &* 7 &+ 13)
        }
        try assertProblem(scrambled, named: "corrupt-progressive.jpg", says: "corrupt JPEG data (libjpeg-turbo: Corrupt JPEG data")
        // Marker, length (2), precision, height (2), width (2).
        try assertProblem(try jpeg("rgb-baseline.jpg", settingFrameHeaderAt: 5, to: [0, 0, 0, 0]), named: "empty.jpg",
                          says: "the header says the picture is 0×0 pixels")
        try assertProblem(try jpeg("rgb-baseline.jpg", settingFrameHeaderAt: 4, to: [12]), named: "deep.jpg",
                          says: "a JPEG of 12-bit samples is not supported")
        // A CMYK JPEG without Adobe's marker is read as plain ink values, not refused.
        XCTAssertNil(try problem(with: try fixture("cmyk.jpg"), named: "cmyk.jpg"))
    }
}
