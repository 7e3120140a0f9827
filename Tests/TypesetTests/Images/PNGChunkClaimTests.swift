import Foundation
import Images
@testable import Render
import XCTest

/// A chunk's length is what libpng allocates (and clears) before reading its data: a 700-byte
/// file whose text chunk claims 2 GB took 2 GB through Cairo's reader, and under a memory limit
/// failed as "invalid chunk type". The framing is checked in memory first (`PNGChunks`).
final class PNGChunkClaimTests: XCTestCase {
    /// A 4×4 picture whose text chunk, before the image data, claims `claimed` bytes and holds 600.
    private func chunkBomb(claiming claimed: UInt32 = 0x7FFF_FFF0) -> [UInt8] {
        let png = PNGBytes()
        let text = Array("Comment\u{0}".utf8) + [UInt8](repeating: 0x78, count: 592)
        var chunk = PNGBytes.chunk("tEXt", text)
        chunk.replaceSubrange(0 ..< 4, with: PNGBytes.bigEndian(claimed))
        return png.header + chunk + Array(png.bytes[png.header.count...])
    }

    func testTheChunksOfAGoodFileAreWalkedToTheirEnd() {
        var chunks = PNGChunks(PNGBytes().bytes)
        XCTAssertEqual(Array(chunks.map(\.name)), ["IHDR", "IDAT", "IEND"])
        chunks = PNGChunks(PNGBytes().bytes)
        while chunks.next() != nil {}
        XCTAssertNil(chunks.problem)
    }

    func testAChunkClaimingMoreThanTheFileHoldsIsNamed() {
        let bomb = chunkBomb()
        XCTAssertThrowsError(try PNGChunks.checkFraming(bomb)) { error in
            // What follows the chunk's length and type, from byte 41.
            XCTAssertEqual(error as? ImageProbeError, .chunkPastEnd(type: "tEXt", offset: 33, length: 0x7FFF_FFF0, left: bomb.count - 41))
            XCTAssertTrue("\(error)".hasPrefix("the file is truncated (it ends before the PNG does): its tEXt chunk at byte 33 claims 2.1 GB"), "\(error)")
        }
        // Its claim one byte short of what follows (the CRC's four bytes are not data) is no better.
        XCTAssertThrowsError(try PNGChunks.checkFraming(chunkBomb(claiming: UInt32(bomb.count - 41 - 3))))
    }

    func testAChunkTypeThatIsNotLettersIsShownAsBytes() {
        var bytes = PNGBytes().bytes
        bytes.replaceSubrange(37 ..< 41, with: [0xC8, 0x42, 0x95, 0xEB])
        XCTAssertThrowsError(try PNGChunks.checkFraming(bytes)) { error in
            XCTAssertEqual("\(error)", "not a valid PNG: the chunk at byte 33 has no type (its bytes are C8 42 95 EB; a type is four ASCII letters)")
        }
    }

    /// The same refusal where a golden page is read (`typeset compare`).
    func testAGoldenPageThatIsAChunkBombIsRefused() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("page-001.png").path
        try Data(chunkBomb()).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try RasterImage.readPNG(path)) { error in
            XCTAssertTrue("\(error)".contains("its tEXt chunk at byte 33 claims 2.1 GB"), "\(error)")
        }
    }

    /// The bomb in a document, run under a 1.5 GB address space: refused at its `<img>` tag by
    /// the `src` as written, having allocated nothing near what it claims.
    func testAChunkBombIsALocatedErrorUnderAMemoryLimit() throws {
        try Sanitizers.skipIfActive("a sanitizer's shadow memory does not fit an address-space limit")
        try XCTSkipUnless(TypesetProcess.canLimitMemory, "prlimit is not installed")
        let directory = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        try Data(chunkBomb()).write(to: directory.appendingPathComponent("pictures/bomb.png"))
        try write("A picture:\n<img src=\"pictures/bomb.png\" width=\"20\">\n", to: directory.appendingPathComponent("doc.txt"))
        let result = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"], in: directory, timeout: 120,
                                            addressSpaceLimit: 1_500_000_000)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("doc.txt:2:11: error: image \"pictures/bomb.png\": the file is truncated"), result.stderr)
        XCTAssertTrue(result.stderr.contains("its tEXt chunk at byte 33 claims 2.1 GB"), result.stderr)
        XCTAssertFalse(result.stderr.contains(directory.path), "the path as written, not where it was found: \(result.stderr)")
    }
}
