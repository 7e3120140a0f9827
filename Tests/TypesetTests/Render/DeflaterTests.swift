import CZlib
@testable import Render
import XCTest

/// `Deflater`, the stream the text layer keeps for its pages: each call's bytes are zlib's
/// one-shot `compress2`'s, however many calls came before and however long they were, and
/// inflate back to the data.
final class DeflaterTests: XCTestCase {
    func testAKeptStreamWritesWhatAFreshOneWrites() throws {
        var random = SplitMix(seed: 5)
        let deflater = Deflater()
        // Long and short, text-like and noisy, and empty: the kept room grows and is reused.
        let lengths = [0, 1, 300, 70_000, 12, 200_000, 5_000, 0, 40]
        for (round, length) in lengths.enumerated() {
            let data: [UInt8] = (0 ..< length).map { index in
                round % 2 == 0 ? UInt8(ascii: "a") + UInt8(index % 7) : UInt8(truncatingIfNeeded: Int(random.unit() * 256))
            }
            let kept = try deflater.bytes(data, of: "round \(round)")
            XCTAssertEqual(kept, try oneShot(data), "round \(round), \(length) bytes")
            XCTAssertEqual(try inflated(kept, count: length), data, "round \(round)")
        }
    }

    private func oneShot(_ data: [UInt8]) throws -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, data, uLong(data.count), Z_DEFAULT_COMPRESSION)
        XCTAssertEqual(status, Z_OK)
        return Array(out[..<Int(size)])
    }

    private func inflated(_ data: [UInt8], count: Int) throws -> [UInt8] {
        var size = uLongf(count)
        var out = [UInt8](repeating: 0, count: max(count, 1))
        XCTAssertEqual(uncompress(&out, &size, data, uLong(data.count)), Z_OK)
        return Array(out[..<Int(size)])
    }
}
