import CZlib
@testable import Render
import XCTest

/// `Deflater`, the compressor the text layer keeps for its pages and the structure tree's
/// update for its streams: each call's bytes are a fresh compressor's, however many calls came
/// before and however long they were, and zlib (what PDF readers inflate with) inflates them
/// back to the data, checksum and all.
final class DeflaterTests: XCTestCase {
    func testAKeptCompressorWritesWhatAFreshOneWritesAndZlibInflatesIt() throws {
        var random = SplitMix(seed: 5)
        let deflater = Deflater()
        // Long and short, text-like and noisy, and empty: the kept room grows and is reused.
        let lengths = [0, 1, 300, 70_000, 12, 200_000, 5_000, 0, 40]
        for (round, length) in lengths.enumerated() {
            let data: [UInt8] = (0 ..< length).map { index in
                round % 2 == 0 ? UInt8(ascii: "a") + UInt8(index % 7) : UInt8(truncatingIfNeeded: Int(random.unit() * 256))
            }
            let kept = try deflater.bytes(data, of: "round \(round)")
            XCTAssertEqual(kept, try Deflater().bytes(data, of: "round \(round)"), "round \(round), \(length) bytes")
            XCTAssertEqual(try inflatedByZlib(kept, count: length), data, "round \(round)")
        }
    }

    func testTextDeflatesToLessThanItIs() throws {
        let text = Array(String(repeating: "BT /F1 10 Tf 54 720 Td [(In the beginning)] TJ ET\n", count: 200).utf8)
        XCTAssertLessThan(try Deflater().bytes(text, of: "text").count, text.count / 10)
    }

    /// zlib's one-shot inflate: it fails on a stream that is not whole or whose Adler-32 is wrong.
    private func inflatedByZlib(_ data: [UInt8], count: Int) throws -> [UInt8] {
        var size = uLongf(count)
        var out = [UInt8](repeating: 0, count: max(count, 1))
        XCTAssertEqual(uncompress(&out, &size, data, uLong(data.count)), Z_OK)
        return Array(out[..<Int(size)])
    }
}
