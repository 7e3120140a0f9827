import Text
import XCTest

/// The hash of bytes given in pieces is the hash of the bytes whole, wherever they are cut, and
/// tells different bytes apart.
final class ContentHashTests: XCTestCase {
    private let bytes: [UInt8] = (0 ..< 1_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    private func hash(_ pieces: [ArraySlice<UInt8>]) -> ContentHash {
        var hash = ContentHash()
        for piece in pieces { hash.add(Array(piece)) }
        return hash
    }

    func testCutAnywhereTheHashIsTheSame() {
        let whole = hash([bytes[...]])
        for cut in [0, 1, 3, 7, 8, 9, 15, 16, 500, 999, 1_000] {
            let cutOnce = hash([bytes[..<cut], bytes[cut...]])
            XCTAssertEqual(cutOnce.value, whole.value, "cut at \(cut)")
            XCTAssertEqual(cutOnce.bytes, whole.bytes, "cut at \(cut)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 50 {
            var pieces: [ArraySlice<UInt8>] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 0 ... 20, using: &generator))
                pieces.append(bytes[start ..< end])
                start = end
            }
            XCTAssertEqual(hash(pieces).bytes, whole.bytes)
        }
        XCTAssertEqual(bytes.withUnsafeBytes { ContentHash.of($0) }, whole.value)
        XCTAssertEqual(whole.bytes.count, 16)
    }

    func testOtherBytesHashOtherwise() {
        let whole = hash([bytes[...]]).bytes
        var changed = bytes
        changed[500] ^= 1
        XCTAssertNotEqual(hash([changed[...]]).bytes, whole)
        XCTAssertNotEqual(hash([bytes[...], [0]]).bytes, whole)
        XCTAssertNotEqual(hash([bytes[..<999]]).bytes, whole)
        // Zeros of different lengths are told apart by the count.
        XCTAssertNotEqual(hash([[0, 0, 0]]).value, hash([[0, 0]]).value)
        XCTAssertNotEqual(hash([[]]).value, hash([[0]]).value)
    }
}
